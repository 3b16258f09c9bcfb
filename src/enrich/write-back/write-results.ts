// This file defines the writing of a job's enrichment results back into the rows that asked for them. Rows are matched by the name and
// website each row holds, never by row number, so rows sorted, inserted or deleted mid-job get their own results; a row whose
// `Enriched for` does not name the pair is left alone.
import type { Business } from "../../api/schemas";
import type { JobsContext } from "../../jobs/job-context";
import type { EnrichmentRecord } from "../../jobs/job-record";
import { lastingNote, passNoteCleared } from "../../jobs/record-note";
import type { SheetsById } from "../../sheets/result-sheet";
import { isCompletedByService, rowStateCode, rowStatusWords, type RowStatus } from "../list/row-status";
import { ENRICH_COLUMNS, ENRICHED_FOR_HEADER, ROW_STATE_HEADER, STATUS_HEADER, enrichedForText } from "../../sheets/columns";
import { resultKey } from "../list/normalise";
import { ListRows, PassReads } from "../list/list-rows";
import type { SheetArea } from "../list/sheet-area";
import { rowBusiness } from "../list/row-business";
import { writeResultCells, type RowUpdates } from "./write-cells";
import { isFailedStatus } from "../../rules/job-status";

/** The key of a row as it reads now, or null when it has no valid pair. */
function rowKey(area: SheetArea, row: number): string | null {
  const found = rowBusiness(area, row);
  return found.ok ? found.key : null;
}

/**
 * Fills `updates` for the rows that asked for a key of `cellsByKey`: those whose `Enriched for`
 * names it, or every row with the key where none does. Returns how many rows matched.
 */
function rowsFor(list: ListRows, cellsByKey: Map<string, Map<string, string>>, updates: RowUpdates): number {
  const area = list.area();
  const rowsByKey = new Map<string, { claimed: number[]; others: number[] }>();
  for (const row of area.rows) {
    const key = rowKey(area, row);
    if (key === null || !cellsByKey.has(key)) continue;
    const found = rowsByKey.get(key) ?? { claimed: [], others: [] };
    (list.claimedKey(row) === key ? found.claimed : found.others).push(row);
    rowsByKey.set(key, found);
  }
  let matched = 0;
  for (const [key, { claimed, others }] of rowsByKey) {
    const rows = claimed.length > 0 ? claimed : others;
    for (const row of rows) updates.set(row, cellsByKey.get(key) ?? new Map());
    matched += rows.length;
  }
  return matched;
}

/** Reads each list's rows of `rows` (lists of one sheet; those with the same name and website columns in one read). */
function readTogether(lists: readonly ListRows[], rows: ReadonlyArray<readonly number[]>): void {
  const groups = new Map<string, { list: ListRows; rows: number[] }>();
  lists.forEach((list, index) => {
    const key = `${list.target.nameColumn}:${list.target.websiteColumn}`;
    const group = groups.get(key) ?? { list, rows: [] };
    group.rows.push(...(rows[index] ?? []));
    groups.set(key, group);
  });
  for (const group of groups.values()) group.list.read(group.rows);
}

/** The keys no row holds that `Enriched for` says asked for them (edited, deleted, or a start killed before its rows said so). */
function unheldKeys(list: ListRows, claiming: readonly number[], keys: ReadonlySet<string>): Set<string> {
  const read = list.area();
  const held = new Set<string>();
  for (const row of claiming) {
    const key = rowKey(read, row);
    if (key !== null && key === list.claimedKey(row)) held.add(key);
  }
  return new Set([...keys].filter((key) => !held.has(key)));
}

/**
 * For each job (its list and its cells by key), reads the rows that asked for its keys, all jobs'
 * together: those `Enriched for` names a key, and for a key no such row still holds, every row
 * whose own pair makes it (from the name and website columns). Then fills `updates` as rowsFor
 * does, job after job. Returns how many rows matched, per job.
 */
export function rowsAsking(
  lists: readonly ListRows[],
  cellsByJob: ReadonlyArray<Map<string, Map<string, string>>>,
  updates: RowUpdates,
): number[] {
  const keys = cellsByJob.map((cells) => new Set(cells.keys()));
  const claiming = lists.map((list, index) => list.claiming(keys[index] ?? new Set()));
  readTogether(lists, claiming);
  const unheld = lists.map((list, index) => unheldKeys(list, claiming[index] ?? [], keys[index] ?? new Set()));
  readTogether(
    lists,
    lists.map((list, index) => ((unheld[index]?.size ?? 0) > 0 ? list.withPair(unheld[index] ?? new Set()) : [])),
  );
  return lists.map((list, index) => rowsFor(list, cellsByJob[index] ?? new Map(), updates));
}

function resultCells(business: Business, failedJob: boolean): Map<string, string> {
  const cells = new Map<string, string>();
  for (const column of ENRICH_COLUMNS) {
    const value = column.value(business);
    cells.set(column.header, value === null ? "" : String(value));
  }
  if (failedJob && !isCompletedByService(business.enrichment_status)) {
    const failed: RowStatus = { kind: "failed", reason: "the enrichment job failed; enrich again to retry" };
    cells.set(STATUS_HEADER, rowStatusWords(failed));
    cells.set(ROW_STATE_HEADER, rowStateCode(failed));
  }
  return cells;
}

/**
 * Each business's key: its own (title, website) when that is a pair that was sent; otherwise the
 * pair sent at its position (assumption: `position` numbers the submitted businesses from 1 in
 * the order sent), so a service that returns a cleaned-up title or address still finds its row.
 */
function keyOfBusiness(business: Business, sent: SentList, sentKeys: Set<string>): string | null {
  const own = resultKey(business.title, business.website);
  if (own !== null && (sentKeys.size === 0 || sentKeys.has(own))) return own;
  const at = sent[business.position - 1];
  return (at ? resultKey(at.business_name, at.website_url) : null) ?? own;
}

type SentList = ReadonlyArray<{ business_name?: string | undefined; website_url?: string | undefined }>;

/** One enrichment job's results to write back in this pass. */
export interface EnrichmentResults {
  record: EnrichmentRecord;
  businesses: readonly Business[];
  /** The job is terminal: these are all its results, and it is settled once they are written. */
  final: boolean;
  /** The businesses it was sent (its status's actor_input), in the order sent. */
  sent?: SentList | undefined;
}

function cellsOfJob(job: EnrichmentResults): Map<string, Map<string, string>> {
  const sent = job.sent ?? [];
  const cellsByKey = new Map<string, Map<string, string>>();
  // What each row was sent as, by key: a later run compares it with the row's own name and website.
  const sentAs = new Map<string, string>();
  for (const s of sent) {
    const key = resultKey(s.business_name, s.website_url);
    if (key !== null) sentAs.set(key, enrichedForText(s.business_name, s.website_url));
  }
  const sentKeys = new Set(sentAs.keys());
  for (const business of job.businesses) {
    const key = keyOfBusiness(business, sent, sentKeys);
    if (key === null) continue;
    const cells = resultCells(business, isFailedStatus(job.record.status));
    const asSent = sentAs.get(key);
    if (asSent !== undefined) cells.set(ENRICHED_FOR_HEADER, asSent);
    cellsByKey.set(key, cells);
  }
  return cellsByKey;
}

/**
 * Writes the results of enrichment jobs whose rows are under the same header row of one sheet
 * (the caller groups them so), then checkpoints each job's record. The rows are read once (with
 * what the pass's sending step read: `reads`) and written once (one setValues per run of result
 * columns and of rows read) however many such jobs the pass brings; each job finds its own name
 * and website columns in that read. Where two jobs match the same
 * row, the later one's cells win, as writing them one after the other would leave them. Returns
 * the rows matched, all jobs together.
 */
export function writeEnrichmentResults(
  ctx: JobsContext,
  sheets: SheetsById,
  jobs: readonly EnrichmentResults[],
  reads: PassReads = new PassReads(),
): number {
  const first = jobs[0];
  const sheet = first ? sheets.find(first.record.sheetId) : null;
  const target = first?.record.enrichment;
  if (!sheet || !target) {
    for (const { record, final } of jobs) {
      const deleted = `The sheet "${record.sheetName ?? ""}" with this job's rows was deleted; its results can no longer be written back.`;
      ctx.store.save({ ...record, settled: final, note: lastingNote(deleted) });
    }
    return 0;
  }
  const rowsToWrite = jobs.reduce((n, job) => n + job.businesses.length, 0);
  const list = reads.list(first.record.sheetId ?? sheet.getSheetId(), sheet, target, rowsToWrite);
  const updates: RowUpdates = new Map();
  const lists = jobs.map((job) => ListRows.inSheet(list.cells, job.record.enrichment ?? target));
  const matchedBy = rowsAsking(lists, jobs.map(cellsOfJob), updates);
  writeResultCells(list.area(), updates);
  const sheetName = sheet.getName();
  jobs.forEach(({ record, final }, index) => {
    if (final && record.startKey) ctx.store.deleteStart(record.startKey);
    ctx.store.save({ ...record, sheetName, rowsWritten: matchedBy[index] ?? 0, settled: final, note: passNoteCleared(record) });
  });
  return matchedBy.reduce((sum, n) => sum + n, 0);
}
