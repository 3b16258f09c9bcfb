// This file defines a run's stop and its continue (stopEnrichment, continueEnrichment): a stop's waiting rows are never sent and say so at
// once; any editor may become the sender of another editor's run, their key paying for its waiting rows, so a run never waits for ever on
// an absent editor.
import type { JobsContext } from "../../jobs/job-context";
import { enrichmentOf } from "../../jobs/job-record";
import { keepPolling } from "../../search/start-search";
import { InvalidInputError } from "../../errors/user-error";
import { SheetsById } from "../../sheets/result-sheet";
import { accountCapacity } from "./enrichment-plan";
import { cutReasonWords } from "./skip-reason";
import { ListRows } from "../list/list-rows";
import { isHeld } from "../list/row-status";
import { foreignChunkExpiry, pendingChunksOf, type PendingChunk } from "./pending";
import { creditsPromised, isSending, runStoreOf, type RunRecord } from "./run-record";
import { chunkStartKey, sendWaitingRows, setStatus, skipRows, stoppedRows } from "./send-chunks";
import { rereadArea } from "../list/sheet-area";
import { nextWaiting, waitingRows, type RowBusiness } from "../list/waiting-rows";
import { iso } from "../../rules/clock";

/**
 * The run of the enrichment job `jobId`, or the run `jobId` itself (a run listed
 * before its first job was created); `verb`: what is asked of its rows ("stopped").
 */
function runOf(ctx: JobsContext, jobId: string, verb: string): RunRecord | null {
  const runs = runStoreOf(ctx);
  const tracked = ctx.store.get(jobId);
  if (!tracked) {
    const run = runs.get(jobId);
    if (!run) throw new InvalidInputError("This document does not track that job: choose an enrichment from the sidebar's job list.");
    return run;
  }
  const record = enrichmentOf(tracked);
  if (!record) throw new InvalidInputError(`"${tracked.name}" is a search: only an enrichment's rows can be ${verb}.`);
  return record.runId === undefined ? null : runs.get(record.runId);
}

/**
 * Stops the run of the enrichment job `jobId` (or the run `jobId`); a run whose rows were all sent already is left as it is. Its jobs
 * already created finish as usual, and a stored chunk is settled by its sender (repeated if the service made its job, dropped if not).
 */
export function stopRun(ctx: JobsContext, jobId: string, deadline: number): void {
  const run = runOf(ctx, jobId, "stopped");
  if (!run || !isSending(run)) return; // every row was sent: its jobs finish and are written
  run.stopped = true;
  const sheet = new SheetsById(ctx.spreadsheet).of(run);
  if (sheet) {
    const pending = pendingChunksOf(ctx);
    const onTheirWay = pending.keysOf(pending.all().filter((chunk) => chunk.runId === run.runId));
    const area = rereadArea(sheet, run.target);
    const list = ListRows.ofArea(area);
    const rows = waitingRows(list).businesses.filter((b) => !onTheirWay.has(b.key));
    // Rows held for another editor's chunk too: that editor's pass still marks them "Sent" if the service made its job.
    const held = list.withStatus(isHeld).map(({ row }) => row);
    run.rowsDropped += skipRows(area, stoppedRows([...rows.flatMap((b) => b.rows), ...held]));
    // The current user's stored chunks are settled now; another editor's, by their next pass.
    if (pending.all().some((chunk) => chunk.runId === run.runId && pending.isMine(chunk))) sendWaitingRows(ctx, run, () => list, deadline);
  }
  runStoreOf(ctx).save({ ...run, rowsWaiting: 0, businessesWaiting: 0 });
}

export interface ContinueOutcome {
  /** Rows held for the former sender's chunk, and until when at most (ISO); 0 and null when none. */
  rowsHeld: number;
  heldUntil: string | null;
}

/** Refuses the run when the current key cannot take its waiting businesses; returns the businesses per job it allows. */
function checkAccount(ctx: JobsContext, run: RunRecord, deadline: number): number {
  const account = ctx.client.getAccount({ deadline });
  const capacity = accountCapacity(account);
  const promised = creditsPromised(ctx);
  const available = Math.max(0, account.credits_remaining - promised);
  const waiting = run.businessesWaiting;
  if (capacity.perJob > 0 && Math.min(available, capacity.total, capacity.perJob * capacity.maxJobs) >= waiting) return capacity.perJob;
  const why = cutReasonWords(
    capacity.perJob > 0 && available < waiting ? { kind: "credits", remaining: available, besideOwnRuns: promised > 0 } : capacity.reason,
  );
  throw new InvalidInputError(
    `Your key cannot take the ${waiting} ${waiting === 1 ? "business" : "businesses"} still waiting in "${run.sheetName}": ${why}. ` +
      "Nothing changed: the rows still wait for the key that sends them.",
  );
}

/**
 * The waiting rows of another editor's chunk, found again: the chunk was made of the first waiting
 * businesses in sheet order, so those, as a body with the chunk's name, must make the chunk's own
 * fingerprint (its start key). Null when they do not (the rows were sorted or edited since).
 */
function rowsOfChunk(list: ListRows, chunk: PendingChunk): RowBusiness[] | null {
  const { businesses } = nextWaiting(list, chunk.count);
  const sent = businesses.map((b) => b.business);
  const body = chunk.name === null ? { businesses: sent } : { name: chunk.name, businesses: sent };
  return businesses.length === chunk.count && chunkStartKey(body) === chunk.startKey ? businesses : null;
}

/**
 * Holds the rows of another editor's stored chunk of the run ("Waiting: held …"): only their properties hold its body, so only they can
 * repeat it, and the rows wait until it is settled or its head expires (pending.ts), none paid twice. Those found again (rowsOfChunk),
 * else, when the sheet no longer says which they are, every waiting row. Returns how many.
 */
function holdRowsOf(list: ListRows, chunk: PendingChunk): number {
  const rows = (rowsOfChunk(list, chunk) ?? waitingRows(list).businesses).flatMap((b) => b.rows);
  return setStatus(list, { kind: "held" }, rows);
}

/**
 * Makes the current editor the sender of the run of the enrichment job `jobId` (or the run `jobId`):
 * their key pays for its waiting rows from then on, and sends the first ones now. A run already
 * theirs is left as it is.
 */
export function continueRun(ctx: JobsContext, jobId: string, deadline: number): ContinueOutcome {
  const run = runOf(ctx, jobId, "continued");
  if (!run || !isSending(run))
    throw new InvalidInputError("No row of this enrichment waits to be sent any more: there is nothing to continue.");
  if (run.editorId === ctx.editorId) return { rowsHeld: 0, heldUntil: null };
  const sheet = new SheetsById(ctx.spreadsheet).of(run);
  if (!sheet)
    throw new InvalidInputError(`The sheet "${run.sheetName}" with this enrichment's rows was deleted: there is nothing to continue.`);
  const perJob = Math.min(run.perJob, checkAccount(ctx, run, deadline));
  const pending = pendingChunksOf(ctx);
  const theirs = pending.all().filter((chunk) => chunk.runId === run.runId && !pending.isMine(chunk));
  const list = ListRows.ofArea(rereadArea(sheet, run.target));
  const rowsHeld = theirs.reduce((n, chunk) => n + holdRowsOf(list, chunk), 0);
  const until = theirs.map(foreignChunkExpiry).sort((a, b) => b - a)[0];
  const taken: RunRecord = {
    ...run,
    editorId: ctx.editorId,
    perJob,
    jobsPlanned: run.chunksMade + Math.ceil(run.businessesWaiting / perJob),
  };
  runStoreOf(ctx).save(taken);
  sendWaitingRows(ctx, taken, () => list, deadline);
  keepPolling(ctx);
  return { rowsHeld, heldUntil: until === undefined || rowsHeld === 0 ? null : iso(until) };
}
