// This file defines enrichment's share of the sending pass: each of the current user's runs with waiting rows sends them
// (send-chunks.ts), oldest first, until the service says to wait; chunks stored with no run are repeated with their own keys.
// Other editors' runs are theirs to send, since their key pays; runs whose jobs have all left the job store are forgotten.
import type { CreateEnrichmentRequest } from "../../api/schemas";
import type { JobsContext } from "../../jobs/job-context";
import { enrichmentOf } from "../../jobs/job-record";
import { JobStoreFullError } from "../../jobs/job-store-budget";
import type { SheetsById } from "../../sheets/result-sheet";
import { sendChunk } from "./create-job";
import { matchKey } from "../list/normalise";
import { pendingChunksOf, type PendingChunk, type PendingChunks } from "./pending";
import { PassReads } from "../list/list-rows";
import { rowsAsking } from "../write-back/write-results";
import { enrichedForText } from "../../sheets/columns";
import { isSending, runStoreOf, type RunRecord } from "./run-record";
import { rowCells, sendWaitingRows } from "./send-chunks";
import { writeResultCells, type RowUpdates } from "../write-back/write-cells";

/**
 * Sends what the current user's runs have waiting; returns their work still waiting after it
 * (waitingWorkOf). What it reads of the sheets stays in `reads` for the pass's write-back.
 */
export function sendWaitingWork(ctx: JobsContext, sheets: SheetsById, deadline: number, reads: PassReads = new PassReads()): number {
  const pending = pendingChunksOf(ctx);
  const left = pending.tidy(ctx.clock.now());
  const blocked = repeatEarlierChunks(
    ctx,
    { sheets, reads },
    pending,
    left.filter((chunk) => chunk.runId === null),
    deadline,
  );
  const runs = runStoreOf(ctx);
  const all = runs.all();
  const hasRepeat = (run: RunRecord) => left.some((chunk) => chunk.runId === run.runId && pending.isMine(chunk));
  for (const run of all) {
    if (blocked || ctx.clock.now() >= deadline) break;
    // A run another editor continued (src/enrich/run/continue-run.ts): only this editor's stored chunk of it is theirs to settle.
    const mine = run.editorId === ctx.editorId;
    if (!hasRepeat(run) && (!mine || !isSending(run))) continue;
    const sheet = sheets.find(run.sheetId);
    if (!sheet) {
      // A deleted sheet has no rows to send, nor to write results into.
      if (mine) Object.assign(run, { rowsDropped: run.rowsDropped + run.rowsWaiting, rowsWaiting: 0, businessesWaiting: 0, stopped: true });
      for (const chunk of left) if (chunk.runId === run.runId && pending.isMine(chunk)) pending.delete(chunk);
      if (mine) runs.save(run);
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
 * being sent, and their chunks of no run of theirs (stored by earlier versions, or of a run another
 * editor has continued since) (BackgroundWork.rowsToSend).
 */
export function waitingWorkOf(ctx: JobsContext): number {
  const pending = pendingChunksOf(ctx);
  const chunks = pending.all();
  const runs = runStoreOf(ctx)
    .all()
    .filter((run) => run.editorId === ctx.editorId && hasWork(run, chunks));
  const theirs = new Set(runs.map((run) => run.runId));
  return runs.length + chunks.filter((chunk) => pending.isMine(chunk) && (chunk.runId === null || !theirs.has(chunk.runId))).length;
}

/** The pass's sheets by id, and what it has read of enrichment's lists in them. */
export interface PassSheets {
  sheets: SheetsById;
  reads: PassReads;
}

/** Writes `cells` into the rows of a chunk's businesses (found by their name and website now). */
function markChunkRows(
  { sheets, reads }: PassSheets,
  chunk: PendingChunk,
  body: CreateEnrichmentRequest,
  cells: (sentAs: string) => Map<string, string>,
): void {
  const sheet = sheets.find(chunk.sheetId);
  if (!sheet) return;
  const list = reads.list(chunk.sheetId, sheet, chunk.target);
  const cellsByKey = new Map(
    body.businesses.map((b) => [matchKey(b.business_name, b.website_url), cells(enrichedForText(b.business_name, b.website_url))]),
  );
  const updates: RowUpdates = new Map();
  rowsAsking([list], [cellsByKey], updates);
  writeResultCells(list.area(), updates);
}

/**
 * Repeats the current user's chunks stored by an earlier version, oldest first, each with its
 * stored key and body, until the service says the limit is still reached; a created chunk's rows
 * say so before the chunk is forgotten. Returns whether the service said to wait.
 */
function repeatEarlierChunks(
  ctx: JobsContext,
  pass: PassSheets,
  pending: PendingChunks,
  chunks: PendingChunk[],
  deadline: number,
): boolean {
  const { sheets } = pass;
  for (const chunk of chunks.filter((c) => pending.isMine(c))) {
    if (ctx.clock.now() >= deadline) return true;
    const body = pending.body(chunk);
    if (body === null || !sheets.find(chunk.sheetId)) {
      // A lost body cannot be sent as it was; a deleted sheet has no rows to write results into.
      pending.delete(chunk);
      continue;
    }
    try {
      ctx.store.makeRoomForNewJob(body.name ?? "");
    } catch (error) {
      if (error instanceof JobStoreFullError) return true; // it waits until a job finishes and makes room
      throw error;
    }
    const outcome = sendChunk(ctx, body, chunk.startKey, chunk, deadline, chunk.idempotencyKey, 1);
    if (outcome.kind === "later") return true;
    if (outcome.kind === "refused") {
      markChunkRows(pass, chunk, body, () => rowCells({ kind: "failed", reason: `could not be sent (${outcome.error.message})` }));
      ctx.store.deleteStart(chunk.startKey);
    } else if (!outcome.record.settled) {
      markChunkRows(pass, chunk, body, (sentAs) => rowCells({ kind: "sent" }, sentAs));
    }
    pending.delete(chunk);
  }
  return false;
}
