// This file defines enrichment's share of the sending pass: each of the current user's runs with waiting rows sends them
// (send-chunks.ts), oldest first, until the service says to wait. Other editors' runs are theirs to send, since their key
// pays; runs whose jobs have all left the job store are forgotten.
import type { JobsContext } from "../../jobs/job-context";
import { enrichmentOf } from "../../jobs/job-record";
import type { SheetsById } from "../../sheets/result-sheet";
import { pendingChunksOf, type PendingChunk } from "./pending";
import { PassReads } from "../list/list-rows";
import { isSending, runStoreOf, type RunRecord } from "./run-record";
import { sendWaitingRows } from "./send-chunks";

/**
 * Sends what the current user's runs have waiting; returns their work still waiting after it
 * (waitingWorkOf). What it reads of the sheets stays in `reads` for the pass's write-back.
 */
export function sendWaitingWork(ctx: JobsContext, sheets: SheetsById, deadline: number, reads: PassReads = new PassReads()): number {
  const pending = pendingChunksOf(ctx);
  const left = pending.tidy(ctx.clock.now());
  const runs = runStoreOf(ctx);
  const hasRepeat = (run: RunRecord) => left.some((chunk) => chunk.runId === run.runId && pending.isMine(chunk));
  for (const run of runs.all()) {
    if (ctx.clock.now() >= deadline) break;
    // A run another editor continued (src/enrich/run/stop-continue.ts): only this editor's stored chunk of it is theirs to settle.
    const mine = run.editorId === ctx.editorId;
    if (!hasRepeat(run) && (!mine || !isSending(run))) continue;
    const sheet = sheets.find(run.sheetId);
    if (!sheet) {
      // A deleted sheet has no rows to send, nor to write results into.
      for (const chunk of left) if (chunk.runId === run.runId && pending.isMine(chunk)) pending.delete(chunk);
      if (mine) runs.save({ ...run, rowsDropped: run.rowsDropped + run.rowsWaiting, rowsWaiting: 0, businessesWaiting: 0, stopped: true });
      continue;
    }
    // The service's active-jobs limit is the account's: once it says wait, every run waits.
    if (sendWaitingRows(ctx, run, () => reads.list(run.sheetId, sheet, run.target), deadline).blocked !== null) break;
  }
  forgetFinishedRuns(ctx, pending.all());
  return waitingWorkOf(ctx);
}

/** A run still has work: rows waiting in its sheet, or a chunk whose creation is not settled. */
const hasWork = (run: RunRecord, chunks: readonly PendingChunk[]): boolean =>
  isSending(run) || chunks.some((chunk) => chunk.runId === run.runId);

/** Forgets the runs with nothing waiting whose jobs have all left the job store. */
function forgetFinishedRuns(ctx: JobsContext, chunks: readonly PendingChunk[]): void {
  const runs = runStoreOf(ctx);
  const jobRuns = new Set(ctx.store.all().map((record) => enrichmentOf(record)?.runId));
  for (const run of runs.all()) if (!hasWork(run, chunks) && !jobRuns.has(run.runId)) runs.delete(run.runId);
}

/**
 * The current user's enrichment work that waits for a pass: their runs with rows waiting or a chunk
 * being sent, and their chunks of a run another editor has continued since (BackgroundWork.rowsToSend).
 */
export function waitingWorkOf(ctx: JobsContext): number {
  const pending = pendingChunksOf(ctx);
  const chunks = pending.all();
  const runs = runStoreOf(ctx)
    .all()
    .filter((run) => run.editorId === ctx.editorId && hasWork(run, chunks));
  const theirs = new Set(runs.map((run) => run.runId));
  return runs.length + chunks.filter((chunk) => pending.isMine(chunk) && !theirs.has(chunk.runId)).length;
}
