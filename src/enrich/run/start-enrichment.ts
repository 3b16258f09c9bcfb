// This file defines starting and previewing an enrichment: the asked rows are read in one getValues and the account once, the plan
// decides each row's fate, the run's record is saved, the rows to send say "Waiting to be sent" in ONE write, and the first chunks go.
import type { Account } from "../../api/schemas";
import type { JobsContext } from "../../jobs/job-context";
import { enrichmentOf, isJobDone, searchesOf, type JobRecord } from "../../jobs/job-record";
import { InvalidInputError } from "../../errors/user-error";
import { keepPolling } from "../../search/start-search";
import { cutReasonClause, keepsItsStatus, skipReasonWords } from "./skip-reason";
import { unreadArea, type ColumnChoice } from "../list/column-choice";
import { pendingChunksOf, type PendingChunk } from "./pending";
import { planEnrichment, type EnrichPlan, type PlanSkip } from "./enrichment-plan";
import { describeRows } from "../list/row-list";
import { runDuration } from "./run-estimate";
import { creditsPromised, isSending, rowsSent, runStoreOf, type RunRecord, type RunStore } from "./run-record";
import { rowCells, sentAsText, sendWaitingRows, statusCells, type SendReport } from "./send-chunks";
import { ListRows, PassReads } from "../list/list-rows";
import { waitingRows } from "../list/waiting-rows";
import { readArea, type AreaArgs, type SheetArea } from "../list/sheet-area";
import { writeResultCells, type RowUpdates } from "../write-back/write-cells";
import { columnLetters } from "../../sheets/column-letters";
import { checkRoom, documentRoom, noRoomSentence, roomNotice } from "../../sheets/document-room";
import { ENRICH_HEADERS } from "../../sheets/columns";
import { iso } from "../../rules/clock";

/** An enrichment's options once checked (enrich-args.ts): where the rows are, and whether to pay again for rows already enriched. */
export interface EnrichArgs extends AreaArgs {
  force: boolean;
}

export interface StartEnrichmentResult {
  jobs: JobRecord[];
  skipped: Array<{ row: number; reason: string }>;
  /** The rows asked for, in words: "rows 11–20 of Target accounts". */
  rowsLabel: string;
  /** Rows of the run that wait for a job slot: later passes send them. */
  waiting: number;
  /** Rows skipped because the search that wrote them already enriched them, and that search's name. */
  alreadyEnrichedBySearch: number;
  searchName: string | null;
  /** The businesses the rows are sent as (now or once a job slot frees), and the rows among them of a business already in the list. */
  businesses: number;
  duplicates: number;
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
  /** Businesses to send (each charged once), and rows of a business already in the list (sent once with it, filled from its result). */
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
  /** Jobs the rows need (700 businesses a job on a paid plan). */
  jobs: number;
  /** How long the run may take when it needs more jobs than run at once ("about 6 hours in the background"), else null. */
  duration: string | null;
  problem: string | null;
  /**
   * Set when no header row names the columns (then `problem` asks to choose
   * them), or they were chosen by position: src/enrich/list/column-choice.ts.
   */
  columnChoice: ColumnChoice | null;
  /** Past 80 % of Google's cell limit: the sentence that says so (src/sheets/document-room.ts), else null. */
  roomNotice: string | null;
}

/** Rows the plan sends of a business already in the list: sent once with it, each filled from its result. */
const duplicatesSent = (plan: EnrichPlan): number => plan.chunks.flat().reduce((n, b) => n + b.rows.length - 1, 0);

/** Whether a job, a run or a chunk being sent of this sheet is under way (its rows are not sent twice). */
function sheetInFlight(ctx: JobsContext, unsettled: readonly PendingChunk[], runs: RunStore, sheetId: number): boolean {
  if (ctx.store.all().some((record) => enrichmentOf(record)?.sheetId === sheetId && !isJobDone(record))) return true;
  return unsettled.some((chunk) => chunk.sheetId === sheetId) || runs.all().some((run) => run.sheetId === sheetId && isSending(run));
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

/**
 * Credits the current user's runs and chunks will still take; the run of these very rows counted from the sheet just read (a start killed
 * before its rows were written left nothing waiting).
 */
function promisedBeside(ctx: JobsContext, area: SheetArea): number {
  const here = (run: RunRecord) => run.sheetId === area.sheet.getSheetId() && run.target.headerRow === area.target.headerRow;
  return creditsPromised(ctx, (run) => (here(run) ? waitingRows(ListRows.ofArea(area)).businesses.length : run.businessesWaiting));
}

function planFor(
  ctx: JobsContext,
  area: SheetArea,
  force: boolean,
  account: Account,
  runs: RunStore,
): EnrichPlan & { searchName: string | null } {
  const pending = pendingChunksOf(ctx);
  const unsettled = pending.all();
  const sheetId = area.sheet.getSheetId();
  const available = { ...account, credits_remaining: Math.max(0, account.credits_remaining - promisedBeside(ctx, area)) };
  const inFlight = sheetInFlight(ctx, unsettled, runs, sheetId);
  // The current user's chunks being sent for this sheet: their businesses are not planned again.
  const exclude = pending.keysOf(unsettled.filter((chunk) => chunk.sheetId === sheetId));
  const plan = planEnrichment(area, available, { force, inFlight, exclude });
  // The tracked search that writes this sheet, if any, is named where it enriched rows already.
  const search = plan.alreadyEnrichedBySearch > 0 ? searchesOf(ctx.store.all()).find((record) => record.sheetId === sheetId) : undefined;
  return { ...plan, searchName: search?.name ?? null };
}

/**
 * The run these rows join: the one still sending under the same header row (a click of Enrich
 * mid-run also moves it on), or a new one; null when nothing is to be sent.
 */
function runFor(ctx: JobsContext, runs: RunStore, area: SheetArea, plan: EnrichPlan): RunRecord | null {
  const rows = plan.chunks.reduce((n, chunk) => n + chunk.reduce((m, b) => m + b.rows.length, 0), 0);
  const sheetName = area.sheet.getName();
  const joined = runs.sendingOn(area.sheet.getSheetId(), area.target.headerRow);
  if (plan.chunks.length === 0) return joined?.editorId === ctx.editorId ? joined : null;
  if (joined) {
    const busy = (whose: string, these: string) =>
      new InvalidInputError(
        `${whose} "${sheetName}" is still sending its rows: enrich ${these} once it has finished, or stop it in the sidebar's job list.`,
      );
    if (joined.editorId !== ctx.editorId) throw busy("Another editor's enrichment of", "these rows");
    if (joined.target.nameColumn !== area.target.nameColumn || joined.target.websiteColumn !== area.target.websiteColumn)
      throw busy("An enrichment of other columns of", "these");
    return {
      ...joined,
      rows: joined.rows + rows,
      jobsPlanned: joined.chunksMade + Math.ceil((joined.businessesWaiting + plan.chunks.flat().length) / joined.perJob),
    };
  }
  return {
    runId: ctx.newIdempotencyKey(),
    sheetId: area.sheet.getSheetId(),
    sheetName,
    target: area.target,
    editorId: ctx.editorId,
    createdAt: iso(ctx.clock.now()),
    perJob: plan.perJob,
    rows,
    rowsWaiting: rows,
    businessesWaiting: plan.chunks.flat().length,
    rowsDropped: 0,
    chunksMade: 0,
    jobsPlanned: plan.chunks.length,
    stopped: false,
  };
}

/** Cells the result columns a list lacks take once added: a column each, as tall as the sheet (0 when it has them all). */
function newColumnsCells(area: SheetArea): number {
  const missing = ENRICH_HEADERS.filter((header) => !area.results.has(header)).length;
  return missing === 0 ? 0 : missing * area.sheet.getMaxRows();
}

/** The rows left out, each with its reason in words (the contract's `skipped`). */
const skippedWords = (skipped: readonly PlanSkip[]): Array<{ row: number; reason: string }> =>
  skipped.map(({ row, reason }) => ({ row, reason: skipReasonWords(reason) }));

/** ONE write of every row's fate: the rows to send wait (with what they are sent as), skipped rows say why. */
function writeStartRows(area: SheetArea, plan: EnrichPlan): void {
  const updates: RowUpdates = new Map();
  for (const business of plan.chunks.flat())
    for (const row of business.rows) updates.set(row, rowCells({ kind: "waiting" }, sentAsText(business.business)));
  for (const { row, reason } of plan.skipped)
    if (!keepsItsStatus(reason)) updates.set(row, statusCells({ kind: "skipped", reason: skipReasonWords(reason) }));
  writeResultCells(area, updates);
}

export function startEnrichment(ctx: JobsContext, args: EnrichArgs, deadline: number): StartEnrichmentResult {
  // The account first: the rows are read right before they are marked, with no request between
  // that a person's sort or typing could follow (the marks are still checked after: write-cells.ts).
  const account = ctx.client.getAccount({ deadline });
  const area = readArea(ctx.spreadsheet, args, { addHeaderRow: true });
  const runs = runStoreOf(ctx);
  const plan = planFor(ctx, area, args.force, account, runs);
  // The result columns the list lacks, added once for every row: room for them first (Google's cell limit).
  const cells = newColumnsCells(area);
  if (cells > 0 && plan.chunks.length > 0) checkRoom(documentRoom(ctx.spreadsheet), cells, "the result columns of these rows");
  let report: SendReport = { jobs: [], blocked: null, refused: null };
  let waiting = 0;
  const run = runFor(ctx, runs, area, plan);
  if (run && plan.chunks.length > 0) {
    // A job list with no room for the run's first job refuses the start before any row changes.
    if (run.chunksMade === 0) ctx.store.makeRoomForNewJob(`Enrich ${run.sheetName}`);
    // The record first: rows that say "Waiting to be sent" always have a run to send them.
    runs.save(run);
  }
  writeStartRows(area, plan);
  if (run) {
    // Counted from the sheet: a start killed before its rows were written added none.
    const list = ListRows.ofArea(area);
    run.rows = rowsSent(run) + run.rowsDropped + waitingRows(list).businesses.reduce((n, b) => n + b.rows.length, 0);
    // After a request, the rows are read again as a pass reads them: a person may have sorted or typed meanwhile.
    const readAt = ctx.interleaving.calls;
    const reads = new PassReads(ctx.interleaving);
    const sheetId = area.sheet.getSheetId();
    const readList = () => (ctx.interleaving.calls === readAt ? list : reads.list(sheetId, area.sheet, run.target));
    report = sendWaitingRows(ctx, run, readList, deadline);
    waiting = run.rowsWaiting;
  }
  if (report.jobs.length > 0 || waiting > 0) keepPolling(ctx);
  if (report.jobs.length === 0 && report.blocked === null && report.refused !== null) throw report.refused;
  return {
    jobs: report.jobs,
    skipped: skippedWords(plan.skipped),
    waiting,
    rowsLabel: describeRows(area.rows, area.sheet.getName()),
    alreadyEnrichedBySearch: plan.alreadyEnrichedBySearch,
    searchName: plan.searchName,
    businesses: plan.chunks.flat().length,
    duplicates: duplicatesSent(plan),
  };
}

/**
 * Why a preview has nothing to send, the real reason first: rows already enriched, the
 * account (credits, plan), rows under way, or no row with both a name and a website.
 */
function nothingToSend(area: SheetArea, plan: EnrichPlan, notice: string | null): string {
  const allEnriched = plan.alreadyEnriched > 0 && plan.skipped.every((s) => s.reason.kind === "alreadyEnriched");
  if (allEnriched && notice !== null && plan.alreadyEnrichedBySearch === plan.alreadyEnriched) return `Nothing to send: ${notice}`;
  if (allEnriched) return 'Nothing to send: every row is already enriched. Tick "Re-enrich" to send them again.';
  if (plan.creditsNeeded > 0 && plan.cutReason !== null) {
    return (
      `Nothing to send: ${plan.creditsNeeded} ${plan.creditsNeeded === 1 ? "business is" : "businesses are"} ` +
      `ready to enrich, but ${cutReasonClause(plan.cutReason)}.`
    );
  }
  if (plan.skipped.some((s) => s.reason.kind === "beingEnriched"))
    return "Nothing to send: these rows are already being enriched by a run under way.";
  // Columns chosen by letter are named so; columns a header row names, by their header.
  const column = (header: string, column: number) =>
    header === "" || area.columnChoice !== null ? `column ${columnLetters(column)}` : `"${header}"`;
  const { nameHeader, nameColumn, websiteHeader, websiteColumn } = area.target;
  return (
    `Nothing to send: no row has both a business name (${column(nameHeader, nameColumn)}) and a valid website ` +
    `(${column(websiteHeader, websiteColumn)}).`
  );
}

export function previewEnrichment(ctx: JobsContext, args: EnrichArgs, deadline: number): EnrichmentPreview {
  let area: SheetArea;
  try {
    area = readArea(ctx.spreadsheet, args);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return {
      sheetName: args.sheetName ?? ctx.spreadsheet.getActiveSheet().getName(),
      scope: null,
      rowsConsidered: 0,
      nameHeader: null,
      websiteHeader: null,
      rowsToSend: 0,
      duplicates: 0,
      alreadyEnriched: 0,
      alreadyEnrichedBySearch: 0,
      notice: null,
      skipped: [],
      creditsNeeded: 0,
      creditsRemaining: ctx.client.getAccount({ deadline }).credits_remaining,
      jobs: 0,
      duration: null,
      roomNotice: null,
      ...unreadArea(error),
    };
  }
  const plan = planFor(ctx, area, args.force, ctx.client.getAccount({ deadline }), runStoreOf(ctx));
  const rowsToSend = plan.chunks.reduce((n, chunk) => n + chunk.length, 0);
  const notice =
    plan.alreadyEnrichedBySearch > 0 ? searchEnrichedNotice(plan.alreadyEnrichedBySearch, plan.searchName, FORCE_IN_SIDEBAR) : null;
  const room = documentRoom(ctx.spreadsheet);
  const cells = newColumnsCells(area);
  const noRoom = cells > room.left ? noRoomSentence(room, cells, "the result columns of these rows") : null;
  const problem = rowsToSend > 0 ? noRoom : nothingToSend(area, plan, notice);
  const sheetName = area.sheet.getName();
  return {
    sheetName,
    scope: area.scope,
    rowsLabel: describeRows(area.rows, sheetName),
    rowsConsidered: area.rows.length,
    nameHeader: area.target.nameHeader || null,
    websiteHeader: area.target.websiteHeader || null,
    rowsToSend,
    duplicates: duplicatesSent(plan),
    alreadyEnriched: plan.alreadyEnriched,
    alreadyEnrichedBySearch: plan.alreadyEnrichedBySearch,
    notice,
    skipped: skippedWords(plan.skipped),
    creditsNeeded: plan.creditsNeeded,
    creditsRemaining: plan.creditsRemaining,
    jobs: plan.chunks.length,
    duration: runDuration(plan.chunks.length, ctx.userProperties),
    problem,
    columnChoice: area.columnChoice,
    roomNotice: roomNotice(room),
  };
}
