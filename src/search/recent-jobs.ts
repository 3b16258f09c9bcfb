// This file defines the list of the account's recent API jobs (GET /searches and GET
// /enrichments, newest first, 20 a page) with whether this document already tracks each one.
// With both kinds the two lists are read in ONE round trip, as deep as the page needs, and merged.
import type { LeadsClient } from "../api/client";
import type { Job } from "../api/schemas";
import type { JobKind } from "../rules/job-kinds";
import { REQUEST_LIMITS } from "../rules/request-limits";

const RECENT_PAGE_SIZE = 20;
const LIST_PAGE_MAX = REQUEST_LIMITS.listPageSizeMax;
export interface RecentJob {
  jobId: string;
  kind: JobKind;
  name: string;
  status: string;
  leadCount: number;
  createdAt: string;
  /** This document tracks the job: itself, or as part of one of its lines (a territory's search, a search's refresh run). */
  tracked: boolean;
  /** The line of this document whose sheet holds the job's results (the job itself when tracked as it is), or null. */
  partOf: { jobId: string; name: string } | null;
}

/** The line of this document whose sheet holds a service job's results, or null. */
export type TrackedLine = (job: Job, kind: JobKind) => { jobId: string; name: string } | null;

export interface RecentJobsPage {
  jobs: RecentJob[];
  hasMore: boolean;
}

export interface RecentJobsArgs {
  kinds: JobKind[];
  page: number;
}

/** The list pages of one kind that hold its first `count` jobs. */
function listPagesFor(count: number): Array<{ page: number; pageSize: number }> {
  if (count <= LIST_PAGE_MAX) return [{ page: 1, pageSize: count }];
  return Array.from({ length: Math.ceil(count / LIST_PAGE_MAX) }, (_, i) => ({ page: i + 1, pageSize: LIST_PAGE_MAX }));
}

export function recentJobs(client: LeadsClient, lineOf: TrackedLine, args: RecentJobsArgs, deadline: number): RecentJobsPage {
  const single = args.kinds.length === 1;
  // One kind: exactly the page asked for. Both: each list from its top down to the page's end.
  const plans = args.kinds.flatMap((kind) =>
    (single ? [{ page: args.page, pageSize: RECENT_PAGE_SIZE }] : listPagesFor(args.page * RECENT_PAGE_SIZE)).map((params) => ({
      kind,
      params,
    })),
  );
  const requests = plans.map(({ kind, params }) => client.prepare.listJobs(kind, params));
  const outcomes = client.batch(requests, { deadline });
  // Each kind's jobs once (in the order of args.kinds, as the plans are), and its total as its deepest page says it.
  const merged: Array<{ kind: JobKind; job: Job }> = [];
  const totals = new Map<JobKind, number>();
  plans.forEach(({ kind }, i) => {
    const outcome = outcomes[i];
    if (!outcome) return;
    if (!outcome.ok) throw outcome.error;
    const known = (job: Job) => merged.some((seen) => seen.kind === kind && seen.job.id === job.id);
    for (const job of outcome.value.items) if (!known(job)) merged.push({ kind, job });
    totals.set(kind, Math.max(totals.get(kind) ?? 0, outcome.value.total));
  });
  // Newest first; a stable sort keeps each list's own order where timestamps tie.
  merged.sort((a, b) => (a.job.created_at < b.job.created_at ? 1 : a.job.created_at > b.job.created_at ? -1 : 0));
  const total = [...totals.values()].reduce((sum, kindTotal) => sum + kindTotal, 0);
  const pageJobs = single ? merged : merged.slice((args.page - 1) * RECENT_PAGE_SIZE, args.page * RECENT_PAGE_SIZE);
  return {
    jobs: pageJobs.map(({ kind, job }) => {
      const partOf = lineOf(job, kind);
      return {
        jobId: job.id,
        kind,
        name: job.name,
        status: job.status,
        leadCount: job.lead_count,
        createdAt: job.created_at,
        tracked: partOf !== null,
        partOf,
      };
    }),
    hasMore: args.page * RECENT_PAGE_SIZE < total,
  };
}
