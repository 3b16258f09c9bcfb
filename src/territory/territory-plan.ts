// This file defines what a territory is made of, as plain rules: its searches (every query in every place), each one's `Found by` label,
// creation request and idempotency key, what the whole territory reserves, and its identity (an identical start finds it).
import type { CreateSearchRequest } from "../api/schemas";
import type { TerritoryPlace } from "../jobs/job-record";
import { fingerprint } from "../jobs/job-store";
import { REQUEST_LIMITS } from "../rules/request-limits";

/** A territory's input, checked (src/search/search-args.ts). */
export interface TerritoryInput {
  queries: string[];
  places: TerritoryPlace[];
  maxResults: number;
  language: string;
  enrichContacts: boolean;
  name?: string | undefined;
}

/** A territory's start: its input, and `askIfRecent` (return an identical territory of the last day instead: the sidebar asks first). */
export type TerritoryArgs = TerritoryInput & { askIfRecent?: true | undefined };

/** The pair at `index`: its query and place (queries outer, places inner). */
function pairAt(input: Pick<TerritoryInput, "queries" | "places">, index: number): { query: string; place: TerritoryPlace } {
  const count = input.places.length;
  return { query: input.queries[Math.floor(index / count)] ?? "", place: input.places[index % count] ?? { label: "" } };
}

export const pairCount = (input: Pick<TerritoryInput, "queries" | "places">): number => input.queries.length * input.places.length;

/** A search's label in `Found by` and the service's job name: "dentists · Plano, Texas, United States". */
export function pairLabel(input: Pick<TerritoryInput, "queries" | "places">, index: number): string {
  const { query, place } = pairAt(input, index);
  return `${query} · ${place.label}`;
}

/** Every search's label, in the territory's order. */
export const pairLabels = (input: Pick<TerritoryInput, "queries" | "places">): string[] =>
  Array.from({ length: pairCount(input) }, (_, i) => pairLabel(input, i));

/** A territory's default name, at most this long: whole within Sheets' 100 characters, with room for " (2)". */
const TERRITORY_NAME_MAX = 80;

/**
 * The name a territory gets when the user gives none, whole however many queries and places it
 * has: "Dentists, orthodontists · Dallas +4" (the first place's city, then how many more); queries
 * that do not fit are counted ("Dentists, orthodontists +3 · Dallas +4").
 */
export function territoryName(input: TerritoryInput): string {
  if (input.name) return input.name;
  const more = (rest: number): string => (rest > 0 ? ` +${rest}` : "");
  const first = (input.places[0]?.label ?? "").split(",")[0]?.trim() ?? "";
  const places = first + more(input.places.length - 1);
  const room = TERRITORY_NAME_MAX - places.length - 3;
  let shown = 0;
  for (let n = 1; n <= input.queries.length; n += 1) {
    if (input.queries.slice(0, n).join(", ").length + more(input.queries.length - n).length > room) break;
    shown = n;
  }
  const head = shown === 0 ? `${(input.queries[0] ?? "").slice(0, Math.max(room - 6, 10))}…` : input.queries.slice(0, shown).join(", ");
  const queries = head + more(input.queries.length - Math.max(shown, 1));
  return `${queries.charAt(0).toUpperCase()}${queries.slice(1)} · ${places}`;
}

/** Places a territory's line names before "and 2 more". */
const PLACES_NAMED = 3;

/**
 * A territory's places in a line: "Austin, Texas, US"; "Dallas, Plano, Irving and 2
 * more" (their labels' first parts, unless two share one: then whole, "; " between).
 */
export function placesText(places: readonly TerritoryPlace[]): string {
  const firsts = places.map((place) => place.label.split(",")[0] ?? place.label);
  const whole = places.length === 1 || new Set(firsts).size < firsts.length;
  const names = whole ? places.map((place) => place.label) : firsts;
  const more = names.length - PLACES_NAMED;
  const sep = whole ? "; " : ", ";
  return more > 1 ? `${names.slice(0, PLACES_NAMED).join(sep)} and ${more} more` : names.join(sep);
}

/** The creation request of the territory's search at `index`. */
export function pairRequest(input: TerritoryInput, index: number): CreateSearchRequest {
  const { query, place } = pairAt(input, index);
  return {
    name: pairLabel(input, index).slice(0, REQUEST_LIMITS.nameMax),
    input: {
      query,
      location: place.label,
      ...(place.countryCode === undefined ? {} : { countryCode: place.countryCode }),
      maxResults: input.maxResults,
      language: input.language,
    },
    enrich_contacts: input.enrichContacts,
  };
}

/** The idempotency key of search `index` of a run: made from the run's key, stored before the run's first creation. */
export const pairKey = (runKey: string, index: number): string => `${runKey}:${index}`;

/** A territory's identity without its name: an identical start finds it. */
export function territoryKey(input: TerritoryInput): string {
  const places = input.places.map((place) => [place.label, place.countryCode ?? null]);
  return fingerprint("territory:" + JSON.stringify([input.queries, places, input.maxResults, input.language, input.enrichContacts]));
}
