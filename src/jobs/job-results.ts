// This file defines a job's results as a pass read them, and the writing every kind shares: into the job's results sheet by Business ID
// (a search's, an imported job's), and a writer's failure turned into a note on its jobs, so one job's sheet trouble never stops the
// others. Each kind's own writer (passes/result-writers.ts) is made of these.
import type { Business } from "../api/schemas";
import { writeProblem } from "../sheets/document-room";
import { resultColumns, seenOn } from "../sheets/columns";
import { upsertInPlace } from "../sheets/fast-upsert";
import type { SheetsById } from "../sheets/result-sheet";
import { upsertBusinesses } from "../sheets/writer";
import type { JobsContext } from "./job-context";
import type { JobRecord } from "./job-record";
import { resultSheetOf } from "./job-sheet";
import { passNote, passNoteCleared } from "./record-note";
import { dayOf } from "./seen-day";

/** What a pass read of one job: its businesses, and whether they are all of them (the job is terminal). */
export interface JobResults {
  record: JobRecord;
  businesses: readonly Business[];
  final: boolean;
  /** The businesses the job was sent (its status's actor_input), in the order sent: an enrichment's. */
  sent?: ReadonlyArray<{ business_name?: string | undefined; website_url?: string | undefined }> | undefined;
  /** One of the record's several service jobs (a territory's search): its index among them; null for the record's own job. */
  pair: number | null;
  /** The service says the job failed. */
  failed: boolean;
}

/** `write`'s rows written; or, when it fails, 0 and each of its jobs says why. */
export function writtenOrNoted(ctx: JobsContext, records: readonly JobRecord[], write: () => number): number {
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
export function writeResultsSheet(ctx: JobsContext, sheets: SheetsById, job: JobResults): number {
  // Every business of a search's own sheet was first (and last) seen on the search's day.
  const { timeZone, createdAt } = job.record;
  const columns = resultColumns(seenOn(dayOf(ctx, timeZone, createdAt)));
  // The sheet by its id, recreated when deleted (refilled completely below); the usual case takes the
  // cheap path (4 calls), moved headers and rows to insert or delete take the general writer.
  const options = { removeOthers: job.final };
  const { sheet, record } = resultSheetOf(ctx, job.record, sheets, "it was recreated");
  const cheap = upsertInPlace(sheet, job.businesses, columns, options);
  const result = cheap ?? upsertBusinesses(sheet, job.businesses, columns, options);
  // A sheet renamed by its user is named so on the job's line: its name is read (a read call) where
  // the general writer runs and once at the job's end, not on every pass of a running job.
  const sheetName = (cheap && !job.final ? record.sheetName : null) ?? sheet.getName();
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
