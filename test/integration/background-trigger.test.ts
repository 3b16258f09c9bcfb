// End to end on BOTH built bundles (dist/: spreadsheets.currentonly; dist-full/: the full
// spreadsheets scope), each under both trigger behaviours Google leaves open: the time-driven
// trigger runs with the document it was made in, or with no current document at all. No trigger
// run may throw. Without a document the default build leaves the work to the sidebar (one refresh
// finishes the sheets exactly) and says so on the job; the full build's triggers alone finish the
// sheets of two documents of one user.
import * as path from "node:path";
import type { FakeRuntime, RunResult } from "../../dev/fakes/runtime";
import { expectedCells, newRuntime, readSheet, serviceResults, sidebarIn, startWorld, type JobView, type World } from "../../dev/world";

const BUILDS = [
  { build: "default (spreadsheets.currentonly)", distDir: path.resolve(__dirname, "../../dist"), full: false },
  { build: "full (spreadsheets)", distDir: path.resolve(__dirname, "../../dist-full"), full: true },
] as const;
const TRIGGER_DOCUMENT = ["own", "none"] as const;
const HOUR = 60 * 60 * 1000;

let world: World;
let location = "Austin, Texas, US";
beforeAll(async () => {
  world = await startWorld(21);
  const res = await fetch(`${world.url}/api/v1/locations?q=Austin&country=US`, { headers: { "x-api-key": "demo-growth" } });
  location = ((await res.json()) as { locations: Array<{ label: string }> }).locations[0]?.label ?? location;
});
afterAll(async () => world.close());

/** Fires the due triggers hour by hour; every run must end without an error escaping. */
function runTriggersForHours(runtime: FakeRuntime, hours: number, until: () => boolean = () => false): RunResult[] {
  const runs: RunResult[] = [];
  for (let hour = 0; hour < hours && !until(); hour += 1) {
    world.clock.advance(HOUR);
    runs.push(...runtime.fireDueTriggers());
  }
  return runs;
}

async function expectSheetExact(runtime: FakeRuntime, apiKey: string, job: JobView, documentId: string | undefined, size: number): Promise<void> {
  const service = await serviceResults(world, apiKey, job.jobId);
  expect(service).toHaveLength(size);
  const { rows, formulas } = readSheet(runtime, job.sheetName, documentId);
  expect(rows).toHaveLength(service.length);
  expect(formulas.flat().every((f) => f === "")).toBe(true);
  const byId = new Map(rows.map((r) => [r["Business ID"], r]));
  for (const business of service) {
    const expected = expectedCells(business);
    const row = byId.get(business.id) ?? {};
    for (const header of Object.keys(expected)) expect([business.id, header, row[header]]).toEqual([business.id, header, expected[header]]);
  }
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
        return sidebarIn<JobView>(runtime, documentId, "startSearch", { query: `roofers ${i + 1}`, location, maxResults: 200 });
      });
      // One poll trigger per user in the full build (it serves both documents).
      expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

      const jobsIn = (documentId: string | undefined): JobView[] => sidebarIn<JobView[]>(runtime, documentId, "listJobs");
      const settledEverywhere = (): boolean => documents.every((d, i) => jobsIn(d).some((j) => j.jobId === started[i]?.jobId && j.status === "completed" && j.rowsWritten === 200));

      const runs = runTriggersForHours(runtime, 6, () => runtime.triggers.length === 0);
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.filter((r) => r.error !== undefined || r.killed).map((r) => r.errorMessage)).toEqual([]);
      for (const run of runs) expect(JSON.stringify(run.logs)).not.toContain(apiKey);

      if (full || triggerDocument === "own") {
        // The triggers alone finished every document, then removed themselves.
        expect(runtime.triggers).toEqual([]);
        expect(settledEverywhere()).toBe(true);
      } else {
        // The job is done at the service, but the trigger could not reach the document: nothing
        // was written, and the sidebar says why in plain words.
        expect((await world.control.job(started[0]?.jobId ?? "")) as { status?: unknown }).toMatchObject({ status: "completed" });
        const waiting = jobsIn(undefined)[0] as JobView;
        expect(waiting.rowsWritten).toBe(0);
        expect(waiting.error).toMatch(/^Waiting for the sidebar: Google ran the hourly background update without this spreadsheet/);
        expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);
        // One refresh from the sidebar finishes the sheet exactly and retires the trigger.
        const refreshed = sidebarIn<JobView[]>(runtime, undefined, "refreshJobs");
        expect(refreshed[0]).toMatchObject({ status: "completed", rowsWritten: 200, error: null });
        expect(runtime.triggers).toEqual([]);
      }
      for (const [i, documentId] of documents.entries()) {
        const job = jobsIn(documentId).find((j) => j.jobId === started[i]?.jobId) as JobView;
        await expectSheetExact(runtime, apiKey, job, documentId, 200);
      }
    });
  });
});
