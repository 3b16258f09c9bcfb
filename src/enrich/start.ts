// This file defines starting an enrichment from the sheet, and previewing one: the rows are read
// in one getValues, the account once. Chunks an earlier, interrupted run of the same user left
// unsettled are repeated first with their own keys (src/enrich/run.ts); the plan then decides the
// other rows' fate without them and without the credits they will take; each new chunk is stored,
// then sent, and once the service's active-jobs limit refuses one, the rest wait for the poll
// pass. Every row then shows in ONE write what happened to it (sent, waiting, or `Skipped: …`).
import type { JobsContext } from "../jobs/context";
import type { JobRecord } from "../jobs/job-store";
import { InvalidInputError } from "../errors/user-error";
import { keepPolling } from "../jobs/start-search";
import { normaliseEnrichArgs } from "./args";
import { ALREADY_ENRICHED } from "./columns";
import { matchKey } from "./normalise";
import { pendingChunksOf, type PendingChunk, type PendingChunks } from "./pending";
import { planEnrichment, type EnrichPlan } from "./plan";
import { EnrichmentRun } from "./run";
import { readArea, type SheetArea } from "./sheet-area";

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

/** Whether a job or an unsettled chunk of this sheet is under way (its rows are not sent twice). */
function sheetInFlight(ctx: JobsContext, unsettled: readonly PendingChunk[], sheetId: number): boolean {
  if (ctx.store.active().some((record) => record.kind === "enrichment" && record.sheetId === sheetId)) return true;
  return unsettled.some((chunk) => chunk.sheetId === sheetId);
}

/** The current user's unsettled chunks of this sheet: their businesses are not planned again. */
function keysInFlight(pending: PendingChunks, unsettled: readonly PendingChunk[], sheetId: number): Set<string> {
  const keys = new Set<string>();
  for (const chunk of unsettled) {
    if (chunk.sheetId !== sheetId) continue;
    for (const b of pending.body(chunk)?.businesses ?? []) keys.add(matchKey(b.business_name, b.website_url));
  }
  return keys;
}

function planFor(ctx: JobsContext, area: SheetArea, force: boolean, deadline: number, unsettled: readonly PendingChunk[], exclude: ReadonlySet<string>, promised: number): EnrichPlan {
  const account = ctx.client.getAccount({ deadline });
  // Credits that chunks still waiting to be sent will take are not the new run's to spend.
  const available = { ...account, credits_remaining: Math.max(0, account.credits_remaining - promised) };
  return planEnrichment(area, available, { force, inFlight: sheetInFlight(ctx, unsettled, area.sheet.getSheetId()), exclude });
}

export function startEnrichment(ctx: JobsContext, raw: unknown, deadline: number): StartEnrichmentResult {
  const args = normaliseEnrichArgs(raw);
  const area = readArea(ctx.spreadsheet, args);
  const run = new EnrichmentRun(ctx, area, deadline);
  run.replayUnsettled();
  const plan = planFor(ctx, area, args.force, deadline, run.unsettled, run.replayedKeys, run.creditsPromised());
  run.sendPlanned(plan);
  run.writeRows(plan);
  if (run.jobs.length > 0 || run.blocked !== null) keepPolling(ctx);
  if (run.jobs.length === 0 && run.blocked === null && run.refused !== null) throw run.refused;
  return { jobs: run.jobs, skipped: [...plan.skipped, ...run.overflow].sort((x, y) => x.row - y.row) };
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
  const pending = pendingChunksOf(ctx);
  const sheetId = area.sheet.getSheetId();
  const unsettled = pending.all();
  const waiting = unsettled.filter((chunk) => pending.isMine(chunk)).reduce((sum, chunk) => sum + chunk.count, 0);
  const plan = planFor(ctx, area, args.force, deadline, unsettled, keysInFlight(pending, unsettled, sheetId), waiting);
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
