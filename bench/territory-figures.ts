// This file counts what a territory (many searches as one, one sheet) costs, on the BUILT bundles
// in the Apps Script fakes against the simulator, on a virtual clock: the SpreadsheetApp calls and
// round trips of one pass with 5, 20 and 50 searches of one territory running (and of the pass that
// merges them all when they have ended), which must not grow with the searches: one read and one
// write of the sheet per pass (the scale run of issue 29 is territory-scale-figures.ts).
import type { FakeRuntime } from "../dev/fakes/runtime";
import { sidebar, startWorld, type World } from "../dev/world";
import { callBreakdown, counted, modelledMs, setUpRuntime, sheetCallsOf, storeCalls, type Measured } from "./import-figures";
import { int, printTable, seconds } from "./stats";

const QUERIES = ["dentists", "plumbers", "florists", "bakeries", "roofers"];
const CITIES = ["Austin", "Dallas", "Houston", "San Antonio", "Fort Worth", "El Paso", "Lubbock", "Laredo", "Corpus Christi", "Spring"];
const SIZES = [
  { searches: 5, queries: 1, places: 5 },
  { searches: 20, queries: 2, places: 10 },
  { searches: 50, queries: 5, places: 10 },
] as const;
const RESULTS = 100;
const BUILDS = [
  { label: "default", distDir: "dist" },
  { label: "full", distDir: "dist-full" },
] as const;

interface PassFigures {
  build: string;
  searches: number;
  start: Measured;
  running: Measured;
  merging: Measured;
  idle: Measured;
  rows: number;
  status: string;
}

/** How many calls of one SpreadsheetApp method a pass made ("read Range.getValues"). */
const callsOf = (m: Measured, name: string): number => m.calls.get(name) ?? 0;
const sheetCalls = (m: Measured): number => sheetCallsOf(m);

function labels(runtime: FakeRuntime, count: number): string[] {
  return CITIES.slice(0, count).map((q) => sidebar(runtime, "findLocations", { q, country: "US" })[0]?.label ?? q);
}

async function territoryPasses(
  world: World,
  root: string,
  build: (typeof BUILDS)[number],
  size: (typeof SIZES)[number],
): Promise<PassFigures> {
  const { apiKey } = await world.control.createAccount({ plan: "scale", credits: 50_000, maxActiveJobs: 60 });
  const runtime = setUpRuntime(world, root, apiKey, build.distDir);
  const args = {
    queries: QUERIES.slice(0, size.queries),
    locations: labels(runtime, size.places),
    maxResults: RESULTS,
    name: `Territory of ${size.searches}`,
  };
  let jobId = "";
  const start = counted(runtime, () => {
    jobId = sidebar(runtime, "startSearch", args).jobId;
  });
  // 5 s later every search runs (none has ended); 10 minutes later every one has completed at the service.
  world.clock.advance(5000);
  const running = counted(runtime, () => void sidebar(runtime, "refreshJobs"));
  world.clock.advance(10 * 60 * 1000);
  const merging = counted(runtime, () => void sidebar(runtime, "refreshJobs"));
  world.clock.advance(60_000);
  const idle = counted(runtime, () => void sidebar(runtime, "refreshJobs"));
  const view = sidebar(runtime, "listJobs").find((job) => job.jobId === jobId);
  return {
    build: build.label,
    searches: size.searches,
    start,
    running,
    merging,
    idle,
    rows: view?.leadCount ?? 0,
    status: `${view?.status ?? "?"}, ${view?.territory?.finished ?? 0} merged`,
  };
}

const trips = (m: Measured): string => `${int(m.roundTrips)} (${m.trips.status}+${m.trips.results}+${m.trips.other})`;
const calls = (m: Measured): string => `${int(sheetCalls(m))} (${int(m.reads)}+${int(m.writes)}+${int(m.getters)})`;
const sheetIo = (m: Measured): string => `${callsOf(m, "read Range.getValues")} / ${callsOf(m, "write Range.setValues")}`;

export async function territoryPassFigures(root: string): Promise<void> {
  const world = await startWorld(29);
  try {
    const measured: PassFigures[] = [];
    for (const build of BUILDS) for (const size of SIZES) measured.push(await territoryPasses(world, root, build, size));
    const row = (label: string, target: string, value: (f: PassFigures) => string): string[] => [label, target, ...measured.map(value)];
    printTable(
      `A territory's passes with 5, 20 and 50 of its searches running (one territory, ${RESULTS} results each, one sheet)`,
      ["figure", "target", ...measured.map((f) => `${f.build} · ${f.searches}`)],
      [
        row("pass while they run: sheet calls (r+w+g)", "the same for 5, 20, 50", (f) => calls(f.running)),
        row("  round trips (status+results+other)", "1 (one status batch)", (f) => trips(f.running)),
        row("pass that merges them all: sheet calls", "the same for 5, 20, 50", (f) => calls(f.merging)),
        row("  Range.getValues / Range.setValues", "3 / 1 for 5, 20, 50", (f) => sheetIo(f.merging)),
        row("  round trips (status+results+other)", "1 + 1 per 4,000 results", (f) => trips(f.merging)),
        row("  of its sheet calls, the job store's", "the same for 5, 20, 50", (f) => int(storeCalls(f.merging))),
        row("  modelled Apps Script time", "—", (f) => seconds(modelledMs(f.merging))),
        row("  businesses in the sheet after it", "—", (f) => `${int(f.rows)} (${f.status})`),
        row("idle pass after: sheet calls", "the same for 5, 20, 50", (f) => calls(f.idle)),
        row("the start (startSearch): sheet calls", "the same for 5, 20, 50", (f) => calls(f.start)),
        row("  round trips", "1 + 1 per search", (f) => int(f.start.roundTrips)),
      ],
      [
        "Sheet calls: every SpreadsheetApp call of the pass (reads + writes + getters such as Sheet.getRange), " +
          "the job store's developer metadata included in the full build.",
        "A merge reads the header row and the sheet's rows once (values and formulas) and writes its rows in one block; " +
          "the pass that ends the run reads them once more, to mark and count what the run did.",
        "Result pages share a round trip up to 4,000 results (50 searches of 100 results take two); " +
          "a territory's searches that ended are merged together once every round trip is done, at most 8,000 of their results a pass " +
          "(the rest wait for the next).",
        "The start creates its searches one request at a time (each with its own idempotency key), " +
          "as many as the account's job slots allow (60 here).",
        `The merging pass of 50 searches, default build, by method: ${callBreakdown(measured[2]?.merging.calls ?? new Map())}.`,
      ],
    );
  } finally {
    await world.close();
  }
}
