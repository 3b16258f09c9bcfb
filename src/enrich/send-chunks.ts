// This file defines how an enrichment run's waiting rows are sent: the rows that say "Waiting to be
// sent" are read from the sheet (found by their status, so a sort or an insert mid-run changes
// nothing), grouped by business, and sent a chunk at a time until none wait, the service says to
// wait (its active-jobs limit), or the deadline comes. The start and every later pass send the same
// way, so one click finishes the whole list.
//
// Only the chunk being sent is stored (its exact body and idempotency key, src/enrich/pending.ts),
// BEFORE its request, and forgotten once its job is recorded and its rows say "Sent". A chunk whose
// answer may have been lost (network, 5xx, a killed execution) stays stored and is repeated byte
// for byte first, so the service charges it once; a chunk the service certainly did not create
// (429, or Apps Script's quota: nothing was sent) is simply dropped, its rows still waiting.
import type { CreateEnrichmentRequest, EnrichmentBusiness } from "../api/schemas";
import type { LeadsApiError } from "../api/errors";
import type { JobsContext } from "../jobs/job-context";
import type { JobRecord } from "../jobs/job-record";
import { JobStoreFullError } from "../jobs/job-store-budget";
import { ENRICHED_FOR_HEADER, ROW_STATUS, STATUS_HEADER } from "./result-columns";
import { chunkIdempotencyKey, chunkStartKey, sendChunk, type ChunkTarget } from "./create-job";
import { checkName, cleanText, matchKey, normaliseWebsite } from "./normalise";
import { BODY_BUDGET_BYTES, pendingChunksOf, type PendingChunk } from "./pending";
import { runStoreOf, type RunRecord } from "./run-record";
import { cellAt, type SheetArea } from "./sheet-area";
import { writeResultCells, type RowUpdates } from "./write-cells";

const MAX_SHEET_IN_NAME = 120;

export function chunkName(sheetName: string, index: number, count: number): string {
  const sheet = sheetName.length > MAX_SHEET_IN_NAME ? sheetName.slice(0, MAX_SHEET_IN_NAME - 1) + "…" : sheetName;
  return count > 1 ? `Enrich ${sheet} (${index + 1} of ${count})` : `Enrich ${sheet}`;
}

/** A business of the sheet and every row that asks for it. */
export interface RowBusiness {
  key: string;
  business: EnrichmentBusiness;
  rows: number[];
}

/** A row's name and website as they read now, checked; or why they cannot be sent. */
export function rowBusiness(area: SheetArea, row: number): { ok: true; key: string; business: EnrichmentBusiness } | { ok: false; reason: string } {
  const name = checkName(cellAt(area, row, area.target.nameColumn));
  if (!name.ok) return name;
  const website = normaliseWebsite(cellAt(area, row, area.target.websiteColumn));
  if (!website.ok) return website;
  return { ok: true, key: matchKey(name.value, website.value), business: { business_name: name.value, website_url: website.value } };
}

/** The text of `Enriched for` while a row waits or after it was sent: what it is sent as. */
export const sentAsText = (business: EnrichmentBusiness): string => `${business.business_name} | ${business.website_url}`;

/** A status that says the row is the run's and not sent yet (today's wording, or an earlier version's "Waiting: …"). */
function awaitsSending(status: string): boolean {
  return status === ROW_STATUS.waiting || status === ROW_STATUS.stopped || status.startsWith("Waiting");
}

/** The rows that wait, by business, in sheet order; and those no longer valid (edited since the start). */
export function waitingRows(area: SheetArea): { businesses: RowBusiness[]; invalid: Array<{ row: number; reason: string }> } {
  const statusColumn = area.results.get(STATUS_HEADER);
  const byKey = new Map<string, RowBusiness>();
  const invalid: Array<{ row: number; reason: string }> = [];
  if (statusColumn === undefined) return { businesses: [], invalid };
  for (const row of area.rows) {
    if (cleanText(cellAt(area, row, statusColumn)) !== ROW_STATUS.waiting) continue;
    const found = rowBusiness(area, row);
    if (!found.ok) {
      invalid.push({ row, reason: found.reason });
      continue;
    }
    const known = byKey.get(found.key);
    if (known) known.rows.push(row);
    else byKey.set(found.key, { key: found.key, business: found.business, rows: [row] });
  }
  return { businesses: [...byKey.values()], invalid };
}

/** Writes `cells(business)` into the rows of these businesses that still await sending. */
function markRows(area: SheetArea, businesses: readonly EnrichmentBusiness[], cells: (business: EnrichmentBusiness) => Map<string, string>): number {
  const statusColumn = area.results.get(STATUS_HEADER);
  if (statusColumn === undefined) return 0;
  const byKey = new Map(businesses.map((b) => [matchKey(b.business_name, b.website_url), b]));
  const updates: RowUpdates = new Map();
  for (const row of area.rows) {
    if (!awaitsSending(cleanText(cellAt(area, row, statusColumn)))) continue;
    const found = rowBusiness(area, row);
    const business = found.ok ? byKey.get(found.key) : undefined;
    if (business) updates.set(row, cells(business));
  }
  writeResultCells(area, updates);
  return updates.size;
}

const sentCells = (business: EnrichmentBusiness) => new Map([[STATUS_HEADER, ROW_STATUS.sent], [ENRICHED_FOR_HEADER, sentAsText(business)]]);
const statusCells = (status: string) => () => new Map([[STATUS_HEADER, status], [ENRICHED_FOR_HEADER, ""]]);

/** Marks rows that can no longer be sent: `Skipped: …` (their pair is cleared: nothing was sent for it). */
export function skipRows(area: SheetArea, rows: ReadonlyArray<{ row: number; reason: string }>): number {
  const updates: RowUpdates = new Map();
  for (const { row, reason } of rows) updates.set(row, new Map([[STATUS_HEADER, ROW_STATUS.skipped(reason)], [ENRICHED_FOR_HEADER, ""]]));
  writeResultCells(area, updates);
  return updates.size;
}

/** A refusal that every later chunk would meet too: the run ends and its waiting rows say why. */
const refusesEveryChunk = (error: LeadsApiError): boolean => error.kind === "insufficient_credits" || error.kind === "unauthorized";

/** Nothing reached the service, or it answered that it created nothing: no body needs repeating. */
const certainlyNotCreated = (error: LeadsApiError): boolean => error.kind === "rate_limited" || error.kind === "quota";

export interface SendReport {
  /** Jobs created (or found again for a repeated chunk) by this call. */
  jobs: JobRecord[];
  /** Why sending stopped with rows still waiting (the service's limit, 5xx, a full store), or null. */
  blocked: Error | null;
  /** The last refusal for good (402, 401, 422): its rows say so. */
  refused: LeadsApiError | null;
}

/**
 * Sends the run's chunk repeats, then its waiting rows, and saves the run with what now waits.
 * `area` is the run's rows as just read; it is kept equal to the sheet as rows are marked.
 */
export function sendWaitingRows(ctx: JobsContext, run: RunRecord, area: SheetArea, deadline: number): SendReport {
  const report: SendReport = { jobs: [], blocked: null, refused: null };
  const pending = pendingChunksOf(ctx);
  const where: ChunkTarget = { sheetId: run.sheetId, sheetName: area.sheet.getName(), target: area.target, runId: run.runId };
  const repeats = pending.all().filter((chunk) => pending.isMine(chunk) && chunk.runId === run.runId);
  const repeated = new Set<string>();

  /** One send and what follows from its outcome; false when sending must stop for now. */
  const send = (chunk: PendingChunk, body: CreateEnrichmentRequest, repeat: boolean): boolean => {
    const outcome = sendChunk(ctx, body, chunk.startKey, where, deadline, chunk.idempotencyKey, 1);
    if (outcome.kind === "created") {
      // A job already written to the end (another editor's pass got there first) keeps its rows' results.
      if (!outcome.record.settled) markRows(area, body.businesses, sentCells);
      pending.delete(chunk);
      if (!repeat) run.jobsCreated += 1;
      report.jobs.push(outcome.record);
      return true;
    }
    if (outcome.kind === "refused") {
      report.refused = outcome.error;
      run.rowsDropped += markRows(area, body.businesses, statusCells(ROW_STATUS.failed(`could not be sent (${outcome.error.message})`)));
      ctx.store.deleteStart(chunk.startKey);
      pending.delete(chunk);
      if (refusesEveryChunk(outcome.error)) {
        run.stopped = true;
        run.rowsDropped += skipRows(area, waitingRows(area).businesses.flatMap((b) => b.rows.map((row) => ({ row, reason: `not sent: ${outcome.error.message}` }))));
      }
      return !refusesEveryChunk(outcome.error);
    }
    report.blocked = outcome.error;
    if (!repeat && certainlyNotCreated(outcome.error)) {
      pending.delete(chunk);
      ctx.store.deleteStart(chunk.startKey);
    }
    return false;
  };

  for (const chunk of repeats) {
    const body = pending.body(chunk);
    if (body === null) {
      pending.delete(chunk); // a lost body cannot be repeated as it was; its rows still wait
      continue;
    }
    for (const b of body.businesses) repeated.add(matchKey(b.business_name, b.website_url));
    if (!send(chunk, body, true)) return finish(ctx, run, area, report);
  }

  let usedBytes: number | null = null;
  while (!run.stopped && ctx.clock.now() < deadline) {
    const { businesses, invalid } = waitingRows(area);
    if (invalid.length > 0) run.rowsDropped += skipRows(area, invalid);
    const next = businesses.filter((b) => !repeated.has(b.key));
    if (next.length === 0) break;
    const planned = next.slice(0, run.perJob);
    const count = Math.max(run.jobsPlanned, run.jobsCreated + Math.ceil(next.length / run.perJob));
    const body: CreateEnrichmentRequest = { name: chunkName(where.sheetName, run.jobsCreated, count), businesses: planned.map((b) => b.business) };
    try {
      // Before anything is stored or sent: a job the store then could not record would be paid for and lost.
      ctx.store.makeRoomForNewJob(body.name ?? "");
    } catch (error) {
      if (!(error instanceof JobStoreFullError)) throw error;
      report.blocked = error; // the rows wait until a finished job makes room
      break;
    }
    const startKey = chunkStartKey(body);
    const head = { startKey, idempotencyKey: "", ...where, createdAt: new Date(ctx.clock.now()).toISOString(), index: run.jobsCreated };
    const bytes = pending.bodyBytes(body, head);
    usedBytes ??= pending.usedBodyBytes();
    if (usedBytes + bytes > BODY_BUDGET_BYTES) {
      report.blocked = new Error("the user's store of chunks being sent is full"); // other documents' chunks first
      break;
    }
    head.idempotencyKey = chunkIdempotencyKey(ctx, startKey);
    pending.save(head, body);
    if (!send({ ...head, editorId: ctx.editorId, count: body.businesses.length }, body, false)) break;
  }
  return finish(ctx, run, area, report);
}

/** Counts what still waits (from the sheet, as written) and saves the run. */
function finish(ctx: JobsContext, run: RunRecord, area: SheetArea, report: SendReport): SendReport {
  const { businesses } = waitingRows(area);
  run.rowsWaiting = businesses.reduce((n, b) => n + b.rows.length, 0);
  run.businessesWaiting = businesses.length;
  run.sheetName = area.sheet.getName();
  run.target = area.target;
  runStoreOf(ctx).save(run);
  return report;
}
