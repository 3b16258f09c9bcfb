// This file defines how much room the job store takes and keeps: Apps Script's limits (9 KB a value, 500 KB a store, in UTF-8 bytes),
// each text's share of a record, the room a new job needs, and the pruning of old finished jobs beyond a fixed count or the store's budget.
import { isJobDone, hasSchedule, isStartExpired, searchOf, type JobRecord, type StartRecord } from "./job-record";
import type { PrefixedCollection } from "../storage/prefixed-collection";
import { DOCUMENT_PROPERTIES_BUDGET, storeSize, type KeyValueStore, type StoreBudget } from "../storage/key-value-store";
import { clipToBytes, utf8Bytes } from "../storage/utf8";
import { storedText } from "../storage/stored-json";
import { KEYS } from "../storage/keys";
import { JOB_RECORD_FORMAT } from "./job-record-versions";
import { UserFacingError } from "../errors/user-error";
import { iso, timeNow } from "../rules/clock";
import { REQUEST_LIMITS } from "../rules/request-limits";
import { clippedNote } from "./record-note";

/** Finished jobs kept for the sidebar's list; older ones are pruned. */
export const MAX_FINISHED_JOBS = 40;
/** Apps Script's limits, in UTF-8 bytes (a store counts its keys and values). */
export const VALUE_LIMIT_BYTES = 9 * 1024;
export const STORE_LIMIT_BYTES = DOCUMENT_PROPERTIES_BUDGET.limit;
/** One record's key and value at most: a value's limit, with room to spare for a note or an error added later. */
export const RECORD_LIMIT_BYTES = VALUE_LIMIT_BYTES - 512;
/**
 * Finished jobs are pruned, oldest first, while the document's properties exceed this: well
 * below the limit, so active jobs, settings and the other features' state always have room.
 */
export const STORE_BUDGET_BYTES = DOCUMENT_PROPERTIES_BUDGET.pruneAbove;
/**
 * Bytes of each text of a record: a 200-character ASCII name fits whole, a CJK one keeps its first
 * 79 characters (3 bytes each) and an ellipsis; sheet names are at most 90 characters. Sized so that even 300
 * active jobs with every text at its longest stay under the store's limit (see npm run bench).
 */
const TEXT_BUDGET_BYTES = { name: 240, sheetName: 270, error: 1200, note: 320 } as const;
/** The longest IANA time zone name a spreadsheet may have: what a record's `timeZone` may take. */
const LONGEST_TIME_ZONE = "America/Argentina/ComodRivadavia";

/** Bytes a store holds: keys and values, in UTF-8. */
export const storeBytes = (properties: Record<string, string>): number => storeSize(DOCUMENT_PROPERTIES_BUDGET, properties);

/** The store cannot take one more job: what remains are jobs in progress and scheduled searches. */
export class JobStoreFullError extends UserFacingError {
  constructor() {
    super(
      "This spreadsheet's list of Business Leads jobs is full: jobs still in progress and searches with a refresh " +
        "schedule take all its room. " +
        "Wait for a job to finish or turn a refresh schedule off, or start the search in another spreadsheet.",
    );
  }
}

/**
 * The record as stored: texts clipped by UTF-8 bytes. JSON may escape characters (a control
 * character takes 6 bytes), so the whole value is measured and the texts shrunk until it fits.
 */
export function storedRecordJson(record: JobRecord): string {
  const schedule = searchOf(record)?.refresh;
  for (let share = 1; ; share /= 2) {
    const clip = (text: string | null, budget: number) => (text === null ? null : clipToBytes(text, Math.floor(budget * share)));
    const json = storedText(JOB_RECORD_FORMAT, {
      ...record,
      idempotencyKey: record.settled ? undefined : record.idempotencyKey, // a finished job needs it no more
      name: clip(record.name, TEXT_BUDGET_BYTES.name) ?? "",
      sheetName: clip(record.sheetName, TEXT_BUDGET_BYTES.sheetName),
      error: clip(record.error, TEXT_BUDGET_BYTES.error),
      note: clippedNote(record.note, (text) => clip(text, TEXT_BUDGET_BYTES.note) ?? ""),
      ...(schedule ? { refresh: { ...schedule, lastError: clip(schedule.lastError, TEXT_BUDGET_BYTES.error) } } : {}),
    });
    if (utf8Bytes(json) + utf8Bytes(KEYS.job + record.id) <= RECORD_LIMIT_BYTES || share < 0.01) return json;
  }
}

/**
 * A job not yet created, with the longest texts its records may get: what a new job needs room
 * for. It carries every field of either kind, so it is as large as a record of either may get.
 */
export function largestNewJob(name: string): { record: JobRecord; start: StartRecord } {
  const id = "00000000-0000-4000-8000-000000000000";
  const createdAt = iso(0);
  const digest = "0".repeat(16);
  const sheetName = `${name.slice(0, 100)} (9999)`; // Sheets allows 100 characters; a repeat adds " (n)"
  const record = {
    id,
    kind: "enrichment" as const,
    name,
    sheetId: 2 ** 31 - 1,
    sheetName,
    status: "x".repeat(16),
    leadCount: 99_999,
    enrichedCount: 99_999,
    creditsCharged: 99_999,
    rowsWritten: 99_999,
    settled: false,
    error: null,
    note: null,
    createdAt,
    finishedAt: createdAt,
    startKey: digest,
    idempotencyKey: id,
    createdBy: digest,
    seenBy: [digest],
    searchKey: digest,
    maxResults: REQUEST_LIMITS.maxResults,
    timeZone: LONGEST_TIME_ZONE,
  };
  return { record, start: { idempotencyKey: id, createdAt, jobId: id, sheetName, sheetId: 2 ** 31 - 1 } };
}

/** Each editor's (creator's) newest finished job: what a team's editor comes back to the sidebar for. */
function lastOfEachEditor(finished: readonly JobRecord[]): Set<string> {
  const newest = new Map<string, JobRecord>();
  for (const record of finished) {
    if (record.createdBy === undefined) continue;
    const known = newest.get(record.createdBy);
    if (!known || known.createdAt < record.createdAt) newest.set(record.createdBy, record);
  }
  return new Set([...newest.values()].map((record) => record.id));
}

/**
 * Keeps the newest finished jobs: at most MAX_FINISHED_JOBS, fewer while the store holds more
 * than its budget's pruneAbove, but each editor's last one stays while there is room (a team of
 * ten, each with a large territory, keeps all ten listed) unless `forNewJob`: a job to start needs
 * that room more. Active jobs and scheduled searches are never pruned, nor any sheet touched.
 * Start records that outlived their use go too.
 */
export function pruneJobs(
  store: KeyValueStore,
  budget: StoreBudget,
  jobRecords: PrefixedCollection<JobRecord>,
  startRecords: PrefixedCollection<StartRecord>,
  forNewJob = false,
): void {
  const properties = store.getProperties();
  let total = storeSize(budget, properties);
  const jobs = new Map(jobRecords.all(properties).map((record) => [record.id, record]));
  const remove = (key: string) => {
    if (properties[key] === undefined) return;
    total -= budget.size(key, properties[key] ?? "");
    delete properties[key];
    store.deleteProperty(key);
  };
  // Oldest first: beyond the count, and for as long as the store is over its budget.
  const finished = [...jobs.values()]
    .filter((record) => isJobDone(record) && !hasSchedule(record))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const excess = finished.length - MAX_FINISHED_JOBS;
  const kept = forNewJob ? new Set<string>() : lastOfEachEditor(finished);
  for (let i = 0; i < finished.length && (i < excess || total > budget.pruneAbove); i += 1) {
    const record = finished[i] as JobRecord;
    if (i >= excess && kept.has(record.id)) continue;
    remove(jobRecords.key(record.id));
    jobs.delete(record.id);
    if (record.startKey) remove(startRecords.key(record.startKey));
  }
  const now = timeNow();
  for (const fingerprint of startRecords.ids(properties)) {
    const key = startRecords.key(fingerprint);
    const start = startRecords.read(properties[key]);
    const job = start?.jobId ? jobs.get(start.jobId) : undefined;
    // An unreadable start record is spent too.
    if (job ? isJobDone(job) : start === null || isStartExpired(start, now)) remove(key);
  }
}
