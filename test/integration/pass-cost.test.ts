// What one poll pass costs, end to end on the BUILT bundles (the figures of bench/import-figures.ts
// and bench/enrich-figures.ts, held as tests): twenty small searches share one results round trip
// and cost at most 4.25 SpreadsheetApp calls each in the default build and 4.5 in the full build, every flush
// included (a job's sheet found by id, one read, one write; its name too in its last pass); enrichment jobs of one
// sheet share one read and one write of it.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { readSheet, sidebar, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(11);

/** One refreshJobs pass: its round trips and SpreadsheetApp calls (reads, writes and getters). */
function pass(runtime: FakeRuntime): { views: JobView[]; roundTrips: number; calls: number; cellsRead: number } {
  const before = runtime.counters.snapshot();
  const views = sidebar(runtime, "refreshJobs");
  const after = runtime.counters.snapshot();
  const counted = after.spreadsheetCalls - before.spreadsheetCalls;
  return { views, roundTrips: after.roundTrips - before.roundTrips, calls: counted, cellsRead: after.cellsRead - before.cellsRead };
}

describe.each([
  ["default", "dist", 4.25],
  ["full-scope", "dist-full", 4.5],
])("one pass over 20 active 100-result searches, %s build", (_build, dist, perJob) => {
  it(
    `takes one status and one results round trip and at most ${perJob} SpreadsheetApp calls per job (one more at ` +
      "its end), flushes included",
    async () => {
      const distDir = path.resolve(__dirname, "../..", dist);
      const { runtime } = await setUpAccount(world, { plan: "scale", credits: 10_000, maxActiveJobs: 25, runtime: { distDir } });
      for (let i = 1; i <= 20; i += 1)
        sidebar(runtime, "startSearch", { query: `cost query ${i}`, location: "Austin, Texas, US", maxResults: 100 });
      for (const [advance, status] of [
        [12_000, "running"],
        [18_000, "completed"],
      ] as const) {
        world.clock.advance(advance);
        const { views, roundTrips, calls } = pass(runtime);
        expect(views.map((v) => v.status)).toEqual(Array(20).fill(status));
        expect(views.every((v) => v.rowsWritten > 0)).toBe(true);
        expect(roundTrips).toBe(2);
        // At its end a job's sheet name is read once (a user may have renamed it): one call more each.
        expect(calls).toBeLessThanOrEqual((perJob + (status === "completed" ? 1 : 0)) * 20);
      }
    },
  );
});

describe("enrichment jobs of one sheet", () => {
  it("share one read and one write of the sheet per pass", async () => {
    const { runtime } = await setUpAccount(world, { plan: "scale", credits: 10_000, maxActiveJobs: 25 });
    const sheet = "Leads to enrich";
    runtime.spreadsheetApp.testing.userAddSheet(sheet);
    const rows: Array<Array<string | number>> = [["Company", "Website", "Notes"]];
    for (let i = 1; i <= 1500; i += 1) rows.push([`Company ${i}`, `company${i}.com`, i]);
    runtime.spreadsheetApp.testing.userSeed(sheet, "A1", rows);
    runtime.spreadsheetApp.testing.setActiveSheet(sheet);
    const started = sidebar(runtime, "startEnrichment", {});
    expect(started.jobs.map((j) => j.leadCount)).toEqual([700, 700, 100]);

    world.clock.advance(600_000); // every job has ended
    const { views, roundTrips, calls, cellsRead } = pass(runtime);
    expect(views.map((v) => v.status)).toEqual(["completed", "completed", "completed"]);
    expect(views.map((v) => v.rowsWritten)).toEqual([700, 700, 100]);
    const written = readSheet(runtime, sheet).rows.filter(
      (r) => r["Enrichment status"] === "completed" || r["Enrichment status"] === "partial",
    );
    expect(written).toHaveLength(1500);
    expect(roundTrips).toBe(2);
    // getActiveSpreadsheet, getSheetById to find it, getDataRange, its size (getNumRows,
    // getNumColumns: a pass that would read most of the list reads it whole, else only the rows it
    // writes) + getValues, getRange + setValues for the one run of result columns, the rows written
    // read back by name and website (getRange + getValues), getName, and the flushes before the lock
    // is given up around the pass's round trip and at its end: 3 jobs, one sheet.
    expect(calls).toBeLessThanOrEqual(14);
    // One read of the sheet: its cells once, however many jobs write into it, and the rows written read back by name and website.
    const { headers } = readSheet(runtime, sheet);
    expect(cellsRead).toBeLessThanOrEqual(rows.length * headers.length + 2 * written.length);
  });
});
