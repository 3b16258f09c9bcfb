// This file defines the columns enrichment reads and writes: header synonyms that find the name
// and website columns, and the result columns added to the right of the user's data, each with
// how a Business fills it. `Enrichment status` comes first and opens the block: result headers
// are only looked for from there rightwards, so a user's own `Phone` or `Emails` column to the
// left is never taken for ours.
import type { Business } from "../api/schemas";
import { emailStatusSummary, emailVerificationDetails, ownerNames, verifiedListedEmails, type ColumnValue } from "../sheets/business-columns";
import { matchKey, normaliseWebsite } from "./normalise";

/** Header texts (compared lower-case, spaces collapsed), most specific first. */
export const NAME_HEADERS = ["business name", "company name", "company", "business", "name"];
export const WEBSITE_HEADERS = ["website", "website url", "web site", "url", "domain", "site", "homepage"];

export const STATUS_HEADER = "Enrichment status";
/** What the row's result was enriched for: a later run compares it with the row's name and website. */
export const ENRICHED_FOR_HEADER = "Enriched for";

interface EnrichColumn {
  header: string;
  value(business: Business): ColumnValue;
}

const join = (list: readonly string[] | null | undefined): string => (list ?? []).join(", ");
const text = (value: string | null | undefined): string => value ?? "";
const mapEntries = (map: Record<string, string> | null | undefined): string =>
  Object.keys(map ?? {}).map((key) => `${key}: ${(map ?? {})[key] ?? ""}`).join("; ");

/** The text of `Enriched for`: the name and website the service enriched. */
function enrichedForText(business: Business): string {
  return `${text(business.title)} | ${text(business.website)}`;
}

/** What an `Enriched for` text says the row was sent as, as a match key (null when it says nothing). */
export function enrichedForKey(text: string): string | null {
  const at = text.lastIndexOf(" | ");
  if (at < 0) return null;
  const url = normaliseWebsite(text.slice(at + 3));
  return url.ok ? matchKey(text.slice(0, at), url.value) : null;
}

/** The result columns, in the order they are added. */
export const ENRICH_COLUMNS: readonly EnrichColumn[] = [
  { header: STATUS_HEADER, value: (b) => text(b.enrichment_status) },
  { header: "Emails", value: (b) => join(b.emails) },
  { header: "Email status", value: emailStatusSummary },
  { header: "Verified emails", value: (b) => verifiedListedEmails(b).join(", ") },
  { header: "Email verifications", value: emailVerificationDetails },
  { header: "Owner names", value: ownerNames },
  { header: "Owner emails", value: (b) => join(b.owner_emails) },
  { header: "Decision maker names", value: (b) => join(b.decision_maker_names) },
  { header: "Decision maker emails", value: (b) => join(b.decision_maker_emails) },
  { header: "Phone", value: (b) => text(b.phone) },
  { header: "Additional phones", value: (b) => join(b.additional_phones) },
  { header: "Phone types", value: (b) => mapEntries(b.phone_types) },
  { header: "Facebook", value: (b) => join(b.socials?.facebooks) },
  { header: "Instagram", value: (b) => join(b.socials?.instagrams) },
  { header: "LinkedIn", value: (b) => join(b.socials?.linkedIns) },
  { header: "Owner enrichment status", value: (b) => text(b.owner_enrichment_status) },
  { header: ENRICHED_FOR_HEADER, value: enrichedForText },
];

export const ENRICH_HEADERS = ENRICH_COLUMNS.map((column) => column.header);

/** Why the rows of a stopped run were not sent (stopEnrichment). */
export const STOPPED_REASON = "the run was stopped before this row was sent";

/** Row statuses the add-on writes itself (the service's own `enrichment_status` otherwise). */
export const ROW_STATUS = {
  sent: "Sent: waiting for results",
  /** A row of a run not sent yet: the passes send it as job slots free up (src/enrich/send-chunks.ts). */
  waiting: "Waiting to be sent",
  stopped: `Skipped: ${STOPPED_REASON}`,
  skipped: (reason: string) => `Skipped: ${reason}`,
  failed: (reason: string) => `Failed: ${reason}`,
  completed: "completed",
};

export const ALREADY_ENRICHED = "already enriched";
export const BEING_ENRICHED = "already being enriched";
