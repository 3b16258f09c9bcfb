// This file defines the service's request limits (service-api.md, "Limits" and the request tables)
// and what a search costs, once: the request schemas (src/api/request-schemas.ts), the sidebar's
// argument checks (each feature's *-args.ts) and the sidebar's own form (src/sidebar/) all read them.

/** The spec's request limits. `locationLabelMax` is ours: a sanity bound on a catalog label. */
export const REQUEST_LIMITS = {
  nameMax: 200,
  queryMax: 300,
  minResults: 100,
  maxResults: 700,
  businessNameMax: 200,
  businessesMax: 700,
  locationQueryMin: 2,
  locationQueryMax: 100,
  listPageSizeMax: 100,
  resultsPageSizeMax: 500,
  locationLabelMax: 300,
} as const;

/** A territory's lists (ours, not the spec's): at most this many queries, and places, in one start. */
export const TERRITORY_LIMITS = { queriesMax: 10, placesMax: 50 } as const;

/** A search or territory started again within this time is asked about first: the same input may be a second click. */
export const RECENT_SEARCH_MS = 24 * 60 * 60 * 1000;

/** A search that does not say its maxResults asks for the service's default: the minimum. */
export const DEFAULT_MAX_RESULTS = REQUEST_LIMITS.minResults;

/** A search (and a territory) that does not say its language asks in this one. */
export const DEFAULT_LANGUAGE = "en";

/** A free account's one job (a search, whatever it asks for, or an enrichment) reserves this many credits at most. */
export const FREE_SEARCH_CREDITS = 100;
