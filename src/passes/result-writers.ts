// This file defines where a pass writes the results it read, one writer chosen by where a record's results go: an enrichment back into
// the user's rows, a territory's ended searches into its one sheet, any other job into its results sheet by Business ID.
// One job's sheet trouble never stops the others: the job says so, and the next pass tries again.
import type { Business } from "../api/schemas";
import { writeEnrichmentResults, type EnrichmentResults } from "../enrich/write-back/write-results";
import type { PassReads } from "../enrich/list/list-rows";
import type { JobsContext } from "../jobs/job-context";
import { enrichmentOf, territoryOf, type JobRecord } from "../jobs/job-record";
import { writeEndedSearches, type EndedSearch } from "../territory/territory-sheet";
import { resultSheetOf } from "../jobs/job-sheet";
import { passNote, passNoteCleared } from "../jobs/record-note";
import { dayOf } from "../jobs/seen-day";
import { resultColumns, seenOn } from "../sheets/columns";
import { upsertInPlace } from "../sheets/fast-upsert";
import type { SheetsById } from "../sheets/result-sheet";
import { writeProblem } from "../sheets/document-room";
import { upsertBusinesses } from "../sheets/writer";

/** What a pass read of one job: its businesses, and whether they are all of them (the job is terminal). */
export interface JobResults {
  record: JobRecord;
  businesses: readonly Business[];
  final: boolean;
  /** An enrichment's submitted businesses (its status's actor_input), in the order sent. */
  sent?: EnrichmentResults["sent"];
  /** A territory's search: its index among the territory's; null for a record's own job. */
  pair: number | null;
  /** The service says the job failed. */
  failed: boolean;
}

/**
 * Writes each job's results where they go and checkpoints its record; returns the rows written.
 * `reads`: what the pass has read of enrichment's lists, forgotten once another writer writes.
 */
export function writeResults(ctx: JobsContext, sheets: SheetsById, read: readonly JobResults[], reads: PassReads): number {
  // Where the service's businesses enter every writer: an address forgotten for good (forgetContact) is never written again.
  const jobs = read.map((job) => ({ ...job, businesses: ctx.withoutForgotten(job.businesses) }));
  const rowsByHeader = new Map<string, EnrichmentResults[]>();
  const territories = new Map<string, EndedSearch[]>();
  let written = 0;
  for (const job of jobs) {
    if (job.pair !== null) {
      territories.set(job.record.id, [
        ...(territories.get(job.record.id) ?? []),
        { pair: job.pair, businesses: job.businesses, failed: job.failed },
      ]);
      continue;
    }
    const enrichment = enrichmentOf(job.record);
    const target = enrichment?.enrichment;
    if (enrichment && target) {
      const key = `${enrichment.sheetId ?? ""}:${target.headerRow}`;
      rowsByHeader.set(key, [...(rowsByHeader.get(key) ?? []), { ...job, record: enrichment }]);
    } else {
      reads.forget(); // its sheet may be a list's too
      written += orNoteFailure(ctx, [job.record], () => writeResultSheet(ctx, sheets, job));
    }
  }
  for (const group of rowsByHeader.values()) {
    written += orNoteFailure(
      ctx,
      group.map((job) => job.record),
      () => writeEnrichmentResults(ctx, sheets, group, reads),
    );
  }
  if (territories.size > 0) reads.forget();
  for (const [id, ended] of territories) {
    // The territory as stored now: an earlier round trip of this pass may have merged its other searches.
    const stored = ctx.store.get(id);
    const territory = stored ? territoryOf(stored) : null;
    if (territory) written += orNoteFailure(ctx, [territory], () => writeEndedSearches(ctx, sheets, territory, ended));
  }
  return written;
}

/** `write`'s rows written; or, when it fails, 0 and each of its jobs says why. */
function orNoteFailure(ctx: JobsContext, records: readonly JobRecord[], write: () => number): number {
  try {
    return write();
  } catch (error) {
    for (const record of records) {
      const latest = ctx.store.get(record.id) ?? record; // keeps a sheet recreated meanwhile
      // Google's cell limit met: the note says so, and the pass goes on with the other jobs (never a throw every hour).
      ctx.store.trySave({ ...latest, note: passNote("write", writeProblem(error)) });
    }
    return 0;
  }
}

/** A job's results into its results sheet: the cheap path in the usual case, else the general writer. */
function writeResultSheet(ctx: JobsContext, sheets: SheetsById, job: JobResults): number {
  let record = job.record;
  // Every business of a search's own sheet was first (and last) seen on the search's day.
  const timeZone = record.timeZone;
  const columns = resultColumns(seenOn(dayOf(ctx, timeZone, record.createdAt)));
  // The sheet by its id, recreated when deleted (refilled completely below); the usual case takes the
  // cheap path (4 calls), moved headers and rows to insert or delete take the general writer.
  const options = { removeOthers: job.final };
  const target = resultSheetOf(ctx, record, sheets, "it was recreated");
  record = target.record;
  const cheap = upsertInPlace(target.sheet, job.businesses, columns, options);
  const result = cheap ?? upsertBusinesses(target.sheet, job.businesses, columns, options);
  // A sheet renamed by its user is named so on the job's line: its name is read (a read call) where
  // the general writer runs and once at the job's end, not on every pass of a running job.
  const sheetName = (cheap && !job.final ? record.sheetName : null) ?? target.sheet.getName();
  // A finished job no longer needs its start record: the same arguments may start a new search.
  if (job.final && record.startKey) ctx.store.deleteStart(record.startKey);
  ctx.store.trySave({
    ...record,
    sheetName,
    timeZone,
    rowsWritten: new Set(job.businesses.map((b) => b.id)).size,
    settled: job.final,
    note: passNoteCleared(record),
  });
  return result.appended + result.updated;
}
