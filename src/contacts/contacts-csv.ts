// This file defines contactsCsv's file (contract, "Contacts", Export): the Contacts sheet's rows
// (only those ready to send, unless all are asked for) in one tool's import shape, every field guarded.
import { readReady, type ContactValues } from "./contact-columns";
import { csvText } from "./csv";
import { EXPORT_FORMAT, type ExportColumn, type ExportFormatId } from "./export-formats";
import { guardFormula } from "./formula-guard";

export type ExportInclude = "ready" | "all";

export interface ContactsFile {
  fileName: string;
  text: string;
}

function fieldOf(column: ExportColumn, values: ContactValues): string {
  const found = column.from.map((header) => values[header]).find((text) => text.trim() !== "");
  return guardFormula(found ?? column.otherwise ?? "");
}

const isReady = (values: ContactValues): boolean => readReady(values["Ready to send"])?.kind === "yes";

/** The file for `format` of these rows; `day` (yyyy-MM-dd) names it. */
export function contactsFile(rows: readonly ContactValues[], format: ExportFormatId, include: ExportInclude, day: string): ContactsFile {
  const shape = EXPORT_FORMAT[format];
  const withAddress = rows.filter((values) => values.Email.trim() !== "");
  const chosen = include === "all" ? withAddress : withAddress.filter(isReady);
  const table = [
    shape.columns.map((column) => guardFormula(column.label)),
    ...chosen.map((values) => shape.columns.map((column) => fieldOf(column, values))),
  ];
  const scope = include === "all" ? "all" : "ready";
  return { fileName: `contacts-${shape.fileTag}-${scope}-${day}.csv`, text: csvText(table) };
}
