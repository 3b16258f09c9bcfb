// This file defines the cheap path of the results writer for a running job: the job's columns of its sheet read in ONE range read, rows
// found by Business ID, each run of our columns written in one call or not at all. Anything out of the ordinary answers null and the
// caller runs the general writer.
import type { Business } from "../api/schemas";
import { cellInput, cellText, writesSame } from "./cell-text";
import { ID_HEADER, type ColumnSpec } from "./columns";
import { columnLetters } from "./column-letters";
import { headerKey } from "./headers";
import { placeRows, type UpsertOptions, type UpsertResult } from "./writer";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Upserts `businesses` into `sheet`, when its first n columns are our n columns (in any order)
 * and no row has to be inserted or deleted; otherwise null, having written nothing.
 */
export function upsertInPlace(
  sheet: Sheet,
  businesses: readonly Business[],
  columns: readonly ColumnSpec[],
  options: UpsertOptions,
): UpsertResult | null {
  const width = columns.length;
  let values: unknown[][];
  let read: GoogleAppsScript.Spreadsheet.Range;
  try {
    read = sheet.getRange(`A1:${columnLetters(width)}`);
    values = read.getValues();
  } catch {
    return null; // narrower than our columns
  }
  // Where each of our columns stands: all of them, in any order, fill the first `width` columns
  // (a person may have moved some).
  const header = (values[0] ?? []).map(headerKey);
  const at = columns.map((column) => header.indexOf(headerKey(column.header)));
  if (at.some((index) => index < 0) || new Set(at).size !== width) return null;
  const idIndex = at[columns.findIndex((column) => column.header === ID_HEADER)] ?? -1;
  if (idIndex < 0) return null;

  let lastRow = values.length;
  // The open range reaches the sheet's last row, often hundreds of empty ones: "" needs no trimming.
  while (lastRow > 1 && (values[lastRow - 1] ?? []).every((cell) => cell === "" || cellText(cell) === "")) lastRow -= 1;
  const { target, appended, toDelete } = placeRows(businesses, values.slice(1, lastRow), idIndex, options);
  if (toDelete.length > 0) return null; // rows to delete: the general writer does that
  if (target.size === 0) return { appended: 0, updated: 0, removed: 0 };
  const rows = [...target.keys()];
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  if (bottom > values.length) return null; // the grid must grow first
  if (target.size < bottom - top + 1) return null; // someone else's row inside the block

  const inSheetOrder = columns.map((_, index) => columns[at.indexOf(index)]);
  const matrix = rows
    .sort((a, b) => a - b)
    .map((row) => inSheetOrder.map((column) => (column ? cellInput(column.value(target.get(row) as Business)) : "")));
  const changed = matrix.some((cells, offset) => cells.some((input, index) => !writesSame(input, values[top - 1 + offset]?.[index])));
  // Written through the range just read (its rows top to bottom): no call to make the range again.
  if (changed) read.offset(top - 1, 0, bottom - top + 1, width).setValues(matrix);
  return { appended, updated: target.size - appended, removed: 0 };
}
