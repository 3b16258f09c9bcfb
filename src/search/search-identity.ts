// This file defines a search's identity: what makes two searches the same search (its input,
// whatever its name), and what a search's record keeps of it, from the request that started it or
// from the status object of a search made elsewhere.
import type { CreateSearchRequest, Job, SearchInput } from "../api/schemas";
import { DEFAULT_LANGUAGE, DEFAULT_MAX_RESULTS } from "../rules/request-limits";
import type { SearchRecord } from "../jobs/job-record";
import { fingerprint } from "../jobs/job-store";

/**
 * A search's identity without its name: query, location, country, maxResults, language and
 * enrich_contacts, with the service's defaults filled in. Two starts with the same key ask for the
 * same search.
 */
export function searchInputKey(body: CreateSearchRequest): string {
  const input = body.input;
  const parts = [
    input.query,
    input.location,
    input.countryCode ?? null,
    input.maxResults ?? DEFAULT_MAX_RESULTS,
    input.language ?? DEFAULT_LANGUAGE,
    body.enrich_contacts ?? true,
  ];
  return fingerprint("search-input:" + JSON.stringify(parts));
}

/** The creation request that repeats a search, from its status object's actor_input; null when that does not say what it looked for. */
export function searchRequestOf(job: Job): CreateSearchRequest | null {
  const input = job.actor_input;
  if (!input?.query || !input.location) return null;
  const repeat: SearchInput = { query: input.query, location: input.location };
  if (input.countryCode) repeat.countryCode = input.countryCode;
  if (typeof input.maxResults === "number") repeat.maxResults = input.maxResults;
  if (input.language) repeat.language = input.language;
  return { name: job.name, input: repeat, enrich_contacts: job.enrich_contacts ?? true };
}

/** What a search's record keeps of its input (searchKey, maxResults, searched), from a status object's actor_input when it says. */
export function searchIdentity(job: Job): Pick<SearchRecord, "searchKey" | "maxResults" | "searched"> {
  const body = searchRequestOf(job);
  if (!body) return {};
  return {
    searchKey: searchInputKey(body),
    maxResults: body.input.maxResults ?? DEFAULT_MAX_RESULTS,
    searched: { query: body.input.query, place: body.input.location },
  };
}
