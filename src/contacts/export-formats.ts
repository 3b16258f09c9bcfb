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

/** Salesforce refuses a lead without Last Name or Company: this stands in for an unknown one. */
const UNKNOWN = "Unknown";

export const EXPORT_FORMAT: Readonly<Record<ExportFormatId, ExportFormat>> = {
  hubspot: {
    tool: "HubSpot",
    exported: "HubSpot",
    columns: [
      { label: "Email", from: ["Email"] },
      { label: "First Name", from: ["First name"] },
      { label: "Last Name", from: ["Last name"] },
      { label: "Company Name", from: ["Company"] },
      { label: "Company Domain Name", from: ["Domain"], notFreeMail: true },
      { label: "Phone Number", from: ["Phone"] },
      { label: "Website URL", from: ["Website"] },
      { label: "City", from: ["City"] },
    ],
  },
  salesforce: {
    tool: "Salesforce",
    exported: "Salesforce",
    columns: [
      { label: "Email", from: ["Email"] },
      { label: "First Name", from: ["First name"] },
      { label: "Last Name", from: ["Last name"], otherwise: UNKNOWN },
      { label: "Company", from: ["Company", "Domain"], otherwise: UNKNOWN },
      { label: "Website", from: ["Website"] },
      { label: "Phone", from: ["Phone"] },
      { label: "City", from: ["City"] },
      // The two-letter code: an org with country picklists maps it to the lead's Country Code (docs/exports.md).
      { label: "Country Code", from: ["Country code"] },
      { label: "Email Opt Out", from: [], optOut: true },
    ],
  },
  pipedrive: {
    tool: "Pipedrive",
    exported: "Pipedrive",
    columns: [
      { label: "Name", from: ["Name", "Company", "Email"] },
      { label: "First name", from: ["First name"] },
      { label: "Last name", from: ["Last name"] },
      { label: "Email", from: ["Email"] },
      { label: "Phone", from: ["Phone"] },
      { label: "Organization", from: ["Company"] },
      { label: "Organization domain", from: ["Domain"], notFreeMail: true },
      { label: "Website", from: ["Website"] },
      { label: "City", from: ["City"] },
    ],
  },
  "mail-merge": {
    tool: "a mail merge",
    exported: "Mail merge",
    columns: [
      { label: "Email", from: ["Email"] },
      { label: "First name", from: ["First name"] },
      { label: "Last name", from: ["Last name"] },
      { label: "Company", from: ["Company"] },
      { label: "Domain", from: ["Domain"] },
      { label: "Website", from: ["Website"] },
      { label: "Phone", from: ["Phone"] },
      { label: "City", from: ["City"] },
    ],
  },
};
