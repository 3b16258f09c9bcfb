// This file defines one request builder per endpoint: method, path, query, body and the schema
// of the answer, as a PreparedRequest the client can send alone or in a fetchAll batch.
import * as z from "zod/mini";
import type { HttpMethod } from "./transport";
import { LeadsApiError, type RequestContext } from "./errors";
import { buildQuery, type QueryValue } from "./query";
import {
  AccountSchema,
  BusinessSchema,
  CreateEnrichmentResponseSchema,
  CreateSearchResponseSchema,
  JobListSchema,
  JobSchema,
  LocationListSchema,
  ResultsPageSchema,
  parseWith,
  type CreateEnrichmentRequest,
  type CreateSearchRequest,
  type FindLocationsParams,
  type Job,
  type JobList,
  type Location,
  type PageParams,
  type ResultsPage,
  type ShapeResult,
} from "./schemas";
import type { JobKind } from "../rules/job-kinds";
import { DEFAULT_MAX_RESULTS } from "../rules/request-limits";
import {
  CreateEnrichmentRequestSchema,
  CreateSearchRequestSchema,
  FindLocationsParamsSchema,
  ListPageParamsSchema,
  PageParamsSchema,
  requestProblem,
} from "./request-schemas";

/**
 * A request ready to send: everything but the base URL and the key. Built once, so a retry
 * sends the identical body and idempotency key.
 */
export interface PreparedRequest<T> {
  readonly method: HttpMethod;
  /** Path under /api/v1, query string included. */
  readonly path: string;
  /** JSON text of the body (POST only). */
  readonly body?: string;
  /** Sent as Idempotency-Key on every attempt (job creation only). */
  readonly idempotencyKey?: string;
  readonly context: RequestContext;
  /** Validates the parsed JSON of a 2xx answer. */
  readonly parse: (json: unknown) => ShapeResult<T>;
}

function prepared<T>(
  schema: z.ZodMiniType<T>,
  method: HttpMethod,
  path: string,
  query: Record<string, QueryValue>,
  context: Omit<RequestContext, "endpoint">,
  extra: { body?: string; idempotencyKey?: string } = {},
): PreparedRequest<T> {
  return {
    method,
    path: path + buildQuery(query),
    ...extra,
    context: { ...context, endpoint: `${method} ${path}` },
    parse: (json) => parseWith(schema, json),
  };
}

/** The error of a request refused before anything is sent. */
const refused = (kind: "validation" | "idempotency_required", message: string, operation: string): LeadsApiError =>
  new LeadsApiError({ kind, message, context: { operation, endpoint: "" } });

const isBlank = (value: unknown): boolean => typeof value !== "string" || value.trim() === "";

/**
 * Refuses to build a request whose path would be wrong, before anything is sent; the ID is escaped
 * as one path segment, so it can never add a segment or a query ("a/b" → "a%2Fb").
 */
function requireId(value: string, what: string, operation: string): string {
  if (isBlank(value)) throw refused("validation", `The ${what} ID is missing.`, operation);
  return encodeURIComponent(value.trim());
}

/** Refuses a request the service would refuse for its form (the spec's limits), before sending it. */
function requireValid<T>(schema: z.ZodMiniType<T>, value: unknown, operation: string): void {
  const problem = requestProblem(schema, value);
  if (problem !== null) throw refused("validation", problem, operation);
}

function pageQuery(params: PageParams | undefined, schema: z.ZodMiniType<PageParams>, operation: string): Record<string, QueryValue> {
  requireValid(schema, params ?? {}, operation);
  return { page: params?.page, page_size: params?.pageSize };
}

const unwrapLocations = z.lazy(() =>
  z.pipe(
    LocationListSchema,
    z.transform((list): Location[] => list.locations),
  ),
);

/** The two job families share their endpoints' form: a list, a job's status and its results. */
const FAMILIES = {
  search: { path: "/searches", idName: "search", list: "listSearches", status: "getSearch", results: "getSearchResults" },
  enrichment: {
    path: "/enrichments",
    idName: "enrichment job",
    list: "listEnrichments",
    status: "getEnrichment",
    results: "getEnrichmentResults",
  },
} as const;

/** A POST that creates a job: its body checked first, sent with its key (the same key and body on every attempt make a retry safe). */
function createRequest<B, T>(
  bodySchema: z.ZodMiniType<B>,
  schema: z.ZodMiniType<T>,
  path: string,
  body: B,
  idempotencyKey: string,
  context: Omit<RequestContext, "endpoint">,
): PreparedRequest<T> {
  if (isBlank(idempotencyKey)) {
    throw refused(
      "idempotency_required",
      "A request key (idempotency key) is required to create a job, so that a retry cannot start it twice.",
      context.operation,
    );
  }
  requireValid(bodySchema, body, context.operation);
  return prepared(schema, "POST", path, {}, context, { body: JSON.stringify(body), idempotencyKey });
}

/** Builders for every endpoint. Reads can go into `client.batch`. */
export class RequestBuilders {
  /** POST /searches. */
  createSearch(body: CreateSearchRequest, idempotencyKey: string) {
    return createRequest(CreateSearchRequestSchema, CreateSearchResponseSchema, "/searches", body, idempotencyKey, {
      operation: "createSearch",
      resource: "search",
      // Read before the body is checked: a body that is not an object still gets the checks' error.
      creditsNeeded: body?.input?.maxResults ?? DEFAULT_MAX_RESULTS,
    });
  }

  /** GET /searches (origin `api` only, newest first). */
  listSearches(params?: PageParams): PreparedRequest<JobList> {
    return this.listJobs("search", params);
  }

  /** GET /searches/{search_id}. */
  getSearch(searchId: string): PreparedRequest<Job> {
    return this.getJob("search", searchId);
  }

  /** GET /searches/{search_id}/results. */
  getSearchResults(searchId: string, params?: PageParams): PreparedRequest<ResultsPage> {
    return this.getResults("search", searchId, params);
  }

  /** POST /enrichments. */
  createEnrichment(body: CreateEnrichmentRequest, idempotencyKey: string) {
    return createRequest(CreateEnrichmentRequestSchema, CreateEnrichmentResponseSchema, "/enrichments", body, idempotencyKey, {
      operation: "createEnrichment",
      resource: "enrichment",
      creditsNeeded: body?.businesses?.length,
    });
  }

  /** GET /enrichments. */
  listEnrichments(params?: PageParams): PreparedRequest<JobList> {
    return this.listJobs("enrichment", params);
  }

  /** GET /enrichments/{job_id}. */
  getEnrichment(jobId: string): PreparedRequest<Job> {
    return this.getJob("enrichment", jobId);
  }

  /** GET /enrichments/{job_id}/results. */
  getEnrichmentResults(jobId: string, params?: PageParams): PreparedRequest<ResultsPage> {
    return this.getResults("enrichment", jobId, params);
  }

  /** GET /businesses/{business_id}. */
  getBusiness(businessId: string) {
    const id = requireId(businessId, "business", "getBusiness");
    return prepared(BusinessSchema, "GET", `/businesses/${id}`, {}, { operation: "getBusiness", resource: "business", id: businessId });
  }

  /** GET /locations; answers the `locations` array itself. */
  findLocations(params: FindLocationsParams) {
    const query = { q: params.q, country: params.country || undefined };
    requireValid(FindLocationsParamsSchema, query, "findLocations");
    return prepared(unwrapLocations, "GET", "/locations", query, { operation: "findLocations", resource: "locations" });
  }

  /** GET /account. */
  getAccount() {
    return prepared(AccountSchema, "GET", "/account", {}, { operation: "getAccount", resource: "account" });
  }

  /** The list request of either job family. */
  listJobs(kind: JobKind, params?: PageParams): PreparedRequest<JobList> {
    const family = FAMILIES[kind];
    const query = pageQuery(params, ListPageParamsSchema, family.list);
    return prepared(JobListSchema, "GET", family.path, query, { operation: family.list, resource: kind });
  }

  /** The status request of either job family. */
  getJob(kind: JobKind, jobId: string): PreparedRequest<Job> {
    const family = FAMILIES[kind];
    const id = requireId(jobId, family.idName, family.status);
    return prepared(JobSchema, "GET", `${family.path}/${id}`, {}, { operation: family.status, resource: kind, id: jobId });
  }

  /** The results request of either job family. */
  getResults(kind: JobKind, jobId: string, params?: PageParams): PreparedRequest<ResultsPage> {
    const family = FAMILIES[kind];
    const id = requireId(jobId, family.idName, family.results);
    const query = pageQuery(params, PageParamsSchema, family.results);
    return prepared(ResultsPageSchema, "GET", `${family.path}/${id}/results`, query, {
      operation: family.results,
      resource: kind,
      id: jobId,
    });
  }
}
