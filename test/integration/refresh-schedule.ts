// This file defines seeded fault schedules for the refresh fault tests (refresh-faults.ts): per
// schedule a saved search (its size, whether it enriches), the notes its user types, and per
// refresh run the passes that bring the run in, each with the faults the service injects (on the
// run's creation, its status and its result pages), where the execution is killed, whether a second
// pass overlaps it, whether the hourly trigger runs it and whether the user sorts the sheet first.
// Same seed, same schedule.
import type { FaultRule } from "../../dev/simulator";
import { seededRandom, type PassPlan } from "./schedule";

const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

const CREATE_PATH = "/api/v1/searches";
const STATUS_PATH = "^/api/v1/searches/[0-9a-f-]+$";
const RESULTS_PATH = "^/api/v1/searches/[0-9a-f-]+/results";

/** The headers a user may sort the sheet by ("Sort sheet" from the Data menu). */
export const SORT_HEADERS = ["Name", "Rating", "Maps URL", "My notes"] as const;

export interface RefreshPassPlan extends Pick<PassPlan, "faults" | "kill" | "overlap" | "advanceMs"> {
  /** The hourly trigger runs this pass (the clock moves an hour), else the sidebar's refreshJobs. */
  viaTrigger: boolean;
  /** The user sorts the sheet before this pass. */
  sort: { header: (typeof SORT_HEADERS)[number]; ascending: boolean } | null;
}

export interface RefreshSchedule {
  seed: number;
  maxResults: number;
  enrich: boolean;
  /** Where the user's notes go, as fractions of the first sheet's rows. */
  notedRows: number[];
  /** The user also inserts a column of their own among the add-on's (column C). */
  insertedColumn: boolean;
  /** Per refresh run, its passes; the first comes a day after the previous run, when the run is due. */
  runs: RefreshPassPlan[][];
}

/** Faults on the run's creation: the service answers POST /searches so in the pass that is due. */
function creationFaults(random: () => number, int: (low: number, high: number) => number): FaultRule[] {
  const faults: FaultRule[] = [];
  if (random() < 0.4) faults.push({ method: "POST", path: CREATE_PATH, lose: true, times: 1 });
  const answer = random();
  if (answer < 0.3)
    faults.push({ method: "POST", path: CREATE_PATH, status: 429, headers: { "retry-after": String(int(1, 5)) }, times: int(1, 2) });
  // Up to 6 answers: more than the client's attempts, so the next pass creates the run, with the same key.
  else if (answer < 0.6) faults.push({ method: "POST", path: CREATE_PATH, status: 503, times: int(1, 6) });
  return faults;
}

/**
 * Faults on reading the run: its status (and the search's own, read before a creation) and its
 * pages, in a share `chance` of the passes (territory-schedule.ts draws them too).
 */
export function readFaults(
  random: () => number,
  int: (low: number, high: number) => number,
  now: () => number,
  chance = 0.45,
): FaultRule[] {
  if (random() >= chance) return [];
  const kind = Math.floor(random() * 6);
  if (kind === 0)
    return [{ method: "GET", pathRegex: STATUS_PATH, status: 429, headers: { "retry-after": String(int(1, 4)) }, times: int(1, 2) }];
  if (kind === 1)
    return [
      { method: "GET", pathRegex: RESULTS_PATH, status: 429, headers: { "retry-after": new Date(now() + 3000).toUTCString() }, times: 1 },
    ];
  if (kind === 2) return [{ method: "GET", path: "/api/v1/searches/", status: 503, times: int(1, 4) }];
  // More failures than the client's attempts: this pass cannot read the pages, the next one merges.
  if (kind === 3) return [{ method: "GET", pathRegex: RESULTS_PATH, status: 503, times: 6 }];
  if (kind === 4) return [{ method: "GET", path: "/api/v1/searches/", lose: true, times: int(1, 2) }];
  return [{ method: "GET", pathRegex: RESULTS_PATH, truncate: true, times: 1 }];
}

/**
 * `mergeCalls`: about how many SpreadsheetApp calls the pass that merges a run makes in this build,
 * so that a kill can land on any of them.
 */
export function makeRefreshSchedule(seed: number, now: () => number, mergeCalls: number): RefreshSchedule {
  const random = seededRandom(seed * 7919 + 17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const maxResults = pick([100, 150, 200, 300]);
  const enrich = random() < 0.3;
  const notedRows = Array.from({ length: int(2, 5) }, () => random());
  const insertedColumn = random() < 0.4;
  const runs: RefreshPassPlan[][] = [];
  const runCount = int(2, 3);
  for (let run = 0; run < runCount; run += 1) {
    const passes: RefreshPassPlan[] = [];
    for (let pass = 0; pass < 30; pass += 1) {
      const viaTrigger = random() < 0.25;
      const faults = [...(pass === 0 || random() < 0.15 ? creationFaults(random, int) : []), ...readFaults(random, int, now)];
      let kill: PassPlan["kill"] = null;
      if (random() < 0.4)
        kill =
          random() < 0.65
            ? { spreadsheetCall: int(1, mergeCalls) }
            : { fetchCall: int(1, 3), fetchPhase: pick(["before", "after"] as const) };
      const sort = random() < 0.12 ? { header: pick(SORT_HEADERS), ascending: random() < 0.5 } : null;
      // The trigger's passes come an hour apart; the sidebar's every few seconds while a job runs.
      const step = viaTrigger ? HOUR : int(3000, 30000);
      passes.push({ faults, kill, overlap: random() < 0.15, advanceMs: pass === 0 ? DAY + step : step, viaTrigger, sort });
    }
    runs.push(passes);
  }
  return { seed, maxResults, enrich, notedRows, insertedColumn, runs };
}
