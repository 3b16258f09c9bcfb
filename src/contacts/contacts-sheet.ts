// This file defines how the Contacts sheet is read and written: its header row and rows in one
// getValues (the user's columns too: a mail merge's status column is read there), rows matched by
// their Email cell (never by position, so sorts and filters move nothing), the add-on's own columns
// rewritten in one block over the changed rows, new rows appended below the last in blocks whose
// Email column is written first, so a killed write leaves rows the next pass finds and completes.
import { exactText } from "../sheets/cell-text";
import { cellText } from "../sheets/cell-text";
import { KEEP, writeBlock } from "../sheets/block-writer";
import { addMissingHeaders } from "../sheets/headers";
import { CONTACT_HEADERS, CONTACTS_SHEET, type ContactHeader, type ContactValues } from "./contact-columns";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Rows one append writes at most: a 30,000-address build is a few writes, each well within a call's size. */
export const APPEND_ROWS = 5000;

/** The Contacts sheet as read: `values[row - 1][column - 1]` from A1, header row included. */
export interface ContactsRead {
  sheet: Sheet;
  values: unknown[][];
  /** Each of the add-on's headers' column (1-based). */
  columns: Map<ContactHeader, number>;
  /** Every header of row 1 by its column (1-based), the user's too. */
  headers: Map<number, string>;
  lastRow: number;
}

/** The document's Contacts sheet, made (header row bold and frozen) when `create` and there is none. */
export function contactsSheet(spreadsheet: Spreadsheet, create: boolean): Sheet | null {
  const sheet = spreadsheet.getSheetByName(CONTACTS_SHEET);
  if (sheet || !create) return sheet;
  const made = spreadsheet.insertSheet(CONTACTS_SHEET);
  made.setFrozenRows(1);
  return made;
}

/** Reads the sheet whole in one call, and writes any of the add-on's headers missing (after the last column). */
export function readContacts(sheet: Sheet): ContactsRead {
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  const values = lastRow > 0 && lastColumn > 0 ? sheet.getRange(1, 1, lastRow, lastColumn).getValues() : [];
  const headers = new Map<number, string>();
  const positions = new Map<string, number>();
  (values[0] ?? []).forEach((cell, index) => {
    const header = cellText(cell);
    headers.set(index + 1, header);
    if (header !== "" && !positions.has(header)) positions.set(header, index + 1);
  });
  addMissingHeaders(sheet, 1, CONTACT_HEADERS, positions, lastColumn + 1);
  const columns = new Map<ContactHeader, number>();
  for (const header of CONTACT_HEADERS) {
    const column = positions.get(header);
    if (column !== undefined) {
      columns.set(header, column);
      headers.set(column, header);
    }
  }
  return { sheet, values, columns, headers, lastRow: Math.max(lastRow, 1) };
}

/** A row's cell under `column` (1-based) as text. */
export const cellAt = (read: ContactsRead, row: number, column: number | undefined): string => (column === undefined ? "" : cellText(read.values[row - 1]?.[column - 1]));

/** A row's own columns as text. */
export function rowValues(read: ContactsRead, row: number): ContactValues {
  const values = {} as ContactValues;
  for (const header of CONTACT_HEADERS) values[header] = cellAt(read, row, read.columns.get(header));
  return values;
}

function headerAt(read: ContactsRead, column: number): ContactHeader | null {
  const header = read.headers.get(column);
  return header !== undefined && (CONTACT_HEADERS as readonly string[]).includes(header) && read.columns.get(header as ContactHeader) === column ? (header as ContactHeader) : null;
}

/** Rewrites the add-on's columns of the rows in `updates` (one block from the first to the last of them); other rows as read. Returns the calls made. */
export function writeUpdates(read: ContactsRead, updates: ReadonlyMap<number, ContactValues>): number {
  if (updates.size === 0) return 0;
  const rows = [...updates.keys()];
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const columns = [...read.columns.values()];
  return writeBlock(read.sheet, top, bottom - top + 1, columns, (row, column) => {
    const values = updates.get(row);
    const header = headerAt(read, column);
    return values && header ? exactText(values[header]) : KEEP;
  }, { known: read.values, skipUnchanged: true });
}

/**
 * Appends `rows` below the last row, APPEND_ROWS at a time while `more()` allows (the first block
 * always); the Email column of each block first. Returns the rows written.
 */
export function appendRows(read: ContactsRead, rows: readonly ContactValues[], more: () => boolean): number {
  const sheet = read.sheet;
  const columns = [...read.columns.values()];
  let written = 0;
  while (written < rows.length && (written === 0 || more())) {
    const block = rows.slice(written, written + APPEND_ROWS);
    const top = read.lastRow + 1;
    const needed = top + block.length - 1;
    const maxRows = sheet.getMaxRows();
    if (needed > maxRows) sheet.insertRowsAfter(maxRows, needed - maxRows);
    writeBlock(sheet, top, block.length, columns, (row, column) => {
      const header = headerAt(read, column);
      return header ? exactText(block[row - top]?.[header] ?? "") : KEEP;
    }, { firstColumn: read.columns.get("Email") });
    read.lastRow = needed;
    written += block.length;
  }
  return written;
}
