// This file defines the words enrichment reads and writes in the user's rows: the header synonyms
// that find the name and website columns, and what a row's `Enriched for` says it was sent as (a
// row's status is src/enrich/row-status.ts). The columns enrichment writes are the one column table's
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
