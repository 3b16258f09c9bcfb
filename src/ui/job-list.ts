// This file defines the sidebar's list of the current document's jobs: their JobViews, and for a
// job still in progress (and started before that run) the notice a background run left when it
// could not reach this document, or the note that Google stopped the last background run midway.
import { stoppedBackgroundRun } from "../gas/background-executions";
import { editorId, keyDigest } from "../gas/key-digest";
import { backgroundNoticeFor } from "../storage/user-documents";
import { userProperties } from "../gas/property-snapshot";
import { userApiKey } from "../gas/settings";
import { appsScriptClock } from "../gas/utilities";
import { isSending, rowsSent, runStoreOf, type RunRecord } from "../enrich/run/run-record";
import { enrichmentOf, type JobRecord } from "../jobs/job-record";
import { toJobView, type JobView, type RunView } from "./job-view";
import { RUN_TIME_A_DAY } from "../rules/platform-limits";
import { documentOrThrow, jobStoreOf } from "../app/jobs-context";

/**
 * Google stops a trigger in the middle once the user's triggers have run their daily time (90
 * minutes for a consumer account, shared with their other scripts): the run cannot say so itself,
 * so the sidebar says it from the run's record that never got to its end.
 */
function stoppedRunNotice(): { message: string; at: number } | null {
  const run = stoppedBackgroundRun(appsScriptClock.now());
  if (!run) return null;
  return {
    at: run.at,
    message:
      "Google stopped the last background update before it finished, most likely because your account's background run time for the day " +
      `(${RUN_TIME_A_DAY}) was used up. Background updates resume ` +
      "within 24 hours; nothing is lost, and while this sidebar is open it brings the results in itself.",
  };
}

/** Why the last pass could not send a run's rows, as its line says it until a pass sends again; null when nothing stopped it. */
const runProblemWords = (run: RunRecord): string | null =>
  run.problem === undefined ? null : `Could not send the waiting rows this time: ${run.problem} The next update tries again.`;

function runView(run: RunRecord, records: readonly JobRecord[], me: string): RunView {
  const jobs = records.filter((record) => enrichmentOf(record)?.runId === run.runId);
  return {
    runId: run.runId,
    sheetName: run.sheetName,
    rows: run.rows,
    rowsSent: rowsSent(run),
    rowsWaiting: run.rowsWaiting,
    businessesWaiting: run.businessesWaiting,
    jobs: jobs.length,
    jobsRunning: jobs.filter((record) => !record.settled).length,
    stopped: run.stopped,
    sentByMe: run.editorId === me,
  };
}

export function listDocumentJobs(): JobView[] {
  const doc = documentOrThrow();
  const notice = backgroundNoticeFor(userProperties(), doc.id) ?? stoppedRunNotice();
  const key = userApiKey();
  const digest = key ? keyDigest(key) : null;
  const records = jobStoreOf(doc).all();
  const runRecords = runStoreOf({ properties: doc.store }).all();
  // Asked only where a run is listed: the editor's id is made (and stored) on first asking.
  const me = runRecords.length > 0 ? editorId() : "";
  const runs = new Map(runRecords.map((run) => [run.runId, { run, view: runView(run, records, me) }]));
  // A run is listed from its start: before its first job exists (the job slots were all taken), it is a line of its own.
  const withJobs = new Set(records.map((record) => enrichmentOf(record)?.runId));
  const runsWithoutJobs = [...runs.values()].filter(({ run }) => !withJobs.has(run.runId)).map(({ run, view }) => runLine(run, view));
  const lines = records.map((record) => {
    const runId = enrichmentOf(record)?.runId;
    const run = runId ? runs.get(runId) : undefined;
    const view: JobView = { ...toJobView(record, digest), run: run?.view ?? null };
    if (view.error === null && run !== undefined && !record.settled) view.error = runProblemWords(run.run);
    // Only a job that existed when the background run left the notice is concerned by it.
    const concerned = notice !== null && !record.settled && view.error === null && Date.parse(record.createdAt) <= notice.at;
    return concerned ? { ...view, error: notice.message } : view;
  });
  return [...runsWithoutJobs, ...lines].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** A run none of whose jobs exists yet, as a line: waiting for a job slot, or stopped before any. */
function runLine(run: RunRecord, view: RunView): JobView {
  return {
    jobId: run.runId,
    kind: "enrichment",
    name: `Enrich ${run.sheetName}`,
    status: isSending(run) ? "queued" : "completed",
    leadCount: null,
    enrichedCount: null,
    creditsCharged: null,
    sheetName: run.sheetName,
    rowsWritten: 0,
    error: runProblemWords(run),
    createdAt: run.createdAt,
    finishedAt: null,
    refresh: null,
    mine: view.sentByMe,
    runCredits: null,
    refreshing: false,
    territory: null,
    foundByMore: null,
    searched: null,
    run: view,
  };
}
