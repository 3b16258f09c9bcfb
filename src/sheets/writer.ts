// This file defines the results writer: it upserts businesses into a sheet by `Business ID`, finding columns by header and rows by id,
// so sorting or inserting columns mid-job breaks nothing. The id column's run is written first, so a killed pass leaves no orphans.
import type { Business } from "../api/schemas";
import { latestById } from "../api/result-pages";
import { writeBlock, KEEP } from "./block-writer";
import { cellInput, cellText } from "./cell-text";
import { headersOf, ID_HEADER, type ColumnSpec } from "./columns";
import type { Grid } from "./grid";
import { ensureHeaders } from "./headers";

export interface UpsertOptions {
  /** The final sweep: rows whose id is not among `businesses` (or repeat an id) are deleted. */
  removeOthers: boolean;
}

export interface UpsertResult {
  appended: number;
  updated: number;
  removed: number;
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

/** Each business's row: the row that holds its id, else the next free row from `firstFree` on. */
export function placeRows(
  latest: Map<string, Business>,
  rowById: Map<string, number>,
  firstFree: number,
): { target: Map<number, Business>; updated: number } {
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

/** The rows of a column read below the header row (row 2 on), as trimmed text. */
function columnTexts(grid: Grid, column: number | undefined, lastRow: number): string[] {
  if (column === undefined || lastRow < 2) return [];
  return grid
    .getRange(2, column, lastRow - 1, 1)
    .getValues()
    .map((row) => cellText(row[0]));
}

export function upsertBusinesses(
  grid: Grid,
  businesses: readonly Business[],
  columns: readonly ColumnSpec[],
  options: UpsertOptions,
): UpsertResult {
  const positions = ensureHeaders(grid, headersOf(columns));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);

  const lastRow = grid.getLastRow();
  const rowById = new Map<string, number>();
  const repeatedRows: number[] = [];
  columnTexts(grid, idColumn, lastRow).forEach((id, index) => {
    if (id === "") return;
    if (rowById.has(id)) repeatedRows.push(index + 2);
    else rowById.set(id, index + 2);
  });

  const latest = latestById(businesses);
  const { target, updated } = placeRows(latest, rowById, Math.max(lastRow, 1) + 1);
  if (target.size > 0) writeBusinessRows(grid, target, columns, positions, idColumn);

  const stale = options.removeOthers ? [...rowById].filter(([id]) => !latest.has(id)).map(([, row]) => row) : [];
  const toDelete = [...stale, ...repeatedRows];
  if (toDelete.length > 0) deleteRows(grid, toDelete);
  return { appended: target.size - updated, updated, removed: toDelete.length };
}

/** Writes each business into its row (the grid grown to the last); rows between that are not theirs stay as they are. */
function writeBusinessRows(
  grid: Grid,
  target: Map<number, Business>,
  columns: readonly ColumnSpec[],
  positions: Map<string, number>,
  idColumn: number,
): void {
  const rows = [...target.keys()];
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const maxRows = grid.getMaxRows();
  if (bottom > maxRows) grid.insertRowsAfter(maxRows, bottom - maxRows);
  const byPosition = new Map<number, ColumnSpec>();
  for (const spec of columns) {
    const position = positions.get(spec.header);
    if (position !== undefined) byPosition.set(position, spec);
  }
  writeBlock(
    grid,
    top,
    bottom - top + 1,
    [...byPosition.keys()],
    (row, column) => {
      const business = target.get(row);
      const spec = byPosition.get(column);
      return business && spec ? cellInput(spec.value(business)) : KEEP;
    },
    { firstColumn: idColumn },
  );
}
