// This file defines the commands over the document's jobs: listJobs, refreshJobs (a pass on demand), pollJobs (the trigger's pass),
// showJobSheet, recentJobs, importJob and setRefresh (docs/add-on-surface.md, "Global functions").
import { pollPassUnderLock, runTriggerPass } from "../app/pass-runner";
import { importJob as importTrackedJob } from "../search/import-job";
import { lineOfJob } from "../search/line-of-job";
import { runStoreOf } from "../enrich/run/run-record";
import { toJobView, type JobView } from "./job-view";
import { recentJobs as readRecentJobs, type RecentJobsPage } from "../search/recent-jobs";
import { SheetsById } from "../sheets/result-sheet";
import { setRefresh as setSearchRefresh } from "../search/set-refresh";
import { UserFacingError } from "../errors/user-error";
import { backgroundWork } from "../passes/background-work";
import { pollTriggerNeeded } from "../rules/trigger-need";
import { command, commandWith } from "./command";
import { currentJobStore, documentOrThrow, jobStoreOf } from "../app/jobs-context";
import { listDocumentJobs } from "./job-list";

export const listJobs = command({}, listDocumentJobs);

export const refreshJobs = command({}, () => {
  pollPassUnderLock();
  return listDocumentJobs();
});

/** The trigger's pass: never throws, with or without a current document (src/app/pass-runner.ts). */
export function pollJobs(_event?: unknown): void {
  runTriggerPass();
}

export const showJobSheet = commandWith("showJobSheet", {}, ({ jobId }): { sheetName: string } => {
  const doc = documentOrThrow();
  // A run listed before its first job was created is its own line, by its run id (ui/job-list.ts).
  const record = jobStoreOf(doc).get(jobId) ?? runStoreOf({ properties: doc.store }).get(jobId);
  if (!record) throw new UserFacingError('This document does not track that job any more. Open it again from "Open an existing job".');
  const sheet = new SheetsById(doc.spreadsheet).of(record);
  if (!sheet) {
    throw new UserFacingError(
      record.sheetName
        ? `The sheet "${record.sheetName}" of this job was deleted. Its results are still on the service: open the job again to ` +
            "write them into a new sheet."
        : "This job has no sheet yet: its results arrive with the next refresh.",
    );
  }
  sheet.activate();
  return { sheetName: sheet.getName() };
});

export const recentJobs = commandWith("recentJobs", {}, (args, call): RecentJobsPage => {
  const context = call.jobs();
  const records = context.store.all();
  return readRecentJobs(
    context.client,
    (job, kind) => {
      const line = lineOfJob(records, job, kind);
      return line ? { jobId: line.id, name: line.name } : null;
    },
    args,
    call.deadline,
  );
});

export const importJob = commandWith("importJob", {}, ({ jobId }, call): JobView => {
  // Under the document lock: two clicks or two editors never make two sheets for one job.
  const { record, created, keyDigest } = call.underLock(({ deadline, jobs }) => {
    const context = jobs();
    return { ...importTrackedJob(context, jobId, deadline), keyDigest: context.keyDigest };
  });
  if (!created) return toJobView(record, keyDigest);
  // Fill the new sheet now (a completed job ends exact at once); a running one keeps filling in.
  pollPassUnderLock();
  return toJobView(currentJobStore().get(jobId) ?? record, keyDigest);
});

// Under the document lock: the schedule is read and written with no other change in between.
export const setRefresh = commandWith("setRefresh", { lock: true }, (args, call): JobView => {
  const context = call.jobs();
  const record = setSearchRefresh(context, args, call.deadline);
  // The background pass runs the schedule: the trigger is kept or dropped by the one rule.
  if (pollTriggerNeeded(backgroundWork(context))) context.ensurePollTrigger();
  else context.removePollTrigger();
  return toJobView(record, context.keyDigest);
});
