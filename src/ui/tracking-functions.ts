// This file defines the sidebar's server functions for jobs made elsewhere and for scheduled
// refreshes: recentJobs, importJob and setRefresh (docs/add-on-surface.md, "Global functions"). Each takes one plain object and
// returns plain JSON-safe data; failures become Errors with a message written for the user.
import { withDocumentLock } from "../gas/document-lock";
import { currentJobStore, jobsContext, appsScriptClock } from "../gas/jobs-context";
import { userApiKey } from "../gas/settings";
import { importJob as importTrackedJob, normaliseJobId } from "../jobs/import-job";
import { isScheduled } from "../jobs/job-record";
import { toJobView, type JobView } from "../jobs/job-view";
import { canTry } from "../jobs/ownership";
import { normaliseRecentArgs, recentJobs as readRecentJobs, type RecentJobsPage } from "../jobs/recent-jobs";
import { normaliseRefreshArgs, setRefresh as setSearchRefresh } from "../jobs/set-refresh";
import { pollPassUnderLock } from "./server-functions";
import { withUserErrors } from "../errors/user-error";

/** A sidebar call that reads waits at most this long in retries. */
const CALL_BUDGET_MS = 60 * 1000;

const userKey = userApiKey;

export function recentJobs(raw?: unknown): RecentJobsPage {
  return withUserErrors(() => {
    const args = normaliseRecentArgs(raw);
    const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
    const ctx = jobsContext(deadline);
    const tracked = new Set(ctx.store.all().map((record) => record.id));
    return readRecentJobs(ctx.client, (id) => tracked.has(id), args, deadline);
  }, userKey);
}

export function importJob(raw: unknown): JobView {
  return withUserErrors(() => {
    const jobId = normaliseJobId(raw);
    // Under the document lock: two clicks or two editors never make two sheets for one job.
    const { record, created, keyDigest } = withDocumentLock(() => {
      const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
      const ctx = jobsContext(deadline);
      return { ...importTrackedJob(ctx, jobId, deadline), keyDigest: ctx.keyDigest };
    });
    if (!created) return toJobView(record, keyDigest);
    // Fill the new sheet now (a completed job ends exact at once); a running one keeps filling in.
    pollPassUnderLock();
    return toJobView(currentJobStore().get(jobId) ?? record, keyDigest);
  }, userKey);
}

export function setRefresh(raw: unknown): JobView {
  return withUserErrors(() => {
    const args = normaliseRefreshArgs(raw);
    // Under the document lock: the schedule is read and written with no other change in between.
    return withDocumentLock(() => {
      const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
      const ctx = jobsContext(deadline);
      const record = setSearchRefresh(ctx, args, deadline);
      // The background pass runs the schedule: keep this user's trigger while their key has a job
      // to move or a schedule to run.
      const needed = ctx.store.all().some((r) => canTry(r, ctx.keyDigest) && (!r.settled || isScheduled(r)));
      if (needed) ctx.ensurePollTrigger();
      else ctx.removePollTrigger();
      return toJobView(record, ctx.keyDigest);
    });
  }, userKey);
}
