// End to end on BOTH built bundles (dist/: spreadsheets.currentonly; dist-full/: the full
// spreadsheets scope), each under both trigger behaviours Google leaves open: the time-driven
// trigger runs with the document it was made in, or with no current document at all. No trigger
// run may throw. Without a document the default build leaves the work to the sidebar (one refresh
// finishes the sheets exactly) and says so on the job; the full build's triggers alone finish the
// sheets of two documents of one user. So for a 200-result search and a 25-row enrichment alike.
// Then the full build's notices: a document its trigger cannot open, or where its work fails.
import * as path from "node:path";
import type { FakeRuntime, RunResult } from "../../dev/fakes/runtime";
import { austinLabel, newRuntime, readSheet, serviceAccount, serviceResults, sidebarIn, sheetOf, type JobView } from "../../dev/world";
import {
  enrichedBusinesses,
  expectedUnique,
  expectRowsRight,
  messyRows,
  pairKey,
  seedSheet,
  serviceEnrichments,
  userColumns,
} from "./enrich-sheet";
import { useWorld } from "../fixtures/world";
import { cellDifferences } from "./exact-sheet";

const BUILDS = [
  { build: "default (spreadsheets.currentonly)", distDir: path.resolve(__dirname, "../../dist"), full: false },
  { build: "full (spreadsheets)", distDir: path.resolve(__dirname, "../../dist-full"), full: true },
] as const;
const TRIGGER_DOCUMENT = ["own", "none"] as const;
const SHEET = "My leads";
const HOUR = 60 * 60 * 1000;
const WAITING = /^Waiting for the sidebar: Google ran the hourly background update without this spreadsheet/;

const world = useWorld(21);
let location = "Austin, Texas, US";
beforeAll(async () => {
  location = await austinLabel(world);
});

/** Fires the due triggers hour by hour; every run must end without an error escaping. */
function runTriggersForHours(runtime: FakeRuntime, hours: number, until: () => boolean = () => false): RunResult[] {
  const runs: RunResult[] = [];
  for (let hour = 0; hour < hours && !until(); hour += 1) {
    world.clock.advance(HOUR);
    runs.push(...runtime.fireDueTriggers());
  }
  return runs;
}

/** No trigger run threw, was killed or logged the key. */
function expectCleanRuns(runs: RunResult[], apiKey: string): void {
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.filter((r) => r.error !== undefined || r.killed).map((r) => r.errorMessage)).toEqual([]);
  for (const run of runs) expect(JSON.stringify(run.logs)).not.toContain(apiKey);
}

/**
 * Fires the triggers hour by hour; no run may throw. When they reach the documents (`reached`: the
 * full build, or Google gives the trigger its document) they alone finish every one and retire.
 * Otherwise (the default build's trigger without a document) the job is done at the service but
 * the trigger writes nothing (`unchanged` checks the sheet) and stays; the sidebar says the work
 * waits for it, and one refresh from the sidebar finishes it and retires the trigger.
 */
async function finishByTriggers(
  runtime: FakeRuntime,
  apiKey: string,
  reached: boolean,
  jobId: string,
  settled: () => boolean,
  unchanged: () => void = () => undefined,
): Promise<void> {
  expectCleanRuns(
    runTriggersForHours(runtime, 6, () => runtime.triggers.length === 0),
    apiKey,
  );
  if (!reached) {
    expect((await world.control.job(jobId)) as { status?: unknown }).toMatchObject({ status: "completed" });
    unchanged();
    const waiting = sidebarIn(runtime, undefined, "listJobs")[0];
    expect(waiting).toMatchObject({ jobId, rowsWritten: 0 });
    expect(waiting?.error).toMatch(WAITING);
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);
    sidebarIn(runtime, undefined, "refreshJobs");
  }
  expect(runtime.triggers).toEqual([]);
  expect(settled()).toBe(true);
}

async function expectSheetExact(
  runtime: FakeRuntime,
  apiKey: string,
  job: JobView,
  documentId: string | undefined,
  size: number,
): Promise<void> {
  const service = await serviceResults(world, apiKey, job.jobId);
  expect(service).toHaveLength(size);
  const { rows, formulas } = readSheet(runtime, sheetOf(job), documentId);
  expect(rows).toHaveLength(service.length);
  expect(formulas.flat().every((f) => f === "")).toBe(true);
  expect(cellDifferences(rows, service)).toEqual([]);
}

describe.each(BUILDS)("the $build build", ({ distDir, full }) => {
  describe.each(TRIGGER_DOCUMENT)("when Google runs the trigger with document: %s", (triggerDocument) => {
    it("finishes 200-result searches exactly, and no trigger run throws", async () => {
      const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
      const runtime = newRuntime(world, { distDir, triggerDocument });
      // Two documents of one user in the full build; the default build serves its one document.
      const documents: Array<string | undefined> = full ? [undefined, runtime.addDocument("Second leads")] : [undefined];
      const started = documents.map((documentId, i) => {
        sidebarIn(runtime, documentId, "saveSettings", { apiKey, baseUrl: world.url });
        return sidebarIn(runtime, documentId, "startSearch", { query: `roofers ${i + 1}`, location, maxResults: 200 });
      });
      // One poll trigger per user in the full build (it serves both documents).
      expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

      const jobsIn = (documentId: string | undefined): JobView[] => sidebarIn(runtime, documentId, "listJobs");
      const settledEverywhere = (): boolean =>
        documents.every((d, i) =>
          jobsIn(d).some((j) => j.jobId === started[i]?.jobId && j.status === "completed" && j.rowsWritten === 200),
        );

      await finishByTriggers(runtime, apiKey, full || triggerDocument === "own", started[0]?.jobId ?? "", settledEverywhere);
      for (const [i, documentId] of documents.entries()) {
        const job = jobsIn(documentId).find((j) => j.jobId === started[i]?.jobId) as JobView;
        await expectSheetExact(runtime, apiKey, job, documentId, 200);
      }
    });

    it("finishes 25-row enrichments exactly, one charge per job, the user's columns untouched, and no trigger run throws", async () => {
      const credits = 5000;
      const { apiKey } = await world.control.createAccount({ plan: "growth", credits, maxActiveJobs: 25 });
      const runtime = newRuntime(world, { distDir, triggerDocument });
      const documents: Array<string | undefined> = full ? [undefined, runtime.addDocument("Second leads")] : [undefined];
      // Each document: a header row, 25 messy rows (duplicates, bad addresses, a formula-like
      // name) and the user's own columns, text, numbers and a formula.
      const specs = documents.map((_, i) => messyRows(25, i * 100));
      const before = documents.map((documentId, i) => {
        seedSheet(runtime, SHEET, specs[i] ?? [], 1, documentId);
        runtime.spreadsheet(documentId).testing.setActiveSheet(SHEET);
        sidebarIn(runtime, documentId, "saveSettings", { apiKey, baseUrl: world.url });
        return userColumns(runtime, SHEET, documentId);
      });
      expect(runtime.spreadsheet(documents[0]).testing.formulas(SHEET)[1]?.[3]).toBe("=1+0");
      const started = documents.map((documentId) => sidebarIn(runtime, documentId, "startEnrichment", {}).jobs);
      expect(started.map((jobs) => jobs.map((j) => [j.kind, j.sheetName]))).toEqual(documents.map(() => [["enrichment", SHEET]]));
      expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

      // The service received each document's unique valid businesses, once.
      const unique = specs.map((rows) => expectedUnique(rows));
      const sent = await serviceEnrichments(world, apiKey);
      expect(sent.map((j) => j.id).sort()).toEqual(started.map((jobs) => jobs[0]?.jobId).sort());
      for (const [i, jobs] of started.entries()) {
        const job = sent.find((j) => j.id === jobs[0]?.jobId);
        expect(job?.businesses.map((b) => ({ name: b.business_name, url: b.website_url }))).toEqual(unique[i]);
      }
      const afterStart = documents.map((documentId) => readSheet(runtime, SHEET, documentId));

      const jobsIn = (documentId: string | undefined): JobView[] => sidebarIn(runtime, documentId, "listJobs");
      const settledEverywhere = (): boolean =>
        documents.every((d, i) =>
          jobsIn(d).some((j) => j.jobId === started[i]?.[0]?.jobId && j.status === "completed" && j.error === null),
        );

      await finishByTriggers(runtime, apiKey, full || triggerDocument === "own", started[0]?.[0]?.jobId ?? "", settledEverywhere, () => {
        expect(readSheet(runtime, SHEET)).toEqual(afterStart[0]);
      });

      // Every row shows its business's result exactly (or why it was skipped); the user's own
      // columns, formula included, are as they were; one charge per job.
      const byPair = await enrichedBusinesses(world, apiKey, sent);
      for (const [i, documentId] of documents.entries()) {
        const sentPairs = new Set((unique[i] ?? []).map((u) => pairKey(u.name, u.url)));
        expectRowsRight(runtime, SHEET, specs[i] ?? [], sentPairs, byPair, null, new Set(), documentId);
        expect(userColumns(runtime, SHEET, documentId)).toEqual(before[i]);
        const ours = runtime
          .spreadsheet(documentId)
          .testing.formulas(SHEET)
          .flatMap((row) => row.slice(4));
        expect(ours.every((f) => f === "")).toBe(true);
      }
      const charged = unique.reduce((sum, u) => sum + u.length, 0);
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(credits - charged);

      if (!full && triggerDocument === "none") {
        // A job started after that run has not met the trouble yet: no notice until the next run.
        world.clock.advance(60_000);
        const again = sidebarIn(runtime, undefined, "startEnrichment", { force: true }).jobs[0];
        const errorOf = (): string | null | undefined => jobsIn(undefined).find((j) => j.jobId === again?.jobId)?.error;
        expect(errorOf()).toBeNull();
        expectCleanRuns(runTriggersForHours(runtime, 1), apiKey);
        expect(errorOf()).toMatch(WAITING);
      }
    });
  });
});

// The full build's trigger opens each document by id. A document it cannot open (deleted, or no
// longer shared with the user) it stops serving, and leaves a notice that document's sidebar shows
// on its jobs; a document where its work fails it keeps serving, with a notice until a pass gets
// through. Neither stops the other document, and no trigger run throws.
describe.each(TRIGGER_DOCUMENT)(
  "the full build's background notices, when Google runs the trigger with document: %s",
  (triggerDocument) => {
    const COULD_NOT_OPEN = new RegExp(
      /^The hourly background update could not open this spreadsheet \((.*)\)\. /.source +
        /Open the sidebar or click Refresh to bring the results in\.$/.source,
    );
    const STOPPED =
      /^The hourly background update stopped on this spreadsheet \((.*)\)\. Open the sidebar or click Refresh to bring the results in\.$/;

    /** Two documents of one user, each with a 100-result search started from its sidebar. */
    async function twoDocumentsSearching(): Promise<{ apiKey: string; runtime: FakeRuntime; second: string; started: JobView[] }> {
      const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
      const runtime = newRuntime(world, { distDir: BUILDS[1].distDir, triggerDocument });
      const second = runtime.addDocument("Second leads");
      const started = [undefined, second].map((documentId, i) => {
        sidebarIn(runtime, documentId, "saveSettings", { apiKey, baseUrl: world.url });
        return sidebarIn(runtime, documentId, "startSearch", { query: `plumbers ${i + 1}`, location, maxResults: 100 });
      });
      expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);
      return { apiKey, runtime, second, started };
    }

    const jobIn = (runtime: FakeRuntime, documentId: string | undefined, jobId: string | undefined): JobView =>
      sidebarIn(runtime, documentId, "listJobs").find((j) => j.jobId === jobId) as JobView;

    /** Loses the second document, fires the triggers until they retire: the first is finished exactly. */
    async function loseSecondAndRunTriggers(how: "deleted" | "unshared"): ReturnType<typeof twoDocumentsSearching> {
      const searching = await twoDocumentsSearching();
      const { apiKey, runtime, second, started } = searching;
      runtime.loseDocument(second, how);
      expectCleanRuns(
        runTriggersForHours(runtime, 6, () => runtime.triggers.length === 0),
        apiKey,
      );
      // The lost document is no longer served, so the trigger retired once the first was finished.
      expect(runtime.triggers).toEqual([]);
      expect(jobIn(runtime, undefined, started[0]?.jobId)).toMatchObject({ status: "completed", rowsWritten: 100, error: null });
      await expectSheetExact(runtime, apiKey, started[0] as JobView, undefined, 100);
      return searching;
    }

    it(
      "a spreadsheet no longer shared with the user: the trigger stops trying it, finishes the other, " +
        "and that sidebar says why once it is back",
      async () => {
        const { apiKey, runtime, second, started } = await loseSecondAndRunTriggers("unshared");
        // Shared again: its sidebar shows why nothing came in, and one refresh brings the results in.
        runtime.restoreDocument(second);
        const waiting = jobIn(runtime, second, started[1]?.jobId);
        expect(waiting.rowsWritten).toBe(0);
        expect(waiting.error).toMatch(COULD_NOT_OPEN);
        expect(COULD_NOT_OPEN.exec(waiting.error ?? "")?.[1]).toBe("You do not have permission to access the requested document.");
        sidebarIn(runtime, second, "refreshJobs");
        expect(jobIn(runtime, second, started[1]?.jobId)).toMatchObject({ status: "completed", rowsWritten: 100, error: null });
        expect(runtime.triggers).toEqual([]);
        await expectSheetExact(runtime, apiKey, started[1] as JobView, second, 100);
      },
    );

    it("a deleted spreadsheet: the trigger forgets it without an error and retires once the other is finished", async () => {
      const { runtime } = await loseSecondAndRunTriggers("deleted");
      // The first document's sidebar shows nothing of the other's trouble.
      expect(sidebarIn(runtime, undefined, "listJobs").map((j) => j.error)).toEqual([null]);
    });

    it(
      "a spreadsheet whose writes fail: the other is finished, this one's sidebar says the work stopped there, " +
        "and a later run finishes it",
      async () => {
        const { apiKey, runtime, second, started } = await twoDocumentsSearching();
        const endFailure = runtime.failWrites(second);
        const firstRuns = runTriggersForHours(runtime, 1);
        expectCleanRuns(firstRuns, apiKey);
        expect(jobIn(runtime, undefined, started[0]?.jobId)).toMatchObject({ status: "completed", rowsWritten: 100, error: null });
        expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

        endFailure();
        const stopped = jobIn(runtime, second, started[1]?.jobId);
        expect(stopped.rowsWritten).toBe(0);
        expect(stopped.error).toMatch(STOPPED);
        expect(STOPPED.exec(stopped.error ?? "")?.[1]).toBe(`Service Spreadsheets failed while accessing document with id ${second}.`);

        // The trigger still serves it: the next runs alone finish it, and the notice is gone.
        const laterRuns = runTriggersForHours(runtime, 6, () => runtime.triggers.length === 0);
        expectCleanRuns(laterRuns, apiKey);
        expect(runtime.triggers).toEqual([]);
        expect(jobIn(runtime, second, started[1]?.jobId)).toMatchObject({ status: "completed", rowsWritten: 100, error: null });
        for (const [i, documentId] of [undefined, second].entries())
          await expectSheetExact(runtime, apiKey, started[i] as JobView, documentId, 100);
      },
    );
  },
);
