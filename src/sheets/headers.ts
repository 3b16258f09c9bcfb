// This file defines the one header rule of every sheet the add-on reads or writes: a header is known by its text, spaces collapsed and
// case aside, wherever it stands, so moved or inserted columns break nothing; missing headers are appended, bold.
import { cellText, exactText } from "./cell-text";
import type { Grid } from "./grid";

/**
 * A header as written: our headers are plain words, which Sheets reads as text as they are, so
 * they go in without the quote prefix (a person clicking one sees "Name" in the formula bar, not
 * "'Name"); anything else would go through exactText.
 */
const headerInput = (header: string): string => (/^[A-Za-z][A-Za-z ]*$/.test(header) ? header : exactText(header));

/** What a header cell is known by: its text, inner spaces collapsed, trimmed, lower case ("" for a date or nothing). */
export function headerKey(value: unknown): string {
  if (value === null || value === undefined || Object.prototype.toString.call(value) === "[object Date]") return "";
  return String(value).replace(/\s+/g, " ").trim().toLowerCase();
}

/** The 1-based column of the first cell of `cells` (from column `from` on) that is `header` by headerKey; 0 for none. */
export function columnOfHeader(cells: readonly unknown[], header: string, from = 1): number {
  const wanted = headerKey(header);
  for (let index = Math.max(0, from - 1); index < cells.length; index += 1) if (headerKey(cells[index]) === wanted) return index + 1;
  return 0;
}

/**
 * Each header cell's column (the first cell wins), keyed by the header of `known` it is by
 * headerKey, else by its own text.
 */
export function positionsOf(cells: readonly unknown[], known: readonly string[]): Map<string, number> {
  const byKey = new Map(known.map((header) => [headerKey(header), header] as const));
  const positions = new Map<string, number>();
  cells.forEach((cell, index) => {
    const header = byKey.get(headerKey(cell)) ?? cellText(cell);
    if (header !== "" && !positions.has(header)) positions.set(header, index + 1);
  });
  return positions;
}

/**
 * Writes the headers of `headers` that `positions` lacks into row `row`, in order from column
 * `from` on (bold), growing the grid when it is too narrow; `positions` then has them too.
 */
export function addMissingHeaders(
  grid: Grid,
  row: number,
  headers: readonly string[],
  positions: Map<string, number>,
  from: number,
): Map<string, number> {
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
  const lastColumn = grid.getLastColumn();
  const cells = lastColumn > 0 ? (grid.getRange(1, 1, 1, lastColumn).getValues()[0] ?? []) : [];
  return addMissingHeaders(grid, 1, headers, positionsOf(cells, headers), lastColumn + 1);
}
