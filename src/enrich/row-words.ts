// This file defines the words enrichment reads and writes in the user's rows: the header synonyms
// that find the name and website columns, what a row's `Enriched for` says it was sent as, and the
// statuses the add-on writes itself. The columns enrichment writes are the one column table's
// (src/sheets/columns.ts: ENRICH_COLUMNS); `Enrichment status` opens that block, so result headers
// are only looked for from there rightwards and a user's own `Phone` or `Emails` column to the
// left is never taken for ours.
import { matchKey, normaliseWebsite } from "./normalise";

/** Header texts (compared lower-case, spaces collapsed), most specific first. */
export const NAME_HEADERS = ["business name", "company name", "company", "business", "name"];
export const WEBSITE_HEADERS = ["website", "website url", "web site", "url", "domain", "site", "homepage"];

/** What an `Enriched for` text says the row was sent as, as a match key (null when it says nothing). */
export function enrichedForKey(text: string): string | null {
  const at = text.lastIndexOf(" | ");
  if (at < 0) return null;
  const url = normaliseWebsite(text.slice(at + 3));
  return url.ok ? matchKey(text.slice(0, at), url.value) : null;
}

/** Why the rows of a stopped run were not sent (stopEnrichment). */
export const STOPPED_REASON = "the run was stopped before this row was sent";

/** Row statuses the add-on writes itself (the service's own `enrichment_status` otherwise). */
export const ROW_STATUS = {
  sent: "Sent: waiting for results",
  /** A row of a run not sent yet: the passes send it as job slots free up (src/enrich/send-chunks.ts). */
  waiting: "Waiting to be sent",
  /** A row of a run another editor continued, in a chunk the former sender may have sent: not sent until that chunk is settled or expires (src/enrich/held-rows.ts). */
  held: "Waiting: held for another editor's chunk that may be on its way; sent once it is settled or expires",
  stopped: `Skipped: ${STOPPED_REASON}`,
  skipped: (reason: string) => `Skipped: ${reason}`,
  failed: (reason: string) => `Failed: ${reason}`,
  completed: "completed",
};

export const ALREADY_ENRICHED = "already enriched";
export const BEING_ENRICHED = "already being enriched";
