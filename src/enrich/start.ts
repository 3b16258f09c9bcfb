// This file defines starting an enrichment from the sheet, and previewing one: the rows are read
// in one getValues, the account once; the plan decides each row's fate; each chunk is sent with
// its own persisted idempotency key, and once the service's active-jobs limit refuses one, it and
// the following chunks wait in the store for the poll pass. Every row then shows in ONE write
// what happened to it (sent, waiting, or `Skipped: <reason>`).
import type { CreateEnrichmentRequest } from "../api/schemas";
import type { LeadsApiError } from "../api/errors";
import type { JobsContext } from "../jobs/context";
import type { JobRecord } from "../jobs/job-store";
import { InvalidInputError } from "../jobs/start-search";
import { normaliseEnrichArgs } from "./args";
import { ALREADY_ENRICHED, BEING_ENRICHED, ENRICHED_FOR_HEADER, ROW_STATUS, STATUS_HEADER } from "./columns";
import { chunkIdempotencyKey, chunkStartKey, sendChunk } from "./create-job";
import { PendingChunks } from "./pending";
import { planEnrichment, type EnrichPlan, type PlannedBusiness } from "./plan";
import { readArea, type SheetArea } from "./sheet-area";
import { writeResultCells, type RowUpdates } from "./write-cells";

export interface StartEnrichmentResult {
  jobs: JobRecord[];
  skipped: Array<{ row: number; reason: string }>;
}

export interface EnrichmentPreview {
  sheetName: string;
  nameHeader: string | null;
  websiteHeader: string | null;
  rowsToSend: number;
  duplicates: number;
  alreadyEnriched: number;
  skipped: Array<{ row: number; reason: string }>;
  creditsNeeded: number;
  creditsRemaining: number;
  problem: string | null;
}

const MAX_SHEET_IN_NAME = 120;

function chunkName(sheetName: string, index: number, count: number): string {
  const sheet = sheetName.length > MAX_SHEET_IN_NAME ? sheetName.slice(0, MAX_SHEET_IN_NAME - 1) + "…" : sheetName;
  return count > 1 ? `Enrich ${sheet} (${index + 1} of ${count})` : `Enrich ${sheet}`;
}

/** Whether a job or waiting chunk of this sheet is still under way (its rows are not sent twice). */
function sheetInFlight(ctx: JobsContext, sheetId: number): boolean {
  if (ctx.store.active().some((record) => record.kind === "enrichment" && record.sheetId === sheetId)) return true;
  return new PendingChunks(ctx.properties).all().some((chunk) => chunk.sheetId === sheetId);
}

function planFor(ctx: JobsContext, area: SheetArea, force: boolean, deadline: number): EnrichPlan {
  const account = ctx.client.getAccount({ deadline });
  return planEnrichment(area, account, { force, inFlight: sheetInFlight(ctx, area.sheet.getSheetId()) });
}

export function startEnrichment(ctx: JobsContext, raw: unknown, deadline: number): StartEnrichmentResult {
  const args = normaliseEnrichArgs(raw);
  const area = readArea(ctx.spreadsheet, args);
  const plan = planFor(ctx, area, args.force, deadline);
  const sheetId = area.sheet.getSheetId();
  const sheetName = area.sheet.getName();
  const where = { sheetId, sheetName, target: area.target };
  const pending = new PendingChunks(ctx.properties);

  const statusByKey = new Map<string, { status: string; business: PlannedBusiness }>();
  const mark = (chunk: PlannedBusiness[], status: string) => chunk.forEach((b) => statusByKey.set(b.key, { status, business: b }));
  const jobs: JobRecord[] = [];
  let blocked: LeadsApiError | null = null;
  let refused: LeadsApiError | null = null;
  plan.chunks.forEach((chunk, index) => {
    const body: CreateEnrichmentRequest = { name: chunkName(sheetName, index, plan.chunks.length), businesses: chunk.map((b) => b.business) };
    const startKey = chunkStartKey(body);
    if (blocked === null) {
      const outcome = sendChunk(ctx, body, startKey, where, deadline);
      if (outcome.kind === "created") {
        jobs.push(outcome.record);
        mark(chunk, ROW_STATUS.sent);
        return;
      }
      if (outcome.kind === "refused") {
        refused = outcome.error;
        ctx.store.deleteStart(startKey);
        mark(chunk, ROW_STATUS.failed(`could not be sent (${outcome.error.message})`));
        return;
      }
      blocked = outcome.error;
    }
    const idempotencyKey = chunkIdempotencyKey(ctx, startKey);
    pending.save({ startKey, idempotencyKey, ...where, createdAt: new Date(ctx.clock.now()).toISOString(), index }, body);
    mark(chunk, ROW_STATUS.waiting);
  });

  const updates: RowUpdates = new Map();
  for (const [row, key] of plan.rowKeys) {
    const sent = statusByKey.get(key);
    if (!sent) continue;
    const { business_name, website_url } = sent.business.business;
    updates.set(row, new Map([[STATUS_HEADER, sent.status], [ENRICHED_FOR_HEADER, `${business_name} | ${website_url}`]]));
  }
  for (const { row, reason } of plan.skipped) {
    if (reason === ALREADY_ENRICHED || reason === BEING_ENRICHED) continue;
    updates.set(row, new Map([[STATUS_HEADER, ROW_STATUS.skipped(reason)]]));
  }
  writeResultCells(area, updates);
  if (jobs.length > 0 || blocked !== null) ctx.ensurePollTrigger();
  if (jobs.length === 0 && blocked === null && refused !== null) throw refused;
  return { jobs, skipped: plan.skipped };
}

export function previewEnrichment(ctx: JobsContext, raw: unknown, deadline: number): EnrichmentPreview {
  const args = normaliseEnrichArgs(raw);
  let area: SheetArea;
  try {
    area = readArea(ctx.spreadsheet, args);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const sheet = args.sheetName ?? ctx.spreadsheet.getActiveSheet().getName();
    const account = ctx.client.getAccount({ deadline });
    return {
      sheetName: sheet, nameHeader: null, websiteHeader: null, rowsToSend: 0, duplicates: 0, alreadyEnriched: 0, skipped: [],
      creditsNeeded: 0, creditsRemaining: account.credits_remaining, problem: error.message,
    };
  }
  const plan = planFor(ctx, area, args.force, deadline);
  const rowsToSend = plan.chunks.reduce((n, chunk) => n + chunk.length, 0);
  const problem =
    rowsToSend > 0
      ? null
      : plan.alreadyEnriched > 0 && plan.skipped.every((s) => s.reason === ALREADY_ENRICHED)
        ? "Nothing to send: every row is already enriched. Tick \"Re-enrich everything\" to send them again."
        : "Nothing to send: no row has both a business name and a valid website that the credits cover.";
  return {
    sheetName: area.sheet.getName(),
    nameHeader: area.target.nameHeader || null,
    websiteHeader: area.target.websiteHeader || null,
    rowsToSend,
    duplicates: plan.duplicates,
    alreadyEnriched: plan.alreadyEnriched,
    skipped: plan.skipped,
    creditsNeeded: plan.creditsNeeded,
    creditsRemaining: plan.creditsRemaining,
    problem,
  };
}
