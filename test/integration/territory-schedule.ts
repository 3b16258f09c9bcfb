// This file defines seeded fault schedules for the territory fault tests (territory-faults.ts): per
// schedule a territory (its queries, neighbouring places, size, enrichment), the account's job slots
// (few: the service's active-jobs limit answers 429), how its start goes (a lost creation, a kill at
// a spreadsheet or fetch call), the notes its user types, whether a daily refresh falls due, and
// per run the passes that bring it in, each with the faults the service injects (on creations: lost
// answers, a 429 for the rate, 503s; on statuses and pages: 429s, 503s, lost and truncated
// answers), where the execution is killed, whether a second pass overlaps it, whether the hourly
// trigger runs it and whether the user sorts the sheet first. Same seed, same schedule.
import type { FaultRule } from "../../dev/simulator";
import type { KillPlan } from "../../dev/fakes/runtime";
import { readFaults } from "./refresh-schedule";
import { seededRandom, type PassPlan } from "./schedule";

const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

const CREATE_PATH = "/api/v1/searches";
/**
 * The rate's 429 says to wait this long: the service's active-jobs 429
 * says another (dev/simulator/create.ts), so the tally tells them apart.
 */
export const RATE_RETRY_AFTER = "7";

/** The headers a user may sort the sheet by ("Sort sheet" from the Data menu). */
export const SORT_HEADERS = ["Name", "Rating", "Maps URL", "Found by", "My notes"] as const;

export interface TerritoryPassPlan extends Pick<PassPlan, "faults" | "kill" | "overlap" | "advanceMs"> {
  /** The hourly trigger runs this pass (the clock moves an hour), else the sidebar's refreshJobs. */
  viaTrigger: boolean;
  /** The user sorts the sheet before this pass. */
  sort: { header: (typeof SORT_HEADERS)[number]; ascending: boolean } | null;
}

export interface TerritorySchedule {
  seed: number;
  queries: string[];
  /** Which neighbouring places: `count` consecutive places of the ring from `first`. */
  places: { first: number; count: number };
  maxResults: number;
  enrich: boolean;
  /** The account's active-jobs limit: below the territory's searches, the later ones wait for a slot. */
  maxActiveJobs: number;
  /** The start: its first creation's answer lost; the first try killed at a call (the user then starts it again). */
  start: { loseCreation: boolean; kill: KillPlan | null };
  /** Where the user's notes go, as fractions of the rows the sheet has when they type. */
  notedRows: number[];
  /** The user also inserts a column of their own among the add-on's (column C), with notes in it. */
  insertedColumn: boolean;
  /** Per run (the first, then a daily refresh that falls due when there are two), its passes. */
  runs: TerritoryPassPlan[][];
}

/** Faults on creations, in a pass that may create searches: a lost answer, the rate's 429, 503s. */
function creationFaults(random: () => number, int: (low: number, high: number) => number): FaultRule[] {
  const faults: FaultRule[] = [];
  if (random() < 0.3) faults.push({ method: "POST", path: CREATE_PATH, lose: true, times: 1 });
  const answer = random();
  if (answer < 0.3) faults.push({ method: "POST", path: CREATE_PATH, status: 429, headers: { "retry-after": RATE_RETRY_AFTER }, times: 1 });
  // Up to 6 answers: more than the client's attempts, so a later pass creates the search, with the same key.
  else if (answer < 0.65) faults.push({ method: "POST", path: CREATE_PATH, status: 503, times: int(1, 6) });
  return faults;
}

/** A kill somewhere in a pass: at one of its SpreadsheetApp calls (about `passCalls` in a merging pass), or at one of its fetches. */
function passKill(random: () => number, int: (low: number, high: number) => number, passCalls: number): KillPlan {
  return random() < 0.6
    ? { spreadsheetCall: int(1, passCalls) }
    : { fetchCall: int(1, 4), fetchPhase: random() < 0.5 ? "before" : "after" };
}

/**
 * `calls`: about how many SpreadsheetApp calls a start and a merging pass make in this build, so
 * that a kill can land on any of them.
 */
export function makeTerritorySchedule(seed: number, now: () => number, calls: { start: number; pass: number }): TerritorySchedule {
  const random = seededRandom(seed * 104_729 + 29);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const queries = random() < 0.35 ? [`dentists ${seed}`, `orthodontists ${seed}`] : [`dentists ${seed}`];
  const places = { first: int(0, 39), count: queries.length === 2 ? 2 : int(2, 3) };
  const maxResults = pick([100, 150, 200]);
  const enrich = random() < 0.25;
  const maxActiveJobs = pick([1, 2, 2, 3, 25]);
  const loseCreation = random() < 0.3;
  const startKill =
    random() < 0.3
      ? random() < 0.5
        ? { spreadsheetCall: int(1, calls.start) }
        : { fetchCall: int(1, 3), fetchPhase: pick(["before", "after"] as const) }
      : null;
  const notedRows = Array.from({ length: int(2, 5) }, () => random());
  const insertedColumn = random() < 0.4;
  const runs: TerritoryPassPlan[][] = [];
  const runCount = random() < 0.4 ? 2 : 1;
  for (let run = 0; run < runCount; run += 1) {
    const passes: TerritoryPassPlan[] = [];
    for (let pass = 0; pass < 60; pass += 1) {
      const viaTrigger = random() < 0.2;
      const faults = [...(random() < 0.4 ? creationFaults(random, int) : []), ...readFaults(random, int, now, 0.4)];
      const kill = random() < 0.3 ? passKill(random, int, calls.pass) : null;
      const sort = random() < 0.1 ? { header: pick(SORT_HEADERS), ascending: random() < 0.5 } : null;
      // The trigger's passes come an hour apart; the sidebar's every few seconds while a search runs.
      const step = viaTrigger ? HOUR : int(3000, 30000);
      // A refresh's first pass comes a day after the territory ended: the run is due.
      passes.push({ faults, kill, overlap: random() < 0.12, advanceMs: run > 0 && pass === 0 ? DAY + step : step, viaTrigger, sort });
    }
    runs.push(passes);
  }
  return {
    seed,
    queries,
    places,
    maxResults,
    enrich,
    maxActiveJobs,
    start: { loseCreation, kill: startKill },
    notedRows,
    insertedColumn,
    runs,
  };
}
