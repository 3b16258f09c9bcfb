// `npm run release -- --base-url https://… [--scope full] [--script-id ID] [--dry-run]`: a versioned
// release of the add-on, what the Marketplace SDK's App Configuration asks for (a script ID and a
// version). Before any call to Google it refuses: without the service's address, with uncommitted
// changes (git status --porcelain; .clasp.json, which holds your script id, excepted), when the
// production build's manifest lacks a valid urlFetchWhitelist (Google requires one for a
// versioned deployment), or when the listing kit's checks fail. Then it writes the production
// build into .build/release/<scope>/dist/ (ignored by git) with a project file of its own beside it,
// and runs clasp: push, create-version, create-deployment. It prints the script ID and the version.
// `--dry-run` runs every check and prints every step, the exact clasp commands included, and calls
// no Google service (no login needed): the tests run it.
//
// Exit codes, one a refusal or outcome (test/scripts/release.test.ts holds them):
//   0      released; or a dry run that passed every check
//   1      an unexpected failure (Node's own code for an uncaught error)
//   2      no service address (--base-url, or BASE_URL)
//   3      the service address is not an https:// address
//   4      --scope is neither currentonly nor full
//   5      git status failed: not a git clone
//   6      uncommitted changes
//   7      the production manifest's urlFetchWhitelist breaks Google's rules
//   8      the listing kit's checks failed
//   9      listing/listing.json still has the example's values (not a dry run)
//   10–12  clasp failed: 10 push, 11 create-version, 12 create-deployment
//   16–31  the script project (not a dry run), every problem said at once: 16 plus 1 .clasp.json is not JSON,
//          2 .clasp.json names a spreadsheet-bound script, 4 no script id, 8 no clasp login
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, manifestFor, normaliseBaseUrl, SCOPES } from "./build.mjs";
import { claspAuthFile, claspBin, isScriptId, readClaspProject } from "./clasp-setup.mjs";

const root = path.resolve(import.meta.dirname, "..");
const releaseDir = (scope) => path.join(root, ".build", "release", scope);
const shown = (file) => path.relative(root, file) || ".";

/** `--name value` or `--name=value`; flags without a value are booleans. */
function parseArgs(argv) {
  const value = (name) => {
    const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (index < 0) return undefined;
    const arg = argv[index];
    return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[index + 1];
  };
  return {
    baseUrl: value("base-url") ?? (process.env.BASE_URL || undefined),
    scope: value("scope") ?? "currentonly",
    scriptId: value("script-id"),
    dryRun: argv.includes("--dry-run"),
  };
}

/** The exit code of each refusal and failure (the table above). */
const EXIT = {
  noBaseUrl: 2,
  badBaseUrl: 3,
  badScope: 4,
  notAClone: 5,
  uncommitted: 6,
  badWhitelist: 7,
  listingChecks: 8,
  exampleListing: 9,
  clasp: { push: 10, version: 11, deploy: 12 },
  project: 16,
};
/** The script project's problems, each a bit added to EXIT.project. */
const PROJECT = { unreadable: 1, bound: 2, noScriptId: 4, notLoggedIn: 8 };

function refuse(code, lines) {
  console.error(["npm run release refused, before any call to Google:", ...lines.map((l) => `  ${l}`)].join("\n"));
  process.exit(code);
}

const say = (line) => console.log(line);

/** Uncommitted changes, as `git status --porcelain` lists them (.clasp.json aside). */
function uncommittedChanges() {
  const status = spawnSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" });
  if (status.status !== 0)
    return { error: `git status failed (${(status.stderr || "").trim() || "is this a git clone?"}): a release is made from a commit.` };
  const files = status.stdout.split("\n").filter((line) => line.trim() !== "" && line.slice(3) !== ".clasp.json");
  return { files };
}

function gitOutput(args) {
  return spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout.trim();
}

/** Google's rules for a versioned deployment's allowlist: https, a full domain, a non-empty path; the service inside it. */
function whitelistProblems(manifest, baseUrl) {
  const list = manifest.urlFetchWhitelist;
  if (!Array.isArray(list) || list.length === 0) return ["the manifest has no urlFetchWhitelist, which a versioned deployment needs."];
  const problems = [];
  for (const prefix of list) {
    const match = /^https:\/\/([^/?#]+)(\/[^?#]*)$/.exec(String(prefix));
    if (!match) problems.push(`urlFetchWhitelist entry "${prefix}" is not an https:// prefix with a path.`);
    else if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/i.test(match[1]))
      problems.push(`urlFetchWhitelist entry "${prefix}" lacks a full domain.`);
  }
  if (!list.some((prefix) => `${baseUrl}/`.startsWith(String(prefix))))
    problems.push(`no urlFetchWhitelist entry covers the service at ${baseUrl}.`);
  return problems;
}

function runClasp(args, { capture, exitCode }) {
  const result = spawnSync(claspBin(root), args, {
    cwd: root,
    encoding: "utf8",
    stdio: capture ? ["inherit", "pipe", "inherit"] : "inherit",
  });
  if (result.status !== 0) {
    console.error(
      `clasp ${args.filter((a) => !a.includes(path.sep)).join(" ")} failed (see above). If it says the credentials are invalid or ` +
        "expired, run npx clasp login again.",
    );
    process.exit(exitCode);
  }
  return capture ? JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) : null;
}

const options = parseArgs(process.argv.slice(2));

// 1. The service's address: without it the build would fetch nothing Google allows.
if (options.baseUrl === undefined || options.baseUrl === "") {
  refuse(EXIT.noBaseUrl, [
    "it needs the service's address, which the release's manifest allows fetches to:",
    "npm run release -- --base-url https://leads.example.com   (add --dry-run to see every step first)",
  ]);
}
let baseUrl;
try {
  baseUrl = normaliseBaseUrl(options.baseUrl);
} catch (error) {
  refuse(EXIT.badBaseUrl, [error.message]);
}
if (!(options.scope in SCOPES)) refuse(EXIT.badScope, [`--scope must be ${Object.keys(SCOPES).join(" or ")}, not ${options.scope}.`]);
const build_ = options.scope === "full" ? "full build" : "default build";

// 2. A commit, and nothing else: the release is that commit's code.
const changes = uncommittedChanges();
if (changes.error) refuse(EXIT.notAClone, [changes.error]);
if (changes.files.length > 0) {
  refuse(EXIT.uncommitted, [
    "the working tree has uncommitted changes (git status --porcelain); commit or stash them:",
    ...changes.files.map((f) => `  ${f}`),
  ]);
}
const commit = gitOutput(["rev-parse", "--short", "HEAD"]);
const { name: appName } = JSON.parse(readFileSync(path.join(root, "listing", "listing.json"), "utf8"));
const { version: packageVersion } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const description = `${appName} ${packageVersion} (${commit}, ${build_}, ${baseUrl})`;
say(`${options.dryRun ? "Dry run of the release" : "Release"} of ${description}`);
say(`✓ the service's address: ${baseUrl}`);
say(`✓ the working tree is the commit ${commit} (git status --porcelain is empty)`);

// 3. The production build, beside the repository's own dist/.
const dir = releaseDir(options.scope);
const distDir = path.join(dir, "dist");
build({ baseUrl, outDir: distDir, scope: options.scope });
const manifestFile = path.join(distDir, "appsscript.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
say(`✓ production build: ${shown(distDir)}/ (Code.js, Sidebar.html, appsscript.json)`);

// 4. What Google asks of a versioned deployment's manifest.
const allowlist = whitelistProblems(manifest, baseUrl);
if (allowlist.length > 0)
  refuse(
    EXIT.badWhitelist,
    allowlist.map((p) => `${shown(manifestFile)}: ${p}`),
  );
say(`✓ urlFetchWhitelist: ${JSON.stringify(manifest.urlFetchWhitelist)} (https, full domain, non-empty path)`);

// 5. The listing kit's checks, against this release's manifest and the other build's.
const otherScope = options.scope === "full" ? "currentonly" : "full";
const otherManifest = path.join(dir, `appsscript.${otherScope}.json`);
writeFileSync(otherManifest, manifestFor(baseUrl, otherScope));
const kit = spawnSync(
  process.execPath,
  [path.join(root, "scripts", "run.mjs"), "dev/listing.ts", "--check", "--manifest", manifestFile, "--manifest", otherManifest],
  { cwd: root, encoding: "utf8" },
);
const kitSaid = `${kit.stdout}${kit.stderr}`.trimEnd();
if (kit.status !== 0) refuse(EXIT.listingChecks, ["the listing kit's checks failed (npm run listing):", ...kitSaid.split("\n")]);
const placeholders = kitSaid
  .split("\n")
  .filter((line) => line.trim().startsWith("note:"))
  .map((line) => line.trim().slice("note: ".length));
say(`✓ the listing kit's checks (${kitSaid.split("\n").filter((line) => line.startsWith("✓")).length} passed)`);
if (placeholders.length > 0 && !options.dryRun)
  refuse(EXIT.exampleListing, [
    "listing/listing.json still has the example's values, which the listing and the Help menu would show:",
    ...placeholders,
  ]);
for (const note of placeholders) say(`  note: ${note} (a release that is not a dry run refuses this)`);

// 6. Where it goes: a standalone script project (an Editor add-on is one), and a clasp login.
const claspProject = readClaspProject(path.join(root, ".clasp.json"));
const scriptId = options.scriptId ?? claspProject.config.scriptId;
const projectProblems = [];
const projectProblem = (bit, ...lines) => projectProblems.push({ bit, lines });
if (options.scriptId === undefined && claspProject.problem) projectProblem(PROJECT.unreadable, claspProject.problem);
if (options.scriptId === undefined && claspProject.config.parentId) {
  projectProblem(
    PROJECT.bound,
    ".clasp.json names a script bound to a spreadsheet (npm run push -- --create makes those, for testing); " +
      "an Editor add-on is published from a standalone script:",
    'create one (npx clasp create --type standalone --title "' + appName + '" in an empty folder) and pass its id: --script-id ID',
  );
}
if (!isScriptId(scriptId))
  projectProblem(
    PROJECT.noScriptId,
    "no script id: pass the standalone script project's id with --script-id ID (or put it in .clasp.json).",
  );
const loggedIn = existsSync(claspAuthFile());
if (!options.dryRun) {
  if (!loggedIn) projectProblem(PROJECT.notLoggedIn, `you are not logged in to clasp (no ${claspAuthFile()}): run npx clasp login.`);
  if (projectProblems.length > 0) {
    const code = projectProblems.reduce((sum, { bit }) => sum + bit, EXIT.project);
    refuse(
      code,
      projectProblems.flatMap(({ lines }) => lines),
    );
  }
} else {
  for (const line of projectProblems.flatMap(({ lines }) => lines)) say(`  note: ${line} (a release that is not a dry run refuses this)`);
}
const id = isScriptId(scriptId) ? scriptId : "<script id>";
say(`✓ the script project: ${id}${options.dryRun ? " (a dry run needs no clasp login)" : ""}`);

// 7. clasp: push this build, make a version of it, deploy that version.
const projectFile = path.join(dir, ".clasp.json");
mkdirSync(dir, { recursive: true });
writeFileSync(projectFile, `${JSON.stringify({ scriptId: id, rootDir: "dist" }, null, 2)}\n`);
const project = ["--project", shown(projectFile)];
const steps = {
  push: [...project, "push", "--force"],
  version: [...project, "--json", "create-version", description],
  deploy: (version) => [...project, "--json", "create-deployment", "--versionNumber", String(version), "--description", description],
};
const quoted = (args) => ["npx", "clasp", ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `"${a.replace(/"/g, '\\"')}"`)).join(" ");

if (options.dryRun) {
  say("The steps (a dry run: nothing is sent to Google):");
  say(`  1. ${quoted(steps.push)}`);
  say(`  2. ${quoted(steps.version)}`);
  say(`  3. ${quoted(steps.deploy("<the version step 2 made>"))}`);
  say("Then the Marketplace SDK's App Configuration asks for the script ID and that version (and the scopes of this build):");
  say(`  Script ID: ${id}`);
  say("  Version: the one step 2 prints");
  say(`  OAuth scopes: ${manifest.oauthScopes.join(" ")}`);
  process.exit(0);
}

say(`1. ${quoted(steps.push)}`);
runClasp(steps.push, { capture: false, exitCode: EXIT.clasp.push });
say(`2. ${quoted(steps.version)}`);
const { versionNumber } = runClasp(steps.version, { capture: true, exitCode: EXIT.clasp.version });
say(`3. ${quoted(steps.deploy(versionNumber))}`);
const deployed = runClasp(steps.deploy(versionNumber), { capture: true, exitCode: EXIT.clasp.deploy });
say(`Released: version ${versionNumber} of the script ${id} (deployment ${deployed.deploymentId}).`);
say("In the Google Cloud console › Google Workspace Marketplace SDK › App Configuration, enter:");
say(`  Sheets add-on script ID: ${id}`);
say(`  Version: ${versionNumber}`);
say(`  OAuth scopes: ${manifest.oauthScopes.join(" ")}`);
say("A version that adds scopes needs the OAuth consent screen and its verification updated first (listing/out/README.md).");
