// diagnose() ("Check this spreadsheet") end to end on BOTH built bundles (dist/: spreadsheets.currentonly,
// dist-full/: the full spreadsheets scope): on a sound document every check is confirmed; a refused
// key, an unreachable service or a write failing after the temporary sheet exists is a failed check
// in plain words, never an exception; and each time the document is exactly as it was (sheets with
// their values, formulas and formats, the active sheet, document properties, developer metadata,
// triggers), the key appears nowhere and no credit is spent. The last background run's answer
// (with or without its document) is what the report says.
import * as path from "node:path";
import { DOCUMENT_ID, type FakeRuntime, type RunResult } from "../../dev/fakes/runtime";
import { columnLetters } from "../../src/sheets/column-letters";
import { austinLabel, newRuntime, serviceAccount, sidebar } from "../../dev/world";
import type { Check, DiagnoseReport as Report } from "../../src/self-check/diagnose";
import { setUpAccount, useWorld } from "../fixtures/world";
import { bySize, sharedOut } from "../tier";

const BUILDS = [
  { build: "default (spreadsheets.currentonly)", distDir: path.resolve(__dirname, "../../dist"), full: false },
  { build: "full (spreadsheets)", distDir: path.resolve(__dirname, "../../dist-full"), full: true },
] as const;
const HOUR = 60 * 60 * 1000;
const CHECK_IDS = ["service", "plain-text", "job-store", "document-lock", "poll-trigger", "trigger-document", "room"];
const USER_SHEET = "My prospects";

const world = useWorld(31);
let location = "Austin, Texas, US";
beforeAll(async () => {
  location = await austinLabel(world);
});

/**
 * `now` is the document `before`. Jest's deep equality of two whole documents is slow: their JSON is compared first (one
 * function made both, so their keys come in one order), and jest compares them only to show how they differ.
 */
function expectUnchanged(now: unknown, before: unknown): void {
  if (JSON.stringify(now) !== JSON.stringify(before)) expect(now).toEqual(before);
}

/** Everything of the document a check could leave behind or change, and the user's properties. */
function snapshot(runtime: FakeRuntime): unknown {
  const testing = runtime.spreadsheetApp.testing;
  const sheets = testing.sheetNames().map((name) => {
    const values = testing.values(name);
    const formats = values.map((row, r) => row.map((_, c) => testing.cell(name, `${columnLetters(c + 1)}${r + 1}`).numberFormat));
    return { info: testing.sheetInfo(name), values, formulas: testing.formulas(name), formats };
  });
  return {
    sheets,
    active: testing.activeSheetName(),
    documentProperties: [...runtime.stores.document].sort(),
    metadata: testing.developerMetadata(),
    triggers: runtime.triggers.map((t) => ({ uid: t.uid, handler: t.handler, owner: t.owner, documentId: t.documentId, nextAt: t.nextAt })),
    userProperties: [...runtime.stores.user()].sort(),
  };
}

/** A spreadsheet in use: the user's own sheet (text, a number, a formula, formats), a saved key, a search, one background run. */
async function soundDocument(distDir: string, triggerDocument: "own" | "none" = "own"): Promise<{ apiKey: string; runtime: FakeRuntime }> {
  const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
  const runtime = newRuntime(world, { distDir, triggerDocument });
  const testing = runtime.spreadsheetApp.testing;
  testing.userAddSheet(USER_SHEET);
  testing.userSeed(USER_SHEET, "A1", [
    ["Company", "Phone", "Deal size"],
    ["Acme", "+1 512 555 0100", 1200],
    ["Beta", "0042", 80],
  ]);
  testing.userType(USER_SHEET, "D2", "=C2*2");
  testing.userSetNumberFormat(USER_SHEET, "C2:C3", "$#,##0.00");
  sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url });
  sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 300 });
  world.clock.advance(HOUR);
  const runs = runtime.fireDueTriggers();
  expect(runs.map((r) => r.errorMessage)).toEqual([undefined]);
  testing.setActiveSheet(USER_SHEET);
  return { apiKey, runtime };
}

/** diagnose() from the sidebar: the report, after checking that nothing escaped and the key is nowhere. */
function diagnoseFromSidebar(runtime: FakeRuntime, apiKey: string): Report {
  const result = runtime.run("diagnose", [{ dialog: false }], { viaScriptRun: true });
  return reportOf(result, apiKey);
}

function reportOf(result: RunResult, apiKey: string): Report {
  expect(result.errorMessage).toBeUndefined();
  expect(result.killed).toBe(false);
  expect(JSON.stringify(result.value)).not.toContain(apiKey);
  expect(JSON.stringify(result.logs)).not.toContain(apiKey);
  const report = result.value as Report;
  expect(report.checks.map((c) => c.id)).toEqual(CHECK_IDS);
  const problems = report.checks.filter((c) => c.ok === false).length;
  expect(report.summary).toMatch(problems === 0 ? /^No problem found[.;]/ : new RegExp(`^${problems} problems? found[.;]`));
  for (const check of report.checks) {
    expect(check.label.length).toBeGreaterThan(0);
    expect(check.detail.length).toBeGreaterThan(0);
    expect([true, false, null]).toContain(check.ok);
  }
  return report;
}

const checkOf = (report: Report, id: string): Check => report.checks.find((c) => c.id === id) as Check;
const oks = (report: Report): Record<string, boolean | null> => Object.fromEntries(report.checks.map((c) => [c.id, c.ok]));

/** The requests one execution sent. */
const requestsOf = (runtime: FakeRuntime, executionId: number): string[] =>
  runtime.http.requests
    .filter((r) => r.executionId === executionId)
    .map((r) => `${r.method.toUpperCase()} ${r.url.replace(world.url, "")}`);

describe.each(BUILDS)("diagnose() in the $build build", ({ distDir, full }) => {
  it("on a sound document: every check is confirmed, no credit is spent, and the document is as it was", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    const before = snapshot(runtime);
    const credits = Number((await serviceAccount(world, apiKey)).credits_remaining);
    world.clock.advance(25 * 60 * 1000);

    const result = runtime.run("diagnose", [{ dialog: false }], { viaScriptRun: true });
    const report = reportOf(result, apiKey);
    expect(oks(report)).toEqual(Object.fromEntries(CHECK_IDS.map((id) => [id, true])));
    expect(report.summary).toBe("No problem found.");
    expect(report.build).toMatch(full ? /^Full build \(spreadsheets scope\)/ : /^Default build \(spreadsheets\.currentonly scope\)/);
    expect(report.build).toMatch(/no service address built in/);
    // The credits with their digits grouped, as the sidebar says them (issue 30: "4577 credits").
    expect(checkOf(report, "service").detail).toMatch(
      new RegExp(`accepted your key: Growth plan, ${credits.toLocaleString("en-US")} credits left`),
    );
    expect(checkOf(report, "trigger-document").detail).toMatch(/^Your last background update \(25 minutes ago\) ran with its spreadsheet/);

    expectUnchanged(snapshot(runtime), before);
    expect(requestsOf(runtime, result.executionId)).toEqual(["GET /api/v1/account"]);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(credits);
    // From the sidebar: no dialog over the spreadsheet.
    expect(runtime.spreadsheetApp.testing.ui.dialogs).toEqual([]);
  });

  it(
    "with a refused key: the service check fails in plain words, the others are still reported, " + "nothing is thrown or changed",
    async () => {
      const { apiKey, runtime } = await soundDocument(distDir);
      await world.control.revokeKey(apiKey);
      const before = snapshot(runtime);

      const report = diagnoseFromSidebar(runtime, apiKey);
      expect(checkOf(report, "service")).toMatchObject({
        ok: false,
        detail: expect.stringMatching(/refused the API key .* Fix or rotate the key in the sidebar's Settings/),
      });
      expect(oks(report)).toMatchObject({
        "plain-text": true,
        "job-store": true,
        "document-lock": true,
        "poll-trigger": true,
        "trigger-document": true,
      });
      expectUnchanged(snapshot(runtime), before);
    },
  );

  it("with an unreachable service: a failed check, not an exception", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    // The saved address stops answering (a closed port on this machine).
    runtime.stores.user().set("businessLeads.baseUrl", "http://127.0.0.1:9");
    const before = snapshot(runtime);
    const report = diagnoseFromSidebar(runtime, apiKey);
    expect(checkOf(report, "service")).toMatchObject({ ok: false, detail: expect.stringMatching(/Could not reach the lead service/) });
    expect(checkOf(report, "job-store").ok).toBe(true);
    expectUnchanged(snapshot(runtime), before);
  });

  it("with no key saved: the service check says to save one, the document checks still run", () => {
    const runtime = newRuntime(world, { distDir });
    const before = snapshot(runtime);
    const result = runtime.run("diagnose", [{ dialog: false }], { viaScriptRun: true });
    const report = reportOf(result, "no-key-at-all");
    expect(checkOf(report, "service")).toMatchObject({ ok: null, detail: expect.stringMatching(/save your key/) });
    expect(oks(report)).toMatchObject({
      "plain-text": true,
      "job-store": true,
      "document-lock": true,
      "poll-trigger": null,
      "trigger-document": null,
    });
    expect(checkOf(report, "trigger-document").detail).toMatch(/No background update has run for you yet/);
    expect(runtime.http.requests).toEqual([]);
    expectUnchanged(snapshot(runtime), before);
  });

  it("when a write fails after the temporary sheet exists: the text check fails, the sheet is removed, the rest is reported", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    const before = snapshot(runtime);
    // Google's transient failure hits the test cells' write, and has passed by the next write.
    let endFailure: (() => void) | null = null;
    let armed = true;
    const inserted: string[] = [];
    const stop = runtime.watchSpreadsheetCalls((kind, method) => {
      if (method.endsWith("insertSheet")) inserted.push(method);
      if (endFailure !== null && kind === "write") {
        endFailure();
        endFailure = null;
      }
      if (armed && method.endsWith("setValues")) {
        armed = false;
        endFailure = runtime.failWrites(DOCUMENT_ID);
      }
    });
    const report = diagnoseFromSidebar(runtime, apiKey);
    stop();
    expect(inserted).toHaveLength(1);
    expect(armed).toBe(false);
    expect(checkOf(report, "plain-text")).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        new RegExp(
          /^Business Leads could not write test cells into a temporary sheet /.source +
            /\(Service Spreadsheets failed while accessing document with id .*\)\. Try again in a minute\.$/.source,
        ),
      ),
    });
    expect(oks(report)).toMatchObject({ service: true, "job-store": true, "document-lock": true });
    expectUnchanged(snapshot(runtime), before);
  });

  it("when every write to the spreadsheet fails: each check that writes says so, and nothing is left", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    const before = snapshot(runtime);
    const endFailure = runtime.failWrites(DOCUMENT_ID);
    const report = diagnoseFromSidebar(runtime, apiKey);
    endFailure();
    expect(checkOf(report, "plain-text")).toMatchObject({ ok: false, detail: expect.stringMatching(/Service Spreadsheets failed/) });
    // The full build keeps its jobs in developer metadata (a write to the spreadsheet); the default build in document properties.
    expect(checkOf(report, "job-store").ok).toBe(!full);
    if (full)
      expect(checkOf(report, "job-store").detail).toMatch(
        /could not save and read a test entry in this spreadsheet's developer metadata \(Service Spreadsheets failed/,
      );
    expect(oks(report)).toMatchObject({ service: true, "document-lock": true });
    expectUnchanged(snapshot(runtime), before);
  });

  it("a check killed at any point leaves at most its temporary sheet or entry, and the next check removes them", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    const before = snapshot(runtime) as { active: string };
    // Every SpreadsheetApp call a check makes (the fakes kill an execution at the start of the nth).
    const kinds: string[] = [];
    const stop = runtime.watchSpreadsheetCalls((kind) => {
      if (kind !== "getter") kinds.push(kind);
    });
    diagnoseFromSidebar(runtime, apiKey);
    stop();
    const calls = kinds.length;
    expect(calls).toBeGreaterThan(5);
    // Killed at a read, the document is as at the next write: npm test kills at the first call, each write and the call
    // after it, and the last, the two builds taking those in turn; test:all at every call on each. The full build takes the
    // first of each turn: those include a kill that leaves its metadata entry, which the end of this test asks for.
    const around = kinds.flatMap((kind, i) => (kind === "write" ? [i + 1, i + 2] : []));
    const points = bySize(
      sharedOut(
        [...new Set([1, ...around, calls])].filter((at) => at <= calls),
        full ? 0 : 1,
        BUILDS.length,
      ),
      Array.from({ length: calls }, (_, i) => i + 1),
    );
    const left = { sheet: 0, entry: 0 };
    for (const at of points) {
      runtime.killAt({ spreadsheetCall: at });
      expect(runtime.run("diagnose", [{ dialog: false }], { viaScriptRun: true }).killed).toBe(true);
      const testing = runtime.spreadsheetApp.testing;
      if (testing.sheetNames().some((name) => /^Business Leads check [0-9a-f]{8}$/.test(name))) left.sheet += 1;
      // The full build's store is one metadata entry holding every key (src/gas/developer-metadata-store.ts).
      if (
        testing
          .developerMetadata()
          .some((m) => m.key.startsWith("businessLeads") && (m.key.includes("selfCheck:") || (m.value ?? "").includes("selfCheck:")))
      )
        left.entry += 1;
      const report = diagnoseFromSidebar(runtime, apiKey);
      expect([at, oks(report)]).toEqual([at, expect.objectContaining({ "plain-text": true, "job-store": true })]);
      // Killed between insertSheet and the restore of the user's sheet, the execution cannot know
      // which sheet was theirs: the active sheet may then be another of their sheets.
      const now = snapshot(runtime) as { active: string };
      expectUnchanged({ at, ...now, active: "" }, { at, ...before, active: "" });
      runtime.spreadsheetApp.testing.setActiveSheet(before.active);
    }
    // Some kill points did leave a temporary sheet, and in the full build a metadata entry (its
    // writes are SpreadsheetApp calls; document properties are not, see the next test).
    expect(left.sheet).toBeGreaterThan(0);
    expect(left.entry > 0).toBe(full);
  });

  it.each(["own", "none"] as const)("reports the last background run when Google ran it with document: %s", async (triggerDocument) => {
    const { apiKey, runtime } = await soundDocument(distDir, triggerDocument);
    const check = checkOf(diagnoseFromSidebar(runtime, apiKey), "trigger-document");
    if (triggerDocument === "own") expect(check).toMatchObject({ ok: true, detail: expect.stringMatching(/ran with its spreadsheet/) });
    else if (full)
      expect(check).toMatchObject({
        ok: true,
        detail: expect.stringMatching(/ran without a spreadsheet\. This version of Business Leads opens your spreadsheets by their id/),
      });
    else
      expect(check).toMatchObject({
        ok: false,
        detail: expect.stringMatching(
          /ran without its spreadsheet, and this version of Business Leads may only open the spreadsheet you are using/,
        ),
      });
    // The record is one small value in the user's own properties, with its version; "finished" says the run got to its end.
    const record = runtime.stores.user().get("businessLeads.lastBackgroundRun") ?? "";
    expect(JSON.parse(record)).toEqual({ v: 1, at: expect.any(Number), withDocument: triggerDocument === "own", finished: true });
  });

  it(
    "a background run whose record cannot be saved (the user's property store is full) " + "still does its work and throws nothing",
    async () => {
      const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
      const job = sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 100 });
      // Filled to a few bytes below Google's 500 KB: the record (about 40 bytes) does not fit.
      const user = runtime.stores.user();
      const bytes = (): number => [...user].reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
      for (let i = 0; bytes() < 500 * 1024 - 9000; i += 1) user.set(`padding.${i}`, "x".repeat(8000));
      user.set("padding.last", "x".repeat(500 * 1024 - 10 - bytes() - "padding.last".length));
      expect(500 * 1024 - bytes()).toBeLessThan(20);

      world.clock.advance(HOUR);
      const runs = runtime.fireDueTriggers();
      expect(runs.map((r) => [r.errorMessage, r.killed])).toEqual([[undefined, false]]);
      expect(user.get("businessLeads.lastBackgroundRun")).toBeUndefined();
      const written = sidebar(runtime, "listJobs").find((j) => j.jobId === job.jobId);
      expect(written?.rowsWritten).toBeGreaterThan(0);
    },
  );

  it("says so when jobs are in progress but the background update is gone", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    sidebar(runtime, "startSearch", { query: "bakers", location, maxResults: 100 });
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);
    // Removed behind the add-on's back (the user, in the Apps Script dashboard).
    runtime.triggerTable.records.splice(0);
    const check = checkOf(diagnoseFromSidebar(runtime, apiKey), "poll-trigger");
    expect(check).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^1 of your jobs is in progress or scheduled here, but no hourly background update is scheduled for you/,
      ),
    });
  });

  it("from the menu: the report shows in a dialog, every text escaped, and the key nowhere", async () => {
    const { apiKey, runtime } = await soundDocument(distDir);
    runtime.run("onOpen", [{ authMode: "FULL" }]);
    const testing = runtime.spreadsheetApp.testing;
    const item = testing.ui.menus[0]?.items.find((i) => i.kind === "item" && i.caption === "Check this spreadsheet");
    expect(item).toMatchObject({ functionName: "diagnose" });
    const before = snapshot(runtime);

    const report = reportOf(runtime.run("diagnose", []), apiKey);
    const dialog = testing.ui.dialogs.at(-1);
    expect(dialog?.kind).toBe("modal");
    expect(dialog?.title).toBe("Check this spreadsheet");
    const html = dialog?.html ?? "";
    expect(html).not.toContain(apiKey);
    expect(html).not.toMatch(/<script/i);
    const escapeHtml = (text: string): string =>
      text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
    for (const check of report.checks) {
      expect(html).toContain(escapeHtml(check.label));
      expect(html).toContain(escapeHtml(check.detail));
    }
    expectUnchanged(snapshot(runtime), before);
  });
});

// In the full build the test entry is developer metadata, whose writes are SpreadsheetApp calls:
// the kill test above leaves and removes it.
describe("diagnose() in the default build", () => {
  it("removes a test entry a killed check left in document properties", async () => {
    const { apiKey, runtime } = await soundDocument(BUILDS[0].distDir);
    const before = snapshot(runtime);
    // What a check killed between its write and its removal leaves: no SpreadsheetApp call comes
    // between them, so only Apps Script's own time limit could kill it there.
    runtime.stores.document.set("selfCheck:00000000-0000-4000-8000-000000000000", "{}");
    expect(checkOf(diagnoseFromSidebar(runtime, apiKey), "job-store").ok).toBe(true);
    expectUnchanged(snapshot(runtime), before);
  });
});
