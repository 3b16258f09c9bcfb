// This file defines the service's resources and responses as zod/mini schemas and their inferred types; objects are loose and enums
// accept any string, so a newer service passes through. Big schemas are built lazily, since Apps Script evaluates the bundle on every
// execution; zod's issues never leave the boundary (`parseWith` turns them into a ResponseShapeError).
import * as z from "zod/mini";
import type { KnownJobStatus } from "../rules/job-status";

/** A string type that lists the known values for autocomplete but accepts any string. */
type OpenEnum<T extends string> = T | (string & {});

/** A string schema typed as an open enum: validation only requires a string. */
function openEnum<T extends string>(): z.ZodMiniType<OpenEnum<T>, OpenEnum<T>> {
  return z.string() as z.ZodMiniType<OpenEnum<T>, OpenEnum<T>>;
}

// Builders, not shared instances: nothing here is built while the bundle loads.
const str = () => z.string();
const int = () => z.int();
const num = () => z.number();
const bool = () => z.boolean();
const strings = () => z.array(z.string());
/** Business fields are absent from some result shapes, and a provider may send null for "none". */
const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

// ---- Job ------------------------------------------------------------------------------------

const actorBusiness = () =>
  z.looseObject({
    business_name: z.optional(str()),
    website_url: z.optional(str()),
  });

/** The input a job was created with (search input, or the enrichment's fixed text + businesses). */
const actorInput = () =>
  z.looseObject({
    query: opt(str()),
    location: opt(str()),
    countryCode: opt(str()),
    maxResults: opt(int()),
    language: opt(str()),
    businesses: z.optional(z.array(actorBusiness())),
  });

// Required: what the add-on needs to track a job and the spec says is always there. The rest
// is optional so that a field the add-on never reads cannot make a whole poll fail.
const job = () =>
  z.looseObject({
    id: str(),
    name: str(),
    status: openEnum<KnownJobStatus>(),
    actor_input: opt(actorInput()),
    source: opt(str()),
    origin: opt(openEnum<"api">()),
    run_id: opt(str()),
    error: opt(str()),
    lead_count: int(),
    credits_charged: int(),
    enrich_contacts: z.optional(bool()),
    enriched_count: int(),
    delete_requested: z.optional(bool()),
    created_at: str(),
    finished_at: opt(str()),
  });
export const JobSchema = z.lazy(job);

// ---- Business -------------------------------------------------------------------------------

const emailVerification = () =>
  z.looseObject({
    result: opt(str()),
    quality: opt(str()),
    source: opt(str()),
  });

const socials = () =>
  z.looseObject({
    facebooks: opt(strings()),
    instagrams: opt(strings()),
    linkedIns: opt(strings()),
    youtubes: opt(strings()),
    yelps: opt(strings()),
  });

/**
 * One schema for the three shapes (search result, enrichment result, single business). Fields
 * present in all three are required; the others are optional.
 */
const business = () =>
  z.looseObject({
    id: str(),
    search_id: str(),
    position: int(),
    title: str(),
    rank: opt(int()),
    category: opt(str()),
    categories: opt(strings()),
    address: opt(str()),
    city: opt(str()),
    country_code: opt(str()),
    phone: opt(str()),
    website: opt(str()),
    rating: opt(num()),
    review_count: opt(int()),
    business_status: opt(openEnum<"OPERATIONAL">()),
    maps_url: opt(str()),
    owner_name: opt(str()),
    owner_names: opt(strings()),
    decision_maker_names: opt(strings()),
    emails: opt(strings()),
    owner_emails: opt(strings()),
    decision_maker_emails: opt(strings()),
    email_verification_status: opt(openEnum<"processing" | "completed">()),
    email_verifications: opt(z.record(z.string(), emailVerification())),
    socials: opt(socials()),
    additional_phones: opt(strings()),
    phone_types: opt(z.record(z.string(), z.string())),
    enrichment_status: opt(openEnum<"completed" | "not_requested">()),
    owner_enrichment_status: opt(openEnum<"completed" | "not_requested">()),
    // The spec does not show the element shape: keep whatever comes.
    key_contacts: opt(z.array(z.unknown())),
  });
export const BusinessSchema = z.lazy(business);

// ---- Location, Account ----------------------------------------------------------------------

const location = () =>
  z.looseObject({
    location_code: opt(int()),
    name: opt(str()),
    full_name: opt(str()),
    country_code: str(),
    location_name: opt(str()),
    city: opt(str()),
    region: opt(str()),
    country: opt(str()),
    location_type: opt(str()),
    label: str(),
  });

// Required: what the add-on's AccountView shows. The billing details are optional.
export const AccountSchema = z.lazy(() =>
  z.looseObject({
    plan_code: openEnum<"free" | "starter" | "growth" | "scale">(),
    plan_name: str(),
    status: openEnum<"active" | "trialing">(),
    billing_interval: opt(str()),
    credits_allowance: int(),
    credits_remaining: int(),
    max_results_per_search: int(),
    free_search_used: bool(),
    payment_customer: z.optional(bool()),
    current_period_end: opt(str()),
    cancel_at_period_end: z.optional(bool()),
    pause_collection: z.optional(bool()),
    pause_resumes_at: opt(str()),
    cancellation_coupon_applied: z.optional(bool()),
    searches_created: z.optional(int()),
    active_searches: int(),
    leads_found: z.optional(int()),
  }),
);

// ---- responses ------------------------------------------------------------------------------

export const CreateSearchResponseSchema = z.lazy(() =>
  z.looseObject({
    job_id: str(),
    status: openEnum<"queued">(),
    credits_reserved: int(),
    message: opt(str()),
  }),
);

export const CreateEnrichmentResponseSchema = z.lazy(() =>
  z.looseObject({
    job_id: str(),
    status: openEnum<"enriching">(),
    businesses_submitted: int(),
    credits_reserved: int(),
    message: opt(str()),
  }),
);

export const JobListSchema = z.lazy(() =>
  z.looseObject({
    items: z.array(job()),
    total: int(),
  }),
);

export const ResultsPageSchema = z.lazy(() =>
  z.looseObject({
    job_id: str(),
    status: openEnum<KnownJobStatus>(),
    items: z.array(business()),
    total: int(),
    page: int(),
    page_size: int(),
    has_more: bool(),
  }),
);

export const LocationListSchema = z.lazy(() =>
  z.looseObject({
    locations: z.array(location()),
  }),
);

// ---- inferred types -------------------------------------------------------------------------

export type Job = z.infer<typeof JobSchema>;
export type Business = z.infer<typeof BusinessSchema>;
export type Location = z.infer<ReturnType<typeof location>>;
export type Account = z.infer<typeof AccountSchema>;
export type CreateSearchResponse = z.infer<typeof CreateSearchResponseSchema>;
export type CreateEnrichmentResponse = z.infer<typeof CreateEnrichmentResponseSchema>;
export type JobList = z.infer<typeof JobListSchema>;
export type ResultsPage = z.infer<typeof ResultsPageSchema>;

// ---- requests ---------------------------------------------------------------------------------

// Request schemas and the types derived from them live next door, in request-schemas.ts.
export type {
  SearchInput,
  CreateSearchRequest,
  EnrichmentBusiness,
  CreateEnrichmentRequest,
  PageParams,
  FindLocationsParams,
} from "./request-schemas";

// ---- validation -----------------------------------------------------------------------------

/** One field that did not match, e.g. `{ path: "items.3.rating", message: "expected number, got string" }`. */
export interface ShapeIssue {
  path: string;
  message: string;
}

export type ShapeResult<T> = { ok: true; value: T } | { ok: false; issues: ShapeIssue[] };

/** Validates `data` against `schema`, returning plain issues instead of zod's. */
export function parseWith<T>(schema: z.ZodMiniType<T>, data: unknown): ShapeResult<T> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.map(String).join(".") : "(response)",
      message: describeIssue(issue, valueAt(data, issue.path)),
    })),
  };
}

/** The received value at `path`, found by walking the data (zod/mini does not report it). */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function typeName(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isInteger(value)) return "a fraction";
  return typeof value;
}

function describeIssue(issue: z.core.$ZodIssue, received: unknown): string {
  if (issue.code === "invalid_type") {
    const expected = issue.expected === "int" ? "integer" : issue.expected;
    return `expected ${expected}, got ${typeName(received)}`;
  }
  // zod/mini ships no locale, so its own messages are generic: name the code instead.
  return issue.code.replace(/_/g, " ");
}
