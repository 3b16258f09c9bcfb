// This file defines LeadsClient: the synchronous, typed client of the lead service. It sends
// PreparedRequests over a Transport, turns answers into values or LeadsApiErrors, retries
// through runWithRetries, and offers one method per endpoint; reading a job's results pages to
// the end is result-pages.ts.
import type { Clock } from "./clock";
import { QuotaExceededError, type HttpRequest, type HttpResponse, type Transport } from "./transport";
import {
  LeadsApiError,
  ResponseShapeError,
  detailText,
  invalidJsonMessage,
  isRetryableStatus,
  kindForStatus,
  messageForStatus,
  networkMessage,
  quotaMessage,
  shapeMessage,
  type RequestContext,
} from "./errors";
import { apiRoot, SERVICE_ADDRESS_RULE } from "./query";
import { headerValue } from "./rate-limit";
import { DEFAULT_RETRY_POLICY, parseRetryAfter, runWithRetries, type Outcome, type RetryPolicy } from "./retry";
import { RequestBuilders, type PreparedRequest } from "./requests";
import type {
  Account,
  Business,
  CreateEnrichmentRequest,
  CreateEnrichmentResponse,
  CreateSearchRequest,
  CreateSearchResponse,
  FindLocationsParams,
  Job,
  JobKind,
  JobList,
  Location,
  PageParams,
  ResultsPage,
} from "./schemas";

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

export interface RequestOptions {
  /** Epoch ms; the earlier of this and the client's deadline applies. */
  deadline?: number;
  /** Overrides the client's attempt cap for this call. */
  maxAttempts?: number;
}

export interface CreateOptions extends RequestOptions {
  /**
   * Required: made by the caller and persisted before the call, so a retry in a later execution
   * reuses it and the service returns the same job instead of charging twice.
   */
  idempotencyKey: string;
}

/** One item of a batch: its value, or the error it ended with (after any retries). */
export type BatchResult<T> = Outcome<T>;

type ValueOf<P> = P extends PreparedRequest<infer T> ? T : never;

/** Result tuple of `batch`, item by item, matching the requests' types. */
export type BatchResults<R extends readonly PreparedRequest<unknown>[]> = {
  -readonly [K in keyof R]: BatchResult<ValueOf<R[K]>>;
};

const REDACTED = "[redacted]";

export class LeadsClient {
  /** Request builders for `batch` and `send`. */
  readonly prepare = new RequestBuilders();

  private readonly root: string;
  private readonly apiKey: string;
  private readonly transport: Transport;
  private readonly clock: Clock;
  private readonly policy: RetryPolicy;
  private readonly deadline: number | null;

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
    this.root = root;
    this.apiKey = options.apiKey.trim();
    this.transport = options.transport;
    this.clock = options.clock;
    this.policy = {
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts),
      baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
      random: options.random ?? DEFAULT_RETRY_POLICY.random,
    };
    this.deadline = options.deadline ?? null;
  }

  // ---- endpoints ------------------------------------------------------------------------------

  /** POST /searches: queues a discovery search (202). */
  createSearch(body: CreateSearchRequest, options: CreateOptions): CreateSearchResponse {
    return this.send(this.prepare.createSearch(body, options.idempotencyKey), options);
  }

  /** GET /searches: one page of API-created searches, newest first. */
  listSearches(params?: PageParams, options?: RequestOptions): JobList {
    return this.send(this.prepare.listSearches(params), options);
  }

  /** GET /searches/{id}: the search's status object. */
  getSearch(searchId: string, options?: RequestOptions): Job {
    return this.send(this.prepare.getSearch(searchId), options);
  }

  /** GET /searches/{id}/results: one page of businesses. */
  getSearchResults(searchId: string, params?: PageParams, options?: RequestOptions): ResultsPage {
    return this.send(this.prepare.getSearchResults(searchId, params), options);
  }

  /** POST /enrichments: queues an enrichment of supplied businesses (202). */
  createEnrichment(body: CreateEnrichmentRequest, options: CreateOptions): CreateEnrichmentResponse {
    return this.send(this.prepare.createEnrichment(body, options.idempotencyKey), options);
  }

  /** GET /enrichments: one page of enrichment jobs. */
  listEnrichments(params?: PageParams, options?: RequestOptions): JobList {
    return this.send(this.prepare.listEnrichments(params), options);
  }

  /** GET /enrichments/{id}: the enrichment job's status object. */
  getEnrichment(jobId: string, options?: RequestOptions): Job {
    return this.send(this.prepare.getEnrichment(jobId), options);
  }

  /** GET /enrichments/{id}/results: one page of businesses. */
  getEnrichmentResults(jobId: string, params?: PageParams, options?: RequestOptions): ResultsPage {
    return this.send(this.prepare.getEnrichmentResults(jobId, params), options);
  }

  /** GET /businesses/{id}: one business. */
  getBusiness(businessId: string, options?: RequestOptions): Business {
    return this.send(this.prepare.getBusiness(businessId), options);
  }

  /** GET /locations: at most 8 catalog matches. */
  findLocations(params: FindLocationsParams, options?: RequestOptions): Location[] {
    return this.send(this.prepare.findLocations(params), options);
  }

  /** GET /account: plan and credit state. */
  getAccount(options?: RequestOptions): Account {
    return this.send(this.prepare.getAccount(), options);
  }

  /** GET /searches/{id} or /enrichments/{id}. */
  getJob(kind: JobKind, jobId: string, options?: RequestOptions): Job {
    return this.send(this.prepare.getJob(kind, jobId), options);
  }

  /** GET /searches/{id}/results or /enrichments/{id}/results. */
  getResults(kind: JobKind, jobId: string, params?: PageParams, options?: RequestOptions): ResultsPage {
    return this.send(this.prepare.getResults(kind, jobId, params), options);
  }

  // ---- core -------------------------------------------------------------------------------------

  /** Sends one request with retries; returns its value or throws its LeadsApiError. */
  send<T>(request: PreparedRequest<T>, options?: RequestOptions): T {
    const [outcome] = runWithRetries<T>(
      1,
      () => {
        let response: HttpResponse;
        try {
          response = this.transport.fetch(this.httpRequest(request));
        } catch (thrown) {
          return [{ ok: false, error: this.networkError(thrown, request.context) }];
        }
        return [this.interpret(request, response)];
      },
      this.retryEnvironment(options),
    );
    if (outcome === undefined) throw new Error("LeadsClient.send: no outcome");
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * Sends several requests in one `transport.fetchAll` round trip. Items that fail retryably go
   * again in a following round trip with only them; a network failure of the whole round trip
   * retries all of its items. Never throws for a request's failure: each item says how it ended.
   */
  batch<const R extends readonly PreparedRequest<unknown>[]>(requests: R, options?: RequestOptions): BatchResults<R> {
    const outcomes = runWithRetries<unknown>(
      requests.length,
      (pending) => {
        const items = pending.map((index) => requests[index] as PreparedRequest<unknown>);
        let responses: HttpResponse[];
        try {
          responses = this.transport.fetchAll(items.map((item) => this.httpRequest(item)));
        } catch (thrown) {
          return items.map((item) => ({ ok: false, error: this.networkError(thrown, item.context) }));
        }
        return items.map((item, i) => {
          const response = responses[i];
          if (response === undefined) {
            return { ok: false, error: this.networkError(new Error("no response in batch"), item.context) };
          }
          return this.interpret(item, response);
        });
      },
      this.retryEnvironment(options),
    );
    return outcomes as unknown as BatchResults<R>;
  }

  private retryEnvironment(options: RequestOptions | undefined) {
    const deadlines = [this.deadline, options?.deadline ?? null].filter((d): d is number => d !== null);
    return {
      policy:
        options?.maxAttempts !== undefined
          ? { ...this.policy, maxAttempts: Math.max(1, options.maxAttempts) }
          : this.policy,
      clock: this.clock,
      deadline: deadlines.length > 0 ? Math.min(...deadlines) : null,
    };
  }

  private httpRequest(request: PreparedRequest<unknown>): HttpRequest {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "x-api-key": this.apiKey,
    };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    if (request.idempotencyKey !== undefined) headers["Idempotency-Key"] = request.idempotencyKey;
    const http: HttpRequest = { method: request.method, url: this.root + request.path, headers };
    if (request.body !== undefined) http.body = request.body;
    return http;
  }

  /** Any HTTP answer → value or error. Never throws. */
  private interpret<T>(request: PreparedRequest<T>, response: HttpResponse): Outcome<T> {
    const headers = response.headers ?? {};
    const context = request.context;
    const status = response.status;

    if (status >= 200 && status < 300) {
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        // A cut-off body is a transport accident, not the service's answer: worth another try.
        return {
          ok: false,
          error: new LeadsApiError({ kind: "bad_response", status, message: invalidJsonMessage(), retryable: true, context }),
        };
      }
      const shaped = request.parse(json);
      if (shaped.ok) return { ok: true, value: shaped.value };
      const issues = shaped.issues.map((issue) => ({ path: this.redact(issue.path), message: this.redact(issue.message) }));
      return {
        ok: false,
        error: new ResponseShapeError({ kind: "bad_response", status, message: shapeMessage(issues), issues, context }),
      };
    }

    const detail = this.errorDetail(response.body);
    const retryAfterMs = parseRetryAfter(headerValue(headers, "retry-after"), this.clock.now());
    return {
      ok: false,
      error: new LeadsApiError({
        kind: kindForStatus(status),
        status,
        detail,
        retryAfterMs,
        retryable: isRetryableStatus(status),
        message: this.redact(messageForStatus(status, detail, retryAfterMs, context)),
        context,
      }),
    };
  }

  private errorDetail(body: string): string | null {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return null; // e.g. an HTML error page from a proxy: nothing a person should read
    }
    if (json === null || typeof json !== "object" || Array.isArray(json)) return null;
    const text = detailText((json as Record<string, unknown>)["detail"]);
    return text === null ? null : this.redact(text.length > 500 ? `${text.slice(0, 500)}…` : text);
  }

  private networkError(thrown: unknown, context: RequestContext): LeadsApiError {
    const text = thrown instanceof Error ? thrown.message : String(thrown);
    if (thrown instanceof QuotaExceededError) {
      // Nothing was sent and retrying within this execution cannot help: one attempt, then the
      // caller leaves the work for a later pass.
      return new LeadsApiError({ kind: "quota", message: quotaMessage(thrown.quota), detail: this.redact(text), retryable: false, context });
    }
    return new LeadsApiError({
      kind: "network",
      message: networkMessage(),
      detail: this.redact(text),
      retryable: true,
      context,
    });
  }

  /** Defence in depth: the key is never put into messages, but text copied from elsewhere might hold it. */
  private redact(text: string): string {
    return text.split(this.apiKey).join(REDACTED);
  }
}
