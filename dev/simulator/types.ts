// This file defines the simulator's public types: requests and responses of the in-process API,
// account options, fault rules and stats.

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface SimRequest {
  method: string;
  /** Path under the base URL, query string included, e.g. "/api/v1/searches?page=2". */
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body?: string;
}

export interface SimResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** The request was processed but the response never reached the client (fault `lose`). */
  lost?: boolean;
  /** Real-time delay the HTTP server waits before answering (fault `delayMs` on a real clock). */
  delayMs?: number;
}

export type PlanCode = "free" | "starter" | "growth" | "scale";
export type SubscriptionStatus = "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "paused";

export interface CreateAccountOptions {
  plan: PlanCode;
  /** Credits remaining; default: the plan's allowance. */
  credits?: number;
  /** Default `active`. */
  status?: SubscriptionStatus;
  /** Active-jobs limit; default 10. */
  maxActiveJobs?: number;
  /** Free plan only: whether the one free job was already used. */
  freeSearchUsed?: boolean;
  /** Requests per rolling 60 s; default 1000 (the spec's value). Raised only for benchmarks. */
  rateLimit?: number;
}

export interface CreatedAccount {
  accountId: string;
  apiKey: string;
}

/**
 * One fault rule. Matching: `method` (any if omitted) and `path` as a prefix of the request
 * path (query included) or `pathRegex` tested against it. Firing: at most `times` times
 * (default 1 unless `probability` is set, then unlimited), each match firing with `probability`
 * drawn from the seeded PRNG (default 1). Effects: `status` answers at once without processing
 * (the request is not processed, nor counted by the rate limit);
 * `lose` / `truncate` process the request and then drop or cut the response; `delayMs` delays.
 */
export interface FaultRule {
  method?: string;
  path?: string;
  pathRegex?: string;
  times?: number;
  probability?: number;
  status?: number;
  headers?: Record<string, string>;
  /** Body for `status`; default `{"detail":"Injected fault"}`. */
  body?: string;
  delayMs?: number;
  lose?: boolean;
  truncate?: boolean;
}

export interface SimStats {
  total: number;
  /** Keyed by "METHOD /path/pattern" with ids replaced by `{id}` and the query dropped. */
  byRoute: Record<string, number>;
  /** Keyed by status code. */
  byStatus: Record<string, number>;
  lost: number;
  faulted: number;
}
