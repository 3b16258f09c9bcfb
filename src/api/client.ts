// This file defines LeadsClient, the synchronous, typed client of the lead service: it checks its options and offers one method per
// endpoint, plus `send` and `batch` for prepared requests (sending and retrying: request-sender.ts; reading pages: result-pages.ts).
import type { Clock } from "../rules/clock";
import type { Transport } from "./transport";
import { LeadsApiError } from "./errors";
import { apiRoot, SERVICE_ADDRESS_RULE } from "./query";
import { DEFAULT_RETRY_POLICY } from "./retry";
import { RequestBuilders } from "./requests";
import { RequestSender, type RequestOptions } from "./request-sender";
import type { CreateEnrichmentRequest, CreateSearchRequest, FindLocationsParams, PageParams } from "./schemas";
import type { JobKind } from "../rules/job-kinds";

export type { BatchResult, RequestOptions } from "./request-sender";

export interface LeadsClientOptions {
  /** The service's base address, without /api/v1. */
  baseUrl: string;
  apiKey: string;
  transport: Transport;
  clock: Clock;
  /** Total attempts per request including the first (default 5). */
  maxAttempts?: number;
  /** First backoff wait (default 500 ms), doubling per attempt up to `maxDelayMs` (default 8 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A longer Retry-After is not waited out; the error is thrown for the caller to reschedule (default 60 s). */
  maxRetryAfterMs?: number;
  /** Jitter source in [0, 1) (default Math.random). */
  random?: () => number;
  /** Epoch ms no retry wait may end after, for every call of this client (e.g. a 30 s custom function). */
  deadline?: number;
}

interface CreateOptions extends RequestOptions {
  /**
   * Required: made by the caller and persisted before the call, so a retry in a later execution
   * reuses it and the service returns the same job instead of charging twice.
   */
  idempotencyKey: string;
}

/** The sender (sending, retries, batches: `send` and `batch`) with one method per endpoint. */
export class LeadsClient extends RequestSender {
  /** Request builders for `batch` and `send`. */
  readonly prepare = new RequestBuilders();

  constructor(options: LeadsClientOptions) {
    const root = apiRoot(options.baseUrl ?? "");
    if (root === null) {
      throw new LeadsApiError({
        kind: "validation",
        message: `${SERVICE_ADDRESS_RULE} Check it in the sidebar's Settings.`,
      });
    }
    if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
      throw new LeadsApiError({ kind: "unauthorized", message: "No API key is set. Enter it in the sidebar's Settings." });
    }
    super({
      root,
      apiKey: options.apiKey.trim(),
      transport: options.transport,
      clock: options.clock,
      policy: {
        maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts),
        baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
        maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
        maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
        random: options.random ?? DEFAULT_RETRY_POLICY.random,
      },
      deadline: options.deadline ?? null,
    });
  }

  /** POST /searches: queues a discovery search (202). */
  createSearch(body: CreateSearchRequest, options: CreateOptions) {
    return this.send(this.prepare.createSearch(body, options.idempotencyKey), options);
  }

  /** GET /searches: one page of API-created searches, newest first. */
  listSearches(params?: PageParams, options?: RequestOptions) {
    return this.send(this.prepare.listSearches(params), options);
  }

  /** GET /searches/{id}: the search's status object. */
  getSearch(searchId: string, options?: RequestOptions) {
    return this.send(this.prepare.getSearch(searchId), options);
  }

  /** GET /searches/{id}/results: one page of businesses. */
  getSearchResults(searchId: string, params?: PageParams, options?: RequestOptions) {
    return this.send(this.prepare.getSearchResults(searchId, params), options);
  }

  /** POST /enrichments: queues an enrichment of supplied businesses (202). */
  createEnrichment(body: CreateEnrichmentRequest, options: CreateOptions) {
    return this.send(this.prepare.createEnrichment(body, options.idempotencyKey), options);
  }

  /** GET /enrichments: one page of enrichment jobs. */
  listEnrichments(params?: PageParams, options?: RequestOptions) {
    return this.send(this.prepare.listEnrichments(params), options);
  }

  /** GET /enrichments/{id}: the enrichment job's status object. */
  getEnrichment(jobId: string, options?: RequestOptions) {
    return this.send(this.prepare.getEnrichment(jobId), options);
  }

  /** GET /enrichments/{id}/results: one page of businesses. */
  getEnrichmentResults(jobId: string, params?: PageParams, options?: RequestOptions) {
    return this.send(this.prepare.getEnrichmentResults(jobId, params), options);
  }

  /** GET /businesses/{id}: one business. */
  getBusiness(businessId: string, options?: RequestOptions) {
    return this.send(this.prepare.getBusiness(businessId), options);
  }

  /** GET /locations: at most 8 catalog matches. */
  findLocations(params: FindLocationsParams, options?: RequestOptions) {
    return this.send(this.prepare.findLocations(params), options);
  }

  /** GET /account: plan and credit state. */
  getAccount(options?: RequestOptions) {
    return this.send(this.prepare.getAccount(), options);
  }

  /** GET /searches/{id} or /enrichments/{id}. */
  getJob(kind: JobKind, jobId: string, options?: RequestOptions) {
    return this.send(this.prepare.getJob(kind, jobId), options);
  }

  /** GET /searches/{id}/results or /enrichments/{id}/results. */
  getResults(kind: JobKind, jobId: string, params?: PageParams, options?: RequestOptions) {
    return this.send(this.prepare.getResults(kind, jobId, params), options);
  }
}
