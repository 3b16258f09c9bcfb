// This file defines where a pass writes the results it read: each record kind's writer, looked up by the kind (as kind-parts.ts looks up
// its other parts), so the poll step names no kind. A search's go into its results sheet by Business ID, an enrichment's back into the
// user's rows, a territory's ended searches into its one sheet. One job's sheet trouble never stops the others: the job says so.
import type { PassReads } from "../enrich/list/list-rows";
import { writeEnrichments } from "../enrich/write-back/pass-writer";
import type { JobsContext } from "../jobs/job-context";
import type { RecordKind } from "../jobs/job-record";
import { writeResultsSheet, writtenOrNoted, type JobResults } from "../jobs/job-results";
import type { SheetsById } from "../sheets/result-sheet";
import { writeTerritoryResults } from "../territory/territory-sheet";

/** The pass's sheets by id, and what it has read of enrichment's lists in them (forgotten once another writer writes). */
export interface PassSheets {
  sheets: SheetsById;
  reads: PassReads;
}

/** Writes the pass's results of one kind's records; returns the rows written. */
type KindWriter = (ctx: JobsContext, pass: PassSheets, jobs: readonly JobResults[]) => number;

/** Each kind's writer, in the order a pass writes them. A writer of a sheet that may be a list's forgets what was read of lists. */
const KIND_WRITERS: Record<RecordKind, KindWriter> = {
  search: (ctx, { sheets, reads }, jobs) => {
    let written = 0;
    for (const job of jobs) {
      reads.forget();
      written += writtenOrNoted(ctx, [job.record], () => writeResultsSheet(ctx, sheets, job));
    }
    return written;
  },
  enrichment: (ctx, { sheets, reads }, jobs) => writeEnrichments(ctx, sheets, jobs, reads),
  territory: (ctx, { sheets, reads }, jobs) => {
    if (jobs.length > 0) reads.forget();
    return writeTerritoryResults(ctx, sheets, jobs);
  },
};

/**
 * Writes each job's results where its kind writes them and checkpoints its record; returns the rows written.
 * `reads`: what the pass has read of enrichment's lists, forgotten once another writer writes.
 */
export function writeResults(ctx: JobsContext, sheets: SheetsById, read: readonly JobResults[], reads: PassReads): number {
  // Where the service's businesses enter every writer: an address forgotten for good (forgetContact) is never written again.
  const jobs = read.map((job) => ({ ...job, businesses: ctx.withoutForgotten(job.businesses) }));
  let written = 0;
  for (const [kind, write] of Object.entries(KIND_WRITERS) as Array<[RecordKind, KindWriter]>) {
    const ofKind = jobs.filter((job) => job.record.kind === kind);
    if (ofKind.length > 0) written += write(ctx, { sheets, reads }, ofKind);
  }
  return written;
}
