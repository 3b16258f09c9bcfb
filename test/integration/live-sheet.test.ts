// A live sheet, on the BUILT bundle: a person sorts while an enrichment's start marks its rows (during its request, and between the
// read of the rows and the write of the marks), every row still ends with its own status; a person's click while a background pass
// waits on the network goes through at once; and two overlapping passes write each business once only because the pass commits its
// writes (SpreadsheetApp.flush) before giving its lock up: without that flush (RuntimeOptions.flushCommits false) the second pass
// writes the same rows again.
import * as path from "node:path";
import type { FakeRuntime, RunResult } from "../../dev/fakes/runtime";
import { readSheet, sidebar, sheetOf, type JobView } from "../../dev/world";
import { enrichedBusinesses, expectRowsRight, messyRows, pairKey, seedSheet, serviceEnrichments } from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(43);
const SHEET = "Live leads";

/** Sorts the list by its Company column, descending, as "Sort sheet Z→A" does (the header row frozen). */
function sortList(runtime: FakeRuntime): void {
  runtime.spreadsheetApp.testing.userSortSheet(SHEET, 1, false);
}

async function startedWhile(person: (runtime: FakeRuntime) => () => void) {
  const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25 });
  const specs = messyRows(120);
  seedSheet(runtime, SHEET, specs);
  runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName(SHEET)?.setFrozenRows(1);
  runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
  const stop = person(runtime);
  const started = sidebar(runtime, "startEnrichment", {});
  stop();
  return { runtime, apiKey, specs, started };
}

/** Every row right, by what it holds: sent ones say so (and get their results later), skipped ones say why. */
async function expectEveryRowRight(runtime: FakeRuntime, apiKey: string, specs: ReturnType<typeof messyRows>): Promise<void> {
  const jobs = await serviceEnrichments(world, apiKey);
  const sent = new Set(jobs.flatMap((job) => job.businesses.map((b) => pairKey(b.business_name, b.website_url))));
  const statuses = readSheet(runtime, SHEET).rows.map((row) => String(row["Enrichment status"]));
  expect(statuses.filter((status) => status === "Sent: waiting for results")).toHaveLength(
    specs.filter((spec) => !("skip" in spec.expected)).length,
  );
  for (let pass = 0; pass < 20 && runtime.triggers.length > 0; pass += 1) {
    world.clock.advance(60_000);
    sidebar(runtime, "refreshJobs");
  }
  expectRowsRight(runtime, SHEET, specs, sent, await enrichedBusinesses(world, apiKey, jobs), null);
}

describe("a person sorts the list while an enrichment starts", () => {
  it("during the request that creates the job: the rows are found again by what they hold before they are marked", async () => {
    const { runtime, apiKey, specs, started } = await startedWhile((rt) =>
      rt.onBeforeFetch((requests) => {
        if (requests.some((r) => r.method === "POST")) sortList(rt);
      }),
    );
    expect(started.jobs).toHaveLength(1);
    await expectEveryRowRight(runtime, apiKey, specs);
  });

  it("between the read of the rows and the write of their marks: the marks are read back and put right", async () => {
    let sorted = false;
    const { runtime, apiKey, specs } = await startedWhile((rt) =>
      rt.watchSpreadsheetCalls((kind, method) => {
        // The first write of cells of the start (its rows' marks): the person sorts just before it lands.
        if (sorted || kind !== "write" || method !== "Range.setValues") return;
        sorted = true;
        sortList(rt);
      }),
    );
    expect(sorted).toBe(true);
    await expectEveryRowRight(runtime, apiKey, specs);
  });
});

describe("a person's click while a background pass waits on the network", () => {
  it("goes through at once: the pass gave its document lock up around its request, and both end right", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25 });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const first = sidebar(runtime, "startSearch", { query: "roofers", location: location?.label, maxResults: 100 });
    world.clock.advance(20_000);
    let clicked = false;
    let click: RunResult | undefined;
    let waited = 0;
    const unsubscribe = runtime.onBeforeFetch(() => {
      if (clicked) return;
      clicked = true;
      const before = runtime.clock.now();
      click = runtime.run("startSearch", [{ query: "plumbers", location: location?.label, maxResults: 100 }], { viaScriptRun: true });
      waited = runtime.clock.now() - before;
    });
    const pass = runtime.run("refreshJobs", [], { viaScriptRun: true });
    unsubscribe();
    expect(pass.errorMessage).toBeUndefined();
    expect(clicked).toBe(true);
    expect(click?.errorMessage).toBeUndefined();
    expect(waited).toBeLessThan(3_000);
    const second = click?.value as JobView;
    for (let i = 0; i < 30 && runtime.triggers.length > 0; i += 1) {
      world.clock.advance(60_000);
      sidebar(runtime, "refreshJobs");
    }
    for (const job of [first, second]) {
      const ids = readSheet(runtime, sheetOf(job)).rows.map((row) => String(row["Business ID"]));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(100);
    }
  });
});

describe("two overlapping passes and SpreadsheetApp.flush", () => {
  /**
   * Six searches of 700 results, found but still being enriched (not ended: each pass writes their
   * rows again): their pages come in two round trips, so the first pass writes the first five
   * sheets, then gives its lock up around the second round trip; a second pass starts then. Each
   * results sheet has no spare row (its user deleted them): every write grows the grid.
   */
  async function overlappingPasses(flushCommits: boolean): Promise<{ runtime: FakeRuntime; jobs: JobView[] }> {
    const { runtime } = await setUpAccount(world, {
      plan: "scale",
      credits: 50_000,
      maxActiveJobs: 25,
      runtime: { flushCommits, distDir: path.resolve(__dirname, "../../dist") },
    });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const jobs = Array.from({ length: 6 }, (_, i) =>
      sidebar(runtime, "startSearch", { query: `trade ${i + 1}`, location: location?.label, maxResults: 700 }),
    );
    const testing = runtime.spreadsheetApp.testing;
    // Row 2 stays (Sheets keeps one row below the frozen header).
    for (const job of jobs) testing.userDeleteRows(sheetOf(job), 3, testing.sheetInfo(sheetOf(job)).maxRows - 2);
    world.clock.advance(100_000); // every search has found its 700 businesses, and none has ended
    let roundTrips = 0;
    let second: RunResult | undefined;
    const unsubscribe = runtime.onBeforeFetch(() => {
      roundTrips += 1;
      // The first pass's third round trip: statuses, the first pages (written), then this one.
      if (roundTrips === 3 && second === undefined) second = runtime.run("refreshJobs", [], { viaScriptRun: true });
    });
    const first = runtime.run("refreshJobs", [], { viaScriptRun: true });
    unsubscribe();
    expect(second).toBeDefined(); // the passes did overlap
    expect([first.errorMessage, second?.errorMessage]).toEqual([undefined, undefined]);
    return { runtime, jobs };
  }

  const rowsById = (runtime: FakeRuntime, job: JobView): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const row of readSheet(runtime, sheetOf(job)).rows)
      counts.set(String(row["Business ID"]), (counts.get(String(row["Business ID"])) ?? 0) + 1);
    return counts;
  };

  it("with the flush before the lock is given up: the second pass sees the first one's rows, and each business is on one row", async () => {
    const { runtime, jobs } = await overlappingPasses(true);
    for (const job of jobs.slice(0, 5)) expect([...rowsById(runtime, job).values()].every((n) => n === 1)).toBe(true);
  });

  it("without it: the second pass does not see them, and writes the same businesses a second time", async () => {
    const { runtime, jobs } = await overlappingPasses(false);
    const repeated = jobs.slice(0, 5).filter((job) => [...rowsById(runtime, job).values()].some((n) => n > 1));
    expect(repeated.length).toBeGreaterThan(0);
  });
});
