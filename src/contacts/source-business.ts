// This file defines what the Contacts sheet takes of one business, read from a row of a results
// sheet or an enriched list by its header labels (src/sheets/columns.ts writes them): its addresses
// by role, the names beside them, and the cells a contact repeats. Lists in a cell are ", "-joined.
import { cellText } from "../sheets/cell-text";
import { FOUND_BY_HEADER } from "../sheets/columns";

/** The fields read as a ", "-joined list cell, and those read as text. */
const LIST_FIELDS = ["emails", "ownerEmails", "decisionMakerEmails", "ownerNames", "decisionMakerNames"] as const;
const TEXT_FIELDS = ["company", "website", "phone", "city", "countryCode", "businessStatus", "businessId", "mapsUrl"] as const;

export type SourceBusiness = Record<(typeof LIST_FIELDS)[number], string[]> &
  Record<(typeof TEXT_FIELDS)[number], string> & {
    /** Each address's verification `result` (address lower case → result as written). */
    checks: Map<string, string>;
    /** Where its sheet found it: a territory row's `Found by`, else the sheet's search or list (source-sheets.ts). */
    source: string;
  };

/** The header labels a row is read by, as the column table writes them. */
export const SOURCE_HEADERS = {
  emails: "Emails",
  ownerEmails: "Owner emails",
  decisionMakerEmails: "Decision maker emails",
  ownerNames: "Owner names",
  decisionMakerNames: "Decision maker names",
  company: "Name",
  website: "Website",
  phone: "Phone",
  city: "City",
  countryCode: "Country code",
  checks: "Email verifications",
  businessStatus: "Business status",
  businessId: "Business ID",
  mapsUrl: "Maps URL",
  foundBy: FOUND_BY_HEADER,
} as const;

export type SourceField = keyof typeof SOURCE_HEADERS;

/** A ", "-joined list cell's items (or `separator`'s), trimmed, empty ones left out. */
export function listCell(value: unknown, separator = ","): string[] {
  return cellText(value)
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/**
 * The `Email verifications` cell read back (columns.ts's emailVerificationDetails writes
 * `a@b.com: valid, high, smtp; c@d.com: no result`): each address's first part, its `result`.
 */
export function readVerifications(value: unknown): Map<string, string> {
  const checks = new Map<string, string>();
  for (const entry of cellText(value).split(";")) {
    const at = entry.lastIndexOf(": ");
    if (at < 0) continue;
    const address = entry.slice(0, at).trim().toLowerCase();
    const first = (entry.slice(at + 2).split(",")[0] ?? "").trim();
    if (address !== "" && !checks.has(address)) checks.set(address, first === "no result" ? "" : first);
  }
  return checks;
}

/** A row's business, each field from its column (absent column: empty); `source` where its row does not say its own. */
export function sourceBusiness(cell: (field: SourceField) => unknown, source: string): SourceBusiness {
  return {
    ...Object.fromEntries(LIST_FIELDS.map((field) => [field, listCell(cell(field))])),
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, cellText(cell(field))])),
    checks: readVerifications(cell("checks")),
    source: cellText(cell("foundBy")) || source,
  } as SourceBusiness;
}
