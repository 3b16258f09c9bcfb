// The scale of issue 29 on the BUILT bundles (both builds in test:all, the full-scope one in npm test): one
// query in 40 neighbouring places of the simulator's Dallas–Fort Worth area × 700 results (28,000 results, about half of them found by
// two searches; `npm run test:all`; 8 places × 200 in `npm test`, the same logic: more searches than
// the account's 10 job slots, so most wait for a slot) started by one click and then finished by
// the hourly trigger alone, nobody opening the sidebar. No execution runs past Apps Script's 6
// minutes (the fakes' virtual time, each round trip a slow one, plus a modelled cost per
// SpreadsheetApp call); the property stores stay under 100 KB and the full build's developer
// metadata under Google's 30,000 characters; each search is created and charged once; the sheet
// holds each business once, its `Found by` exactly the searches that returned it.
import * as path from "node:path";
import { METROS } from "../../dev/simulator";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { readSheet, serviceAccount, sidebar, sheetOf } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { bySize, onBuilds } from "../tier";
import { mismatches } from "./mismatches";
import { watchStoreSizes } from "./store-sizes";
import { serviceFinds, sheetChecks } from "./territory-expect";

const SIZE = bySize({ places: 8, results: 200 }, { places: 40, results: 700 });
const FULL = { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") };
const BUILDS = [{ build: "default", distDir: path.resolve(__dirname, "../../dist") }, FULL];
const HOUR = 60 * 60 * 1000;
const QUERY = "dentists";
const CREDITS = 50_000;
/** Searches the account may run at once (the simulator's default, 10; 3 in the smaller run): most searches wait for a slot. */
const JOB_SLOTS = bySize(3, 10);
/** Every round trip a slow one (virtual time the fakes add to the execution). */
const ROUND_TRIP_MS = 2000;
/** What a SpreadsheetApp call is modelled to take, as the bench does (bench/import-figures.ts). */
const SPREADSHEET_CALL_MS = 50;
const EXECUTION_LIMIT_MS = 6 * 60 * 1000;

const world = useWorld(29);
const RING = (METROS.find((metro) => metro.name === "Dallas–Fort Worth")?.places ?? []).map((place) => place.label);

/** Every SpreadsheetApp call the runtime's executions made so far. */
function spreadsheetCalls(runtime: FakeRuntime): number {
  const c = runtime.counters.snapshot();
  return c.spreadsheetCalls;
}

/** The hourly trigger's runs (none may fail), until it removes itself; each run's modelled time. */
function hourlyPasses(runtime: FakeRuntime, each: () => void, maxHours = 24): { hours: number; executionsMs: number[] } {
  const executionsMs: number[] = [];
  let hours = 0;
  while (runtime.triggers.length > 0 && hours < maxHours) {
    world.clock.advance(HOUR);
    hours += 1;
    const before = { at: world.clock.now(), calls: spreadsheetCalls(runtime) };
    const runs = runtime.fireDueTriggers();
    for (const run of runs) expect([run.killed, run.errorMessage ?? null]).toEqual([false, null]);
    expect(runs.length).toBeLessThanOrEqual(1);
    executionsMs.push(world.clock.now() - before.at + (spreadsheetCalls(runtime) - before.calls) * SPREADSHEET_CALL_MS);
    each();
  }
  expect(runtime.triggers).toHaveLength(0);
  return { hours, executionsMs };
}

// npm test runs it on the full-scope build, whose developer metadata has the tighter limit; test:all on both.
onBuilds(BUILDS, FULL)(`one query in ${SIZE.places} neighbouring places × ${SIZE.results} results, $build build`, ({ distDir }) => {
  it(
    "is finished by the hourly trigger alone: no execution past 6 minutes, the stores small, each search charged once, " +
      "each business once with Found by exact",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, {
        plan: "scale",
        credits: CREDITS,
        maxActiveJobs: JOB_SLOTS,
        runtime: { distDir, fetchLatencyMs: ROUND_TRIP_MS },
      });
      const places = RING.slice(0, SIZE.places);
      expect(places).toHaveLength(SIZE.places);
      // The click: it creates as many searches as the job slots allow, within an execution's time too.
      const clickedAt = world.clock.now();
      const callsBefore = spreadsheetCalls(runtime);
      const started = sidebar(runtime, "startSearch", { queries: [QUERY], locations: places, maxResults: SIZE.results });
      expect(world.clock.now() - clickedAt + (spreadsheetCalls(runtime) - callsBefore) * SPREADSHEET_CALL_MS).toBeLessThan(
        EXECUTION_LIMIT_MS,
      );
      expect(started.territory).toMatchObject({ searches: SIZE.places, started: JOB_SLOTS, waiting: SIZE.places - JOB_SLOTS });

      const stores = watchStoreSizes(runtime);
      const { hours, executionsMs } = hourlyPasses(runtime, stores.measure);
      stores.stop();
      expect(hours).toBeLessThanOrEqual(24);
      expect(Math.max(...executionsMs)).toBeLessThan(EXECUTION_LIMIT_MS);
      expect(stores.peak().bytes).toBeLessThan(100 * 1024);
      expect(stores.peak().metadataChars).toBeLessThan(30_000);

      // Each search created once and charged once.
      const labels = places.map((place) => `${QUERY} · ${place}`);
      const finds = await serviceFinds(world, apiKey, labels, 0);
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(CREDITS - SIZE.places * SIZE.results);

      // Each business once, Found by exact; the line says the same.
      const rows = readSheet(runtime, sheetOf(started)).rows.filter((row) => row["Business ID"] !== "");
      expect(mismatches(sheetChecks(rows, finds, 0))).toEqual([]);
      const foundByMore = [...finds.values()].filter((found) => found.labels.length > 1).length;
      expect(foundByMore).toBeGreaterThan(rows.length / 5);
      const view = sidebar(runtime, "listJobs").find((job) => job.jobId === started.jobId);
      expect(view).toMatchObject({ status: "completed", leadCount: rows.length, foundByMore, creditsCharged: SIZE.places * SIZE.results });
      expect(view?.territory).toEqual({
        searches: SIZE.places,
        started: SIZE.places,
        waiting: 0,
        running: 0,
        finished: SIZE.places,
        failed: 0,
        stopped: false,
      });
    },
  );
});
