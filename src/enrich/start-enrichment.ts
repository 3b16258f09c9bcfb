// This file defines starting an enrichment from the sheet, and previewing one: the rows asked for
// (the selection's by default, src/enrich/sheet-area.ts) are read in one getValues, the account
// once. Chunks an earlier, interrupted run of the same user left
// unsettled are repeated first with their own keys (src/enrich/send-chunks.ts); the plan then decides the
// other rows' fate without them and without the credits they will take; each new chunk is stored,
// then sent, and once the service's active-jobs limit refuses one, the rest wait for the poll
// pass. Every row then shows in ONE write what happened to it (sent, waiting, or `Skipped: …`).
import type { JobsContext } from "../jobs/job-context";
import { isJobDone, type JobRecord } from "../jobs/job-record";
import { InvalidInputError } from "../errors/user-error";
import { keepPolling } from "../jobs/start-search";
import { ALREADY_ENRICHED } from "./result-columns";
import { matchKey } from "./normalise";
import { unreadArea, type ColumnChoice } from "./column-choice";
import { pendingChunksOf, type PendingChunk, type PendingChunks } from "./pending";
import { planEnrichment, type EnrichPlan } from "./enrichment-plan";
import { describeRows } from "./row-list";
import { EnrichmentRun } from "./send-chunks";
import { readArea, type AreaArgs, type SheetArea } from "./sheet-area";

/** An enrichment's options once checked (src/ui/entry-args.ts): where the rows are, and whether to pay again for rows already enriched. */
export interface EnrichArgs extends AreaArgs {
  force: boolean;
}

export interface StartEnrichmentResult {
  jobs: JobRecord[];
  skipped: Array<{ row: number; reason: string }>;
  /** The rows asked for, in words: "rows 11–20 of Target accounts". */
  rowsLabel: string;
  /** Rows skipped because the search that wrote them already enriched them, and that search's name. */
  alreadyEnrichedBySearch: number;
  searchName: string | null;
}

export interface EnrichmentPreview {
  sheetName: string;
  /** Where the rows come from: the selection, a range given by A1, or the whole sheet. */
  scope: "selection" | "range" | "sheet" | null;
  /** The rows asked for, in words: "rows 11–20 of Target accounts" (null when they cannot be read). */
  rowsLabel: string | null;
  /** Rows asked for, below the header row (empty ones included). */
  rowsConsidered: number;
  nameHeader: string | null;
  websiteHeader: string | null;
  rowsToSend: number;
  duplicates: number;
  alreadyEnriched: number;
  /** Of those, rows the search that wrote this results sheet already enriched. */
  alreadyEnrichedBySearch: number;
  /** Why rows a search enriched are not sent, when there are any; else null. */
  notice: string | null;
  skipped: Array<{ row: number; reason: string }>;
  creditsNeeded: number;
  creditsRemaining: number;
  problem: string | null;
  /** Set when no header row names the columns (then `problem` asks to choose them), or they were chosen by position: src/enrich/column-choice.ts. */
  columnChoice: ColumnChoice | null;
}

/** Whether a job or an unsettled chunk of this sheet is under way (its rows are not sent twice). */
function sheetInFlight(records: readonly JobRecord[], unsettled: readonly PendingChunk[], sheetId: number): boolean {
  if (records.some((record) => record.kind === "enrichment" && record.sheetId === sheetId && !isJobDone(record))) return true;
  return unsettled.some((chunk) => chunk.sheetId === sheetId);
}

/** The name of the tracked search that writes this sheet, if any. */
function searchOfSheet(records: readonly JobRecord[], sheetId: number): string | null {
  return records.find((record) => record.kind === "search" && record.sheetId === sheetId)?.name ?? null;
}

/**
 * The sentence on rows a search already enriched: "12 rows were already enriched by the search
 * "coffee in Austin" — tick "Re-enrich" to pay for them again." `howToForce` is the last part.
 */
export function searchEnrichedNotice(count: number, searchName: string | null, howToForce: string): string {
  const search = searchName === null ? "the search that made this sheet" : `the search "${searchName}"`;
  return `${count} ${count === 1 ? "row was" : "rows were"} already enriched by ${search} — ${howToForce}.`;
}

const FORCE_IN_SIDEBAR = 'tick "Re-enrich" to pay for them again';

/** The current user's unsettled chunks of this sheet: their businesses are not planned again. */
function keysInFlight(pending: PendingChunks, unsettled: readonly PendingChunk[], sheetId: number): Set<string> {
  const keys = new Set<string>();
  for (const chunk of unsettled) {
    if (chunk.sheetId !== sheetId) continue;
    for (const b of pending.body(chunk)?.businesses ?? []) keys.add(matchKey(b.business_name, b.website_url));
  }
  return keys;
}

function planFor(ctx: JobsContext, area: SheetArea, force: boolean, deadline: number, unsettled: readonly PendingChunk[], exclude: ReadonlySet<string>, promised: number): EnrichPlan & { searchName: string | null } {
  const account = ctx.client.getAccount({ deadline });
  // Credits that chunks still waiting to be sent will take are not the new run's to spend.
  const available = { ...account, credits_remaining: Math.max(0, account.credits_remaining - promised) };
  const records = ctx.store.all();
  const sheetId = area.sheet.getSheetId();
  const plan = planEnrichment(area, available, { force, inFlight: sheetInFlight(records, unsettled, sheetId), exclude });
  return { ...plan, searchName: plan.alreadyEnrichedBySearch > 0 ? searchOfSheet(records, sheetId) : null };
}

export function startEnrichment(ctx: JobsContext, args: EnrichArgs, deadline: number): StartEnrichmentResult {
  const area = readArea(ctx.spreadsheet, args, { addHeaderRow: true });
  const run = new EnrichmentRun(ctx, area, deadline);
  run.replayUnsettled();
  const plan = planFor(ctx, area, args.force, deadline, run.unsettled, run.replayedKeys, run.creditsPromised());
  run.sendPlanned(plan);
  run.writeRows(plan);
  if (run.jobs.length > 0 || run.blocked !== null) keepPolling(ctx);
  if (run.jobs.length === 0 && run.blocked === null && run.refused !== null) throw run.refused;
  return {
    jobs: run.jobs,
    skipped: [...plan.skipped, ...run.overflow].sort((x, y) => x.row - y.row),
    rowsLabel: describeRows(area.rows, run.sheetName),
    alreadyEnrichedBySearch: plan.alreadyEnrichedBySearch,
    searchName: plan.searchName,
  };
}

export function previewEnrichment(ctx: JobsContext, args: EnrichArgs, deadline: number): EnrichmentPreview {
  let area: SheetArea;
  try {
    area = readArea(ctx.spreadsheet, args);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const sheet = args.sheetName ?? ctx.spreadsheet.getActiveSheet().getName();
    const account = ctx.client.getAccount({ deadline });
    return {
      sheetName: sheet, scope: null, rowsConsidered: 0, nameHeader: null, websiteHeader: null, rowsToSend: 0, duplicates: 0,
      alreadyEnriched: 0, alreadyEnrichedBySearch: 0, notice: null, skipped: [], creditsNeeded: 0, creditsRemaining: account.credits_remaining,
      ...unreadArea(error),
    };
  }
  const pending = pendingChunksOf(ctx);
  const sheetId = area.sheet.getSheetId();
  const unsettled = pending.all();
  const waiting = unsettled.filter((chunk) => pending.isMine(chunk)).reduce((sum, chunk) => sum + chunk.count, 0);
  const plan = planFor(ctx, area, args.force, deadline, unsettled, keysInFlight(pending, unsettled, sheetId), waiting);
  const rowsToSend = plan.chunks.reduce((n, chunk) => n + chunk.length, 0);
  const notice = plan.alreadyEnrichedBySearch > 0 ? searchEnrichedNotice(plan.alreadyEnrichedBySearch, plan.searchName, FORCE_IN_SIDEBAR) : null;
  const allEnriched = plan.alreadyEnriched > 0 && plan.skipped.every((s) => s.reason === ALREADY_ENRICHED);
  const problem =
    rowsToSend > 0
      ? null
      : allEnriched && notice !== null && plan.alreadyEnrichedBySearch === plan.alreadyEnriched
        ? `Nothing to send: ${notice}`
        : allEnriched
          ? 'Nothing to send: every row is already enriched. Tick "Re-enrich" to send them again.'
          : "Nothing to send: no row has both a business name and a valid website that the credits cover.";
  const sheetName = area.sheet.getName();
  return {
    sheetName,
    scope: area.scope,
    rowsLabel: describeRows(area.rows, sheetName),
    rowsConsidered: area.rows.length,
    nameHeader: area.target.nameHeader || null,
    websiteHeader: area.target.websiteHeader || null,
    rowsToSend,
    duplicates: plan.duplicates,
    alreadyEnriched: plan.alreadyEnriched,
    alreadyEnrichedBySearch: plan.alreadyEnrichedBySearch,
    notice,
    skipped: plan.skipped,
    creditsNeeded: plan.creditsNeeded,
    creditsRemaining: plan.creditsRemaining,
    problem,
    columnChoice: area.columnChoice,
  };
}
