// `npm run push` (scripts/push.mjs) in a copy of the repository whose clasp is a stand-in
// (test/scripts/fake-clasp.mjs, checking every option against clasp 3.4.1's own definitions): a
// missing login or script id is said with the command that fixes it and nothing runs; `--create`
// makes the bound script outside the repository (clasp create refuses where a .clasp.json is, and
// would pull Google's Code.js over dist/), writes its id into .clasp.json and pushes dist/ over the
// new project's manifest; a script id already there is never replaced.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const FAKE_CLASP = path.join(__dirname, "fake-clasp.mjs");
const FAKE_SCRIPT_ID = "1FakeCreatedScriptId_abcdefghijklmnopqrstuvwxyz0123456789";
const FAKE_SPREADSHEET_ID = "1FakeCreatedSpreadsheetId_abcdefghijklmnopqrstuv";
/** scripts/push.mjs's exit codes (the table at its top): a refusal is told by its code; its words are the person's. */
const EXIT = { createFailed: 2, pushFailed: 3 };
/** Refused before clasp runs: 16 plus a bit for each problem, all said at once. */
const refused = (...problems: Array<"notLoggedIn" | "noScriptId" | "scriptIdTaken">) =>
  problems.reduce((code, problem) => code + { notLoggedIn: 1, noScriptId: 4, scriptIdTaken: 8 }[problem], 16);
const DIST = {
  "Code.js": "/* the built add-on */",
  "Sidebar.html": "<!doctype html>",
  "appsscript.json": '{"runtimeVersion":"V8","oauthScopes":[]}',
};

interface Repo {
  dir: string;
  home: string;
  log: string;
}

interface ClaspRun {
  cwd: string;
  command: string;
  options: Record<string, unknown>;
  refused?: boolean;
  scriptId?: string;
  files?: string[];
  contents?: Record<string, string>;
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "push-test-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A copy of what push.mjs touches: itself and its clasp helpers, the listing's config (the default title), the tracked .clasp.json, a built
 * dist/, and a clasp on node_modules/.bin.
 */
function repo(options: { loggedIn: boolean; claspJson?: string }): Repo {
  const dir = mkdtempSync(path.join(scratch, "repo-"));
  mkdirSync(path.join(dir, "scripts"));
  for (const script of ["push.mjs", "clasp-setup.mjs"]) copyFileSync(path.join(ROOT, "scripts", script), path.join(dir, "scripts", script));
  mkdirSync(path.join(dir, "listing"));
  copyFileSync(path.join(ROOT, "listing/listing.json"), path.join(dir, "listing/listing.json"));
  writeFileSync(path.join(dir, ".clasp.json"), options.claspJson ?? readFileSync(path.join(ROOT, ".clasp.json"), "utf8"));
  mkdirSync(path.join(dir, "dist"));
  for (const [name, text] of Object.entries(DIST)) writeFileSync(path.join(dir, "dist", name), text);
  mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
  const bin = path.join(dir, "node_modules/.bin/clasp");
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${FAKE_CLASP}" "$@"\n`);
  chmodSync(bin, 0o755);
  const home = path.join(dir, "home");
  mkdirSync(home);
  if (options.loggedIn) writeFileSync(path.join(home, ".clasprc.json"), JSON.stringify({ tokens: { default: { access_token: "fake" } } }));
  return { dir, home, log: path.join(dir, "clasp-runs.jsonl") };
}

function push(r: Repo, args: string[], env: Record<string, string> = {}) {
  const { clasp_config_auth: _ignored, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [path.join(r.dir, "scripts/push.mjs"), ...args], {
    cwd: r.dir,
    encoding: "utf8",
    env: { ...inherited, HOME: r.home, USERPROFILE: r.home, FAKE_CLASP_LOG: r.log, ...env },
  });
  const runs: ClaspRun[] = existsSync(r.log)
    ? readFileSync(r.log, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as ClaspRun)
    : [];
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    runs,
    claspJson: JSON.parse(readFileSync(path.join(r.dir, ".clasp.json"), "utf8")) as Record<string, unknown>,
  };
}

describe("npm run push", () => {
  it("without a login or a script id: says both, with the commands that fix them, and runs no clasp", () => {
    const r = repo({ loggedIn: false });
    const out = push(r, []);
    expect(out.status).toBe(refused("notLoggedIn", "noScriptId"));
    // The commands that fix them, one each: what the person copies.
    expect(out.stderr).toContain("npx clasp login");
    expect(out.stderr).toContain('npm run push -- --create "Business Leads"');
    expect(out.runs).toEqual([]);
  });

  it("logged in, no script id: refuses for the script id alone", () => {
    const out = push(repo({ loggedIn: true }), []);
    expect(out.status).toBe(refused("noScriptId"));
    expect(out.runs).toEqual([]);
  });

  it("--create without a login: refuses for the login alone (the script id is what it makes); nothing is created", () => {
    const out = push(repo({ loggedIn: false }), ["--create", "My Leads"]);
    expect(out.status).toBe(refused("notLoggedIn"));
    expect(out.runs).toEqual([]);
  });

  it(
    '--create "My Leads": creates the bound spreadsheet script outside the repository, writes its id, ' + "pushes dist/ over its manifest",
    () => {
      const r = repo({ loggedIn: true });
      const out = push(r, ["--create", "My Leads"]);
      expect(out.stderr).toBe("");
      expect(out.status).toBe(0);
      const [create, pushed, ...more] = out.runs;
      expect(more).toEqual([]);
      expect(create).toMatchObject({ command: "create-script", options: { type: "sheets", title: "My Leads", rootDir: "." } });
      expect(path.relative(r.dir, create?.cwd ?? r.dir).startsWith("..")).toBe(true);
      expect(existsSync(create?.cwd ?? r.dir)).toBe(false); // the scratch folder is gone
      expect(out.claspJson).toEqual({ scriptId: FAKE_SCRIPT_ID, rootDir: "dist", parentId: FAKE_SPREADSHEET_ID });
      expect(pushed).toMatchObject({
        command: "push",
        cwd: r.dir,
        scriptId: FAKE_SCRIPT_ID,
        options: { force: true },
        files: ["Code.js", "Sidebar.html", "appsscript.json"],
        contents: DIST,
      });
      expect(out.stdout).toContain(`https://docs.google.com/spreadsheets/d/${FAKE_SPREADSHEET_ID}/edit`);
    },
  );

  it("--create with no title names the spreadsheet Business Leads; the next npm run push pushes there without --force", () => {
    const r = repo({ loggedIn: true });
    expect(push(r, ["--create"]).runs[0]?.options.title).toBe("Business Leads");
    rmSync(r.log);
    const again = push(r, []);
    expect(again.status).toBe(0);
    expect(again.runs).toEqual([expect.objectContaining({ command: "push", scriptId: FAKE_SCRIPT_ID })]);
    expect(again.runs[0]?.options.force).toBeUndefined();
  });

  it("--create where .clasp.json already names a script: refuses, and the id stays", () => {
    const claspJson = JSON.stringify({ scriptId: "1MyExistingScript", rootDir: "dist" });
    const out = push(repo({ loggedIn: true, claspJson }), ["--create", "Another"]);
    expect(out.status).toBe(refused("scriptIdTaken"));
    expect(out.runs).toEqual([]);
    expect(out.claspJson).toEqual({ scriptId: "1MyExistingScript", rootDir: "dist" });
  });

  it("a failed create leaves .clasp.json as it was and pushes nothing", () => {
    const r = repo({ loggedIn: true });
    const before = readFileSync(path.join(r.dir, ".clasp.json"), "utf8");
    const out = push(r, ["--create=My Leads"], { FAKE_CLASP_FAIL: "create" });
    expect(out.status).toBe(EXIT.createFailed);
    expect(readFileSync(path.join(r.dir, ".clasp.json"), "utf8")).toBe(before);
    expect(out.runs.map((run) => run.command)).toEqual([]);
  });

  it("with a script id: runs clasp push in the repository, passing its own options on", () => {
    const r = repo({ loggedIn: true, claspJson: JSON.stringify({ scriptId: "1MyExistingScript", rootDir: "dist" }) });
    const out = push(r, ["--force"]);
    expect(out.status).toBe(0);
    expect(out.runs).toEqual([
      expect.objectContaining({
        command: "push",
        cwd: r.dir,
        scriptId: "1MyExistingScript",
        options: expect.objectContaining({ force: true }),
      }),
    ]);
  });

  it("a failed clasp push says so by its own exit code", () => {
    const r = repo({ loggedIn: true, claspJson: JSON.stringify({ scriptId: "1MyExistingScript", rootDir: "dist" }) });
    expect(push(r, [], { FAKE_CLASP_FAIL: "push" }).status).toBe(EXIT.pushFailed);
  });
});

describe("the clasp stand-in", () => {
  it(
    "refuses what clasp 3.4.1 refuses: an unknown option, and create where a .clasp.json is found (why " + "push.mjs creates elsewhere)",
    () => {
      const r = repo({ loggedIn: true });
      const run = (args: string[]) =>
        spawnSync(process.execPath, [FAKE_CLASP, ...args], {
          cwd: r.dir,
          encoding: "utf8",
          env: { ...process.env, FAKE_CLASP_LOG: r.log },
        });
      const unknown = run(["create", "--type", "sheets", "--root", "dist"]);
      expect(unknown.status).not.toBe(0);
      expect(unknown.stderr).toMatch(/unknown option '--root'/);
      const inRepo = run(["create", "--type", "sheets", "--rootDir", "dist"]);
      expect(inRepo.status).not.toBe(0);
      expect(inRepo.stderr).toContain("Project file already exists.");
      expect(readFileSync(path.join(r.dir, "dist/Code.js"), "utf8")).toBe(DIST["Code.js"]);
    },
  );
});
