// This file defines a refresh's outcome, stored once: on the job (JobRecordBase.lastRun, what the
// latest merged run did), from which the schedule's view takes its figures; and the upgrade step
// from records whose schedule kept a copy of those figures (lastRunAdded … lastRunCredits).
import type { RunFigures, RunOutcome, ScheduleBase, StoredSchedule } from "./refresh-schedule";

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

/** What an earlier version kept of a job for this step: its start, its `lastRun` (later versions), its schedule's copy of the figures. */
interface StoredWithSchedule {
  createdAt: string;
  lastRun?: RunOutcome | undefined;
  refresh?: StoredSchedule | undefined;
}

/**
 * The upgrade step (a stored record → today's `lastRun`): a run merged before runs kept their
 * outcome on the job is what its schedule's copy says (no row was counted as keeping an earlier
 * value then); none before any re-run, or while its figures are not known.
 */
export function upgradeLastRun<R extends StoredWithSchedule>(stored: R): R {
  const schedule = stored.refresh;
  if (stored.lastRun !== undefined || schedule === undefined || schedule.lastRunAt === stored.createdAt) return stored;
  const { lastRunAdded: added, lastRunUpdated: updated, lastRunNotFound: notFound, lastRunBusinesses: businesses } = schedule;
  if (added == null || updated == null || notFound == null || businesses == null) return stored;
  return {
    ...stored,
    lastRun: { at: schedule.lastRunAt, added, updated, notFound, businesses, credits: schedule.lastRunCredits ?? null, keptEarlier: 0 },
  };
}
