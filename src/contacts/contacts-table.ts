// This file defines the view of the Contacts sheet that the exports and the sidebar's counts read: its rows by the header labels
// (wherever the user moved the columns), each with its sheet row and the user's status and consent cells, read in one getValues.
import { UserFacingError } from "../errors/user-error";
import { cellText } from "../sheets/cell-text";
import { headerKey } from "../sheets/headers";
import { CONTACT_HEADERS, CONTACTS_SHEET, type ContactHeader, type ContactValues } from "./contact-columns";
import { isConsentHeader, isStatusHeader } from "./ready-to-send";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** One row of the sheet that holds an address. */
export interface TableRow {
  /** Its row in the sheet (1-based), as read: re-found by its Email before any write. */
  row: number;
  values: ContactValues;
  /** The cells of the user's columns headed with `status` (a mail merge's), then those headed with `consent`. */
  statuses: string[];
  consents: string[];
}

export interface ContactsTable {
  sheet: Sheet;
  /** Each of the add-on's headers' column (1-based; absent: not in the sheet). */
  columns: Map<ContactHeader, number>;
  rows: TableRow[];
}

/** The Contacts sheet's rows that hold an address; null when the document has no Contacts sheet. */
export function readContactsTable(spreadsheet: Spreadsheet): ContactsTable | null {
  const sheet = spreadsheet.getSheetByName(CONTACTS_SHEET);
  if (!sheet) return null;
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  if (lastRow < 1 || lastColumn < 1) return { sheet, columns: new Map(), rows: [] };
  const [header = [], ...cells] = sheet.getRange(1, 1, lastRow, lastColumn).getValues();
  const keys = header.map(headerKey);
  const columns = new Map<ContactHeader, number>();
  for (const name of CONTACT_HEADERS) if (keys.includes(headerKey(name))) columns.set(name, keys.indexOf(headerKey(name)) + 1);
  if (!columns.has("Email"))
    throw new UserFacingError(
      `The ${CONTACTS_SHEET} sheet has no column headed "Email": put the header back in row 1, or click Build contacts to add it.`,
    );
  const own = new Set(columns.values());
  const users = (test: (label: string) => boolean): number[] =>
    header.flatMap((cell, index) => (!own.has(index + 1) && test(cellText(cell)) ? [index] : []));
  const statusAt = users(isStatusHeader);
  const consentAt = users(isConsentHeader);
  const rows = cells.map((row, index): TableRow => {
    const values = {} as ContactValues;
    for (const name of CONTACT_HEADERS) values[name] = textOf(row[(columns.get(name) ?? 0) - 1]);
    return { row: index + 2, values, statuses: statusAt.map((at) => textOf(row[at])), consents: consentAt.map((at) => textOf(row[at])) };
  });
  return { sheet, columns, rows: rows.filter((row) => row.values.Email.trim() !== "") };
}

/** The table, or the sentence that says to build the sheet first. */
export function contactsTableOrThrow(spreadsheet: Spreadsheet): ContactsTable {
  const table = readContactsTable(spreadsheet);
  if (table === null)
    throw new UserFacingError(
      `There is no ${CONTACTS_SHEET} sheet yet: click Build contacts in the sidebar (or Contacts in the add-on's menu) ` +
        "first, then download again.",
    );
  return table;
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}
