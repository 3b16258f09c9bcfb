// This file defines where a territory stands from its searches' states: how many wait, run, have
// finished or failed (JobView.territory), its status as one job's (running until every search has
// ended), and what its searches of the current run reserved.
import type { PairState, TerritoryRecord } from "../jobs/job-record";
import type { KnownJobStatus } from "../rules/job-status";

/** Counts of a territory's searches by where they stand (JobView.territory's). */
export interface PairCounts {
  searches: number;
  started: number;
  waiting: number;
  running: number;
  finished: number;
  failed: number;
}

export function pairCounts(record: Pick<TerritoryRecord, "pairs">): PairCounts {
  const count = (state: PairState) => record.pairs.filter(([, s]) => s === state).length;
  const running = count("r");
  const finished = count("d");
  const failed = count("f");
  return { searches: record.pairs.length, started: running + finished + failed, waiting: count("w"), running, finished, failed };
}

/** The credits the territory's searches of its current run reserved. */
export const pairsCredits = (record: Pick<TerritoryRecord, "pairs">): number =>
  record.pairs.reduce((sum, [, , reserved]) => sum + (reserved ?? 0), 0);

/** The territory's status: running until every search has ended, then completed (failed when every one failed). */
export function territoryStatus(record: Pick<TerritoryRecord, "pairs">): Extract<KnownJobStatus, "running" | "failed" | "completed"> {
  const counts = pairCounts(record);
  if (counts.waiting + counts.running > 0) return "running";
  return counts.failed > 0 && counts.failed === counts.searches ? "failed" : "completed";
}
