// This file defines job creation (POST /searches, POST /enrichments) and the order of its checks:
// 428 → 422 → idempotency (202 / 409) → 402 inactive → free 402/403 → paid 402 → 403 → 429 → create.
// A rejected request creates no job and deducts nothing.
import { FREE_JOB_SIZE, isPaid, isSubscriptionActive, PRODUCT_MAX_JOB_SIZE, type AccountRecord } from "./accounts";
import { searchKeyOf } from "./places";
import { scheduledFailureAt, snapshot, type JobRecord } from "./jobs";
import { fail, ok, type Reply } from "./reply";
import type { SimState } from "./state";
import type { SimRequest } from "./types";
import { IDEMPOTENCY_KEY_MAX, validateEnrichmentBody, validateSearchBody, type EnrichmentRequest, type SearchRequest } from "./validation";

export const ACTIVE_JOBS_RETRY_AFTER_SECONDS = 10;

type Validated = { kind: "search"; request: SearchRequest } | { kind: "enrichment"; request: EnrichmentRequest };

/** What an idempotent retry must repeat: the endpoint, the name, the input and the enrichment setting. */
function fingerprint(v: Validated): string {
  if (v.kind === "search") {
    return JSON.stringify(["search", v.request.name, v.request.input, v.request.enrichContacts]);
  }
  return JSON.stringify(["enrichment", v.request.name, v.request.businesses.map((b) => [b.business_name, b.website_url])]);
}

function creditCheck(account: AccountRecord, size: number): Reply | { cost: number; usedFree: boolean } {
  if (isPaid(account)) {
    if (!isSubscriptionActive(account)) {
      return fail(
        402,
        `Subscription is ${account.status}: paid jobs require an active or trialing subscription (max_results_per_search is 0)`,
      );
    }
    if (size > account.creditsRemaining) return fail(402, `Insufficient credits: ${account.creditsRemaining} remaining, ${size} required`);
    if (size > PRODUCT_MAX_JOB_SIZE) return fail(403, `Job size ${size} is above the maximum of ${PRODUCT_MAX_JOB_SIZE} per job`);
    return { cost: size, usedFree: false };
  }
  if (account.freeSearchUsed) return fail(402, "The free plan's one job was already used: 0 credits remain");
  if (size > FREE_JOB_SIZE) return fail(403, `The free plan allows one job of up to ${FREE_JOB_SIZE} businesses; ${size} requested`);
  if (account.creditsRemaining < FREE_JOB_SIZE)
    return fail(402, `Insufficient credits: ${account.creditsRemaining} remaining, ${FREE_JOB_SIZE} required`);
  return { cost: FREE_JOB_SIZE, usedFree: true };
}

function accepted(state: SimState, job: JobRecord, replay: boolean): Reply {
  const status = replay ? snapshot(job, state.now()).status : job.kind === "search" ? "queued" : "enriching";
  const base = { job_id: job.id, status };
  const message = replay ? "Existing job returned for this Idempotency-Key" : job.kind === "search" ? "Search queued" : "Enrichment queued";
  if (job.kind === "search") return ok({ ...base, credits_reserved: job.creditsCharged, message }, 202);
  return ok({ ...base, businesses_submitted: job.found, credits_reserved: job.creditsCharged, message }, 202);
}

export function createJob(state: SimState, account: AccountRecord, req: SimRequest, kind: "search" | "enrichment"): Reply {
  const rawKey = req.headers["idempotency-key"];
  const idempotencyKey = rawKey === undefined || rawKey.trim() === "" ? undefined : rawKey;
  // Outside production an omitted key is accepted (the spec leaves it open): no replay protection.
  if (idempotencyKey === undefined && state.production) return fail(428, "Idempotency-Key header is required to create a job");
  if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX)
    return fail(422, `Idempotency-Key: at most ${IDEMPOTENCY_KEY_MAX} characters`);

  let validated: Validated;
  if (kind === "search") {
    const checked = validateSearchBody(req.body);
    if (!checked.ok) return fail(422, checked.detail);
    validated = { kind, request: checked.value };
  } else {
    const checked = validateEnrichmentBody(req.body);
    if (!checked.ok) return fail(422, checked.detail);
    validated = { kind, request: checked.value };
  }

  const print = fingerprint(validated);
  if (idempotencyKey !== undefined) {
    const previous = state.jobs.idempotent(account.id, idempotencyKey);
    if (previous !== undefined) {
      const job = state.jobs.get(previous.jobId);
      if (previous.fingerprint !== print || job === undefined)
        return fail(409, "Idempotency-Key was already used with a different request");
      return accepted(state, job, true);
    }
  }

  const size = validated.kind === "search" ? validated.request.input.maxResults : validated.request.businesses.length;
  const credit = creditCheck(account, size);
  if ("status" in credit) return credit;

  const active = state.activeJobCount(account.id);
  if (active >= account.maxActiveJobs) {
    return fail(429, `Too many active jobs: ${active} of ${account.maxActiveJobs}; wait for one to finish`, {
      "retry-after": String(ACTIVE_JOBS_RETRY_AFTER_SECONDS),
    });
  }

  const job = buildJob(state, account, validated, credit.cost, credit.usedFree);
  state.jobs.add(job);
  account.creditsRemaining -= credit.cost;
  if (credit.usedFree) account.freeSearchUsed = true;
  if (idempotencyKey !== undefined) state.jobs.remember(account.id, idempotencyKey, job.id, print);
  return accepted(state, job, false);
}

/** "niche" queries find about a third of maxResults, to exercise "fewer businesses come back". */
function foundFor(request: SearchRequest): number {
  return /\bniche\b/i.test(request.input.query) ? Math.max(1, Math.floor(request.input.maxResults / 3)) : request.input.maxResults;
}

/** How many searches for the same query and location the account made before (any outcome, dashboard ones too). */
export function earlierRuns(state: SimState, accountId: string, query: string, locationLabel: string): number {
  const key = searchKeyOf(query, locationLabel);
  return state.jobs
    .ofAccount(accountId)
    .filter((job) => job.search !== undefined && searchKeyOf(job.search.input.query, job.search.location.label) === key).length;
}

function buildJob(state: SimState, account: AccountRecord, v: Validated, cost: number, usedFree: boolean): JobRecord {
  const seq = state.jobs.nextSeq();
  const id = state.jobId(seq);
  const found = v.kind === "search" ? foundFor(v.request) : v.request.businesses.length;
  const job: JobRecord = {
    id,
    accountId: account.id,
    kind: v.kind,
    origin: "api",
    seq,
    name: v.request.name,
    enrich: v.kind === "search" ? v.request.enrichContacts : true,
    creditsCharged: cost,
    usedFreeJob: usedFree,
    createdAt: state.now(),
    found,
    failAt: null,
    error: null,
    runId: state.runId(id),
    settled: false,
    businessIds: Array.from({ length: found }, (_, i) => state.businessId(id, i + 1)),
    truths: [],
  };
  if (v.kind === "search") {
    job.search = { input: v.request.input, location: v.request.location };
    job.placeRun = earlierRuns(state, account.id, v.request.input.query, v.request.location.label);
    if (/\bfail-me\b/i.test(v.request.input.query)) {
      job.failAt = scheduledFailureAt(job);
      job.error = "Discovery provider run failed: the map search actor aborted (simulated by 'fail-me' in the query)";
    }
  } else {
    job.businesses = v.request.businesses;
  }
  return job;
}
