// This file defines forgetContact's work (contract, "Forget an address"): the address's hash stored first, so no pass, refresh, merge,
// build or export writes it again; then the address out of every cell the add-on writes, its `Contacts` rows out, and its `sha256:`
// line on `Do not contact`. Each step finds what it changes right before: a killed call is finished by the next, a repeat changes nothing.
import { UserFacingError } from "../errors/user-error";
import type { EnrichTarget } from "../jobs/enrich-target";
import type { JobRecord } from "../jobs/job-record";
import { cellText, exactText } from "../sheets/cell-text";
import { STATUS_HEADER } from "../sheets/columns";
import { columnOfHeader } from "../sheets/headers";
import { sizeToContent } from "../sheets/document-room";
import type { KeyValueStore } from "../storage/key-value-store";
import { CONTACTS_SHEET, DO_NOT_CONTACT_SHEET } from "./contact-columns";
import { addressKey } from "./contacts-of";
import { addForgotten } from "./contacts-rules";
import { cellWithout, FORGET_COLUMNS, mentions, statusAfter, type ForgetHeader } from "./forget-cells";
import { forgottenPrefix, sha256Line } from "./forgotten";
import { columnTexts, rewriteColumn } from "./column-writes";
import { orderedSources, sourceRefs } from "./source-sheets";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface ForgetInputs {
  spreadsheet: Spreadsheet;
  store: KeyValueStore;
  /** Document properties, where formulas read the forgotten addresses (gas/document-access.ts sharedWithFormulas). */
  shared: KeyValueStore;
  records: readonly JobRecord[];
  email: string;
  /** yyyy-MM-dd in the spreadsheet's time zone: the date beside the `sha256:` line. */
  today: string;
}

/** What forgetContact changed: the sheets, and their cells (a Contacts row counts its filled cells). */
export interface Forgot {
  sheets: number;
  cells: number;
}

/** The `Do not contact` sheet a forget makes: two columns, a header row. */
const DO_NOT_CONTACT_HEADERS = ["Address or domain", "Added"];
const NEW_SHEET_ROWS = 100;

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address to forget, trimmed; a sentence to act on when it is none. */
function addressToForget(email: string): string {
  const text = email.trim();
  if (!ADDRESS.test(text)) throw new UserFacingError("Enter the one address to forget, such as anna@example.com.");
  return text;
}

/** `Do not contact`, made when missing: its grid trimmed to what it holds (a document has at most 10 million cells, every grid counted). */
function doNotContactSheet(spreadsheet: Spreadsheet): Sheet {
  const known = spreadsheet.getSheetByName(DO_NOT_CONTACT_SHEET);
  if (known) return known;
  let sheet: Sheet;
  try {
    sheet = spreadsheet.insertSheet(DO_NOT_CONTACT_SHEET);
  } catch (error) {
    throw new UserFacingError(
      `The address is out of every sheet, but the ${DO_NOT_CONTACT_SHEET} sheet for its sha256 line could not be made ` +
        `(${(error as Error).message}). Delete a sheet you no longer need, then forget the address again.`,
    );
  }
  sizeToContent(sheet, NEW_SHEET_ROWS, DO_NOT_CONTACT_HEADERS.length);
  sheet.getRange(1, 1, 1, DO_NOT_CONTACT_HEADERS.length).setValues([DO_NOT_CONTACT_HEADERS]);
  return sheet;
}

/** The `sha256:` line onto column A (the address itself, where a person listed it, replaced by it); the cells changed. */
function listForGood(spreadsheet: Spreadsheet, address: string, today: string): number {
  const sheet = doNotContactSheet(spreadsheet);
  const line = sha256Line(address);
  const key = addressKey(address);
  const lastRow = sheet.getLastRow();
  const column = columnTexts(sheet, 1, 1, lastRow).map((text) => text.toLowerCase());
  const plain = column.flatMap((text, index) => (text === key ? [index + 1] : []));
  for (const row of plain) sheet.getRange(row, 1).setValue(exactText(line));
  if (plain.length > 0 || column.includes(line)) return plain.length;
  sheet.getRange(lastRow + 1, 1, 1, 2).setValues([[exactText(line), exactText(today)]]);
  return 2;
}

/** The columns of a sheet's header row that hold addresses, from `from` (an enriched list's block) on; `Email status` last. */
function addressColumns(header: readonly unknown[], from: number): Array<[ForgetHeader | "Email status", number]> {
  const labels = [...(Object.keys(FORGET_COLUMNS) as ForgetHeader[]), "Email status" as const];
  return labels
    .map((label): [ForgetHeader | "Email status", number] => [label, columnOfHeader(header, label, from)])
    .filter(([, at]) => at > 0);
}

/** The address out of one sheet's columns (rows below `headerRow`); the cells changed. */
function forgetInSheet(sheet: Sheet, list: EnrichTarget | null, key: string): number {
  const headerRow = list ? list.headerRow : 1;
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  if (lastRow <= headerRow || lastColumn === 0) return 0;
  const header = sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0] ?? [];
  const from = list ? columnOfHeader(header, STATUS_HEADER) : 1;
  if (from === 0) return 0; // a list never enriched: nothing of the add-on's here
  const listed = new Map<number, number>();
  const verified = new Map<number, number>();
  let cells = 0;
  for (const [label, column] of addressColumns(header, from)) {
    cells += rewriteColumn(sheet, headerRow + 1, lastRow, column, (text, row) => {
      if (label === "Email status") return listed.has(row) ? statusAfter(text, listed.get(row) ?? 0, verified.get(row) ?? null) : text;
      if (!mentions(text, key)) return text;
      const next = cellWithout(label, text, key);
      const count = next === "" ? 0 : next.split(",").length;
      if (label === "Emails") listed.set(row, count);
      if (label === "Verified emails") verified.set(row, count);
      return next;
    });
  }
  return cells;
}

/** The address's rows out of `Contacts` (a person's copies too), bottom first; the filled cells they held. */
function forgetInContacts(spreadsheet: Spreadsheet, key: string): number {
  const sheet = spreadsheet.getSheetByName(CONTACTS_SHEET);
  const lastRow = sheet?.getLastRow() ?? 0;
  const lastColumn = sheet?.getLastColumn() ?? 0;
  if (!sheet || lastRow < 2 || lastColumn === 0) return 0;
  const header = sheet.getRange(1, 1, 1, lastColumn).getValues()[0] ?? [];
  const emailColumn = columnOfHeader(header, "Email");
  if (emailColumn === 0) return 0;
  const emails = columnTexts(sheet, emailColumn, 2, lastRow);
  const rows = emails.flatMap((text, index) => (addressKey(text) === key ? [index + 2] : [])).reverse();
  let cells = 0;
  for (const row of rows) {
    cells += (sheet.getRange(row, 1, 1, lastColumn).getValues()[0] ?? []).filter((cell) => cellText(cell) !== "").length;
    sheet.deleteRow(row); // the one row the add-on ever removes
  }
  return cells;
}

export function forgetContact({ spreadsheet, store, shared, records, email, today }: ForgetInputs): Forgot {
  const address = addressToForget(email);
  const key = addressKey(address);
  // First: from this moment every writer leaves the address out, whatever stops this call later.
  addForgotten(store, shared, forgottenPrefix(address));
  const sheets = spreadsheet.getSheets();
  const names = sheets.map((sheet) => sheet.getName());
  const changed = orderedSources(sheets, names, sourceRefs(records)).map(({ sheet, list }) => forgetInSheet(sheet, list, key));
  changed.push(forgetInContacts(spreadsheet, key));
  // Last, as the one step that may add a sheet: a workbook at Google's cell limit refuses it with everything else done.
  changed.push(listForGood(spreadsheet, address, today));
  const touched = changed.filter((cells) => cells > 0);
  return { sheets: touched.length, cells: touched.reduce((sum, cells) => sum + cells, 0) };
}
