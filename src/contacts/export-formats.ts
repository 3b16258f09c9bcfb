// This file defines the four export formats as data (docs/exports.md says where each label comes from): each tool's import labels,
// in order, and what fills a field the tool requires; and the `Exported` column's words and their one reader (`HubSpot 2026-12-06;
// Mail merge 2026-12-07`: each tool an address went out to in a file, and the day), so `include: "new"` knows; typed parts stay.
import type { ContactHeader } from "./contact-columns";
import { listCell } from "./source-business";

export const EXPORT_FORMATS = ["hubspot", "salesforce", "pipedrive", "mail-merge"] as const;
export type ExportFormatId = (typeof EXPORT_FORMATS)[number];

/** A column of the file: its label, and the Contacts columns that fill it, the first non-empty one. */
export interface ExportColumn {
  label: string;
  from: readonly ContactHeader[];
  /** Written when every `from` is empty: a field the tool requires is never empty. */
  otherwise?: string;
  /** A consumer mailbox domain (gmail.com) is left out: the tool would make a company of it. */
  notFreeMail?: true;
  /** Salesforce's `Email Opt Out`: `1` on a suppressed row, else `0`; only in a file of every row (`include: "all"`). */
  optOut?: true;
}

interface ExportFormat {
  /** The tool as the `Exported` column names it ("HubSpot 2026-12-06"), a code its one reader (readExported, below) maps back. */
  exported: string;
  columns: readonly ExportColumn[];
}

/** A column of the file, filled from `from`. */
function column(label: string, from: readonly ContactHeader[], flags: Partial<ExportColumn> = {}): ExportColumn {
  return { label, from, ...flags };
}

/** Salesforce refuses a lead without Last Name or Company: this stands in for an unknown one. */
const UNKNOWN = "Unknown";

export const EXPORT_FORMAT: Readonly<Record<ExportFormatId, ExportFormat>> = {
  hubspot: {
    exported: "HubSpot",
    columns: [
      column("Email", ["Email"]),
      column("First Name", ["First name"]),
      column("Last Name", ["Last name"]),
      column("Company Name", ["Company"]),
      column("Company Domain Name", ["Domain"], { notFreeMail: true }),
      column("Phone Number", ["Phone"]),
      column("Website URL", ["Website"]),
      column("City", ["City"]),
    ],
  },
  salesforce: {
    exported: "Salesforce",
    columns: [
      column("Email", ["Email"]),
      column("First Name", ["First name"]),
      column("Last Name", ["Last name"], { otherwise: UNKNOWN }),
      column("Company", ["Company", "Domain"], { otherwise: UNKNOWN }),
      column("Website", ["Website"]),
      column("Phone", ["Phone"]),
      column("City", ["City"]),
      // The two-letter code: an org with country picklists maps it to the lead's Country Code (docs/exports.md).
      column("Country Code", ["Country code"]),
      column("Email Opt Out", [], { optOut: true }),
    ],
  },
  pipedrive: {
    exported: "Pipedrive",
    columns: [
      column("Name", ["Name", "Company", "Email"]),
      column("First name", ["First name"]),
      column("Last name", ["Last name"]),
      column("Email", ["Email"]),
      column("Phone", ["Phone"]),
      column("Organization", ["Company"]),
      column("Organization domain", ["Domain"], { notFreeMail: true }),
      column("Website", ["Website"]),
      column("City", ["City"]),
    ],
  },
  "mail-merge": {
    exported: "Mail merge",
    // Each column labelled as the Contacts column it is filled from.
    columns: (["Email", "First name", "Last name", "Company", "Domain", "Website", "Phone", "City"] as const).map((header) =>
      column(header, [header]),
    ),
  },
};

const EXPORTED_SEPARATOR = "; ";
const PART = /^(.*\S)\s+(\d{4}-\d{2}-\d{2})$/;

/** One part of the cell: a tool the add-on names, with its day; or text of a person's, kept as it is. */
type ExportedPart = { format: ExportFormatId; day: string } | { text: string };

function formatNamed(label: string): ExportFormatId | null {
  return EXPORT_FORMATS.find((id) => EXPORT_FORMAT[id].exported.toLowerCase() === label.toLowerCase()) ?? null;
}

/** The one reader of an `Exported` cell. */
function readExported(cell: string): ExportedPart[] {
  return listCell(cell, EXPORTED_SEPARATOR.trim()).map((part): ExportedPart => {
    const match = PART.exec(part);
    const format = match ? formatNamed(match[1] ?? "") : null;
    return format ? { format, day: match?.[2] ?? "" } : { text: part };
  });
}

/** Whether the cell says the address went out to `format`'s tool. */
export const exportedTo = (cell: string, format: ExportFormatId): boolean =>
  readExported(cell).some((part) => "format" in part && part.format === format);

/** The cell once the address went out to `format`'s tool on `day`: that tool's day replaced, or the tool added at the end. */
export function withExport(cell: string, format: ExportFormatId, day: string): string {
  const parts = readExported(cell);
  const at = parts.findIndex((part) => "format" in part && part.format === format);
  const mine: ExportedPart = { format, day };
  const next = at < 0 ? [...parts, mine] : parts.map((part, i) => (i === at ? mine : part));
  return next.map((part) => ("format" in part ? `${EXPORT_FORMAT[part.format].exported} ${part.day}` : part.text)).join(EXPORTED_SEPARATOR);
}
