// This file defines how a run's waiting rows are sent: found from the status column, grouped by business, a chunk at a time until none
// wait, the service says to wait, or the deadline comes. Only the chunk in flight is stored (pending.ts), so a lost answer is repeated
// byte for byte and charged once, and a chunk the service surely did not create is dropped, its rows still waiting.
import type { CreateEnrichmentRequest, CreateEnrichmentResponse, EnrichmentBusiness } from "../../api/schemas";
import { LeadsApiError } from "../../api/errors";
import type { JobsContext } from "../../jobs/job-context";
import { newJobRecord, type JobRecord } from "../../jobs/job-record";
import { fingerprint } from "../../jobs/job-store";
import { JobStoreFullError } from "../../jobs/job-store-budget";
import { awaitsSending, awaitsSendingOrHeld, isHeld, isWaiting, rowStateCode, rowStatusWords, type RowStatus } from "../list/row-status";
import { ENRICHED_FOR_HEADER, ROW_STATE_HEADER, STATUS_HEADER, enrichedForText } from "../../sheets/columns";
import { matchKey } from "../list/normalise";
import { BODY_BUDGET_BYTES, pendingChunksOf, type PendingChunk, type PendingChunks } from "./pending";
import { noteJobSlots } from "./run-estimate";
import { runStoreOf, type RunRecord } from "./run-record";
import type { ListRows } from "../list/list-rows";
import type { SheetArea } from "../list/sheet-area";
import { nextWaiting, rowsOfBusinesses, waitingCounts, waitingRows } from "../list/waiting-rows";
import { writeResultCells, type RowUpdates } from "../write-back/write-cells";
import { REQUEST_LIMITS } from "../../rules/request-limits";
import { iso } from "../../rules/clock";

const MAX_SHEET_IN_NAME = 120;

function chunkName(sheetName: string, index: number, count: number): string {
  const sheet = sheetName.length > MAX_SHEET_IN_NAME ? sheetName.slice(0, MAX_SHEET_IN_NAME - 1) + "…" : sheetName;
  return count > 1 ? `Enrich ${sheet} (${index + 1} of ${count})` : `Enrich ${sheet}`;
}

/** The start record's name for a chunk: the same body always finds the same key. */
export const chunkStartKey = (body: CreateEnrichmentRequest): string => fingerprint("enrichment:" + JSON.stringify(body));

/**
 * The chunk's idempotency key, made and stored (in a start record named by the chunk's exact body) before its first request, so a lost
 * response or a killed execution repeats the identical request and the service charges once.
 */
export function chunkIdempotencyKey(ctx: JobsContext, startKey: string): string {
  const now = ctx.clock.now();
  const start = ctx.store.getStart(startKey, now);
  if (start) return start.idempotencyKey;
  const idempotencyKey = ctx.newIdempotencyKey();
  ctx.store.saveStart(startKey, { idempotencyKey, createdAt: iso(now), jobId: null, sheetName: null, sheetId: null });
  return idempotencyKey;
}

type SendOutcome =
  | { kind: "created"; record: JobRecord }
  /** Worth sending again later (429 active-jobs or rate limit, 5xx, network, Apps Script's daily quota). */
  | { kind: "later"; error: LeadsApiError }
  /** Refused for good by the service (4xx): no job exists. */
  | { kind: "refused"; error: LeadsApiError };

/** Sends a chunk once, under its stored idempotency key; never throws for the service's answer. */
function sendChunk(
  ctx: JobsContext,
  body: CreateEnrichmentRequest,
  chunk: Pick<PendingChunk, "startKey" | "idempotencyKey">,
  where: Pick<RunRecord, "sheetId" | "sheetName" | "target" | "runId">,
  deadline: number,
): SendOutcome {
  let created: CreateEnrichmentResponse;
  try {
    created = ctx.client.createEnrichment(body, { idempotencyKey: chunk.idempotencyKey, deadline, maxAttempts: 1 });
  } catch (error) {
    if (!(error instanceof LeadsApiError)) throw error;
    // Apps Script's daily UrlFetch quota sent nothing: the same request goes once the quota resets.
    return error.retryable || error.kind === "quota" ? { kind: "later", error } : { kind: "refused", error };
  }
  const known = ctx.store.get(created.job_id);
  if (known) return { kind: "created", record: known };
  const record = newJobRecord({
    id: created.job_id,
    kind: "enrichment",
    name: body.name ?? `Enrich ${body.businesses.length} supplied businesses`,
    sheetId: where.sheetId,
    sheetName: where.sheetName,
    status: created.status,
    leadCount: created.businesses_submitted,
    creditsCharged: created.credits_reserved,
    createdAt: iso(ctx.clock.now()),
    startKey: chunk.startKey,
    createdBy: ctx.keyDigest,
    seenBy: [ctx.keyDigest],
    timeZone: ctx.store.timeZone(),
    enrichment: where.target,
    runId: where.runId,
  });
  ctx.store.save(record);
  return { kind: "created", record };
}

/** The text of `Enriched for` while a row waits or after it was sent: what it is sent as. */
export const sentAsText = (business: EnrichmentBusiness): string => enrichedForText(business.business_name, business.website_url);

/**
 * Writes `cells(business)` into the rows of a chunk's businesses that still await it, found by what
 * they hold right before the write (src/enrich/list/waiting-rows.ts): the chunk's request came between,
 * and a person may have sorted, inserted or typed meanwhile. Held rows (src/enrich/run/stop-continue.ts)
 * are this editor's chunk's when this editor is a former sender of the run, or when no other
 * editor's chunk of it is stored; else they wait for that other chunk.
 */
function markRows(
  sending: Sending,
  businesses: readonly EnrichmentBusiness[],
  cells: (business: EnrichmentBusiness) => Map<string, string>,
): number {
  const { list, run, ctx, pending } = sending;
  const heldForOthers = run.editorId === ctx.editorId && sending.stored.some((chunk) => !pending.isMine(chunk));
  const awaitsChunk = heldForOthers ? awaitsSending : awaitsSendingOrHeld;
  const updates: RowUpdates = new Map();
  for (const found of rowsOfBusinesses(list(), awaitsChunk, businesses))
    for (const row of found.rows) updates.set(row, cells(found.business));
  writeResultCells(list().area(), updates);
  return updates.size;
}

/** A row's status (its words and its code) and its `Enriched for`: what it was sent as ("" where nothing was sent for it). */
export const rowCells = (status: RowStatus, sentAs = ""): Map<string, string> =>
  new Map([...statusCells(status), [ENRICHED_FOR_HEADER, sentAs]]);

/** A row's status alone: its words for the person and its code for the add-on, written together. */
export const statusCells = (status: RowStatus): Map<string, string> =>
  new Map([
    [STATUS_HEADER, rowStatusWords(status)],
    [ROW_STATE_HEADER, rowStateCode(status)],
  ]);

/** Writes `status` into these rows' status cells only (its words and its code); returns how many. */
export function setStatus(list: ListRows, status: RowStatus, rows: readonly number[]): number {
  const updates: RowUpdates = new Map(rows.map((row) => [row, statusCells(status)]));
  writeResultCells(list.area(), updates);
  return updates.size;
}

/** How a row that is never sent ends: stopped, or skipped and why. */
export type NotSent = Extract<RowStatus, { kind: "stopped" | "skipped" }>;

/** Rows skipped, each with why. */
const skippedFor = (rows: ReadonlyArray<{ row: number; reason: string }>): Array<{ row: number; status: NotSent }> =>
  rows.map(({ row, reason }) => ({ row, status: { kind: "skipped", reason } }));

/** Rows of a stopped run. */
export const stoppedRows = (rows: readonly number[]): Array<{ row: number; status: NotSent }> =>
  rows.map((row) => ({ row, status: { kind: "stopped" } }));

/** Marks rows that can no longer be sent: `Skipped: …` (their pair is cleared: nothing was sent for it). */
export function skipRows(area: SheetArea, rows: ReadonlyArray<{ row: number; status: NotSent }>): number {
  const updates: RowUpdates = new Map();
  for (const { row, status } of rows) updates.set(row, rowCells(status));
  writeResultCells(area, updates);
  return updates.size;
}

/** A refusal that every later chunk would meet too: the run ends and its waiting rows say why. */
const refusesEveryChunk = (error: LeadsApiError): boolean => error.kind === "insufficient_credits" || error.kind === "unauthorized";

export interface SendReport {
  /** Jobs created (or found again for a repeated chunk) by this call. */
  jobs: JobRecord[];
  /** Why sending stopped with rows still waiting (the service's limit, 5xx, a full store), or null. */
  blocked: Error | null;
  /** The last refusal for good (402, 401, 422): its rows say so. */
  refused: LeadsApiError | null;
}

/** The service's clock may differ from Apps Script's: a job stamped this much before its chunk was stored may still be its job. */
const CLOCK_SLACK_MS = 10 * 60 * 1000;

/**
 * Whether the service made a job of a stored chunk: a job of its name created since it was stored
 * (among the account's 100 newest enrichments). Asked only for a stopped run's chunk, before it
 * would be repeated.
 */
function createdOnService(ctx: JobsContext, chunk: PendingChunk, body: CreateEnrichmentRequest, deadline: number): boolean {
  const since = Date.parse(chunk.createdAt) - CLOCK_SLACK_MS;
  const newest = ctx.client.listEnrichments({ page: 1, pageSize: REQUEST_LIMITS.listPageSizeMax }, { deadline });
  return newest.items.some((job) => job.name === body.name && Date.parse(job.created_at) >= since);
}

/**
 * Sends the run's stored chunks again (a lost answer, or one the service's limit turned away),
 * then its waiting rows, and saves the run with what now waits. `readList` gives the run's rows
 * (src/enrich/list/list-rows.ts); it is called only when a row must be read or marked, so a pass that
 * finds the limit still reached reads nothing and writes nothing. What is read is kept equal to
 * the sheet as rows are marked.
 */
export function sendWaitingRows(ctx: JobsContext, run: RunRecord, readList: () => ListRows, deadline: number): SendReport {
  let read: ListRows | null = null;
  // A network call may have let a person sort, insert or type: the rows are read again before they are marked by what they hold.
  let readAt = ctx.interleaving.calls;
  const pending = pendingChunksOf(ctx);
  const sending: Sending = {
    ctx,
    run,
    deadline,
    pending,
    stored: pending.all().filter((chunk) => chunk.runId === run.runId),
    report: { jobs: [], blocked: null, refused: null },
    list: () => {
      if (read === null || readAt !== ctx.interleaving.calls) {
        readAt = ctx.interleaving.calls;
        read = readList();
      }
      return read;
    },
    repeated: new Set<string>(),
    changesSeen: ctx.interleaving.changes,
  };
  const before = { ...run, changes: ctx.interleaving.changes };
  // Another editor now sends the run: this editor only settles its own stored chunk of it.
  if (repeatStoredChunks(sending) && run.editorId === ctx.editorId) sendWaitingChunks(sending);
  return finish(sending, before, read);
}

/** One call's sending of a run's chunks: what it reads of the sheet, sends, and learns. */
interface Sending {
  ctx: JobsContext;
  run: RunRecord;
  deadline: number;
  pending: PendingChunks;
  /** The run's chunks stored when this call began, whoever sends them. */
  stored: PendingChunk[];
  report: SendReport;
  /** The run's rows, read when a row must first be read or marked. */
  list(): ListRows;
  /** The businesses (match keys) sent by this call: a row of them is not sent twice. */
  repeated: Set<string>;
  /** ctx.interleaving.changes when this call last looked at the run as stored. */
  changesSeen: number;
}

/** Repeats the run's stored chunks (a stopped run's only when the service made their job); false when sending must stop for now. */
function repeatStoredChunks(sending: Sending): boolean {
  const { ctx, run, pending, repeated } = sending;
  for (const chunk of sending.stored.filter((c) => pending.isMine(c))) {
    const body = pending.body(chunk);
    if (body === null) {
      pending.delete(chunk); // a lost body cannot be repeated as it was; its rows still wait
      continue;
    }
    if (run.stopped && !createdOnService(ctx, chunk, body, sending.deadline)) {
      dropStoppedChunk(sending, chunk, body);
      continue;
    }
    for (const b of body.businesses) repeated.add(matchKey(b.business_name, b.website_url));
    if (!sendOne(sending, chunk, body)) return false;
  }
  return true;
}

/** Stopped before the service made its job: the chunk is never sent, and its rows say so. */
function dropStoppedChunk({ ctx, run, pending, list }: Sending, chunk: PendingChunk, body: CreateEnrichmentRequest): void {
  pending.delete(chunk);
  ctx.store.deleteStart(chunk.startKey);
  const rows = rowsOfBusinesses(list(), isWaiting, body.businesses);
  run.rowsDropped += skipRows(list().area(), stoppedRows(rows.flatMap((b) => b.rows)));
}

/** Sends the run's waiting rows, a chunk at a time, until none wait, the deadline, or the service says to wait. */
function sendWaitingChunks(sending: Sending): void {
  const { ctx, run, pending, list, repeated, report } = sending;
  const where = { sheetId: run.sheetId, sheetName: run.sheetName, target: run.target, runId: run.runId };
  // Rows held for a former sender's chunk wait again once no other editor's chunk of the run is stored.
  if (!run.stopped && sending.stored.every((chunk) => pending.isMine(chunk))) {
    const rows = list();
    const held = rows.withStatus(isHeld).map((entry) => entry.row);
    setStatus(rows, { kind: "waiting" }, held);
  }
  while (!run.stopped && ctx.clock.now() < sending.deadline) {
    const { businesses: planned, invalid } = nextWaiting(list(), run.perJob, repeated);
    if (invalid.length > 0) run.rowsDropped += skipRows(list().area(), skippedFor(invalid));
    if (planned.length === 0) break;
    const left = waitingCounts(list(), repeated).businesses;
    const count = Math.max(run.jobsPlanned, run.chunksMade + Math.ceil(left / run.perJob));
    const body: CreateEnrichmentRequest = {
      name: chunkName(list().sheet.getName(), run.chunksMade, count),
      businesses: planned.map((b) => b.business),
    };
    if (!roomInStore(sending, body)) break;
    const startKey = chunkStartKey(body);
    const head = { startKey, idempotencyKey: "", ...where, createdAt: iso(ctx.clock.now()), index: run.chunksMade };
    const bytes = pending.bodyBytes(body, head);
    // The user's store of bodies serves every document of theirs: its room is counted and taken under the user's lock.
    const stored = ctx.userData(() => {
      if (pending.usedBodyBytes() + bytes > BODY_BUDGET_BYTES) return false;
      head.idempotencyKey = chunkIdempotencyKey(ctx, startKey);
      pending.save(head, body);
      return true;
    });
    if (!stored) {
      report.blocked = new Error("the user's store of chunks being sent is full"); // other documents' chunks first
      break;
    }
    run.chunksMade += 1;
    for (const b of planned) repeated.add(b.key);
    if (!sendOne(sending, { ...head, editorId: ctx.editorId, count: body.businesses.length, name: body.name ?? null }, body)) break;
  }
}

/** Before anything is stored or sent: a job the store then could not record would be paid for and lost. */
function roomInStore({ ctx, report }: Sending, body: CreateEnrichmentRequest): boolean {
  try {
    ctx.store.makeRoomForNewJob(body.name ?? "");
    return true;
  } catch (error) {
    if (!(error instanceof JobStoreFullError)) throw error;
    report.blocked = error; // the rows wait until a finished job makes room
    return false;
  }
}

/** One send and what follows from its outcome; false when sending must stop for now. */
function sendOne(sending: Sending, chunk: PendingChunk, body: CreateEnrichmentRequest): boolean {
  const { ctx, run, pending, report, list, deadline } = sending;
  const outcome = sendChunk(ctx, body, chunk, run, deadline);
  // A stop clicked while the request was on its way stops the rest (the run as another execution left it).
  if (ctx.interleaving.changes !== sending.changesSeen) {
    sending.changesSeen = ctx.interleaving.changes;
    if (runStoreOf(ctx).get(run.runId)?.stopped === true) run.stopped = true;
  }
  if (outcome.kind === "created") {
    // A job already written to the end (another editor's pass got there first) keeps its rows' results.
    if (!outcome.record.settled) markRows(sending, body.businesses, (business) => rowCells({ kind: "sent" }, sentAsText(business)));
    pending.delete(chunk);
    report.jobs.push(outcome.record);
    return true;
  }
  if (outcome.kind === "refused") {
    report.refused = outcome.error;
    const failed = rowCells({ kind: "failed", reason: `could not be sent (${outcome.error.message})` });
    run.rowsDropped += markRows(sending, body.businesses, () => failed);
    ctx.store.deleteStart(chunk.startKey);
    pending.delete(chunk);
    if (!refusesEveryChunk(outcome.error)) return true;
    run.stopped = true;
    const { businesses, invalid } = waitingRows(list());
    const notSent = businesses.flatMap((b) => b.rows.map((row) => ({ row, reason: `not sent: ${outcome.error.message}` })));
    run.rowsDropped += skipRows(list().area(), skippedFor([...invalid, ...notSent]));
    return false;
  }
  // Kept as it is: the next pass repeats it first, without reading or writing anything else.
  report.blocked = outcome.error;
  if (outcome.error.kind === "rate_limited") noteJobSlots(ctx, deadline);
  return false;
}

/**
 * Counts what still waits (from the sheet, when this call read it) and saves the run: as this call changed it, or, where another
 * execution changed the document's jobs while a request was on its way (a stop, rows joining the run), as stored now with this call's
 * chunks and dropped rows added.
 */
function finish({ ctx, run, report }: Sending, before: RunRecord & { changes: number }, list: ListRows | null): SendReport {
  const stored = ctx.interleaving.changes === before.changes ? null : runStoreOf(ctx).get(run.runId);
  const saved: RunRecord = stored
    ? {
        ...stored,
        chunksMade: stored.chunksMade + run.chunksMade - before.chunksMade,
        rowsDropped: stored.rowsDropped + run.rowsDropped - before.rowsDropped,
        stopped: stored.stopped || run.stopped,
      }
    : run;
  if (list !== null) {
    const waiting = waitingCounts(list);
    saved.rowsWaiting = waiting.rows;
    saved.businessesWaiting = waiting.businesses;
    saved.sheetName = list.sheet.getName();
    saved.target = list.target;
  }
  // Rows went on their way (or wait for the service): whatever stopped the last pass is over.
  delete saved.problem;
  runStoreOf(ctx).save(saved);
  return report;
}
