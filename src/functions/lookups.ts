// This file defines how the custom functions read businesses and jobs by ID: from the record cache first, then from the service within
// the request budget and deadline (fetch-rounds.ts). Each ID ends as its record or its cell's error, "Not fetched yet" included.
import type { BatchResult } from "../api/client";
import { eitherKind } from "../api/either-kind";
import type { LeadsApiError } from "../api/errors";
import * as z from "zod/mini";
import { BusinessSchema, JobSchema, type Business, type Job } from "../api/schemas";
import { JOB_KINDS, type JobKind } from "../rules/job-kinds";
import { isTerminalStatus } from "../rules/job-status";
import { isUuid } from "../rules/ids";
import { UserFacingError } from "../errors/user-error";
import { CACHE_SECONDS } from "./cell-cache";
import { fetchInRounds, type Wanted } from "./fetch-rounds";
import type { FormulaContext } from "./formula-context";
import { RecordCache } from "./record-cache";
import { RequestBudget } from "./request-budget";
import { KEYS } from "../storage/keys";

/** What a cell says for an ID this evaluation did not read; a later one reads it. */
export const NOT_FETCHED = "Not fetched yet: recalculate in a minute";

/** An ID left for a later evaluation (no budget or time left, a 429, or the service failing for now). */
export class NotFetchedError extends UserFacingError {
  constructor(readonly reason: LeadsApiError | null) {
    super(NOT_FETCHED);
    this.name = "NotFetchedError";
  }
}

const CACHED_KIND = z.lazy(() => z.enum(JOB_KINDS));

interface CachedJob {
  kind: JobKind;
  job: Job;
}

/** The records one call reads and writes; `null` is an ID the service said it does not know. */
type Records = ReturnType<typeof callRecords>;

export function callRecords(ctx: FormulaContext) {
  const now = () => ctx.clock.now();
  return {
    // About 1 KB a business: 5,000 of them are about 20 KB a bucket.
    businesses: new RecordCache(ctx.cache, KEYS.cacheBusinesses, 256, now, z.nullable(BusinessSchema)),
    jobs: new RecordCache(ctx.cache, KEYS.cacheJobs, 128, now, z.nullable(z.object({ kind: CACHED_KIND, job: JobSchema }))),
    kinds: new RecordCache(ctx.cache, KEYS.cacheKinds, 16, now, CACHED_KIND),
    budget: new RequestBudget(ctx.cache, ctx.clock),
  };
}

export function checkId(id: string, what: string): UserFacingError | null {
  return isUuid(id) ? null : new UserFacingError(`"${id}" is not a ${what} ID (an ID looks like 3f2b…-…, as in the sheet's ID column).`);
}

export function notFoundJob(jobId: string): UserFacingError {
  return new UserFacingError(
    `No search or enrichment with ID ${jobId} for the key shared with formulas: check the ID, or whether it belongs to another account.`,
  );
}

function notFoundBusiness(id: string): UserFacingError {
  return new UserFacingError(`No business with ID ${id} for the key shared with formulas.`);
}

/** The family of a job: from the document's records, else the cache, else unknown (ask both). */
export function knownKind(ctx: FormulaContext, records: Records, jobId: string): JobKind | null {
  return ctx.trackedJob(jobId)?.kind ?? records.kinds.get([jobId]).get(jobId) ?? null;
}

/** A failed request's cell: what can succeed later is "Not fetched yet", the rest says why. */
function failureAnswer(error: LeadsApiError): Error {
  return error.kind === "rate_limited" || error.retryable ? new NotFetchedError(error) : error;
}

/**
 * Nothing of the call could be answered and every request failed alike (a refused key, the service
 * down, the day's fetch quota spent): one error for the whole call, said once. A 429 never does:
 * its cells say "Not fetched yet" and the next evaluation goes on.
 */
function throwIfNothingAnswered<T>(answers: ReadonlyMap<string, unknown>, outcomes: ReadonlyMap<string, Array<BatchResult<T>>>): void {
  for (const answer of answers.values()) if (!(answer instanceof Error)) return;
  const sent = [...outcomes.values()].flat();
  const failures = sent.flatMap((o) => (o.ok ? [] : [o.error]));
  if (failures.length === 0 || failures.length < sent.length || failures.some((e) => e.kind === "rate_limited")) return;
  const shared = failures.find((e) => e.kind !== "not_found" && e.kind !== "validation");
  if (shared) throw shared;
}

/** Answers valid IDs from the cache; returns those still to read. */
function fromCache<T>(
  ids: string[],
  what: string,
  cache: RecordCache<T | null>,
  notFound: (id: string) => Error,
  answers: Map<string, T | Error>,
): string[] {
  const valid = ids.filter((id) => {
    const invalid = checkId(id, what);
    if (invalid) answers.set(id, invalid);
    return !invalid;
  });
  const cached = cache.get(valid);
  return valid.filter((id) => {
    if (!cached.has(id)) return true;
    answers.set(id, cached.get(id) ?? notFound(id));
    return false;
  });
}

export function lookupBusinesses(ctx: FormulaContext, records: Records, ids: string[]): Map<string, Business | Error> {
  const answers = new Map<string, Business | Error>();
  const missing = fromCache(ids, "Business", records.businesses, notFoundBusiness, answers);
  if (missing.length === 0) return answers;

  const fetched: Business[] = [];
  const statusOf = (jobId: string): string | undefined => ctx.trackedJob(jobId)?.status ?? records.jobs.get([jobId]).get(jobId)?.job.status;
  const wanted = missing.map((id): Wanted<Business> => ({ id, requests: [ctx.client.prepare.getBusiness(id)] }));
  // Room for asking their job's status once (as a search and as an enrichment) until the first
  // round trip shows whether it is needed.
  let keepRoom = true;
  const rounds = fetchInRounds(ctx, records.budget, wanted, {
    reserve: () => (keepRoom ? JOB_KINDS.length : 0),
    afterRound: (round, idsLeft) => {
      for (const [outcome] of round.values()) if (outcome?.ok) fetched.push(outcome.value);
      // The range needs another evaluation, a minute or more later: its businesses outlive that
      // minute in the cache only if their jobs are known to have ended, so ask what is unknown.
      const unknown = idsLeft === 0 ? [] : [...new Set(fetched.map((b) => b.search_id))].filter((jobId) => statusOf(jobId) === undefined);
      keepRoom = false;
      if (unknown.length === 0) return;
      try {
        lookupJobs(ctx, records, unknown);
      } catch (error) {
        // The jobs could not be read: their businesses are kept briefly, and the cells still answered.
        if (!(error instanceof UserFacingError)) throw error;
      }
    },
  });
  for (const id of missing) {
    const outcome = rounds.outcomes.get(id)?.[0];
    if (outcome === undefined) answers.set(id, new NotFetchedError(null));
    else if (outcome.ok) answers.set(id, outcome.value);
    else if (outcome.error.kind === "not_found") {
      answers.set(id, notFoundBusiness(id));
      records.businesses.set(id, null, CACHE_SECONDS.missing);
    } else answers.set(id, failureAnswer(outcome.error));
  }
  // A business changes until its job is terminal: keep it for hours only when that is known.
  const terminal = new Map<string, boolean>();
  for (const business of fetched) {
    const jobId = business.search_id;
    if (!terminal.has(jobId)) terminal.set(jobId, isTerminalStatus(statusOf(jobId) ?? ""));
    records.businesses.set(business.id, business, terminal.get(jobId) === true ? CACHE_SECONDS.terminal : CACHE_SECONDS.active);
  }
  records.businesses.flush();
  throwIfNothingAnswered(answers, rounds.outcomes);
  return answers;
}

export function lookupJobs(ctx: FormulaContext, records: Records, ids: string[]): Map<string, CachedJob | Error> {
  const answers = new Map<string, CachedJob | Error>();
  const missing = fromCache(ids, "job", records.jobs, notFoundJob, answers);
  if (missing.length === 0) return answers;

  const wanted = missing.map((id): Wanted<Job> & { kinds: readonly JobKind[] } => {
    const kind = knownKind(ctx, records, id);
    const kinds = kind ? [kind] : JOB_KINDS;
    return { id, kinds, requests: kinds.map((k) => ctx.client.prepare.getJob(k, id)) };
  });
  const rounds = fetchInRounds(ctx, records.budget, wanted);
  for (const { id, kinds } of wanted) {
    const outcomes = rounds.outcomes.get(id);
    const answer = outcomes && eitherKind(kinds, outcomes);
    if (answer === undefined) answers.set(id, new NotFetchedError(null));
    else if (answer.found) {
      const job: CachedJob = { kind: answer.kind, job: answer.value };
      answers.set(id, job);
      records.jobs.set(id, job, isTerminalStatus(job.job.status) ? CACHE_SECONDS.terminal : CACHE_SECONDS.active);
      records.kinds.set(id, job.kind, CACHE_SECONDS.kind);
    } else if (answer.error) answers.set(id, failureAnswer(answer.error));
    else {
      answers.set(id, notFoundJob(id));
      records.jobs.set(id, null, CACHE_SECONDS.missing);
    }
  }
  records.jobs.flush();
  records.kinds.flush();
  throwIfNothingAnswered(answers, rounds.outcomes);
  return answers;
}
