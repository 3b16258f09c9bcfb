// This file defines a refresh's outcome, stored once: on the job (JobRecordBase.lastRun, what the
// latest merged run did), from which the schedule's view takes its figures.
import type { RunFigures, RunOutcome, ScheduleBase } from "./refresh-schedule";

/** The job's own first run (the search itself, a territory's run 0): the schedule's last run until a re-run. */
interface FirstRun {
  startedAt: string;
  added: number | null;
  businesses: number | null;
  credits: number | null;
  /** Done and written: its figures are known. */
  settled: boolean;
}

/** The run under way, if any: what it reserved so far. */
interface RunUnderWay {
  running: boolean;
  credits: number | null;
}

const UNKNOWN = { lastRunAdded: null, lastRunUpdated: null, lastRunNotFound: null, lastRunBusinesses: null };

/**
 * What the schedule's view says its last run did: nothing yet while it runs (but what it reserved);
 * the job's `lastRun` when it is that run; the job's own first run until a re-run; otherwise the
 * last run merged nothing (it failed at the service) and its charge is the service's refund rule.
 */
export function lastRunFigures(
  schedule: ScheduleBase,
  lastRun: RunOutcome | undefined,
  underWay: RunUnderWay,
  first: FirstRun,
): RunFigures {
  if (underWay.running) return { ...UNKNOWN, lastRunCredits: underWay.credits };
  if (lastRun && lastRun.at === schedule.lastRunAt) {
    return {
      lastRunAdded: lastRun.added,
      lastRunUpdated: lastRun.updated,
      lastRunNotFound: lastRun.notFound,
      lastRunBusinesses: lastRun.businesses,
      lastRunCredits: lastRun.credits,
    };
  }
  if (schedule.lastRunAt === first.startedAt) {
    const known = first.settled
      ? { lastRunAdded: first.added, lastRunUpdated: 0, lastRunNotFound: 0, lastRunBusinesses: first.businesses }
      : UNKNOWN;
    return { ...known, lastRunCredits: first.credits };
  }
  return { lastRunAdded: 0, lastRunUpdated: 0, lastRunNotFound: 0, lastRunBusinesses: 0, lastRunCredits: null };
}
