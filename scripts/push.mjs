// Runs `clasp push` for `npm run push`, first checking the two things a fresh clone lacks: a clasp
// login (~/.clasprc.json, or the file clasp_config_auth names) and a script id in .clasp.json; each missing one
// is said with the command that fixes it, instead of clasp's bare "No credentials found.".
// `npm run push -- --create ["Title"]` first creates a spreadsheet with a bound script (clasp create
// --type sheets) and writes the script's id into .clasp.json. clasp create refuses to run where a
// .clasp.json exists and pulls the new project's files into its rootDir, so it runs in an empty
// temporary folder: the repository's dist/ is never overwritten by it.
//
// Exit codes, one a refusal or outcome (test/scripts/push.test.ts holds them):
//   0      pushed (with --create, after creating the script)
//   1      an unexpected failure (Node's own code for an uncaught error)
//   2      clasp create failed; .clasp.json is unchanged
//   3      clasp push failed
//   16–31  refused before running clasp, every problem said at once: 16 plus 1 no clasp login, 2 .clasp.json is not JSON,
//          4 no script id (without --create), 8 --create where .clasp.json already names a script
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { claspAuthFile, claspBin, isScriptId, readClaspProject, SCRIPT_ID_PLACEHOLDER as PLACEHOLDER } from "./clasp-setup.mjs";

const root = path.resolve(import.meta.dirname, "..");
// The script project is named as the listing names the add-on: a test deployment's menu shows it.
const DEFAULT_TITLE = JSON.parse(readFileSync(path.join(root, "listing", "listing.json"), "utf8")).name;
const CREATE_EXAMPLE = `npm run push -- --create "${DEFAULT_TITLE}"`;

const projectFile = path.join(root, ".clasp.json");
const clasp = claspBin(root);

/** `--create [title]` or `--create=title` is ours; every other argument goes to clasp push. */
function parseArgs(argv) {
  let createTitle = null;
  const pushArgs = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--create") {
      const next = argv[i + 1];
      const titled = next !== undefined && !next.startsWith("-");
      createTitle = titled ? next : DEFAULT_TITLE;
      if (titled) i += 1;
    } else if (arg.startsWith("--create=")) {
      createTitle = arg.slice("--create=".length).trim() || DEFAULT_TITLE;
    } else {
      pushArgs.push(arg);
    }
  }
  return { createTitle, pushArgs };
}

/** The exit code of each refusal and failure (the table above). */
const EXIT = { createFailed: 2, pushFailed: 3, refused: 16 };
/** What stops a push before clasp runs, each a bit added to EXIT.refused. */
const PROBLEM = { notLoggedIn: 1, unreadable: 2, noScriptId: 4, scriptIdTaken: 8 };

const { createTitle, pushArgs } = parseArgs(process.argv.slice(2));
const authFile = claspAuthFile();
const problems = [];
const problem = (bit, ...lines) => problems.push({ bit, lines });

if (!existsSync(authFile)) {
  problem(
    PROBLEM.notLoggedIn,
    `You are not logged in to clasp (no ${authFile}).`,
    "  Run: npx clasp login    (opens a browser once; use the Google account that will own the script)",
    "  On a machine without a browser: npx clasp login --no-localhost, and follow the link it prints.",
  );
}
const project = readClaspProject(projectFile);
if (project.problem !== null) problem(PROBLEM.unreadable, project.problem);
const scriptId = String(project.config.scriptId ?? "");
const hasScriptId = isScriptId(scriptId);
if (createTitle === null && project.problem === null && !hasScriptId) {
  problem(
    PROBLEM.noScriptId,
    ".clasp.json has no script id yet.",
    `  Create a new spreadsheet with the add-on's script bound to it: ${CREATE_EXAMPLE}`,
    "  or, for a spreadsheet you have: open it › Extensions › Apps Script › Project Settings, and copy the Script ID into .clasp.json.",
  );
}
if (createTitle !== null && hasScriptId) {
  problem(
    PROBLEM.scriptIdTaken,
    `.clasp.json already names a script (${scriptId}): npm run push pushes to it.`,
    `  To create another one, put "${PLACEHOLDER}" back as its scriptId, then run ${CREATE_EXAMPLE} again.`,
  );
}
if (problems.length > 0) {
  const what = createTitle === null ? "npm run push cannot push yet:" : "npm run push cannot create the script yet:";
  const said = problems.flatMap(({ lines }) => lines);
  console.error([what, ...said, "Then run it again. (docs/deploying.md: Deploying with clasp.)"].join("\n"));
  process.exit(problems.reduce((code, { bit }) => code + bit, EXIT.refused));
}

if (createTitle !== null) {
  const created = createBoundScript(createTitle);
  const config = { ...project.config, scriptId: created.scriptId, rootDir: project.config.rootDir ?? "dist" };
  if (created.parentId !== null) config.parentId = created.parentId;
  writeFileSync(projectFile, `${JSON.stringify(config, null, 2)}\n`);
  const sheet = created.parentId === null ? "" : ` (https://docs.google.com/spreadsheets/d/${created.parentId}/edit)`;
  console.log(`Created the spreadsheet "${createTitle}"${sheet} with its bound script ${created.scriptId}; .clasp.json now names it.`);
  // The new project's manifest is Google's default: replacing it with ours is the point, so no question.
  if (!pushArgs.includes("--force") && !pushArgs.includes("-f")) pushArgs.push("--force");
}

const pushed = spawnSync(clasp, ["push", ...pushArgs], { cwd: root, stdio: "inherit" });
if (pushed.status !== 0) {
  console.error("clasp push failed. If it says the credentials are invalid or expired, run npx clasp login again.");
}
process.exit(pushed.status === 0 ? 0 : EXIT.pushFailed);

/** `clasp create --type sheets` in an empty folder; the ids it wrote into that folder's .clasp.json. */
function createBoundScript(title) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "business-leads-create-"));
  let made;
  let settings = null;
  try {
    made = spawnSync(clasp, ["create", "--type", "sheets", "--title", title, "--rootDir", "."], { cwd: scratch, stdio: "inherit" });
    const written = path.join(scratch, ".clasp.json");
    if (made.status === 0 && existsSync(written)) settings = JSON.parse(readFileSync(written, "utf8"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (settings === null || typeof settings.scriptId !== "string" || settings.scriptId === "") {
    console.error(
      "clasp create failed (see above); .clasp.json is unchanged. If it says the credentials are invalid or expired, " +
        "run npx clasp login again.",
    );
    process.exit(EXIT.createFailed);
  }
  const parent = Array.isArray(settings.parentId) ? settings.parentId[0] : settings.parentId;
  return { scriptId: settings.scriptId, parentId: typeof parent === "string" && parent !== "" ? parent : null };
}
