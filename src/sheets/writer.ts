// This file defines the results writer: it upserts businesses into a sheet by `Business ID`,
// finding columns by their header and rows by id, so a user who sorts, filters or inserts
// columns mid-job breaks nothing. Writes are one setValues per contiguous run of our columns,
// whatever the number of rows, and the run holding the id column is written first: a pass killed
// between two writes leaves rows that the next pass finds by id and completes, never orphans.
import type { Business } from "../api/schemas";
import { exactText, unchangedCellInput } from "./cell-text";
import { ID_HEADER, type ColumnSpec, type ColumnValue } from "./business-columns";
import { adjacentRuns, type Grid } from "./grid";

export interface UpsertOptions {
  /** The final sweep: rows whose id is not among `businesses` (or repeat an id) are deleted. */
  removeOthers: boolean;
}

export interface UpsertResult {
  appended: number;
  updated: number;
  removed: number;
}

function toCellInput(value: ColumnValue): string | number {
  if (value === null) return "";
  return typeof value === "number" ? value : exactText(value);
}

function cellText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

/** Finds each header in row 1 (first match wins), appending the missing ones on the right. */
export function ensureHeaders(grid: Grid, headers: readonly string[]): Map<string, number> {
  const lastColumn = grid.getLastColumn();
  const row = lastColumn > 0 ? (grid.getRange(1, 1, 1, lastColumn).getValues()[0] ?? []) : [];
  const positions = new Map<string, number>();
  row.forEach((cell, index) => {
    const header = cellText(cell);
    if (header !== "" && !positions.has(header)) positions.set(header, index + 1);
  });
  const missing = headers.filter((header) => !positions.has(header));
  if (missing.length > 0) {
    const needed = lastColumn + missing.length;
    const maxColumns = grid.getMaxColumns();
    if (needed > maxColumns) grid.insertColumnsAfter(maxColumns, needed - maxColumns);
    const range = grid.getRange(1, lastColumn + 1, 1, missing.length);
    range.setValues([missing.map(exactText)]);
    range.setFontWeight("bold");
    missing.forEach((header, index) => positions.set(header, lastColumn + 1 + index));
  }
  return positions;
}

/** The headers a sheet must have: a legacy column is written only where a sheet already has it. */
export function addedHeaders(columns: readonly ColumnSpec[]): string[] {
  return columns.filter((column) => !column.legacy).map((column) => column.header);
}

/** Deletes the given rows bottom-up, one call per block of adjacent rows. */
function deleteRows(grid: Grid, rows: number[]): void {
  const sorted = [...rows].sort((a, b) => b - a);
  let index = 0;
  while (index < sorted.length) {
    let top = sorted[index] ?? 0;
    let count = 1;
    while (sorted[index + count] === top - 1) {
      top -= 1;
      count += 1;
    }
    grid.deleteRows(top, count);
    index += count;
  }
}

/** The businesses by id, the last occurrence of an id winning (pages shift while a job runs). */
export function latestById(businesses: readonly Business[]): Map<string, Business> {
  const latest = new Map<string, Business>();
  for (const business of businesses) latest.set(business.id, business);
  return latest;
}

/** Each business's row: the row that holds its id, else the next free row from `firstFree` on. */
export function placeRows(latest: Map<string, Business>, rowById: Map<string, number>, firstFree: number): { target: Map<number, Business>; updated: number } {
  const target = new Map<number, Business>();
  let nextRow = firstFree;
  let updated = 0;
  for (const [id, business] of latest) {
    const row = rowById.get(id);
    if (row !== undefined) {
      target.set(row, business);
      updated += 1;
    } else {
      target.set(nextRow, business);
      nextRow += 1;
    }
  }
  return { target, updated };
}

export function upsertBusinesses(
  grid: Grid,
  businesses: readonly Business[],
  columns: readonly ColumnSpec[],
  options: UpsertOptions,
): UpsertResult {
  const positions = ensureHeaders(grid, addedHeaders(columns));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);

  const lastRow = grid.getLastRow();
  const ids = lastRow >= 2 ? grid.getRange(2, idColumn, lastRow - 1, 1).getValues().map((r) => cellText(r[0])) : [];
  const rowById = new Map<string, number>();
  const repeatedRows: number[] = [];
  ids.forEach((id, index) => {
    if (id === "") return;
    if (rowById.has(id)) repeatedRows.push(index + 2);
    else rowById.set(id, index + 2);
  });

  const latest = latestById(businesses);
  const { target, updated } = placeRows(latest, rowById, Math.max(lastRow, 1) + 1);

  if (target.size > 0) writeRows(grid, target, columns, positions, idColumn, lastRow);

  const stale = options.removeOthers ? [...rowById].filter(([id]) => !latest.has(id)).map(([, row]) => row) : [];
  const toDelete = [...stale, ...repeatedRows];
  if (toDelete.length > 0) deleteRows(grid, toDelete);
  return { appended: target.size - updated, updated, removed: toDelete.length };
}

function writeRows(
  grid: Grid,
  target: Map<number, Business>,
  columns: readonly ColumnSpec[],
  positions: Map<string, number>,
  idColumn: number,
  lastRow: number,
): void {
  const rows = [...target.keys()];
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const height = bottom - top + 1;
  const maxRows = grid.getMaxRows();
  if (bottom > maxRows) grid.insertRowsAfter(maxRows, bottom - maxRows);

  // Rows inside the block that are not ours (a user's notes, say) are written back unchanged,
  // which needs their current values and formulas; skip those reads when every row is ours.
  const keepsOthers = target.size < height && top <= lastRow;
  const placed = columns.filter((spec) => positions.has(spec.header)).map((spec) => ({ position: positions.get(spec.header) ?? 0, spec }));
  const runs = adjacentRuns(placed, (column) => column.position).sort((a, b) => Number(b.some((c) => c.position === idColumn)) - Number(a.some((c) => c.position === idColumn)));

  for (const run of runs) {
    const first = run[0]?.position ?? 1;
    const range = grid.getRange(top, first, height, run.length);
    const current = keepsOthers ? range.getValues() : [];
    const formulas = keepsOthers ? range.getFormulas() : [];
    const matrix: unknown[][] = [];
    for (let offset = 0; offset < height; offset += 1) {
      const business = target.get(top + offset);
      matrix.push(
        run.map((column, index) =>
          business
            ? toCellInput(column.spec.value(business))
            : unchangedCellInput(current[offset]?.[index], formulas[offset]?.[index] ?? ""),
        ),
      );
    }
    range.setValues(matrix);
  }
}
