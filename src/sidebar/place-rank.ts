// This file defines the order of the catalog's places in Location's list: those in a region of a
// place listed already come first, then those in a listed country, each group in the catalog's order
// ("Irv" after Dallas, Texas: Irving, Texas before Irvine, California).
import type { Location } from "../api/schemas";

/** Where a listed place is: its country code and region (null when the catalog gives none). */
export interface PlaceArea {
  countryCode: string;
  region: string | null;
}

export function nearListedFirst(found: readonly Location[], listed: readonly PlaceArea[]): Location[] {
  const rank = (place: Location): number => {
    const same = listed.filter((area) => area.countryCode === place.country_code);
    if (same.some((area) => area.region !== null && area.region === place.region)) return 0;
    return same.length > 0 ? 1 : 2;
  };
  // Array.prototype.sort is stable: within a rank, the catalog's order stays.
  return [...found].sort((a, b) => rank(a) - rank(b));
}
