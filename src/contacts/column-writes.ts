// This file defines how the Contacts feature rewrites cells of the add-on's own columns outside a sync: a column read, its new texts
// decided, and only then written, in one block from the first cell that changes to the last, with nothing in between (no fetch, no
// sleep): the cells between are written back as just read, so a person's edit can land only before the read or after the write.
import { cellText, exactText } from "../sheets/cell-text";
import { KEEP, writeBlock } from "../sheets/block-writer";
import { firstPlaces } from "./contacts-of";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Rows `first` to `last` of `column` as text, in one getValues (none when `last` is above `first`). */
export const columnTexts = (sheet: Sheet, column: number, first: number, last: number): string[] =>
  (last < first ? [] : sheet.getRange(first, column, last - first + 1, 1).getValues()).map((cells) => cellText(cells[0]));

/**
 * Rewrites rows `first` to `last` of `column`: `next(text, row)` is each cell's new text. Reads the column once, writes once when a
 * cell changes (two calls); returns the cells changed.
 */
export function rewriteColumn(
  sheet: Sheet,
  first: number,
  last: number,
  column: number,
  next: (text: string, row: number) => string,
): number {
  if (last < first) return 0;
  const read = sheet.getRange(first, column, last - first + 1, 1).getValues();
  const changes = new Map<number, string>();
  read.forEach((cells, index) => {
    const text = cellText(cells[0]);
    const after = next(text, first + index);
    if (after !== text) changes.set(first + index, after);
  });
  if (changes.size === 0) return 0;
  const rows = [...changes.keys()];
  const top = Math.min(...rows);
  const known: unknown[][] = [];
  read.forEach((cells, index) => {
    known[first + index - 1] = Object.assign([], { [column - 1]: cells[0] });
  });
  writeBlock(sheet, top, Math.max(...rows) - top + 1, [column], (row) => (changes.has(row) ? exactText(changes.get(row) ?? "") : KEEP), {
    known,
  });
  return changes.size;
}

/** One column's new texts by address (trimmed, lower case): `next(text)` of the cell on the address's row. */
export interface AddressEdit {
  column: number;
  next: ReadonlyMap<string, (text: string) => string>;
}

/**
 * Rewrites cells of the Contacts sheet on the rows of given addresses, each row re-found by its Email (its first row) right before:
 * the Email column read once, then each column read and written (about two calls a column, whatever the rows). Returns the cells changed.
 */
export function rewriteByAddress(sheet: Sheet, emailColumn: number, edits: readonly AddressEdit[]): number {
  const lastRow = sheet.getLastRow();
  if (lastRow < 2 || edits.every((edit) => edit.next.size === 0)) return 0;
  const rowOf = firstPlaces(columnTexts(sheet, emailColumn, 2, lastRow), 2);
  let cells = 0;
  for (const edit of edits) {
    const byRow = new Map<number, (text: string) => string>();
    for (const [key, next] of edit.next) {
      const row = rowOf.get(key);
      if (row !== undefined) byRow.set(row, next);
    }
    if (byRow.size === 0) continue;
    const rows = [...byRow.keys()];
    cells += rewriteColumn(sheet, Math.min(...rows), Math.max(...rows), edit.column, (text, row) => byRow.get(row)?.(text) ?? text);
  }
  return cells;
}
