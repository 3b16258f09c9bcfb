// This file defines one poll-and-write pass over the document's active jobs: statuses in ONE fetchAll round trip, then result pages
// upserted into each job's sheet by Business ID, a terminal job's sheet made exactly equal to its results. Each record is saved after
// its sheet (the checkpoint) and the deadline checked at every round trip, so a pass killed anywhere is finished by the next.
import type { Job, ResultsPage } from "../api/schemas";
import { isFailedStatus, isReadableStatus, isTerminalStatus } from "../rules/job-status";
import type { LeadsApiError } from "../api/errors";
import { readResultPages, RESULTS_PAGE_SIZE } from "../api/result-pages";
import type { JobsContext } from "../jobs/job-context";
import { partsOf } from "../jobs/kind-parts";
import type { JobRecord } from "../jobs/job-record";
import type { JobKind } from "../rules/job-kinds";
import { canTry, isMine, markHidden, markSeen, nobodyCanSee, NOBODY_CAN_SEE_MESSAGE } from "../jobs/ownership";
import type { JobResults } from "../jobs/job-results";
import { writeResults, type PassSheets } from "./result-writers";
import { passNote } from "../jobs/record-note";

/** The poll step failed this time for `problem`: each job of the current key in progress says so until a pass writes it. */
export function noteActiveJobs(ctx: JobsContext, problem: string): void {
  for (const record of ctx.store.active())
    if (isMine(record, ctx.keyDigest)) ctx.store.trySave({ ...record, note: passNote("update", problem) });
}

/**
 * Results one round trip may bring at most: fetchAll holds every response of its batch at once, so
 * this bounds a pass's memory. A 500-business enriched page is about 700 KB of JSON (bench), so
 * 4,000 results are some 6 MB of text and their parsed copies: the same bound as 8 full pages, but
 * counted in results, so twenty 100-result searches share one round trip instead of three.
 */
const RESULTS_PER_ROUND_TRIP = 4000;
/**
 * Results of records' parts (a territory's searches) one pass reads at most: a record's ended parts
 * are written together at the pass's end (one read and one write of its sheet, however many ended),
 * so they are held until then. The parts beyond wait for the next pass.
 */
const PART_RESULTS_PER_PASS = 8000;

export interface PollReport {
  jobsPolled: number;
  pagesRead: number;
  rowsWritten: number;
  /** True when the deadline came first: some jobs wait for the next pass. */
  stoppedEarly: boolean;
}

/** A service job the pass asks the status of: a record's own, or one of its parts (`pair`: a territory's search). */
interface StatusRead {
  record: JobRecord;
  family: JobKind;
  jobId: string;
  pair: number | null;
  /** The most results a part may have (its record's maxResults): its pages' weight in a round trip. */
  ceiling?: number | undefined;
}

interface PagePlan extends StatusRead {
  final: boolean;
  /** The job failed at the service: what it found is still written. */
  failed: boolean;
  pages: number[];
  /** The most results these pages can hold: what they weigh in a round trip. */
  mostResults: number;
  /** An enrichment's submitted businesses (its status's actor_input), in the order sent. */
  sent?: ReadonlyArray<{ business_name?: string | undefined; website_url?: string | undefined }>;
}

function applyStatus(record: JobRecord, job: Job): JobRecord {
  return {
    ...record,
    name: job.name || record.name,
    status: job.status,
    leadCount: job.lead_count,
    enrichedCount: job.enriched_count,
    creditsCharged: job.credits_charged,
    finishedAt: job.finished_at ?? null,
    error: isFailedStatus(job.status) ? failureMessage(record, job) : null,
  };
}

function failureMessage(record: JobRecord, job: Job): string {
  const what = partsOf(record).words.subject;
  const reason = job.error ? `: ${job.error}` : " (the service gave no reason)";
  return (
    `${what} failed${reason}. It had reserved ${job.credits_charged} credits; ` +
    "the service returns a failed job's credits by its dashboard's refund rules, so check the balance in the sidebar."
  );
}

/**
 * The pages to read of a job whose status was just read. `maxResults` is the job's ceiling (its
 * actor_input: a search's maximum, an enrichment's number of businesses): no page holds more than
 * the page size, nor more than the ceiling leaves for it. Without a ceiling every page counts full.
 */
function planPages(read: StatusRead, job: Pick<Job, "status" | "lead_count">, maxResults: number | null | undefined): PagePlan | null {
  if (!isReadableStatus(job.status)) return null;
  const final = isTerminalStatus(job.status);
  const count = Math.ceil((job.lead_count ?? 0) / RESULTS_PAGE_SIZE);
  // A terminal job is always read from page 1, even when it reported no leads, to learn has_more.
  const pages = Array.from({ length: Math.max(count, final ? 1 : 0) }, (_, i) => i + 1);
  const full = pages.length * RESULTS_PAGE_SIZE;
  const mostResults = typeof maxResults === "number" && maxResults >= 0 ? Math.min(full, maxResults) : full;
  return pages.length === 0 ? null : { ...read, final, failed: isFailedStatus(job.status), pages, mostResults };
}

/**
 * Searches' (and every service job's) polling and writing, a step of the pass (pass-steps.ts): it
 * sends no request that creates a job and writes its sheets before its records: the records it
 * changes are written together at its end, in one call where the store is written whole (the full
 * build's developer metadata).
 */
export function pollAndWrite(ctx: JobsContext, pass: PassSheets, deadline: number): PollReport {
  const report: PollReport = { jobsPolled: 0, pagesRead: 0, rowsWritten: 0, stoppedEarly: false };
  return ctx.store.batch(() => {
    pollActiveJobs(ctx, pass, deadline, report);
    ctx.store.prune();
    // Records read in an earlier version are stored in today's shape, with the pass's other writes.
    ctx.store.writeBack();
    return report;
  });
}

function pollActiveJobs(ctx: JobsContext, pass: PassSheets, deadline: number, report: PollReport): void {
  try {
    ctx.editors.register(ctx.editorId, ctx.keyDigest, ctx.clock.now());
  } catch {
    // A full store must not stop the pass: the list is refreshed on the next one.
  }
  // Only jobs this key may see: a 404 told us once that another account's job is not ours.
  const active = ctx.store
    .active()
    .filter((record) => canTry(record, ctx.keyDigest))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  if (active.length === 0) return;

  const reads = active.flatMap((record) =>
    partsOf(record)
      .polled(record)
      .map((polled): StatusRead => ({ record, family: partsOf(record).family, ...polled })),
  );
  // The network phase: the statuses and the first round trip of pages, the pass's locks given up
  // once for both. Nothing is written meanwhile: what is learnt is kept (`found`) and written once
  // the locks are back, when nothing changed meanwhile (else the step stops: the next pass goes on).
  const found: Found = { saves: [], plans: [] };
  const first = ctx.interleaving.offline(() => {
    readStatuses(ctx, reads, deadline, report, found);
    const groups = roundTripsOf(withinPartsBudget(found.plans));
    return { groups, read: groups[0] ? importGroup(ctx, groups[0], deadline, report, found) : [] };
  });
  saveFound(ctx, found);

  // Jobs go into round trips whole (a job's pages are written together). A record's ended parts
  // are written together once every round trip is done.
  const partsRead: JobResults[] = [];
  const write = (jobs: readonly JobResults[]) => void (report.rowsWritten += writeResults(ctx, pass.sheets, jobs, pass.reads));
  first.groups.forEach((group, index) => {
    if (index > 0 && (report.stoppedEarly || ctx.clock.now() >= deadline)) {
      report.stoppedEarly = true;
      return;
    }
    const read = index === 0 ? first.read : ctx.interleaving.offline(() => importGroup(ctx, group, deadline, report, found));
    saveFound(ctx, found);
    write(read.filter((job) => job.pair === null));
    partsRead.push(...read.filter((job) => job.pair !== null));
  });
  write(partsRead);
}

/** What the network phase learnt, to be written once the locks are back: records to save (statuses, notes), pages to read. */
interface Found {
  saves: JobRecord[];
  plans: PagePlan[];
}

/** The records of `found` saved (a failed save only delays a job's checkpoint: the pass goes on), and forgotten. */
function saveFound(ctx: JobsContext, found: Found): void {
  for (const record of found.saves) {
    const stored = ctx.store.get(record.id);
    if (stored?.startKey && record.startKey === null && record.settled) ctx.store.deleteStart(stored.startKey);
    ctx.store.trySave(record);
  }
  found.saves = [];
}

/** Every job's status in ONE round trip: the records to save and the pages to read, into `found` (nothing is written here). */
function readStatuses(ctx: JobsContext, reads: readonly StatusRead[], deadline: number, report: PollReport, found: Found): void {
  const requests = reads.map((read) => ctx.client.prepare.getJob(read.family, read.jobId));
  const statuses = ctx.client.batch(requests, { deadline });
  reads.forEach((read, index) => {
    const outcome = statuses[index];
    if (!outcome) return;
    report.jobsPolled += 1;
    if (!outcome.ok) {
      const changed = statusFailure(ctx, read.record, outcome.error);
      if (changed) found.saves.push(changed);
      return;
    }
    const job = outcome.value;
    if (read.pair !== null) {
      // A record's part: read once it has ended, then written with the record's others (its record says the rest).
      const plan = isTerminalStatus(job.status) ? planPages(read, job, read.ceiling) : null;
      if (plan) found.plans.push(plan);
      return;
    }
    const updated = applyStatus(markSeen(read.record, ctx.keyDigest), job);
    found.saves.push(updated);
    const plan = planPages({ ...read, record: updated }, job, job.actor_input?.maxResults);
    if (plan) found.plans.push({ ...plan, sent: job.actor_input?.businesses });
  });
}

/** The plans in round trips, as many jobs per trip as RESULTS_PER_ROUND_TRIP allows (a job heavier than that goes alone). */
function roundTripsOf(plans: readonly PagePlan[]): PagePlan[][] {
  const groups: PagePlan[][] = [];
  let weight = 0;
  for (const plan of plans) {
    const last = groups[groups.length - 1];
    if (last && weight + plan.mostResults <= RESULTS_PER_ROUND_TRIP) {
      last.push(plan);
      weight += plan.mostResults;
    } else {
      groups.push([plan]);
      weight = plan.mostResults;
    }
  }
  return groups;
}

/** The plans, with records' ended parts only as far as PART_RESULTS_PER_PASS (the first one always). */
function withinPartsBudget(plans: readonly PagePlan[]): PagePlan[] {
  let weight = 0;
  return plans.filter((plan) => {
    if (plan.pair === null) return true;
    const fits = weight === 0 || weight + plan.mostResults <= PART_RESULTS_PER_PASS;
    if (fits) weight += plan.mostResults;
    return fits;
  });
}

/** The record to save after a failed status read, or null to leave it exactly as it is. */
function statusFailure(ctx: JobsContext, record: JobRecord, error: LeadsApiError): JobRecord | null {
  if (error.kind === "not_found") {
    // Not this key's account's job (or its creator's key changed account): never "done" for
    // that alone. The creator's progress stays as it is; this key simply stops asking.
    const hidden = markHidden(record, ctx.keyDigest);
    if (!nobodyCanSee(hidden, ctx.editors.digests())) return hidden;
    // Its start record goes with it (saveFound deletes a start record a saved record no longer names).
    return { ...hidden, settled: true, error: NOBODY_CAN_SEE_MESSAGE, startKey: null };
  }
  // Someone else's job: our failure says nothing about it, so it shows nothing of it.
  if (!isMine(record, ctx.keyDigest)) return null;
  return { ...record, note: passNote("status", error.message) };
}

/** Reads the group's pages in one round trip (and a terminal job's to its last): what each job's results are; notes go into `found`. */
function importGroup(ctx: JobsContext, group: PagePlan[], deadline: number, report: PollReport, found: Found): JobResults[] {
  const requests = group.flatMap((plan) =>
    plan.pages.map((page) => ctx.client.prepare.getResults(plan.family, plan.jobId, { page, pageSize: RESULTS_PAGE_SIZE })),
  );
  const outcomes = ctx.client.batch(requests, { deadline });
  const read: JobResults[] = [];
  let offset = 0;
  for (const plan of group) {
    const mine = outcomes.slice(offset, offset + plan.pages.length);
    offset += plan.pages.length;
    const failure = mine.find((outcome) => !outcome.ok);
    if (failure && !failure.ok) {
      found.saves.push({ ...plan.record, note: passNote("results", failure.error.message) });
      continue;
    }
    const firstPages = mine.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
    report.pagesRead += firstPages.length;
    const { record, final, sent, pair, failed } = plan;
    const pages = final ? readToEnd(ctx, plan, firstPages, deadline, report, found) : firstPages;
    if (pages) read.push({ record, businesses: pages.flatMap((page) => page.items), final, sent, pair, failed });
  }
  return read;
}

/**
 * The final sweep must reach the page whose has_more is false (a job can report more results
 * than its status said): every page, or null when it could not, leaving the job for the next pass.
 */
function readToEnd(
  ctx: JobsContext,
  { record, family, jobId }: StatusRead,
  pages: ResultsPage[],
  deadline: number,
  report: PollReport,
  found: Found,
): ResultsPage[] | null {
  const read = readResultPages(ctx.client, family, jobId, { read: pages, deadline, beforeRoundTrip: () => ctx.clock.now() < deadline });
  report.pagesRead += read.pages.length - pages.length;
  if (read.complete) return read.pages;
  if (read.error) found.saves.push({ ...record, note: passNote("results", read.error.message) });
  else report.stoppedEarly = true;
  return null;
}
