// This file defines the words enrichment reads and writes in the user's rows: the header synonyms that find the name and website columns,
// and what a row's `Enriched for` records. Result headers are looked for only right of `Enrichment status`, so a user's `Phone` isn't ours.
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
