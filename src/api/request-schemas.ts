// This file defines the service's requests as zod/mini schemas with the spec's limits (src/rules/request-limits.ts), and their types.
// The client checks every body against them and the sidebar functions parse their arguments with the same fields, so a limit lives once.
import * as z from "zod/mini";
import { REQUEST_LIMITS } from "../rules/request-limits";

/** Two or three letters, optionally a locale ("en", "pt-BR", "zh_Hant"). */
const LANGUAGE_PATTERN = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

// Every schema here is built on first use (z.lazy), none while the bundle loads: see api/schemas.ts.
/** Fields of a search's `input`, also used one by one to parse the sidebar's arguments. */
export const SearchFields = {
  query: z.lazy(() => text(REQUEST_LIMITS.queryMax)),
  /** A location's label: only its form is checked here; whether the catalog knows it is the service's call (422). */
  location: z.lazy(() => text(REQUEST_LIMITS.locationLabelMax)),
  countryCode: z.lazy(() => z.string().check(z.regex(COUNTRY_PATTERN))),
  maxResults: z.lazy(() => z.int().check(z.gte(REQUEST_LIMITS.minResults), z.lte(REQUEST_LIMITS.maxResults))),
  language: z.lazy(() => z.string().check(z.regex(LANGUAGE_PATTERN))),
  name: z.lazy(() => text(REQUEST_LIMITS.nameMax)),
};

/**
 * Ceilings that depend on the account (maxResults up to 700, fewer by plan and credits; up to 700
 * businesses) are left to the service: its 402/403 says which bound applies and how many credits
 * remain, which a local refusal could not. The sidebar's own arguments do check the 700 ceiling.
 */
const atLeast = (min: number) => z.int().check(z.gte(min));

const SearchInputSchema = z.lazy(() =>
  z.object({
    query: SearchFields.query,
    location: SearchFields.location,
    countryCode: z.optional(SearchFields.countryCode),
    maxResults: z.optional(atLeast(REQUEST_LIMITS.minResults)),
    language: z.optional(SearchFields.language),
  }),
);

export const CreateSearchRequestSchema = z.lazy(() =>
  z.object({
    name: z.optional(SearchFields.name),
    input: SearchInputSchema,
    enrich_contacts: z.optional(z.boolean()),
  }),
);

/** A builder, not a lazy schema: a lazy part would be a hop for each of up to 700 businesses. */
const enrichmentBusiness = () =>
  z.object({
    business_name: text(REQUEST_LIMITS.businessNameMax),
    /** Absolute http:// or https:// URL. */
    website_url: z.string().check(z.regex(HTTP_URL_PATTERN)),
  });

export const CreateEnrichmentRequestSchema = z.lazy(() =>
  z.object({
    name: z.optional(SearchFields.name),
    businesses: z.array(enrichmentBusiness()).check(z.minLength(1)),
  }),
);

const pageParams = (maxPageSize: number) =>
  z.object({
    page: z.optional(z.int().check(z.gte(1))),
    pageSize: z.optional(z.int().check(z.gte(1), z.lte(maxPageSize))),
  });

/** Query of the two results endpoints: pages of 1 to 500. */
export const PageParamsSchema = z.lazy(() => pageParams(REQUEST_LIMITS.resultsPageSizeMax));
/** Query of the two job lists: pages of 1 to 100. */
export const ListPageParamsSchema = z.lazy(() => pageParams(REQUEST_LIMITS.listPageSizeMax));

export const FindLocationsParamsSchema = z.lazy(() =>
  z.object({
    q: z.string().check(z.trim(), z.minLength(REQUEST_LIMITS.locationQueryMin), z.maxLength(REQUEST_LIMITS.locationQueryMax)),
    country: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/))),
  }),
);

export type SearchInput = z.input<typeof SearchInputSchema>;
export type CreateSearchRequest = z.input<typeof CreateSearchRequestSchema>;
export type EnrichmentBusiness = z.input<ReturnType<typeof enrichmentBusiness>>;
export type CreateEnrichmentRequest = z.input<typeof CreateEnrichmentRequestSchema>;
export type PageParams = z.input<typeof PageParamsSchema>;
export type FindLocationsParams = z.input<typeof FindLocationsParamsSchema>;

/** The field a request issue is about, in words a person can act on. */
const FIELD_WORDS: Record<string, string> = {
  name: "The name",
  "input.query": "The search phrase",
  "input.location": "The location",
  "input.countryCode": "The country code",
  "input.maxResults": "Max results",
  "input.language": "The language",
  businesses: "The list of businesses",
  business_name: "A business name",
  website_url: "A website",
  page: "The page",
  pageSize: "The page size",
  q: "The location search",
  country: "The country code",
};

/**
 * The first problem of a request that fails its schema, as a sentence; null when it is valid.
 * The client refuses such a request before anything is sent.
 */
export function requestProblem<T>(schema: z.ZodMiniType<T>, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (issue === undefined) return "The request is not valid.";
  const path = issue.path.map(String);
  const key = path.join(".");
  const last = path[path.length - 1] ?? "";
  const field = FIELD_WORDS[key] ?? FIELD_WORDS[last] ?? (key || "The request");
  const where = /^\d+$/.test(path[1] ?? "") ? ` (entry ${Number(path[1]) + 1})` : "";
  if (issue.code === "too_big" || issue.code === "too_small") {
    const bound = issue.code === "too_big" ? `at most ${String(issue.maximum)}` : `at least ${String(issue.minimum)}`;
    if (issue.origin === "string") return `${field}${where} must have ${bound} characters.`;
    if (issue.origin === "array") return `${field}${where} must have ${bound} entries.`;
    return `${field}${where} must be ${bound}.`;
  }
  if (issue.code === "invalid_format") return `${field}${where} is not in the expected form.`;
  return `${field}${where} is missing or not valid.`;
}
