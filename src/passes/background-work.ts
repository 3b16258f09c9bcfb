// This file counts the current key's background work in a document (src/rules/trigger-need.ts says
// what counts and when the poll trigger is needed for it): the background pass and setRefresh both
// keep or drop the trigger by it.
import { waitingWorkOf } from "../enrich/run/run-pass";
import type { JobsContext } from "../jobs/job-context";
import { isJobDone, hasSchedule } from "../jobs/job-record";
import { canTry } from "../jobs/ownership";
import type { BackgroundWork } from "../rules/trigger-need";

/** `rowsToSend`: the key's waiting enrichment work when the caller has just counted it (a pass's sender). */
export function backgroundWork(ctx: JobsContext, rowsToSend: number = waitingWorkOf(ctx)): BackgroundWork {
  const tryable = ctx.store.all().filter((record) => canTry(record, ctx.keyDigest));
  return {
    jobsInProgress: tryable.filter((record) => !isJobDone(record)).length,
    rowsToSend,
    schedules: tryable.filter(hasSchedule).length,
  };
}
