// This file defines the Simulator: the in-process stand-in for the whole service. `handle` serves
// one request (faults → routing → auth → rate limit → endpoint); the other methods are controls.
import type { SimClock } from "../clock";
import { renderAccount, type AccountRecord } from "./accounts";
import { findByLabel } from "./catalog";
import { earlierRuns } from "./create";
import { DEMO_KEYS, type DemoKey } from "./demo";
import { isTerminal, snapshot, type JobRecord } from "./jobs";
import { renderJob } from "./render";
import { rateHeaders } from "./rate-limit";
import { fail, type Reply } from "./reply";
import { API_PREFIX, matchRoute, routeKey } from "./router";
import { SimState } from "./state";
import type { CreateAccountOptions, CreatedAccount, FaultRule, JsonObject, SimRequest, SimResponse, SimStats } from "./types";

export interface SimulatorOptions {
  clock: SimClock;
  seed?: number;
  /** Production mode: job creation without Idempotency-Key is 428. */
  production?: boolean;
  /** Every 5th business carries a hostile value (formulas, signs, unicode…): default true; the playground turns it off. */
  hostile?: boolean;
}

export const DEFAULT_SEED = 42;

interface Advancing {
  advance(ms: number): void;
}

function canAdvance(clock: SimClock): clock is SimClock & Advancing {
  return typeof (clock as Partial<Advancing>).advance === "function";
}

const JSON_HEADERS = { "content-type": "application/json" };

export class Simulator {
  readonly clock: SimClock;
  readonly seed: number;
  readonly production: boolean;
  readonly hostile: boolean;
  private state: SimState;

  constructor(options: SimulatorOptions) {
    this.clock = options.clock;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.production = options.production ?? false;
    this.hostile = options.hostile ?? true;
    this.state = this.freshState();
  }

  /** Back to the state right after construction: demo accounts only, no jobs, faults or stats. */
  reset(): void {
    this.state = this.freshState();
  }

  handle(req: SimRequest): SimResponse {
    const state = this.state;
    const fault = state.faults.match(req.method, req.path);
    let response: SimResponse;
    if (fault !== undefined && fault.status !== undefined) {
      // Answered "at the gateway": nothing is processed, nothing counted against the rate limit.
      response = {
        status: fault.status,
        headers: { ...JSON_HEADERS, ...lowerKeys(fault.headers) },
        body: fault.body ?? JSON.stringify({ detail: "Injected fault" }),
      };
    } else {
      response = this.process(req);
      if (fault !== undefined) response.headers = { ...response.headers, ...lowerKeys(fault.headers) };
    }
    if (fault !== undefined) {
      state.counters.faulted += 1;
      if (fault.truncate === true) response.body = response.body.slice(0, Math.floor(response.body.length / 2));
      if (fault.lose === true) response.lost = true;
      if (fault.delayMs !== undefined && fault.delayMs > 0) {
        // A virtual clock jumps; a real clock's delay is served by the HTTP server.
        if (canAdvance(this.clock)) this.clock.advance(fault.delayMs);
        else response.delayMs = fault.delayMs;
      }
    }
    this.count(req, response);
    return response;
  }

  private process(req: SimRequest): SimResponse {
    const state = this.state;
    const [rawPath = "", rawQuery = ""] = splitOnce(req.path, "?");
    if (rawPath !== API_PREFIX && !rawPath.startsWith(`${API_PREFIX}/`)) return toResponse(fail(404, "Not Found"));
    const path = rawPath.slice(API_PREFIX.length).replace(/\/+$/, "") || "/";
    const match = matchRoute(req.method, path);
    if (match.kind === "not-found") return toResponse(fail(404, "Not Found"));
    if (match.kind === "method-not-allowed") return toResponse(fail(405, "Method Not Allowed", { allow: match.allow }));

    const auth = state.accounts.authenticate(req.headers["x-api-key"]);
    if (!auth.ok) return toResponse(fail(401, auth.detail));
    state.settle();
    const decision = state.rate.take(auth.account.id, auth.account.rateLimit, state.now());
    if (!decision.allowed) {
      return toResponse(
        fail(429, `Rate limit of ${decision.limit} requests per 60 seconds exceeded`, {
          "retry-after": String(decision.retryAfterSeconds),
        }),
      );
    }
    const reply = match.route.handle({ state, account: auth.account, req, params: match.params, query: new URLSearchParams(rawQuery) });
    const response = toResponse(reply);
    if (reply.status >= 200 && reply.status < 300) Object.assign(response.headers, rateHeaders(decision));
    return response;
  }

  private count(req: SimRequest, response: SimResponse): void {
    const c = this.state.counters;
    c.total += 1;
    const key = routeKey(req.method, req.path);
    c.byRoute[key] = (c.byRoute[key] ?? 0) + 1;
    const status = String(response.status);
    c.byStatus[status] = (c.byStatus[status] ?? 0) + 1;
    if (response.lost === true) c.lost += 1;
  }

  // ---- controls -------------------------------------------------------------------------

  createAccount(options: CreateAccountOptions): CreatedAccount {
    const identity = this.state.nextAccountIdentity();
    this.state.accounts.create(identity.accountId, identity.apiKey, options, this.clock.now());
    return identity;
  }

  /** A new key for an existing account; it shares the account's jobs, credits and limits. */
  addKey(accountId: string): string {
    const apiKey = this.state.newApiKey();
    this.state.accounts.addKey(accountId, apiKey);
    return apiKey;
  }

  revokeKey(apiKey: string): boolean {
    return this.state.accounts.revokeKey(apiKey);
  }

  injectFaults(rules: readonly FaultRule[]): void {
    this.state.faults.add(rules);
  }

  clearFaults(): void {
    this.state.faults.clear();
  }

  /** Fails an active job now; its reservation is refunded on the next request (see SimState.settle). */
  failJob(jobId: string, error = "Job failed (simulated)"): void {
    const job = this.requireJob(jobId);
    const now = this.clock.now();
    if (isTerminal(snapshot(job, now).status)) throw new Error(`job ${jobId} is already terminal`);
    job.failAt = now;
    job.error = error;
    this.state.settle();
  }

  /** Renames a job, as the dashboard may: the API reports whatever name a list has, of any length. */
  renameJob(jobId: string, name: string): void {
    this.requireJob(jobId).name = name;
  }

  /**
   * Sets how many businesses a job ends with (at most its reservation). The timeline is computed
   * from creation, so call it before the import gets there.
   */
  setFoundCount(jobId: string, count: number): void {
    const job = this.requireJob(jobId);
    if (!Number.isInteger(count) || count < 0) throw new Error("count must be a non-negative integer");
    if (job.kind !== "search") throw new Error("only searches have a found count");
    const limit = job.search?.input.maxResults ?? count;
    job.found = Math.min(count, limit);
    job.businessIds = Array.from({ length: job.found }, (_, i) => job.businessIds[i] ?? this.state.businessId(job.id, i + 1));
    this.state.jobs.add(job);
  }

  /** A completed search made in the dashboard (origin `dashboard`): not listed, but its businesses are readable. */
  addDashboardSearch(accountId: string, query: string, locationLabel: string, maxResults = 100): string {
    const state = this.state;
    const location = findByLabel(locationLabel);
    if (location === undefined) throw new Error(`unknown location ${locationLabel}`);
    if (state.accounts.get(accountId) === undefined) throw new Error(`unknown account ${accountId}`);
    const seq = state.jobs.nextSeq();
    const id = state.jobId(seq);
    const job: JobRecord = {
      id,
      accountId,
      kind: "search",
      origin: "dashboard",
      seq,
      name: `${query} in ${locationLabel}`,
      search: { input: { query, location: locationLabel, countryCode: location.country_code, maxResults, language: "en" }, location },
      enrich: true,
      creditsCharged: maxResults,
      usedFreeJob: false,
      createdAt: this.clock.now() - 3_600_000,
      found: maxResults,
      failAt: null,
      error: null,
      runId: state.runId(id),
      settled: true,
      businessIds: Array.from({ length: maxResults }, (_, i) => state.businessId(id, i + 1)),
      truths: [],
      placeRun: earlierRuns(state, accountId, query, locationLabel),
    };
    state.jobs.add(job);
    return id;
  }

  stats(): SimStats {
    const c = this.state.counters;
    return { total: c.total, byRoute: { ...c.byRoute }, byStatus: { ...c.byStatus }, lost: c.lost, faulted: c.faulted };
  }

  /** The Account resource as GET /account would return it (no rate limit consumed). */
  account(accountId: string): JsonObject {
    this.state.settle();
    const account = this.requireAccount(accountId);
    return renderAccount(account, this.state.activity(account.id));
  }

  /** The Job object as the status endpoint would return it, for any account. */
  job(jobId: string): JsonObject {
    this.state.settle();
    const job = this.requireJob(jobId);
    return renderJob(job, snapshot(job, this.clock.now()));
  }

  /** Ids of all jobs of an account, oldest first (dashboard jobs included). */
  jobIds(accountId: string): string[] {
    return this.state.jobs
      .ofAccount(accountId)
      .sort((a, b) => a.seq - b.seq)
      .map((job) => job.id);
  }

  private requireJob(jobId: string): JobRecord {
    const job = this.state.jobs.get(jobId);
    if (job === undefined) throw new Error(`unknown job ${jobId}`);
    return job;
  }

  private requireAccount(accountId: string): AccountRecord {
    const account = this.state.accounts.get(accountId);
    if (account === undefined) throw new Error(`unknown account ${accountId}`);
    return account;
  }

  private freshState(): SimState {
    this.state = new SimState(this.seed, this.clock, this.production, this.hostile);
    const now = this.clock.now();
    const demos: readonly DemoKey[] = Object.values(DEMO_KEYS);
    for (const demo of demos) {
      if (demo.account !== undefined) this.state.accounts.create(demo.accountId, demo.apiKey, demo.account, now);
      else this.state.accounts.addKey(demo.accountId, demo.apiKey);
      if (demo.revoked === true) this.state.accounts.revokeKey(demo.apiKey);
    }
    this.addDashboardSearch(DEMO_KEYS.growth.accountId, "coffee shops", "Austin, Texas, US");
    return this.state;
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

function toResponse(reply: Reply): SimResponse {
  return { status: reply.status, headers: { ...JSON_HEADERS, ...(reply.headers ?? {}) }, body: JSON.stringify(reply.body) };
}
