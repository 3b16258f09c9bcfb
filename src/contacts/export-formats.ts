// This file defines the four export formats as data (docs/exports.md says where each label comes
// from): each tool's own import labels, in order, and what fills a field the tool requires.
import type { ContactHeader } from "./contact-columns";

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
  /** The tool's name, as the sidebar says it in a sentence. */
  tool: string;
  /** The tool as the `Exported` column names it ("HubSpot 2026-12-06"), a code its one reader (exported.ts) maps back. */
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
    tool: "HubSpot",
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
    tool: "Salesforce",
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
    tool: "Pipedrive",
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
    tool: "a mail merge",
    exported: "Mail merge",
    columns: [
      column("Email", ["Email"]),
      column("First name", ["First name"]),
      column("Last name", ["Last name"]),
      column("Company", ["Company"]),
      column("Domain", ["Domain"]),
      column("Website", ["Website"]),
      column("Phone", ["Phone"]),
      column("City", ["City"]),
    ],
  },
};
