// This file measures a working day against Google's daily quotas for a consumer account
// (https://developers.google.com/apps-script/guides/services/quotas: 50,000 Properties reads and
// writes, 20,000 UrlFetch calls, 90 minutes of trigger runtime, per user per day): ten saved
// searches with a daily refresh, the sidebar open from 9 to 5 and polling as it does (once a minute
// while a refresh may run, every 7 s while a job changes), one 700-result search at 10:00, and the
// hourly trigger all day; on the built bundles in the fakes, with the simulator. Also what one
// idle sidebar poll costs in each build.
import * as path from "node:path";
import type { FakeRuntime } from "../dev/fakes/runtime";
import { newRuntime, sidebar, startWorld, type World } from "../dev/world";
import type { JobView } from "../src/ui/job-view";
import { FETCH_ROUND_TRIP_MS, SPREADSHEET_CALL_MS, waitUntilCompleted } from "./import-figures";
import { CELL_LIMIT } from "../src/rules/platform-limits";
import { gridCells } from "./grid-cells";
import { int, pct, printTable } from "./stats";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LOCATION = "Austin, Texas, US";
const SAVED_SEARCHES = 10;
/** Google's consumer quotas, per user per day. */
const QUOTA = { properties: 50_000, urlfetch: 20_000, triggerMinutes: 90 };
const TARGET_SHARE = 0.05;
/** src/sidebar/poller.ts: every 7 s while a job changes, once a minute while a refresh may run. */
const ACTIVE_POLL_MS = 7000;
const SCHEDULED_POLL_MS = MINUTE;

const BUILDS = [
  ["default", "dist"],
  ["full", "dist-full"],
] as const;

interface Cost {
  properties: number;
  fetches: number;
}

function cost(runtime: FakeRuntime, work: () => void): Cost {
  const before = runtime.counters.snapshot();
  work();
  const after = runtime.counters.snapshot();
  return { properties: after.propertiesCalls - before.propertiesCalls, fetches: after.fetchRequests - before.fetchRequests };
}

/**
 * Fires the due triggers (none may fail) and says how many ran and their modelled trigger time:
 * virtual time (round trips, sleeps) plus the bench's model of a SpreadsheetApp call.
 */
export function fireDueTriggersTimed(runtime: FakeRuntime): { runs: number; ms: number } {
  const before = runtime.counters.snapshot();
  const runs = runtime.fireDueTriggers();
  const after = runtime.counters.snapshot();
  for (const run of runs) if (run.errorMessage !== undefined) throw new Error(`a trigger run failed: ${run.errorMessage}`);
  const spreadsheetCalls = after.spreadsheetCalls - before.spreadsheetCalls;
  return { runs: runs.length, ms: after.triggerRuntimeMs - before.triggerRuntimeMs + spreadsheetCalls * SPREADSHEET_CALL_MS };
}

async function savedSearches(world: World, distDir: string): Promise<{ runtime: FakeRuntime; apiKey: string }> {
  const { apiKey } = await world.control.createAccount({ plan: "scale", credits: 100_000, maxActiveJobs: 25 });
  const runtime = newRuntime(world, { distDir, fetchLatencyMs: FETCH_ROUND_TRIP_MS });
  sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url });
  const started: JobView[] = [];
  for (let i = 1; i <= SAVED_SEARCHES; i += 1) {
    started.push(sidebar(runtime, "startSearch", { query: `saved search ${i}`, location: LOCATION, maxResults: 100 }));
  }
  for (const job of started) await waitUntilCompleted(world, apiKey, job.jobId);
  sidebar(runtime, "refreshJobs");
  for (const job of started) sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
  return { runtime, apiKey };
}

/** One idle poll (refreshJobs, then getAccount) among finished searches with a daily refresh. */
async function idlePoll(world: World, distDir: string): Promise<Cost> {
  const { runtime } = await savedSearches(world, distDir);
  world.clock.advance(MINUTE);
  sidebar(runtime, "refreshJobs");
  world.clock.advance(MINUTE);
  return cost(runtime, () => {
    sidebar(runtime, "refreshJobs");
    sidebar(runtime, "getAccount");
  });
}

interface Day extends Cost {
  triggerMs: number;
  triggerRuns: number;
  polls: number;
  bigRows: number;
  /** The 700-result search's sheet, as Google's cell limit counts it. */
  bigCells: number;
  spreadsheetCalls: number;
  flushes: number;
}

const isActive = (job: JobView): boolean => job.status !== "completed" && job.status !== "failed";

async function oneDay(world: World, distDir: string): Promise<Day> {
  const { runtime } = await savedSearches(world, distDir);
  // The searches were saved at 07:00 yesterday: their refreshes fall due at 07:00 today.
  const dayStart = world.clock.now() + 17 * HOUR;
  world.clock.advance(dayStart - world.clock.now());
  const before = runtime.counters.snapshot();
  let triggerMs = 0;
  let triggerRuns = 0;
  let polls = 0;
  let bigJobId: string | null = null;
  let lastJobs = "";
  let need: "active" | "scheduled" = "scheduled";

  const fireTriggers = (): void => {
    const fired = fireDueTriggersTimed(runtime);
    triggerRuns += fired.runs;
    triggerMs += fired.ms;
  };

  while (world.clock.now() < dayStart + DAY) {
    const hour = Math.floor((world.clock.now() - dayStart) / HOUR);
    const open = hour >= 9 && hour < 17;
    if (open && polls === 0) {
      // The sidebar opens: its settings, the account and the jobs.
      sidebar(runtime, "getSettings");
      sidebar(runtime, "getAccount");
      lastJobs = JSON.stringify(sidebar(runtime, "listJobs"));
    }
    if (open && hour >= 10 && bigJobId === null) {
      bigJobId = sidebar(runtime, "startSearch", { query: "coffee", location: LOCATION, maxResults: 700 }).jobId;
      need = "active";
    }
    let next: number;
    if (open) next = world.clock.now() + (need === "active" ? ACTIVE_POLL_MS : SCHEDULED_POLL_MS);
    else {
      const due = runtime.triggers.map((t) => t.nextAt ?? Infinity);
      const opens = hour < 9 ? dayStart + 9 * HOUR : dayStart + DAY;
      next = Math.min(opens, dayStart + DAY, ...due);
      if (next <= world.clock.now()) next = world.clock.now() + MINUTE;
    }
    world.clock.advance(next - world.clock.now());
    fireTriggers();
    const nowHour = Math.floor((world.clock.now() - dayStart) / HOUR);
    if (open && nowHour < 17) {
      const jobs = sidebar(runtime, "refreshJobs");
      polls += 1;
      const text = JSON.stringify(jobs);
      // As the sidebar does: the account line is read again when a job moved.
      if (text !== lastJobs) sidebar(runtime, "getAccount");
      lastJobs = text;
      need = jobs.some(isActive) ? "active" : "scheduled";
    }
  }
  const after = runtime.counters.snapshot();
  const big = sidebar(runtime, "listJobs").find((j) => j.jobId === bigJobId);
  return {
    properties: after.propertiesCalls - before.propertiesCalls,
    fetches: after.fetchRequests - before.fetchRequests,
    triggerMs,
    triggerRuns,
    polls,
    bigRows: big?.rowsWritten ?? 0,
    bigCells: big?.sheetName ? gridCells(runtime, big.sheetName) : 0,
    spreadsheetCalls: after.spreadsheetCalls - before.spreadsheetCalls,
    flushes: after.spreadsheetFlushes - before.spreadsheetFlushes,
  };
}

const share = (used: number, quota: number): string => `${((100 * used) / quota).toFixed(2)} %`;
const verdict = (used: number, quota: number): string => (used / quota < TARGET_SHARE ? "within" : "OVER");

export async function quotaFigures(root: string): Promise<void> {
  const world = await startWorld(21);
  try {
    const idle: Cost[] = [];
    for (const [, dir] of BUILDS) idle.push(await idlePoll(world, path.join(root, dir)));
    printTable(
      "An idle sidebar poll (refreshJobs, then getAccount; 10 finished searches with a daily refresh)",
      ["build", "Properties calls", "target", "UrlFetch calls", "target"],
      BUILDS.map(([name], i) => [name, int(idle[i]?.properties ?? 0), "≤ 3", int(idle[i]?.fetches ?? 0), "≤ 1"]),
      [
        "Before each execution read its properties once (one getProperties() per store, again after a lock): " +
          "19 Properties calls in the default build, 11 in the full one.",
      ],
    );

    const days: Day[] = [];
    for (const [, dir] of BUILDS) days.push(await oneDay(world, path.join(root, dir)));
    const rows: string[][] = [];
    BUILDS.forEach(([name], i) => {
      const d = days[i] as Day;
      const minutes = d.triggerMs / MINUTE;
      rows.push(
        [
          `${name}: Properties reads/writes`,
          int(d.properties),
          int(QUOTA.properties),
          share(d.properties, QUOTA.properties),
          `< 5 %`,
          verdict(d.properties, QUOTA.properties),
        ],
        [
          `${name}: UrlFetch calls`,
          int(d.fetches),
          int(QUOTA.urlfetch),
          share(d.fetches, QUOTA.urlfetch),
          `< 5 %`,
          verdict(d.fetches, QUOTA.urlfetch),
        ],
        [
          `${name}: SpreadsheetApp calls (no daily quota), flush among them`,
          `${int(d.spreadsheetCalls)} (${int(d.flushes)} flush)`,
          "—",
          "—",
          "—",
          "",
        ],
        [
          `${name}: the 700-result search's sheet, cells of ${int(CELL_LIMIT)}`,
          int(d.bigCells),
          "—",
          pct(d.bigCells, CELL_LIMIT),
          "its rows × columns",
          "",
        ],
        [
          `${name}: trigger minutes (${d.triggerRuns} runs)`,
          minutes.toFixed(1),
          int(QUOTA.triggerMinutes),
          share(minutes, QUOTA.triggerMinutes),
          `< 5 %`,
          verdict(minutes, QUOTA.triggerMinutes),
        ],
      );
    });
    printTable(
      `A day against the quotas (consumer account, one document): ${SAVED_SEARCHES} searches with a daily refresh, ` +
        `the sidebar open 9 to 5 (${days[0]?.polls ?? 0} polls), a 700-result search at 10:00 (${days[0]?.bigRows ?? 0} rows ` +
        "written), the hourly trigger",
      ["figure", "used", "daily quota", "share", "target", ""],
      rows,
      [
        "Counted by the fakes on every call (Properties calls and UrlFetch requests, as Google charges them), " +
          "over the 24 hours after the day's start.",
        `Trigger minutes: the virtual time each trigger execution took (${FETCH_ROUND_TRIP_MS} ms per UrlFetch round trip, ` +
          `plus its Utilities.sleep waits) plus ${SPREADSHEET_CALL_MS} ms per SpreadsheetApp call; ` +
          "the sidebar's calls are not trigger runtime.",
      ],
    );
  } finally {
    await world.close();
  }
}
