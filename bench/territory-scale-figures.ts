// This file counts what the scale run of issue 29 costs: one query in 40 neighbouring places of the
// simulator's Dallas–Fort Worth area × 700 results (28,000 results, about half found by two
// searches), started by one click and finished by the hourly trigger alone, on the BUILT bundles in
// the Apps Script fakes against the simulator (10 searches at once), on a virtual clock. It prints
// the passes, the longest execution, the peak size of the stores, and the UrlFetch and Properties
// calls and trigger minutes against Google's daily consumer quotas.
import { METROS } from "../dev/simulator";
import { newRuntime, readSheet, sidebar, startWorld, type World } from "../dev/world";
import { FETCH_ROUND_TRIP_MS, SPREADSHEET_CALL_MS } from "./import-figures";
import { storeSizes, type StoreSizes } from "./large-run-figures";
import { fireDueTriggersTimed } from "./quota-figures";
import { int, kb, ms, pct, printTable, seconds } from "./stats";
import { fetchLocal } from "../dev/local-fetch";
import { CELL_LIMIT } from "../src/rules/platform-limits";
import { gridCells } from "./grid-cells";

const PLACES = 40;
const RESULTS = 700;
const JOB_SLOTS = 10;
const QUERY = "dentists";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Google's daily quotas for a consumer account. */
const QUOTA = { properties: 50_000, urlfetch: 20_000, triggerMinutes: 90 };
const EXECUTION_LIMIT_MS = 6 * 60 * 1000;

interface ScaleFigures {
  waitingAfterStart: number;
  passes: number;
  hours: number;
  longestPassMs: number;
  longestPassWallMs: number;
  peak: StoreSizes & { all: number };
  fetches: number;
  properties: number;
  triggerMinutes: number;
  sheetCallsMostInAPass: number;
  searches: number;
  creditsCharged: number;
  rows: number;
  /** Its sheet's grid, as Google's 10,000,000-cell limit counts it (rows × columns, filled or not). */
  sheetCells: number;
  foundByMore: number;
  flushes: number;
}

async function scaleRun(world: World, distDir: string): Promise<ScaleFigures> {
  const { apiKey } = await world.control.createAccount({ plan: "scale", credits: 50_000, maxActiveJobs: JOB_SLOTS });
  const runtime = newRuntime(world, { distDir, fetchLatencyMs: FETCH_ROUND_TRIP_MS });
  sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url });
  const places = (METROS.find((metro) => metro.name === "Dallas–Fort Worth")?.places ?? []).slice(0, PLACES).map((place) => place.label);
  runtime.counters.reset();
  const peak = { document: 0, largestDocumentValue: 0, user: 0, metadata: 0, all: 0 };
  const measure = (): void => {
    const now = storeSizes(runtime);
    const all = now.document + now.user + now.metadata;
    for (const [key, value] of Object.entries({ ...now, all }) as Array<[keyof typeof peak, number]>)
      peak[key] = Math.max(peak[key], value);
  };
  const unsubscribe = runtime.onBeforeFetch(measure);
  const started = sidebar(runtime, "startSearch", { queries: [QUERY], locations: places, maxResults: RESULTS });
  measure();
  let passes = 0;
  let hours = 0;
  let triggerMs = 0;
  let longestPassMs = 0;
  let longestPassWallMs = 0;
  let sheetCallsMostInAPass = 0;
  while (runtime.triggers.length > 0 && hours < 48) {
    world.clock.advance(HOUR);
    hours += 1;
    const before = runtime.counters.snapshot();
    const wall = performance.now();
    const fired = fireDueTriggersTimed(runtime);
    longestPassWallMs = Math.max(longestPassWallMs, performance.now() - wall);
    const after = runtime.counters.snapshot();
    sheetCallsMostInAPass = Math.max(sheetCallsMostInAPass, after.spreadsheetCalls - before.spreadsheetCalls);
    passes += fired.runs;
    triggerMs += fired.ms;
    longestPassMs = Math.max(longestPassMs, fired.ms);
    measure();
  }
  unsubscribe();
  const c = runtime.counters.snapshot();
  const view = sidebar(runtime, "listJobs").find((job) => job.jobId === started.jobId);
  const listed = await fetchLocal(`${world.url}/api/v1/searches?page_size=1`, { headers: { "x-api-key": apiKey } });
  return {
    waitingAfterStart: started.territory?.waiting ?? 0,
    passes,
    hours,
    longestPassMs,
    longestPassWallMs,
    peak,
    fetches: c.fetchRequests,
    properties: c.propertiesCalls,
    triggerMinutes: triggerMs / 60_000,
    sheetCallsMostInAPass,
    searches: ((await listed.json()) as { total: number }).total,
    creditsCharged: view?.creditsCharged ?? 0,
    rows: readSheet(runtime, started.sheetName ?? "").rows.length,
    sheetCells: gridCells(runtime, started.sheetName ?? ""),
    foundByMore: view?.foundByMore ?? 0,
    flushes: c.spreadsheetFlushes,
  };
}

export async function territoryScaleFigures(root: string): Promise<void> {
  const world = await startWorld(29);
  try {
    const byBuild = [await scaleRun(world, `${root}/dist`), await scaleRun(world, `${root}/dist-full`)];
    const days = (f: ScaleFigures): number => Math.max(1, Math.ceil((f.hours * HOUR) / DAY));
    const daily = (used: number, quota: number, f: ScaleFigures): string => `${int(used)} (${pct(used / days(f), quota)} a day)`;
    const row = (label: string, target: string, value: (f: ScaleFigures) => string): string[] => [label, target, ...byBuild.map(value)];
    printTable(
      `A territory at scale: one query in ${PLACES} neighbouring places × ${RESULTS} results (${int(PLACES * RESULTS)} results), ` +
        `one click, then the hourly trigger only (${JOB_SLOTS} searches at a time)`,
      ["figure", "target", "default build", "full build"],
      [
        row("searches created (service)", `${PLACES}, once each`, (f) => int(f.searches)),
        row("credits charged", int(PLACES * RESULTS), (f) => int(f.creditsCharged)),
        row("searches waiting after the click", "—", (f) => int(f.waitingAfterStart)),
        row("businesses in the sheet (found by two searches)", "one row each", (f) => `${int(f.rows)} (${int(f.foundByMore)})`),
        row("hourly passes until the trigger removed itself", "≤ 24 (a day)", (f) => int(f.passes)),
        row("longest pass (modelled Apps Script time)", `< ${seconds(EXECUTION_LIMIT_MS)}`, (f) => seconds(f.longestPassMs)),
        row("  its wall time in node (the merge's own work)", "—", (f) => ms(f.longestPassWallMs)),
        row("most SpreadsheetApp calls in a pass", "—", (f) => int(f.sheetCallsMostInAPass)),
        row("  SpreadsheetApp.flush calls, whole run (counted among them)", "one per lock given up after writes", (f) => int(f.flushes)),
        row(
          `cells of its sheet, of Google's ${int(CELL_LIMIT)} a spreadsheet`,
          "its rows × columns only",
          (f) => `${int(f.sheetCells)} (${pct(f.sheetCells, CELL_LIMIT)})`,
        ),
        row("peak bytes, document store", "—", (f) => kb(f.peak.document)),
        row("  its largest value", "< 9 KB", (f) => kb(f.peak.largestDocumentValue)),
        row("peak bytes, user store", "—", (f) => kb(f.peak.user)),
        row("peak characters, developer metadata", "< 30,000", (f) => (f.peak.metadata === 0 ? "—" : int(f.peak.metadata))),
        row("peak, all stores together", "< 100 KB", (f) => kb(f.peak.all)),
        row("UrlFetch calls, whole run", `< 5 % of ${int(QUOTA.urlfetch)} a day`, (f) => daily(f.fetches, QUOTA.urlfetch, f)),
        row("Properties reads/writes, whole run", `< 5 % of ${int(QUOTA.properties)} a day`, (f) =>
          daily(f.properties, QUOTA.properties, f),
        ),
        row(
          "trigger minutes, whole run (modelled)",
          `< 5 % of ${QUOTA.triggerMinutes} min a day`,
          (f) => `${f.triggerMinutes.toFixed(1)} (${pct(f.triggerMinutes / days(f), QUOTA.triggerMinutes)} a day)`,
        ),
      ],
      [
        `Modelled time: the fakes' virtual time (${FETCH_ROUND_TRIP_MS} ms per UrlFetch round trip, plus sleeps) ` +
          `plus ${SPREADSHEET_CALL_MS} ms per SpreadsheetApp call; a day's share: the run's totals over the days it took (one here).`,
        "The click (startSearch) is counted in the UrlFetch and Properties totals; its calls are not trigger minutes.",
      ],
    );
  } finally {
    await world.close();
  }
}
