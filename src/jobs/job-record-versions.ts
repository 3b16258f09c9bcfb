// This file defines how a job record is stored across versions: its stored shape (job-record.ts) with
// the list of version steps from each earlier version to the next, run once on read (stored-json.ts).
// A step is a small pure function of the record; a new version appends its step here.
import type { StoredShape, VersionStep } from "../storage/stored-json";
import { JOB_RECORD_SHAPE, searchOf, territoryOf, type JobRecord } from "./job-record";
import type { RunOutcome, ScheduleBase } from "./refresh-schedule";

/** A run merged before runs kept their outcome: what its schedule says of it; none before any re-run. */
export function outcomeOfSchedule(schedule: ScheduleBase | undefined, createdAt: string): RunOutcome | null {
  if (!schedule || schedule.lastRunAt === createdAt) return null;
  const { lastRunAt: at, lastRunAdded: added, lastRunUpdated: updated, lastRunNotFound: notFound, lastRunBusinesses: businesses, lastRunCredits: credits } = schedule;
  return added === null || updated === null || notFound === null || businesses === null ? null : { at, added, updated, notFound, businesses, credits, keptEarlier: 0 };
}

/** Version 2: a record keeps its latest run's outcome (version 1 had it only in its schedule's lastRun* fields). */
const outcomeKept: VersionStep<JobRecord> = {
  to: 2,
  upgrade(record) {
    if (record.lastRun !== undefined) return record;
    const lastRun = outcomeOfSchedule(searchOf(record)?.refresh ?? territoryOf(record)?.refresh, record.createdAt);
    return lastRun === null ? record : { ...record, lastRun };
  },
};

/** The steps, in order of version. */
export const JOB_RECORD_STEPS: ReadonlyArray<VersionStep<JobRecord>> = [outcomeKept];

/** A job record as stored: with its version, upgraded by every step after it on read. */
export const JOB_RECORD_VERSIONS: StoredShape<JobRecord> = { ...JOB_RECORD_SHAPE, versioned: true, steps: JOB_RECORD_STEPS };
