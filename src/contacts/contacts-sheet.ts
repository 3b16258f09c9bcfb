// This file defines how the Contacts sheet is read and written: of every row only Email, Ready to
// send, Found in and the status columns, the add-on's columns over the rows a sync updates; rows
// matched by Email (never by position); one update block, and appends whose Email column first.
import { cellText, exactText } from "../sheets/cell-text";
import { KEEP, writeBlock, writeRows, type BlockCell } from "../sheets/block-writer";
import { checkRoom, documentRoom, newSheetCells, sizeToContent } from "../sheets/document-room";
import { addMissingHeaders } from "../sheets/headers";
import { CONTACT_HEADERS, CONTACTS_SHEET, type ContactHeader, type ContactValues } from "./contact-columns";
import { firstPlaces } from "./contacts-of";
import { userColumns } from "./ready-to-send";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Rows one append writes at most: a 30,000-address build is a few writes, each well within a call's size. */
const APPEND_ROWS = 5000;

/** The Contacts sheet as read: `values[row - 1][column - 1]` from A1, the cells read so far. */
export interface ContactsRead {
  sheet: Sheet;
  values: unknown[][];
  /** Each of the add-on's headers' column (1-based). */
  columns: Map<ContactHeader, number>;
  /** The user's columns whose header says "status" (a mail merge's `Merge status`). */
  statusColumns: number[];
  /** The user's columns whose header says "consent": one that records it lifts the consent check of its row. */
  consentColumns: number[];
  lastRow: number;
}

/**
 * The document's Contacts sheet, made when `create` and there is none: refused first when Google's cell limit leaves no room for its
 * grid, then trimmed to its columns (appends add the rows they fill); its header row and Email column (A) frozen, so the address stays in
 * view.
 */
export function contactsSheet(spreadsheet: Spreadsheet, create: boolean): Sheet | null {
  const sheet = spreadsheet.getSheetByName(CONTACTS_SHEET);
  if (sheet || !create) return sheet;
  checkRoom(documentRoom(spreadsheet), newSheetCells(2, CONTACT_HEADERS.length), `the ${CONTACTS_SHEET} sheet`);
  const made = spreadsheet.insertSheet(CONTACTS_SHEET);
  sizeToContent(made, 2, CONTACT_HEADERS.length);
  made.setFrozenRows(1);
  made.setFrozenColumns(1);
  return made;
}

/** A sheet built before its Email column was frozen gets it frozen (a build only, never a pass): when it is column A and none is. */
export function freezeEmailColumn(read: ContactsRead): void {
  if (read.columns.get("Email") === 1 && read.sheet.getFrozenColumns() === 0) read.sheet.setFrozenColumns(1);
}

/** The cells of `rows` × `columns` from (`top`, `left`) into `values`, in one getValues. */
function readBlock(read: ContactsRead, top: number, left: number, rows: number, columns: number): void {
  read.sheet
    .getRange(top, left, rows, columns)
    .getValues()
    .forEach((cells, index) => {
      const row = read.values[top + index - 1] ?? (read.values[top + index - 1] = []);
      cells.forEach((cell, offset) => {
        row[left + offset - 1] = cell;
      });
    });
}

/**
 * Reads the header row (writing any of the add-on's headers missing, after the
 * last column), then `Email`, `Ready to send`, `Found in` and the status columns.
 */
export function readContacts(sheet: Sheet): ContactsRead {
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  const header = lastRow > 0 && lastColumn > 0 ? (sheet.getRange(1, 1, 1, lastColumn).getValues()[0] ?? []) : [];
  const positions = firstPlaces(header.map(cellText), 1, (text) => text);
  addMissingHeaders(sheet, 1, CONTACT_HEADERS, positions, lastColumn + 1);
  const columns = new Map<ContactHeader, number>();
  for (const name of CONTACT_HEADERS) columns.set(name, positions.get(name) ?? 0);
  const { status: statusColumns, consent: consentColumns } = userColumns(header, new Set(columns.values()));
  const read: ContactsRead = { sheet, values: [header], columns, statusColumns, consentColumns, lastRow: Math.max(lastRow, 1) };
  const mine = [columns.get("Email") ?? 0, columns.get("Ready to send") ?? 0, columns.get("Found in") ?? 0];
  for (const column of [...mine, ...statusColumns, ...consentColumns.filter((at) => !statusColumns.includes(at))])
    if (lastRow >= 2) readBlock(read, 2, column, lastRow - 1, 1);
  return read;
}

/** Reads the add-on's columns over the rows from the first to the last of `rows` (one getValues, from the first own column to the last). */
export function loadRows(read: ContactsRead, rows: readonly number[]): void {
  if (rows.length === 0) return;
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const own = [...read.columns.values()];
  const left = Math.min(...own);
  readBlock(read, top, left, bottom - top + 1, Math.max(...own) - left + 1);
}

/** A row's cell under `column` (1-based) as text ("" where not read). */
export const cellAt = (read: ContactsRead, row: number, column: number | undefined): string =>
  column === undefined ? "" : cellText(read.values[row - 1]?.[column - 1]);

/** A row's own columns as text. */
export function rowValues(read: ContactsRead, row: number): ContactValues {
  const values = {} as ContactValues;
  for (const header of CONTACT_HEADERS) values[header] = cellAt(read, row, read.columns.get(header));
  return values;
}

function headerAt(read: ContactsRead, column: number): ContactHeader | null {
  for (const [header, at] of read.columns) if (at === column) return header;
  return null;
}

/** The `Ready to send` and `Found in` of a row no source of the sync holds (a suppression, a sheet that no longer holds its address). */
export type RowMarks = Pick<ContactValues, "Ready to send" | "Found in">;

/** A block's cell: a header's cell where the row's values have it, else kept. */
const cellOf =
  (read: ContactsRead, byRow: ReadonlyMap<number, Partial<ContactValues>>) =>
  (row: number, column: number): BlockCell => {
    const header = headerAt(read, column);
    const text = header ? byRow.get(row)?.[header] : undefined;
    return text === undefined ? KEEP : exactText(text);
  };

/** Rewrites `columns` of the rows of `byRow` (one block from the first to the last, rows the sheet has); returns the calls made. */
function rewriteRows(read: ContactsRead, byRow: ReadonlyMap<number, Partial<ContactValues>>, columns: number[]): number {
  if (byRow.size === 0) return 0;
  const rows = [...byRow.keys()];
  const top = Math.min(...rows);
  return writeBlock(read.sheet, top, Math.max(...rows) - top + 1, columns, cellOf(read, byRow), {
    known: read.values,
    skipUnchanged: true,
  });
}

/**
 * Rewrites the add-on's columns of the rows in `updates` (loaded: one block from
 * the first to the last); then `marks`' two columns. Returns the calls made.
 */
export function writeUpdates(
  read: ContactsRead,
  updates: ReadonlyMap<number, ContactValues>,
  marks: ReadonlyMap<number, RowMarks>,
): number {
  const markColumns = [read.columns.get("Ready to send") ?? 0, read.columns.get("Found in") ?? 0];
  return rewriteRows(read, updates, [...read.columns.values()]) + rewriteRows(read, marks, markColumns);
}

/**
 * Appends `rows` below the last row, APPEND_ROWS at a time while `more()` allows (the first block
 * always); the Email column of each block first. Returns the rows written.
 */
export function appendRows(read: ContactsRead, rows: readonly ContactValues[], more: () => boolean): number {
  const columns = [...read.columns.values()];
  let written = 0;
  while (written < rows.length && (written === 0 || more())) {
    const block = rows.slice(written, written + APPEND_ROWS);
    const byRow = new Map(block.map((values, index) => [read.lastRow + 1 + index, values]));
    // The grid grown first where the block goes past it (block-writer's writeRows).
    writeRows(read.sheet, [...byRow.keys()], columns, cellOf(read, byRow), { firstColumn: read.columns.get("Email") });
    read.lastRow += block.length;
    written += block.length;
  }
  return written;
}
