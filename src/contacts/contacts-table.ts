// This file defines the view of the Contacts sheet that the exports and the sidebar's counts read: its rows by the header labels
// (wherever the user moved the columns), each with its sheet row and the user's status and consent cells, read in one getValues.
import { UserFacingError } from "../errors/user-error";
import { headerKey } from "../sheets/headers";
import { CONTACT_HEADERS, CONTACTS_SHEET, type ContactHeader, type ContactValues } from "./contact-columns";
import { userColumns } from "./ready-to-send";

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
  const { status, consent } = userColumns(header, new Set(columns.values()));
  const rows = cells.map((row, index): TableRow => {
    const values = {} as ContactValues;
    for (const name of CONTACT_HEADERS) values[name] = textOf(row[(columns.get(name) ?? 0) - 1]);
    return {
      row: index + 2,
      values,
      statuses: status.map((at) => textOf(row[at - 1])),
      consents: consent.map((at) => textOf(row[at - 1])),
    };
  });
  return { sheet, columns, rows: rows.filter((row) => row.values.Email.trim() !== "") };
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}
