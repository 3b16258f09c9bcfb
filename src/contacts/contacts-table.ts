// This file defines the read-only view of the Contacts sheet that the exports and the sidebar's
// counts use: its rows by the header labels (wherever the user moved the columns), changing nothing.
import { UserFacingError } from "../errors/user-error";
import { CONTACT_HEADERS, CONTACTS_SHEET, type ContactHeader, type ContactValues } from "./contact-columns";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The Contacts sheet's rows that hold an address, by header; null when the document has no Contacts sheet. */
export function readContactsTable(spreadsheet: Spreadsheet): ContactValues[] | null {
  const sheet = spreadsheet.getSheetByName(CONTACTS_SHEET);
  if (!sheet) return null;
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  if (lastRow < 1 || lastColumn < 1) return [];
  const [header = [], ...rows] = sheet.getRange(1, 1, lastRow, lastColumn).getValues();
  const labels = header.map((cell) => textOf(cell).trim());
  const column = new Map<ContactHeader, number>();
  for (const name of CONTACT_HEADERS) column.set(name, labels.indexOf(name));
  if ((column.get("Email") ?? -1) < 0)
    throw new UserFacingError(
      `The ${CONTACTS_SHEET} sheet has no column headed "Email": put the header back in row 1, or click Build contacts to add it.`,
    );
  return rows
    .map((cells) => Object.fromEntries(CONTACT_HEADERS.map((name) => [name, textOf(cells[column.get(name) ?? -1])])) as ContactValues)
    .filter((values) => values.Email.trim() !== "");
}

/** The rows, or the sentence that says to build the sheet first. */
export function contactsTableOrThrow(spreadsheet: Spreadsheet): ContactValues[] {
  const rows = readContactsTable(spreadsheet);
  if (rows === null)
    throw new UserFacingError(
      `There is no ${CONTACTS_SHEET} sheet yet: click Build contacts in the sidebar (or Contacts in the add-on's menu) first, then download again.`,
    );
  return rows;
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}
