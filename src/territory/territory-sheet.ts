// This file defines what a pass does with a territory's searches that ended: their businesses merged into its sheet in one read and one
// write, each search marked done or failed, and the run ended after its last search. The record is saved after the sheet (the
// checkpoint), so a killed pass repeats the merge, which finds its own rows again.
import type { Business } from "../api/schemas";
import type { JobsContext } from "../jobs/job-context";
import { territoryOf, type TerritoryRecord } from "../jobs/job-record";
import { writtenOrNoted, type JobResults } from "../jobs/job-results";
import { resultSheetOf } from "../jobs/job-sheet";
import { passNoteCleared } from "../jobs/record-note";
import { dayOf } from "../jobs/seen-day";
import { pairsCredits, territoryStatus } from "./territory-counts";
import { TERRITORY_COLUMNS } from "../sheets/columns";
import type { SheetsById } from "../sheets/result-sheet";
import { endTerritoryRun, mergeTerritoryFinds, type TerritorySheetCounts } from "./territory-merge";
import { runOutcome } from "../jobs/refresh-schedule";
import { withPair } from "./pair-creation";
import { pairLabel, pairLabels } from "./territory-plan";
import { isFailedStatus, isTerminalStatus } from "../rules/job-status";
import { iso } from "../rules/clock";

/** One ended search of the territory, read to its last page this pass. */
export interface EndedSearch {
  pair: number;
  businesses: readonly Business[];
  /** The service says the search failed: what it found is still merged, and it counts as failed. */
  failed: boolean;
}

/** What the territory's line says of its sheet: its businesses (the rows written) and those more than one search found. */
function sheetFigures(counts: TerritorySheetCounts): Pick<TerritoryRecord, "leadCount" | "rowsWritten" | "foundByMore"> {
  return { leadCount: counts.businessRows, rowsWritten: counts.businessRows, foundByMore: counts.foundByMore };
}

/** Merges the ended searches into the sheet and checkpoints the territory; returns the rows the merge wrote. */
export function writeEndedSearches(ctx: JobsContext, sheets: SheetsById, record: TerritoryRecord, ended: readonly EndedSearch[]): number {
  const target = resultSheetOf(ctx, record, sheets, "it was recreated", TERRITORY_COLUMNS);
  let territory = target.record;
  const runDay = dayOf(ctx, territory.timeZone, territory.runStartedAt);
  const finds = ended.flatMap(({ pair, businesses }) =>
    businesses.map((business) => ({ business, foundBy: [pairLabel(territory, pair)] })),
  );
  const counts = mergeTerritoryFinds(target.sheet, finds, { runDay, run: territory.run, order: pairLabels(territory) });
  for (const { pair, failed } of ended) {
    const [jobId, , credits] = territory.pairs[pair] ?? [null, "r", null];
    territory = withPair(territory, pair, [jobId, failed ? "f" : "d", credits]);
  }
  territory = { ...territory, sheetName: target.sheet.getName(), ...sheetFigures(counts), note: passNoteCleared(territory) };
  const status = territoryStatus(territory);
  if (isTerminalStatus(status)) territory = endRun(ctx, target.sheet, territory, status);
  ctx.store.save({ ...territory, status });
  return finds.length;
}

/**
 * Rows written of territories' ended searches (the territory's hook of passes/result-writers.ts): each territory's together, into
 * its one sheet, as the territory is stored now (an earlier round trip of this pass may have merged its other searches); a sheet
 * that fails notes its territory.
 */
export function writeTerritoryResults(ctx: JobsContext, sheets: SheetsById, jobs: readonly JobResults[]): number {
  const byTerritory = new Map<string, EndedSearch[]>();
  for (const { record, pair, businesses, failed } of jobs)
    if (pair !== null) byTerritory.set(record.id, [...(byTerritory.get(record.id) ?? []), { pair, businesses, failed }]);
  let written = 0;
  for (const [id, ended] of byTerritory) {
    const stored = ctx.store.get(id);
    const territory = stored ? territoryOf(stored) : null;
    if (territory) written += writtenOrNoted(ctx, [territory], () => writeEndedSearches(ctx, sheets, territory, ended));
  }
  return written;
}

/** The run's last search has ended: the sheet marks what it did, the record says it, and nothing is left to do until a refresh. */
function endRun(ctx: JobsContext, sheet: GoogleAppsScript.Spreadsheet.Sheet, record: TerritoryRecord, status: string): TerritoryRecord {
  const counts = endTerritoryRun(sheet, record.run, { markMissing: !record.stopped });
  const ended: TerritoryRecord = { ...record, settled: true, finishedAt: iso(ctx.clock.now()), ...sheetFigures(counts) };
  if (record.run > 0) ended.lastRun = runOutcome(record.runStartedAt, counts, counts.added + counts.updated, pairsCredits(record));
  if (!record.refresh) return ended;
  // A run asked for now with no schedule: the schedule was for that one run.
  if (record.refresh.every === "off") return { ...ended, refresh: undefined };
  const lastError = isFailedStatus(status) ? "Every search of the refresh failed; it runs again at the next slot." : null;
  return { ...ended, refresh: { ...record.refresh, lastError } };
}
