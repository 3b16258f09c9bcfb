// What one poll pass costs, end to end on the BUILT bundle (the figures of bench/import-figures.ts
// and bench/enrich-figures.ts, held as tests): twenty small searches share one results round trip
// and cost at most 4 SpreadsheetApp calls each (one read, one write, their ranges; the sheet's name too in the job's last pass) and the
// document's sheets found by id once (getSheets and an id each), plus the document's one; enrichment jobs of one
// sheet share one read and one write of it.
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

describe("one pass over 20 active 100-result searches", () => {
  it("takes one status and one results round trip and at most 4 SpreadsheetApp calls per job (5 at its end), its sheets found by id once, plus 1", async () => {
    const { runtime } = await setUpAccount(world, { plan: "scale", credits: 10_000, maxActiveJobs: 25 });
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
      const sheets = runtime.spreadsheet().testing.sheetNames().length; // the 20 results sheets and the first
      expect(calls).toBeLessThanOrEqual((status === "completed" ? 5 : 4) * 20 + (1 + sheets) + 1);
    }
  });
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
    // getActiveSpreadsheet, getSheets and getSheetId per sheet to find it, getDataRange, its size
    // (getNumRows, getNumColumns: a pass that would read most of the list reads it whole, else only
    // the rows it writes) + getValues, getRange + setValues for the one run of result columns,
    // getName: 3 jobs, one sheet.
    expect(calls).toBeLessThanOrEqual(11);
    // One read of the sheet: its cells once, however many jobs write into it.
    const { headers } = readSheet(runtime, sheet);
    expect(cellsRead).toBeLessThanOrEqual(rows.length * headers.length);
  });
});
