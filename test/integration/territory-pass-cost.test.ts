// What one pass over a territory costs, end to end on the BUILT bundle (the figures of
// bench/territory-figures.ts, held as tests; issue 29 §3): its SpreadsheetApp calls must not grow
// with the number of its searches. A pass while they run reads their statuses in one round trip and
// touches the sheet not at all; the pass that merges the searches that ended reads the sheet once
// and writes it in one block (and the pass that ends the run reads it once more to count the run).
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { sidebar } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(29);
const QUERIES = ["dentists", "plumbers", "florists", "bakeries", "roofers"];
const CITIES = ["Austin", "Dallas", "Houston", "San Antonio", "Fort Worth", "El Paso", "Lubbock", "Laredo", "Corpus Christi", "Spring"];

interface PassCost {
  roundTrips: number;
  calls: number;
  /** Range.getValues and Range.setValues calls: the sheet's reads and writes. */
  getValues: number;
  setValues: number;
}

/** One refreshJobs pass: its round trips and SpreadsheetApp calls. */
function pass(runtime: FakeRuntime): PassCost {
  const before = runtime.counters.snapshot();
  const methods: string[] = [];
  const unwatch = runtime.watchSpreadsheetCalls((_kind, method) => methods.push(method));
  sidebar(runtime, "refreshJobs");
  unwatch();
  const after = runtime.counters.snapshot();
  const count = (method: string) => methods.filter((m) => m === method).length;
  return {
    roundTrips: after.roundTrips - before.roundTrips,
    calls: methods.length,
    getValues: count("Range.getValues"),
    setValues: count("Range.setValues"),
  };
}

/**
 * A territory of `queries` × `places` 100-result searches, all running at once: a pass while they run, then the pass that merges them all.
 */
async function territoryPasses(queries: number, places: number): Promise<{ running: PassCost; merging: PassCost; finished: number }> {
  const { runtime } = await setUpAccount(world, { plan: "scale", credits: 50_000, maxActiveJobs: 60 });
  const locations = CITIES.slice(0, places).map((q) => sidebar(runtime, "findLocations", { q, country: "US" })[0]?.label ?? q);
  const started = sidebar(runtime, "startSearch", { queries: QUERIES.slice(0, queries), locations, maxResults: 100 });
  expect(started.territory).toMatchObject({ running: queries * places, waiting: 0 });
  world.clock.advance(5000);
  const running = pass(runtime);
  world.clock.advance(10 * 60 * 1000); // every search has ended at the service
  const merging = pass(runtime);
  const view = sidebar(runtime, "listJobs").find((job) => job.jobId === started.jobId);
  return { running, merging, finished: view?.territory?.finished ?? 0 };
}

/** The 5-search territory both tests compare against, built once. */
let fiveSearches: ReturnType<typeof territoryPasses> | undefined;
const fiveOnce = () => (fiveSearches ??= territoryPasses(1, 5));

describe("a pass over a territory's searches", () => {
  it(
    "costs the same for 5 and 20 searches: one status round trip while they run, " + "one read and one write of the sheet when they end",
    async () => {
      const five = await fiveOnce();
      const twenty = await territoryPasses(2, 10);
      expect([five.finished, twenty.finished]).toEqual([5, 20]);
      expect(twenty.running).toEqual(five.running);
      expect(five.running).toMatchObject({ roundTrips: 1, getValues: 0, setValues: 0 });
      // The merge: the header row and the rows read once, written in one block; the run's end reads them once more.
      expect(five.merging).toMatchObject({ roundTrips: 2, getValues: 3, setValues: 1 });
      expect(twenty.merging).toMatchObject({ roundTrips: 2, getValues: 3, setValues: 1 });
      expect(twenty.merging.calls - five.merging.calls).toBeLessThanOrEqual(1);
    },
  );

  // Results are read in round trips of at most 4,000 results (src/passes/poll-pass.ts), and a
  // territory's ended searches of every round trip are merged together at the pass's end.
  it("costs the same for 50 searches (5,000 results, two results round trips): still one read and one write of the sheet", async () => {
    const five = await fiveOnce();
    const fifty = await territoryPasses(5, 10);
    expect(fifty.finished).toBe(50);
    expect(fifty.running).toEqual(five.running);
    expect(fifty.merging).toMatchObject({ roundTrips: 3, getValues: 3, setValues: 1 });
    // A round trip more: the locks given up once more around it (a flush) and the sheets found once more.
    expect(fifty.merging.calls - five.merging.calls).toBeLessThanOrEqual(2);
  });
});
