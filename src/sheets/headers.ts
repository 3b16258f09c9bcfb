// This file defines the one header check of every sheet the add-on writes: where each header of a
// header row stands (found by its text, so columns a user moved or inserted break nothing), and
// the headers still missing appended after the ones in use, bold, the grid grown to take them.
// A results sheet's header row is row 1; enrichment's is the user's header row, its block starting
// after the last column in use.
import { cellText, exactText } from "./cell-text";
import type { Grid } from "./grid";

/**
 * A header as written: our headers are plain words, which Sheets reads as text as they are, so
 * they go in without the quote prefix (a person clicking one sees "Name" in the formula bar, not
 * "'Name"); anything else would go through exactText.
 */
const headerInput = (header: string): string => (/^[A-Za-z][A-Za-z ]*$/.test(header) ? header : exactText(header));

/** Each header's column in row `row` (the first cell with that text wins), and the sheet's last column in use. */
function headerPositions(grid: Grid, row: number): { positions: Map<string, number>; lastColumn: number } {
  const lastColumn = grid.getLastColumn();
  const cells = lastColumn > 0 ? (grid.getRange(row, 1, 1, lastColumn).getValues()[0] ?? []) : [];
  const positions = new Map<string, number>();
  cells.forEach((cell, index) => {
    const header = cellText(cell);
    if (header !== "" && !positions.has(header)) positions.set(header, index + 1);
  });
  return { positions, lastColumn };
}

/**
 * Writes the headers of `headers` that `positions` lacks into row `row`, in order from column
 * `from` on (bold), growing the grid when it is too narrow; `positions` then has them too.
 */
export function addMissingHeaders(grid: Grid, row: number, headers: readonly string[], positions: Map<string, number>, from: number): Map<string, number> {
  const missing = headers.filter((header) => !positions.has(header));
  if (missing.length === 0) return positions;
  const needed = from + missing.length - 1;
  const maxColumns = grid.getMaxColumns();
  if (needed > maxColumns) grid.insertColumnsAfter(maxColumns, needed - maxColumns);
  const range = grid.getRange(row, from, 1, missing.length);
  range.setValues([missing.map(headerInput)]);
  range.setFontWeight("bold");
  missing.forEach((header, index) => positions.set(header, from + index));
  return positions;
}

/** A results sheet's headers: found in row 1, the missing ones appended on the right. */
export function ensureHeaders(grid: Grid, headers: readonly string[]): Map<string, number> {
  const { positions, lastColumn } = headerPositions(grid, 1);
  return addMissingHeaders(grid, 1, headers, positions, lastColumn + 1);
}
