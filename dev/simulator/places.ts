// This file defines the provider's lists of places: which place a search (query and location) finds
// at each rank, run after run, and which of them the search of a neighbouring place finds too.
import type { CatalogEntry } from "./catalog";
import { SHARE_LANES, metroOf, shareLane } from "./metros";
import { prngFor } from "./prng";

/**
 * One occupant of one slot of a list of places, its `generation`-th since the first run. A list is a
 * search's own (its key is searchKeyOf) or the list two neighbouring searches share (one per query
 * and ring edge, see metros.ts). What a place is (name, address, category, website, phone, maps URL,
 * owner) and what its own contacts are are drawn from (seed, list, slot, generation) alone.
 */
export interface Place {
  list: string;
  slot: number;
  generation: number;
}

/** A place as one search finds it: where it is, and which neighbouring search finds it too. */
export interface FoundPlace extends Place {
  /** The catalog place in whose address it stands: the search's own location, or either end of a shared edge. */
  home: CatalogEntry;
  /** The location whose search of the same query lists it too, at the same rank; undefined for the search's own place. */
  sharedWith: CatalogEntry | undefined;
  /** The search's location is in a metro: a territory there merges thousands of its places by Maps URL. */
  inMetro: boolean;
}

/** Of the places a run shows, the share a re-run no longer finds (each replaced by a new one at its rank). */
export const PLACE_TURNOVER = 0.04;

/**
 * The ranks (0-based) of each block of ten that a search in a metro shares with a neighbour:
 * positions 2, 4, 6, 7 and 9, so half of a list; never a hostile position (5, 10: data.ts), so a
 * shared place reads the same in both lists, and never the first, a search's own best match.
 */
export const SHARED_RANKS_OF_TEN: readonly number[] = [1, 3, 5, 6, 8];

/** The query as the provider keys it: trimmed, spaces collapsed, any case. */
function queryKeyOf(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The key of a search in the provider's eyes: the query as typed (trimmed, any case) and the location. */
export function searchKeyOf(query: string, locationLabel: string): string {
  return `${queryKeyOf(query)}|${locationLabel}`;
}

/**
 * The place in slot `slot` of `list` in run `run` of a search. Each slot changes hands at random
 * runs, about one run in 1 / PLACE_TURNOVER: the place it held is no longer found, a new one is found
 * in its stead, and the other places keep their slots. Deterministic in (seed, list, slot, run), so
 * two neighbouring searches on their n-th runs see the same occupant of a slot they share.
 */
export function placeAt(seed: number, list: string, slot: number, run: number): Place {
  return { list, slot, generation: generationAt(seed, list, slot, run) };
}

function generationAt(seed: number, list: string, slot: number, run: number): number {
  let generation = 0;
  let at = 0;
  for (;;) {
    // Runs until the slot's next change: geometric, at least 1.
    const u = prngFor(seed, "place-turnover", list, slot, generation).next();
    at += 1 + Math.floor(Math.log(1 - u) / Math.log(1 - PLACE_TURNOVER));
    if (at > run) return generation;
    generation += 1;
  }
}

/** Which shared slot a rank is (0, 1, … down the list), or undefined for a rank that holds the search's own place. */
function sharedIndexOf(rank: number): number | undefined {
  const within = SHARED_RANKS_OF_TEN.indexOf(rank % 10);
  return within < 0 ? undefined : Math.floor(rank / 10) * SHARED_RANKS_OF_TEN.length + within;
}

/**
 * The place at `rank` (0-based) in run `run` of the search for `query` in `location`. Outside every
 * metro, and at a metro place's own ranks, it is slot `rank` of the search's own list. At a shared
 * rank of a metro place, the shared slots take the lanes in turn: the k-th slot of a lane is slot k of
 * the list its edge shares for this query, which the neighbour across the edge lists at the same rank.
 */
export function placeFoundAt(seed: number, query: string, location: CatalogEntry, rank: number, run: number): FoundPlace {
  const shared = sharedIndexOf(rank);
  const lane = shared === undefined ? undefined : shareLane(location.label, shared % SHARE_LANES);
  if (shared === undefined || lane === undefined) {
    const list = searchKeyOf(query, location.label);
    return {
      list,
      slot: rank,
      generation: generationAt(seed, list, rank, run),
      home: location,
      sharedWith: undefined,
      inMetro: metroOf(location.label) !== undefined,
    };
  }
  const list = `${queryKeyOf(query)}|${lane.edge}`;
  const slot = Math.floor(shared / SHARE_LANES);
  const generation = generationAt(seed, list, slot, run);
  // Either end of the edge may be where it stands; both searches draw the same end.
  const home = prngFor(seed, "home", list, slot, generation).chance(0.5) ? lane.ends[0] : lane.ends[1];
  return { list, slot, generation, home, sharedWith: lane.neighbour, inMetro: true };
}

/** One string per place, the same in every list and run that finds it: what a territory's merge counts as one business. */
export function placeIdOf(place: Place): string {
  return `${place.list}#${place.slot}#${place.generation}`;
}
