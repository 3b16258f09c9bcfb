// This file defines contactsCsv's file (contract, "Contacts", Export, and "Contacts you can defend", Exports): the rows chosen (ready
// to send, new to the tool, or all; of some address types and sheets) in one tool's import shape, guarded or not, as CSV (RFC 4180:
// commas between fields, CRLF after records, a field holding a comma, a quote or a line break quoted with its quotes doubled).
import { addressType, isFreeMailDomain, type AddressType } from "./address-type";
import { isSticky, type ContactValues } from "./contact-columns";
import { EXPORT_FORMAT, exportedTo, type ExportColumn, type ExportFormatId } from "./export-formats";
import type { RowNow } from "./ready-now";
import { guardFormula, needsFormulaGuard } from "./ready-to-send";

export const EXPORT_INCLUDES = ["ready", "new", "all"] as const;
type ExportInclude = (typeof EXPORT_INCLUDES)[number];

/** What a person asked for: the tool, which rows, and whether fields starting like a formula get a `'`. */
export interface ExportChoice {
  format: ExportFormatId;
  include: ExportInclude;
  /** Only these address types; null: every type. */
  types: readonly AddressType[] | null;
  /** Only addresses `Found in` one of these sheets; null: every sheet. */
  sheets: readonly string[] | null;
  /** False only for a file uploaded straight to a CRM, never opened in a spreadsheet (a CRM keeps the `'` as part of the value). */
  guard: boolean;
}

export interface ContactsFile {
  fileName: string;
  text: string;
  /** The contacts in the file. */
  rows: number;
  /** Fields starting like a formula: given a `'` (guard on), or left as they are (guard off). */
  formulaLike: number;
}

const FOUND_IN_SEPARATOR = ";";
const NEEDS_QUOTES = /[",\r\n]/;

/** The rows as one CSV text, every record (the last one too) ended by CRLF; each field as RFC 4180 writes it. */
export function csvText(rows: readonly (readonly string[])[]): string {
  const field = (text: string): string => (NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => `${row.map(field).join(",")}\r\n`).join("");
}

/** Whether a mail merge already handled the row: any of its status cells holds something (`EMAIL_SENT`, `RESPONDED`…). */
const handledByMailMerge = (row: RowNow): boolean => row.row.statuses.some((cell) => cell.trim() !== "");

const foundIn = (values: ContactValues): string[] => values["Found in"].split(FOUND_IN_SEPARATOR).map((name) => name.trim());

/** The rows of the file, in the sheet's order. */
export function chosenRows(rows: readonly RowNow[], choice: ExportChoice): RowNow[] {
  return rows.filter((row) => {
    const { values } = row.row;
    if (choice.include !== "all" && row.ready?.kind !== "yes") return false;
    if (choice.include === "new" && (exportedTo(values.Exported, choice.format) || handledByMailMerge(row))) return false;
    if (choice.types && !choice.types.includes(addressType(values.Email))) return false;
    return !choice.sheets || foundIn(values).some((name) => choice.sheets?.includes(name));
  });
}

/** A field's text before the guard. */
function fieldOf(column: ExportColumn, row: RowNow): string {
  if (column.optOut) return isSticky(row.ready) ? "1" : "0";
  const values = row.row.values;
  const found = column.from
    .map((header) => values[header])
    .find((text) => text.trim() !== "" && !(column.notFreeMail && isFreeMailDomain(text)));
  return found ?? column.otherwise ?? "";
}

/** A name's part of the file name: letters and digits, `-` between. */
const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);

/** `contacts-<format>-<include>[-<types>][-<sheets>]-<yyyy-MM-dd>.csv` (docs/exports.md). */
function fileNameOf(choice: ExportChoice, day: string): string {
  const part = (list: readonly string[] | null): string => (list ? `-${slug(list.join(" "))}` : "");
  return `contacts-${choice.format}-${choice.include}${part(choice.types)}${part(choice.sheets)}-${day}.csv`;
}

/** The file of `chosen` for `choice`; `day` (yyyy-MM-dd) names it. */
export function contactsFile(chosen: readonly RowNow[], choice: ExportChoice, day: string): ContactsFile {
  const columns = EXPORT_FORMAT[choice.format].columns.filter((column) => !column.optOut || choice.include === "all");
  let formulaLike = 0;
  const field = (text: string): string => {
    if (!needsFormulaGuard(text)) return text;
    formulaLike += 1;
    return choice.guard ? guardFormula(text) : text;
  };
  const table = [
    columns.map((column) => guardFormula(column.label)),
    ...chosen.map((row) => columns.map((column) => field(fieldOf(column, row)))),
  ];
  return { fileName: fileNameOf(choice, day), text: csvText(table), rows: chosen.length, formulaLike };
}
