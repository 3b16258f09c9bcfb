// `npm run release` (scripts/release.mjs) in a git clone of the working tree whose clasp is the
// stand-in (test/scripts/fake-clasp.mjs, with clasp 3.4.1's own command definitions): the dry run
// passes every check without a login, prints the exact clasp steps and calls none; it refuses,
// before any build or clasp call, without a base URL, with uncommitted changes, or when the listing
// kit's checks fail; the release's manifest carries the base URL's prefix as urlFetchWhitelist;
// and a real run pushes the production build, makes a version, deploys it and prints the script
// ID and version App Configuration asks for.
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import * as path from "node:path";
import { readListingConfig, textProblems } from "../../dev/listing/config";

const ROOT = path.resolve(__dirname, "../..");
const FAKE_CLASP = path.join(__dirname, "fake-clasp.mjs");
const FAKE_VERSION = 7;
const FAKE_DEPLOYMENT_ID = "AKfycbFakeDeploymentId0123456789";
const STANDALONE_ID = "1StandaloneScriptId_abcdefghijklmnopqrstuvwxyz012345";
const BASE = "https://leads.example.com";
/** scripts/release.mjs's exit codes (the table at its top): a refusal is told by its code; its words are the person's. */
const EXIT = { noBaseUrl: 2, badBaseUrl: 3, uncommitted: 6, listingChecks: 8, exampleListing: 9, createVersionFailed: 11 };
/** A refused script project: 16 plus a bit for each problem, all said at once. */
const projectRefused = (...problems: Array<"bound" | "noScriptId" | "notLoggedIn">) =>
  problems.reduce((code, problem) => code + { bound: 2, noScriptId: 4, notLoggedIn: 8 }[problem], 16);

interface ClaspRun {
  cwd: string;
  command: string;
  options: Record<string, unknown>;
  scriptId?: string;
  files?: string[];
  contents?: Record<string, string>;
  description?: string | null;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@local", ...args], { cwd, encoding: "utf8" });

let scratch: string;
let base: string;

/** What a release reads: everything but the tests, the docs and the benchmark. */
const releaseReads = (file: string) => !/^(test|docs|bench)\//.test(file);

/**
 * One commit of the working tree as it is (its files, tracked or not, not the ignored ones nor a linked node_modules): the code under test.
 */
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "release-test-"));
  base = path.join(scratch, "base");
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((f) => f !== "" && releaseReads(f) && existsSync(path.join(ROOT, f)) && lstatSync(path.join(ROOT, f)).isFile());
  for (const file of files) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(base, file));
  }
  git(base, "init", "-q");
  git(base, "add", "-A");
  git(base, "commit", "-qm", "the working tree");
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Clone {
  dir: string;
  home: string;
  log: string;
}

/** A fresh clone with node_modules linked (and ignored), the clasp stand-in on its .bin, and a HOME with or without a clasp login. */
function clone(options: { loggedIn?: boolean } = {}): Clone {
  const dir = mkdtempSync(path.join(scratch, "clone-"));
  rmSync(dir, { recursive: true });
  git(scratch, "clone", "-q", base, dir);
  mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
  for (const entry of execFileSync("ls", ["-A", path.join(ROOT, "node_modules")], { encoding: "utf8" })
    .split("\n")
    .filter((e) => e !== "" && e !== ".bin")) {
    symlinkSync(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry));
  }
  const bin = path.join(dir, "node_modules/.bin/clasp");
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${FAKE_CLASP}" "$@"\n`);
  chmodSync(bin, 0o755);
  writeFileSync(path.join(dir, ".git/info/exclude"), "node_modules\n");
  const home = path.join(scratch, `${path.basename(dir)}-home`);
  mkdirSync(home);
  if (options.loggedIn) writeFileSync(path.join(home, ".clasprc.json"), JSON.stringify({ tokens: { default: { access_token: "fake" } } }));
  return { dir, home, log: path.join(scratch, `${path.basename(dir)}-clasp.jsonl`) };
}

function release(c: Clone, args: string[], env: Record<string, string> = {}) {
  const { clasp_config_auth: _auth, BASE_URL: _base, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ["scripts/release.mjs", ...args], {
    cwd: c.dir,
    encoding: "utf8",
    env: { ...inherited, HOME: c.home, USERPROFILE: c.home, FAKE_CLASP_LOG: c.log, ...env },
  });
  const runs: ClaspRun[] = existsSync(c.log)
    ? readFileSync(c.log, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as ClaspRun)
    : [];
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, runs };
}

const releaseDir = (c: Clone, scope = "currentonly") => path.join(c.dir, ".build/release", scope);
const manifestOf = (c: Clone, scope = "currentonly") =>
  JSON.parse(readFileSync(path.join(releaseDir(c, scope), "dist/appsscript.json"), "utf8")) as {
    urlFetchWhitelist?: string[];
    oauthScopes: string[];
  };
const status = (c: Clone) => execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: c.dir, encoding: "utf8" });

/** The listing's config with a publisher's own values (a real release refuses the example's). */
function publisherListing(c: Clone): void {
  const file = path.join(c.dir, "listing/listing.json");
  const config = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  writeFileSync(
    file,
    JSON.stringify(
      { ...config, publisher: "Acme Leads GmbH", pagesUrl: "https://addon.acme-leads.de/", supportEmail: "help@acme-leads.de" },
      null,
      2,
    ),
  );
  git(c.dir, "commit", "-qam", "the publisher's listing");
}

describe("npm run release -- --dry-run", () => {
  it(
    "passes every check without a clasp login, prints the exact clasp steps, calls none, " +
      "and its manifest allows the service's prefix only",
    () => {
      const c = clone();
      const out = release(c, ["--dry-run", "--base-url", `${BASE}/api/v1/`]);
      expect(out.stderr).toBe("");
      expect(out.status).toBe(0);
      for (const line of [
        "✓ the service's address: https://leads.example.com",
        "✓ the working tree is the commit",
        "✓ production build: .build/release/currentonly/dist/",
        "✓ the listing kit's checks (4 passed)",
      ]) {
        expect(out.stdout).toContain(line);
      }
      expect(out.stdout).toContain("1. npx clasp --project .build/release/currentonly/.clasp.json push --force");
      expect(out.stdout).toMatch(
        new RegExp(
          /2\. npx clasp --project \.build\/release\/currentonly\/\.clasp\.json --json create-version /.source +
            /"Business Leads 0\.1\.0 \([0-9a-f]+, default build, https:\/\/leads\.example\.com\)"/.source,
        ),
      );
      expect(out.stdout).toContain(
        '3. npx clasp --project .build/release/currentonly/.clasp.json --json create-deployment --versionNumber "<the version ' +
          'step 2 made>" --description',
      );
      expect(out.stdout).toContain("App Configuration asks for the script ID and that version");
      // The example's values are said, as a real release would refuse them.
      expect(out.stdout).toContain("pagesUrl is still the example address");
      expect(out.runs).toEqual([]);
      // Everything it wrote is ignored by git: the clone stays clean.
      expect(status(c)).toBe("");
      // The release's manifest allows fetches to the service's prefix only (https, full domain, non-empty path).
      expect(manifestOf(c).urlFetchWhitelist).toEqual([`${BASE}/`]);
      expect(manifestOf(c).oauthScopes).toContain("https://www.googleapis.com/auth/spreadsheets.currentonly");
      const code = readFileSync(path.join(releaseDir(c), "dist/Code.js"), "utf8");
      expect(code).toContain(JSON.stringify(BASE));
    },
  );

  it("--scope full releases the full build, its whitelist too", () => {
    const c = clone();
    const out = release(c, ["--dry-run", "--scope", "full", "--base-url", BASE]);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("--project .build/release/full/.clasp.json push --force");
    expect(manifestOf(c, "full").oauthScopes).toContain("https://www.googleapis.com/auth/spreadsheets");
    expect(manifestOf(c, "full").urlFetchWhitelist).toEqual([`${BASE}/`]);
  });
});

describe("npm run release refuses before any call to Google", () => {
  it("without a base URL: says the command that gives it; builds nothing", () => {
    const c = clone({ loggedIn: true });
    const out = release(c, ["--script-id", STANDALONE_ID]);
    expect(out.status).toBe(EXIT.noBaseUrl);
    expect(out.stderr).toContain("npm run release -- --base-url https://");
    expect(out.runs).toEqual([]);
    expect(existsSync(releaseDir(c))).toBe(false);
  });

  it("with a base URL that is not https", () => {
    const c = clone({ loggedIn: true });
    const out = release(c, ["--dry-run", "--base-url", "http://leads.example.com"]);
    expect(out.status).toBe(EXIT.badBaseUrl);
    expect(out.runs).toEqual([]);
    expect(existsSync(releaseDir(c))).toBe(false);
  });

  it.each([
    [
      "a changed tracked file",
      (c: Clone) => writeFileSync(path.join(c.dir, "src/main.ts"), `${readFileSync(path.join(c.dir, "src/main.ts"), "utf8")}\n// edited\n`),
      " M src/main.ts",
    ],
    ["a new file", (c: Clone) => writeFileSync(path.join(c.dir, "notes.txt"), "draft"), "?? notes.txt"],
  ])("with uncommitted changes (%s): names them; builds nothing", (_what, change, listed) => {
    const c = clone({ loggedIn: true });
    change(c);
    const out = release(c, ["--dry-run", "--base-url", BASE]);
    expect(out.status).toBe(EXIT.uncommitted);
    expect(out.stderr).toContain(listed);
    expect(out.runs).toEqual([]);
    expect(existsSync(releaseDir(c))).toBe(false);
  });

  it("when the listing kit's checks fail: passes on what they found, and calls no clasp", () => {
    const c = clone({ loggedIn: true });
    const file = path.join(c.dir, "listing/listing.json");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), name: "Leads for Google Sheets" }, null, 2));
    git(c.dir, "commit", "-qam", "a name Google refuses");
    const out = release(c, ["--base-url", BASE, "--script-id", STANDALONE_ID]);
    expect(out.status).toBe(EXIT.listingChecks);
    const found = textProblems(readListingConfig(c.dir));
    expect(found.length).toBeGreaterThan(0);
    for (const problem of found) expect(out.stderr).toContain(problem);
    expect(out.runs).toEqual([]);
  });

  it("a real release: refuses the example's listing values, a missing login, a missing script id", () => {
    const c = clone();
    const out = release(c, ["--base-url", BASE]);
    expect(out.status).toBe(EXIT.exampleListing);
    publisherListing(c);
    const again = release(c, ["--base-url", BASE]);
    expect(again.status).toBe(projectRefused("noScriptId", "notLoggedIn"));
    expect([...out.runs, ...again.runs]).toEqual([]);
  });

  it(
    "a real release to the spreadsheet-bound script npm run push -- --create made: " + "refuses (an Editor add-on is a standalone project)",
    () => {
      const c = clone({ loggedIn: true });
      publisherListing(c);
      writeFileSync(path.join(c.dir, ".clasp.json"), JSON.stringify({ scriptId: "1BoundScript", rootDir: "dist", parentId: "1Sheet" }));
      const out = release(c, ["--base-url", BASE]);
      expect(out.status).toBe(projectRefused("bound"));
      expect(out.runs).toEqual([]);
    },
  );
});

describe("npm run release", () => {
  it("pushes the production build, makes a version, deploys it, and prints the script ID and version for App Configuration", () => {
    const c = clone({ loggedIn: true });
    publisherListing(c);
    const out = release(c, ["--base-url", BASE, "--script-id", STANDALONE_ID]);
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    const projectFile = path.join(releaseDir(c), ".clasp.json");
    expect(JSON.parse(readFileSync(projectFile, "utf8"))).toEqual({ scriptId: STANDALONE_ID, rootDir: "dist" });
    expect(out.runs.map((r) => r.command)).toEqual(["push", "create-version", "create-deployment"]);
    const [push, version, deploy] = out.runs;
    expect(push).toMatchObject({
      scriptId: STANDALONE_ID,
      options: { force: true, project: ".build/release/currentonly/.clasp.json" },
      files: ["Code.js", "Sidebar.html", "appsscript.json"],
    });
    expect(JSON.parse(push?.contents?.["appsscript.json"] ?? "{}")).toMatchObject({ urlFetchWhitelist: [`${BASE}/`] });
    expect(version).toMatchObject({ scriptId: STANDALONE_ID, options: { json: true } });
    expect(version?.description).toMatch(/^Business Leads 0\.1\.0 \([0-9a-f]+, default build, https:\/\/leads\.example\.com\)$/);
    expect(deploy).toMatchObject({
      scriptId: STANDALONE_ID,
      options: { json: true, versionNumber: String(FAKE_VERSION), description: version?.description },
    });
    expect(out.stdout).toContain(`Released: version ${FAKE_VERSION} of the script ${STANDALONE_ID} (deployment ${FAKE_DEPLOYMENT_ID}).`);
    expect(out.stdout).toMatch(new RegExp(`Sheets add-on script ID: ${STANDALONE_ID}\\n  Version: ${FAKE_VERSION}\\n`));
    expect(status(c)).toBe("");
  });

  it("a failed clasp step stops the release there", () => {
    const c = clone({ loggedIn: true });
    publisherListing(c);
    const out = release(c, ["--base-url", BASE, "--script-id", STANDALONE_ID], { FAKE_CLASP_FAIL: "version" });
    expect(out.status).toBe(EXIT.createVersionFailed);
    expect(out.runs.map((r) => r.command)).toEqual(["push"]);
    expect(out.stdout).not.toContain("Released");
  });
});
