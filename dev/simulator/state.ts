// This file defines the simulator's mutable state and the bookkeeping shared by the endpoints:
// id generation, lazy settlement of finished jobs (refunds), account activity, business cache.
import type { SimClock } from "../clock";
import { AccountStore, type AccountActivity } from "./accounts";
import { generateBusiness, type BusinessTruth } from "./data";
import { FaultInjector } from "./faults";
import { isTerminal, snapshot, type JobRecord } from "./jobs";
import { JobStore } from "./jobs";
import { prngFor } from "./prng";
import { RateLimiter } from "./rate-limit";
import type { SimStats } from "./types";

export class SimState {
  readonly accounts = new AccountStore();
  readonly jobs = new JobStore();
  readonly rate = new RateLimiter();
  readonly faults: FaultInjector;
  readonly counters: SimStats = { total: 0, byRoute: {}, byStatus: {}, lost: 0, faulted: 0 };
  private accountCounter = 0;

  constructor(
    readonly seed: number,
    readonly clock: SimClock,
    readonly production: boolean,
    readonly hostile = true,
  ) {
    this.faults = new FaultInjector(prngFor(seed, "faults"));
  }

  now(): number {
    return this.clock.now();
  }

  nextAccountIdentity(): { accountId: string; apiKey: string } {
    this.accountCounter += 1;
    return { accountId: prngFor(this.seed, "account", this.accountCounter).uuid(), apiKey: this.newApiKey() };
  }

  newApiKey(): string {
    this.accountCounter += 1;
    return `sk_sim_${prngFor(this.seed, "key", this.accountCounter).hex(32)}`;
  }

  jobId(seq: number): string {
    return prngFor(this.seed, "job", seq).uuid();
  }

  businessId(jobId: string, position: number): string {
    return prngFor(this.seed, "business-id", jobId, position).uuid();
  }

  runId(jobId: string): string {
    return prngFor(this.seed, "run", jobId).hex(17);
  }

  /**
   * Applies terminal effects of jobs that finished since the last request. Refund choice (the spec
   * defers to "the dashboard's refund behavior"): a failed job gets its whole reservation back, and
   * a failed free job gives the free job back too; a completed job keeps its full charge even when
   * fewer businesses came back.
   */
  settle(): void {
    const now = this.now();
    for (const job of this.jobs.unsettled()) {
      const snap = snapshot(job, now);
      if (!isTerminal(snap.status)) continue;
      job.settled = true;
      if (snap.status !== "failed") continue;
      const account = this.accounts.get(job.accountId);
      if (account === undefined) continue;
      account.creditsRemaining += job.creditsCharged;
      if (job.usedFreeJob) account.freeSearchUsed = false;
    }
  }

  activeJobCount(accountId: string): number {
    const now = this.now();
    return this.jobs.ofAccount(accountId).filter((job) => !isTerminal(snapshot(job, now).status)).length;
  }

  activity(accountId: string): AccountActivity {
    const now = this.now();
    let searchesCreated = 0;
    let activeJobs = 0;
    let leadsFound = 0;
    for (const job of this.jobs.ofAccount(accountId)) {
      const snap = snapshot(job, now);
      if (!isTerminal(snap.status)) activeJobs += 1;
      if (job.kind === "search") {
        searchesCreated += 1;
        leadsFound += snap.imported;
      }
    }
    return { searchesCreated, activeJobs, leadsFound };
  }

  /** The generated truth of a business, cached per job. */
  truth(job: JobRecord, index: number): BusinessTruth {
    const cached = job.truths[index];
    if (cached !== undefined) return cached;
    const id = job.businessIds[index];
    if (id === undefined) throw new Error(`no business ${index} in job ${job.id}`);
    const supplied = job.businesses?.[index];
    const ctx =
      job.search !== undefined
        ? { kind: "search" as const, query: job.search.input.query, location: job.search.location, run: job.placeRun ?? 0 }
        : { kind: "enrichment" as const, businessName: supplied?.business_name ?? "", websiteUrl: supplied?.website_url ?? "" };
    const truth = generateBusiness(this.seed, job.id, index + 1, id, ctx, this.hostile);
    job.truths[index] = truth;
    return truth;
  }
}
