// This file defines a search's identity: what makes two searches the same search (its input,
// whatever its name), and what a search's record keeps of it, from the request that started it or
// from the status object of a search made elsewhere.
import type { CreateSearchRequest, Job } from "../api/schemas";
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

/** What a search's record keeps of its input (searchKey, maxResults, searched), from a status object's actor_input when it says. */
export function searchIdentity(job: Job): Pick<SearchRecord, "searchKey" | "maxResults" | "searched"> {
  const input = job.actor_input;
  if (!input?.query || !input.location) return {};
  const body: CreateSearchRequest = {
    input: {
      query: input.query,
      location: input.location,
      ...(input.countryCode ? { countryCode: input.countryCode } : {}),
      ...(typeof input.maxResults === "number" ? { maxResults: input.maxResults } : {}),
      ...(input.language ? { language: input.language } : {}),
    },
    enrich_contacts: job.enrich_contacts ?? true,
  };
  return {
    searchKey: searchInputKey(body),
    maxResults: body.input.maxResults ?? DEFAULT_MAX_RESULTS,
    searched: { query: input.query, place: input.location },
  };
}
