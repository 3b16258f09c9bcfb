// This file defines the merge of a run into a search's existing sheet (docs/add-on-surface.md,
// "Sheets the add-on writes"): a business already there keeps its row, found by the same
// `maps_url`, else the same place id; its service columns take the new values (its Business ID
// included), except that an empty new value never blanks a filled cell: when the run returns no
// `emails` for a business whose `Emails` cell is filled, the email columns keep what they hold,
// together, and any other column whose new value is empty keeps its value. A new business is
// appended; a business no longer returned keeps its row. Rows never move and nothing is deleted,
// so the cells and rows a user added stay with their business. Each row says what the run did to
// it: `Latest refresh` New, Updated (with what it kept) or No longer found; `First seen` the day it
// first came, `Last seen` the day of the latest run that returned it.
//
// The sheet is read once (our columns' rows, values and formulas) and written in one block: one
// setValues per run of adjacent columns, the Business ID's run first. It is repeatable: a merge
// killed half-way finds its rewritten rows again by Business ID and completes without duplicates,
// and a row it appended before the kill (first seen on the run's day, "New") stays new.
import type { Business } from "../api/schemas";
import { latestById } from "../api/result-pages";
import { writeBlock, KEEP, type BlockCell } from "./block-writer";
import { cellInput, cellText, exactText } from "./cell-text";
import {
  BUSINESS_COLUMNS,
  EMAILS_HEADER,
  FIRST_SEEN_HEADER,
  FOUND_BY_HEADER,
  ID_HEADER,
  LAST_SEEN_HEADER,
  LATEST_REFRESH,
  LATEST_REFRESH_HEADER,
  resultColumns,
  SAME_CONTACT_HEADER,
  TERRITORY_RUN_HEADER,
  updatedKeeping,
  type ColumnSpec,
} from "./columns";
import type { Grid } from "./grid";
import { contactChanges } from "./contact-changes";
import { ensureHeaders } from "./headers";
import { addedHeaders } from "./writer";

export const MAPS_URL_HEADER = "Maps URL";
/** Columns the add-on fills itself (dates, marks, a territory's): not the service's, never kept from before. */
export const ADD_ON_COLUMNS = [FIRST_SEEN_HEADER, LAST_SEEN_HEADER, LATEST_REFRESH_HEADER, FOUND_BY_HEADER, SAME_CONTACT_HEADER, TERRITORY_RUN_HEADER];

export interface MergeResult {
  /** Businesses of the run that were not in the sheet before it: appended. */
  added: number;
  /** Businesses of the run that kept their row, with the run's values. */
  updated: number;
  /** Rows of businesses this run no longer found (found until this run): kept, and marked "No longer found". */
  notFound: number;
  /** Rows holding a Business ID after the merge. */
  businessRows: number;
  /** Of the updated rows, those that kept an earlier value the run returned empty. */
  keptEarlier: number;
}

/**
 * The map provider's place id. The spec's Business has no `place_id` field, so it is taken from a
 * `place_id` the service may add, else from the `place_id:` or `place_id=` part of `maps_url`.
 */
export function placeIdOf(mapsUrl: unknown, explicit?: unknown): string | null {
  if (typeof explicit === "string" && explicit.trim() !== "") return explicit.trim();
  if (typeof mapsUrl !== "string") return null;
  const match = /place_id[:=]([A-Za-z0-9_-]+)/.exec(mapsUrl);
  return match?.[1] ?? null;
}

/** The sheet as the merge found it: rows 1 to lastRow of every column up to the last of ours (index row - 1). */
export interface SheetRead {
  lastRow: number;
  values: unknown[][];
  formulas: string[][];
  text(row: number, header: string): string;
}

export function readSheet(grid: Grid, positions: Map<string, number>): SheetRead {
  const lastRow = grid.getLastRow();
  const width = Math.max(...positions.values());
  const range = lastRow >= 2 ? grid.getRange(2, 1, lastRow - 1, width) : null;
  // Row 1 (the header row) is never written by the merge: an empty row keeps the indexes.
  const values: unknown[][] = [[], ...(range ? range.getValues() : [])];
  const formulas: string[][] = [[], ...(range ? range.getFormulas() : [])];
  const text = (row: number, header: string): string => {
    const column = positions.get(header);
    return column === undefined ? "" : cellText(values[row - 1]?.[column - 1]);
  };
  return { lastRow, values, formulas, text };
}

/**
 * What a row keeps of what it holds where the run's value is empty: the email columns together
 * when the run found no emails and the row has some; otherwise any service column the run left
 * empty and the row has filled, except the email columns of new addresses, which describe them.
 */
export function keptColumns(business: Business, row: number, read: SheetRead, columns: readonly ColumnSpec[]): { emails: boolean; others: string[] } {
  const noEmails = cellInput(columns.find((c) => c.header === EMAILS_HEADER)?.value(business) ?? null) === "";
  const emails = noEmails && read.text(row, EMAILS_HEADER) !== "";
  const others = columns
    .filter((column) => (column.email ? noEmails && !emails : true) && ADD_ON_COLUMNS.indexOf(column.header) < 0)
    .filter((column) => cellInput(column.value(business)) === "" && read.text(row, column.header) !== "")
    .map((column) => column.header);
  return { emails, others };
}

/** Whether a row keeps `column` (keptColumns' answer for it). */
export const keptColumn = (keeps: { emails: boolean; others: readonly string[] }, column: ColumnSpec): boolean =>
  (keeps.emails && column.email === true) || keeps.others.indexOf(column.header) >= 0;

/**
 * Each business's row: the row of the same Business ID (a merge repeated after a kill), else the
 * same Maps URL, else the same place id; the others appended after the last row. `businessRows`:
 * the rows that were the sheet's businesses before the merge.
 */
export function placeBusinesses(read: SheetRead, businesses: readonly Business[]): { target: Map<number, Business>; businessRows: number[] } {
  // Only rows with a Business ID are ours: rows the user added are never matched or changed. A row
  // repeating an ID or a Maps URL of a row above (a user's copy of it) is left as it is.
  const byId = new Map<string, number>();
  const byMapsUrl = new Map<string, number>();
  const byPlaceId = new Map<string, number>();
  for (let row = 2; row <= read.lastRow; row += 1) {
    const id = read.text(row, ID_HEADER);
    const url = read.text(row, MAPS_URL_HEADER);
    if (id === "" || byId.has(id) || byMapsUrl.has(url)) continue;
    byId.set(id, row);
    if (url !== "") byMapsUrl.set(url, row);
    const place = placeIdOf(url);
    if (place !== null && !byPlaceId.has(place)) byPlaceId.set(place, row);
  }

  const target = new Map<number, Business>();
  let nextRow = Math.max(read.lastRow, 1) + 1;
  for (const business of latestById(businesses).values()) {
    // Its own ID first (a merge repeated after a kill), then the map identity.
    const candidates = [
      byId.get(business.id),
      business.maps_url ? byMapsUrl.get(business.maps_url) : undefined,
      byPlaceId.get(placeIdOf(business.maps_url, (business as Record<string, unknown>).place_id) ?? ""),
    ];
    const row = candidates.find((r): r is number => r !== undefined && !target.has(r));
    target.set(row ?? nextRow, business);
    if (row === undefined) nextRow += 1;
  }
  return { target, businessRows: [...byId.values()] };
}

/**
 * Writes the merge's rows (`touched`, appended ones too) in one block over our columns, the grid
 * grown to the last; every other cell inside the block is written back as the read found it.
 */
export function writeMergedRows(grid: Grid, read: SheetRead, touched: readonly number[], columns: readonly number[], cell: (row: number, column: number) => BlockCell, idColumn: number): void {
  if (touched.length === 0) return;
  const top = Math.min(...touched);
  const bottom = Math.max(...touched);
  const maxRows = grid.getMaxRows();
  if (bottom > maxRows) grid.insertRowsAfter(maxRows, bottom - maxRows);
  writeBlock(grid, top, bottom - top + 1, columns, cell, { known: read.values, knownFormulas: read.formulas, firstColumn: idColumn });
}

/**
 * `runDay`: the run's date as the sheet shows it ("2026-11-27"), its new rows' `First seen`;
 * `previousDay`: the date of the run before it, when known: the rows it found and this run no
 * longer finds are this run's "no longer found" even when a merge killed half-way marked them.
 */
export function mergeBusinesses(grid: Grid, businesses: readonly Business[], runDay: string, previousDay: string | null = null): MergeResult {
  const positions = ensureHeaders(grid, addedHeaders(BUSINESS_COLUMNS));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);
  const read = readSheet(grid, positions);

  const { target, businessRows } = placeBusinesses(read, businesses);

  // A kept row appended by this same run before a kill is still new.
  const stillNew = (row: number): boolean => read.text(row, FIRST_SEEN_HEADER) === runDay && read.text(row, LATEST_REFRESH_HEADER) === LATEST_REFRESH.new;
  const claimed = [...target.keys()].filter((row) => row <= read.lastRow);
  const gone = businessRows.filter((row) => !target.has(row) && read.text(row, LATEST_REFRESH_HEADER) !== LATEST_REFRESH.notFound);

  const rowByBusiness = new Map([...target].map(([row, business]) => [business, row]));
  const rowOf = (business: Business): number => rowByBusiness.get(business) ?? 0;
  const isNewRow = (row: number): boolean => row > read.lastRow || stillNew(row);
  const columns = resultColumns({
    firstSeen: (b) => (rowOf(b) > read.lastRow ? runDay : read.text(rowOf(b), FIRST_SEEN_HEADER)),
    lastSeen: () => runDay,
    latestRefresh: (b) => latestRefreshOf(rowOf(b)),
  }).filter((column) => positions.has(column.header));
  const kept = new Map([...target].filter(([row]) => !isNewRow(row)).map(([row, business]) => [row, keptColumns(business, row, read, columns)]));
  function latestRefreshOf(row: number): string {
    if (isNewRow(row)) return LATEST_REFRESH.new;
    const keeps = kept.get(row);
    const business = target.get(row);
    if (!keeps || !business) return LATEST_REFRESH.updated;
    return updatedKeeping(keeps.emails, keeps.others, contactChanges(business, row, read, columns, (column) => !keptColumn(keeps, column)));
  }

  const byPosition = new Map(columns.map((column) => [positions.get(column.header) ?? 0, column]));
  const cell = (row: number, position: number): BlockCell => {
    const column = byPosition.get(position);
    const business = target.get(row);
    if (!column) return KEEP;
    if (!business) return gone.indexOf(row) >= 0 && column.header === LATEST_REFRESH_HEADER ? exactText(LATEST_REFRESH.notFound) : KEEP;
    const keeps = kept.get(row);
    if (keeps && keptColumn(keeps, column)) return KEEP;
    return cellInput(column.value(business));
  };
  writeMergedRows(grid, read, [...target.keys(), ...gone], [...byPosition.keys()], cell, idColumn);

  const rowsBefore = businessRows.length;
  // Marked already by this run's merge killed half-way: last seen by the run before (never counted twice on one day).
  const markedByThisRun = previousDay === null || previousDay === runDay ? [] : businessRows.filter((row) => !target.has(row) && gone.indexOf(row) < 0 && read.text(row, LAST_SEEN_HEADER) === previousDay);
  const keptNew = claimed.filter(stillNew).length;
  const appended = target.size - claimed.length;
  return {
    added: appended + keptNew,
    updated: claimed.length - keptNew,
    notFound: gone.length + markedByThisRun.length,
    businessRows: rowsBefore + appended,
    keptEarlier: [...kept.values()].filter((keeps) => keeps.emails || keeps.others.length > 0).length,
  };
}
