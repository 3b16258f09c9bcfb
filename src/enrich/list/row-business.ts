// This file defines the business a row asks for: its name and website as the row reads them, checked, and the match key that finds its
// results (a list's reads and its write-back both ask it).
import type { EnrichmentBusiness } from "../../api/schemas";
import { checkName, matchKey, normaliseWebsite } from "./normalise";
import { cellAt, type SheetArea } from "./sheet-area";

/** A row's name and website as they read now, checked; or why they cannot be sent. */
export function rowBusiness(
  area: SheetArea,
  row: number,
): { ok: true; key: string; business: EnrichmentBusiness } | { ok: false; reason: string } {
  const name = checkName(cellAt(area, row, area.target.nameColumn));
  if (!name.ok) return name;
  const website = normaliseWebsite(cellAt(area, row, area.target.websiteColumn));
  if (!website.ok) return website;
  return { ok: true, key: matchKey(name.value, website.value), business: { business_name: name.value, website_url: website.value } };
}
