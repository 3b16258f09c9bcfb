// This file defines jobs and their virtual-time timeline: a job's state, imported count and each
// business's enrichment stage are computed from (creation time, now), never advanced by timers.
import type { CatalogEntry } from "./catalog";
import type { BusinessTruth } from "./data";
import type { SearchInput, SuppliedBusiness } from "./validation";

export type JobKind = "search" | "enrichment";
export type JobStatus = "queued" | "starting" | "running" | "importing" | "enriching" | "completed" | "failed";

/** Durations of the timeline, in ms of clock time. A 700-result enriched search takes 150 s. */
export const TIMING = {
  queuedMs: 2_000,
  startingMs: 3_000,
  importEveryMs: 100,
  importingMs: 3_000,
  enrichEveryMs: 100,
  verifyMs: 2_000,
  enrichmentStartMs: 1_000,
} as const;

export interface JobRecord {
  id: string;
  accountId: string;
  kind: JobKind;
  origin: "api" | "dashboard";
  /** Creation order, to sort "newest first" when timestamps tie on a frozen clock. */
  seq: number;
  name: string;
  search?: { input: SearchInput; location: CatalogEntry };
  businesses?: SuppliedBusiness[];
  enrich: boolean;
  creditsCharged: number;
  /** The free plan's one job: a refund also gives the free job back. */
  usedFreeJob: boolean;
  createdAt: number;
  /** How many businesses the job ends with (searches: maxResults, or fewer for "niche"). */
  found: number;
  failAt: number | null;
  error: string | null;
  runId: string;
  /** Terminal effects (refund) applied. */
  settled: boolean;
  businessIds: string[];
  truths: Array<BusinessTruth | undefined>;
  /**
   * Searches: which run of the same search (query and location) in this account it is, 0 for the
   * first. A re-run finds mostly the same places, each the same (name, address, category, website,
   * maps_url), and a few new ones in place of a few it no longer finds (places.ts, placeAt).
   */
  placeRun?: number;
}

export interface JobSnapshot {
  status: JobStatus;
  /** The time the snapshot describes: now, or the failure time for a failed job. */
  at: number;
  imported: number;
  enrichedCount: number;
  finishedAt: number | null;
}

/** How many of n events, the first at `firstAt` and then one every `every` ms, happened by `at`. */
function reached(at: number, firstAt: number, every: number, n: number): number {
  if (n <= 0 || at < firstAt) return 0;
  return Math.min(n, Math.floor((at - firstAt) / every) + 1);
}

interface Marks {
  startingAt: number;
  runStart: number;
  runEnd: number;
  importEnd: number;
  enrichStart: number;
  completeAt: number;
}

export function marks(job: JobRecord): Marks {
  const c = job.createdAt;
  if (job.kind === "enrichment") {
    const enrichStart = c + TIMING.enrichmentStartMs;
    return {
      startingAt: c,
      runStart: c,
      runEnd: c,
      importEnd: c,
      enrichStart,
      completeAt: enrichStart + job.found * TIMING.enrichEveryMs + TIMING.verifyMs,
    };
  }
  const startingAt = c + TIMING.queuedMs;
  const runStart = startingAt + TIMING.startingMs;
  const runEnd = runStart + job.found * TIMING.importEveryMs;
  const importEnd = runEnd + TIMING.importingMs;
  const completeAt = job.enrich ? importEnd + job.found * TIMING.enrichEveryMs + TIMING.verifyMs : importEnd;
  return { startingAt, runStart, runEnd, importEnd, enrichStart: importEnd, completeAt };
}

/** When a "fail-me" search fails: halfway through its import. */
export function scheduledFailureAt(job: JobRecord): number {
  const m = marks(job);
  return m.runStart + Math.floor(job.found / 2) * TIMING.importEveryMs;
}

export function snapshot(job: JobRecord, now: number): JobSnapshot {
  const failed = job.failAt !== null && now >= job.failAt;
  const at = failed && job.failAt !== null ? job.failAt : now;
  const m = marks(job);
  const imported = job.kind === "enrichment" ? job.found : reached(at, m.runStart + TIMING.importEveryMs, TIMING.importEveryMs, job.found);
  // Search: enrichment counted when complete; enrichment jobs: when primary website contacts are in.
  const enrichedCount = !job.enrich
    ? 0
    : job.kind === "enrichment"
      ? reached(at, m.enrichStart, TIMING.enrichEveryMs, job.found)
      : reached(at, m.enrichStart + TIMING.verifyMs, TIMING.enrichEveryMs, job.found);
  let status: JobStatus;
  if (failed) status = "failed";
  else if (at >= m.completeAt) status = "completed";
  else if (job.kind === "enrichment") status = "enriching";
  else if (at < m.startingAt) status = "queued";
  else if (at < m.runStart) status = "starting";
  else if (at < m.runEnd) status = "running";
  else if (at < m.importEnd) status = "importing";
  else status = "enriching";
  const finishedAt = failed ? at : status === "completed" ? m.completeAt : null;
  return { status, at, imported, enrichedCount, finishedAt };
}

export function isTerminal(status: JobStatus): boolean {
  return status === "completed" || status === "failed";
}

/** 0: imported only; 1: website contacts found, verifying; 2: done. -1: enrichment not requested. */
export type Stage = -1 | 0 | 1 | 2;

export function businessStage(job: JobRecord, index: number, at: number): Stage {
  if (!job.enrich) return -1;
  const m = marks(job);
  const stage1At = m.enrichStart + index * TIMING.enrichEveryMs;
  if (at >= stage1At + TIMING.verifyMs) return 2;
  if (at >= stage1At) return 1;
  return 0;
}

/** Jobs by id, per account, plus the business-id index and idempotency records. */
export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly businessIndex = new Map<string, { job: JobRecord; index: number }>();
  private readonly idempotency = new Map<string, { jobId: string; fingerprint: string }>();
  private seq = 0;

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  add(job: JobRecord): void {
    this.jobs.set(job.id, job);
    job.businessIds.forEach((id, index) => this.businessIndex.set(id, { job, index }));
  }

  get(id: string): JobRecord | undefined {
    return this.jobs.get(id);
  }

  all(): JobRecord[] {
    return [...this.jobs.values()];
  }

  ofAccount(accountId: string): JobRecord[] {
    return this.all().filter((job) => job.accountId === accountId);
  }

  unsettled(): JobRecord[] {
    return this.all().filter((job) => !job.settled);
  }

  business(id: string): { job: JobRecord; index: number } | undefined {
    return this.businessIndex.get(id);
  }

  /** Keys are scoped per account: two accounts may use the same key independently. */
  idempotent(accountId: string, key: string): { jobId: string; fingerprint: string } | undefined {
    return this.idempotency.get(`${accountId}\u0001${key}`);
  }

  remember(accountId: string, key: string, jobId: string, fingerprint: string): void {
    this.idempotency.set(`${accountId}\u0001${key}`, { jobId, fingerprint });
  }
}
