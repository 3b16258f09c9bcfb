// This file defines importing a job made elsewhere: its family is found by asking both status endpoints in one round trip, and an unknown
// ID is refused ahead of any write. The record is saved with its sheet's name ahead of inserting the sheet, so a killed import repeated
// finishes in that sheet, never a second.
import { eitherKind } from "../api/either-kind";
import type { Job } from "../api/schemas";
import { JOB_KINDS, type JobKind } from "../rules/job-kinds";
import { isFailedStatus, isTerminalStatus } from "../rules/job-status";
import type { JobsContext } from "../jobs/job-context";
import { newJobRecord, type EnrichmentRecord, type JobRecord, type SearchRecord } from "../jobs/job-record";
import { namedResultSheet, uniqueSheetName } from "../sheets/result-sheet";
import { checkRoom, documentRoom, newSheetCells } from "../sheets/document-room";
import { BUSINESS_COLUMNS } from "../sheets/columns";
import { InvalidInputError } from "../errors/user-error";
import { KIND_PARTS } from "../jobs/kind-parts";
import { searchIdentity } from "./search-identity";
import { holdsJob, lineOfJob } from "./line-of-job";
import { keepPolling } from "./start-search";

/** The kind's own fields of a record made for a job of that family found on the service (importJob). */
export const IMPORTED_RECORD: Record<
  JobKind,
  (job: Job) => Pick<SearchRecord, "kind" | "searchKey" | "maxResults"> | Pick<EnrichmentRecord, "kind">
> = {
  search: (job) => ({ kind: "search", ...searchIdentity(job) }),
  enrichment: () => ({ kind: "enrichment" }),
};

/** The job's status object and family, or a clear error when this key cannot see it. */
function findJob(ctx: JobsContext, jobId: string, deadline: number): { kind: JobKind; job: Job } {
  const requests = JOB_KINDS.map((kind) => ctx.client.prepare.getJob(kind, jobId));
  const answer = eitherKind(JOB_KINDS, ctx.client.batch(requests, { deadline }));
  if (answer.found) return { kind: answer.kind, job: answer.value };
  if (answer.error) throw answer.error;
  throw new InvalidInputError(
    `No search or enrichment with ID ${jobId} was found for your API key. Check the ID; a job made with another account's key ` +
      "cannot be opened with yours.",
  );
}

/** Tracks the job and gives it a results sheet; a job already tracked (with its sheet) is returned unchanged. */
export function importJob(ctx: JobsContext, jobId: string, deadline: number): { record: JobRecord; created: boolean } {
  // A search of a territory is part of its sheet: opening it opens the territory's.
  const holder = ctx.store.all().find((record) => record.id !== jobId && holdsJob(record, jobId));
  if (holder) return { record: holder, created: false };
  const known = ctx.store.get(jobId);
  if (known && (known.sheetId !== null || known.sheetName === null)) return { record: known, created: false };
  let record = known;
  if (!record) {
    const { kind, job } = findJob(ctx, jobId, deadline);
    // A refresh run of a search of this document was merged into its sheet: open that one.
    const line = lineOfJob(ctx.store.all(), job, kind);
    if (line) return { record: line, created: false };
    // A full document or store says so now, not after the sheet is made.
    checkRoom(documentRoom(ctx.spreadsheet), newSheetCells(job.lead_count + 1, BUSINESS_COLUMNS.length), "this job's sheet");
    ctx.store.makeRoomForNewJob(job.name);
    record = newJobRecord({
      id: job.id,
      name: job.name,
      sheetId: null,
      sheetName: uniqueSheetName(ctx.spreadsheet, job.name || KIND_PARTS[kind].words.importedName),
      status: job.status,
      leadCount: job.lead_count,
      enrichedCount: job.enriched_count,
      creditsCharged: job.credits_charged,
      error: isFailedStatus(job.status) ? (job.error ?? "The job failed (the service gave no reason).") : null,
      createdAt: job.created_at,
      finishedAt: job.finished_at ?? null,
      ownSheet: true,
      createdBy: ctx.keyDigest, // this key found it: its account's job
      seenBy: [ctx.keyDigest],
      timeZone: ctx.spreadsheet.getSpreadsheetTimeZone(),
      ...IMPORTED_RECORD[kind](job),
    });
    ctx.store.save(record); // before the sheet: a repeat after a kill finds the name here
  }
  const sheetName = record.sheetName ?? uniqueSheetName(ctx.spreadsheet, record.name);
  // Its grid: the header and the job's results so far (a running one's sheet grows as they come).
  const sheet = namedResultSheet(ctx.spreadsheet, sheetName, record.sheetId, BUSINESS_COLUMNS, (record.leadCount ?? 0) + 1);
  record = { ...record, sheetId: sheet.getSheetId(), sheetName: sheet.getName() };
  ctx.store.save(record);
  if (!isTerminalStatus(record.status) || !record.settled) keepPolling(ctx);
  return { record, created: true };
}
