// This file defines contactsCsv's work: the Contacts sheet read once, each row's `Ready to send` decided as it stands now (a status a
// mail merge wrote a moment ago, a `Do not contact` line), the file built, then the two things it changes written: `Ready to send`
// where the rules changed it, and `Exported` on every row in the file. A bounded number of calls, whatever the rows.
import { UserFacingError } from "../errors/user-error";
import { plural } from "../rules/numbers";
import type { KeyValueStore } from "../storage/key-value-store";
import { CONTACTS_SHEET, readReady, isSticky, type ContactHeader } from "./contact-columns";
import { readContactsRules } from "./contacts-rules";
import { readContactsTable } from "./contacts-table";
import { chosenRows, contactsFile, type ContactsFile, type ExportChoice } from "./contacts-csv";
import { addressKey } from "./contacts-of";
import { rewriteByAddress, type AddressEdit } from "./column-writes";
import { withExport } from "./export-formats";
import { rowsNow, type RowNow } from "./ready-now";
import { doNotContact } from "./sync-contacts";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface ExportInputs {
  spreadsheet: Spreadsheet;
  store: KeyValueStore;
  choice: ExportChoice;
  /** yyyy-MM-dd in the spreadsheet's time zone: the file's name and the `Exported` date. */
  today: string;
}

/** The file, what its making changed in the sheet, and both in words. */
export interface ContactsExport extends ContactsFile {
  /** Rows whose `Ready to send` the export turned (a suppression or the consent rule read now). */
  readyChanged: number;
  /** "contacts-hubspot-new-2026-12-06.csv: 12 contacts. 2 fields got a ' in front.": the whole file name, what it holds, what changed. */
  said: string;
}

/** The file in words, after "Downloaded ": its whole name, its contacts, the guard's work and the rows turned now. */
function saidOf(file: ContactsFile, guard: boolean, readyChanged: number): string {
  const n = file.formulaLike;
  const guarded =
    n === 0
      ? ""
      : guard
        ? ` ${plural(n, "field", "fields")} got a ' in front.`
        : ` ${plural(n, "field starts", "fields start")} like a formula, left as ${n === 1 ? "it is" : "they are"} for the CRM.`;
  const turned = readyChanged > 0 ? ` ${plural(readyChanged, "row's Ready to send", "rows' Ready to send")} changed now.` : "";
  return `${file.fileName}: ${plural(file.rows, "contact", "contacts")}.${guarded}${turned}`;
}

export function exportContacts({ spreadsheet, store, choice, today }: ExportInputs): ContactsExport {
  const table = readContactsTable(spreadsheet);
  if (table === null)
    throw new UserFacingError(
      `There is no ${CONTACTS_SHEET} sheet yet: click Build contacts in the sidebar (or Contacts in the add-on's menu) ` +
        "first, then download again.",
    );
  const now = rowsNow(table.rows, { doNotContact: doNotContact(spreadsheet), rules: readContactsRules(store) });
  const chosen = chosenRows(now, choice);
  const file = contactsFile(chosen, choice, today);
  const turned = now.filter((row) => row.cell !== row.row.values["Ready to send"]);
  /** `header`'s edit on the rows of `rows` (none where the sheet lacks the column). */
  const edit = (header: ContactHeader, rows: readonly RowNow[], next: (row: RowNow, text: string) => string): AddressEdit[] => {
    const column = table.columns.get(header);
    return column === undefined
      ? []
      : [{ column, next: new Map(rows.map((row) => [addressKey(row.row.values.Email), (text) => next(row, text)])) }];
  };
  rewriteByAddress(table.sheet, table.columns.get("Email") ?? 1, [
    // A `No` a person typed since the read stays: the cell is the suppression's memory.
    ...edit("Ready to send", turned, (row, text) => (isSticky(readReady(text)) ? text : row.cell)),
    ...edit("Exported", chosen, (_, text) => withExport(text, choice.format, today)),
  ]);
  return { ...file, readyChanged: turned.length, said: saidOf(file, choice.guard, turned.length) };
}
