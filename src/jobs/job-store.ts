// This file defines the job store: one small JSON record per job in the document's key-value store
// (document properties, or developer metadata in the full-scope build), and one "start" record per
// logical job creation holding its idempotency key until the job record exists. Properties allow
// 9 KB a value and 500 KB a store, counted in UTF-8 bytes, so records hold only ids, counters and
// texts clipped by bytes (never results). Old finished jobs are pruned, oldest first, beyond a
// fixed count or once the store passes the pruning budget of the store it is on (its StoreBudget:
// 300 KB of document properties, or a share of developer metadata's characters).
import type { EnrichTarget } from "./enrich-target";
import { DOCUMENT_PROPERTIES_BUDGET, storeSize, type KeyValueStore, type StoreBudget } from "./key-value-store";
import type { RefreshSchedule } from "./refresh-schedule";
import { clipToBytes, utf8Bytes } from "./utf8";
import { UserFacingError } from "../errors/user-error";

export type JobKind = "search" | "enrichment";

export interface JobRecord {
  id: string;
  kind: JobKind;
  name: string;
  sheetId: number | null;
  sheetName: string | null;
  status: string;
  leadCount: number | null;
  enrichedCount: number | null;
  creditsCharged: number | null;
  rowsWritten: number;
  /**
   * Nothing is left to do for this job: after it ended, its results were re-read to the last page
   * and written; or the service no longer knows it for the current key.
   */
  settled: boolean;
  error: string | null;
  /** Something the user should know that is not the service's error (e.g. the sheet was deleted). */
  note: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The start record that created this job, cleared once the job is done. */
  startKey: string | null;
  /**
   * The idempotency key that created the job, kept while it runs instead of a start record of its
   * own: a repeat of the same start sends it again, so the service answers with this job.
   */
  idempotencyKey?: string;
  /** Opened with importJob: its results go into a results sheet of its own (enrichments too). */
  ownSheet?: boolean;
  /** A search's refresh schedule (setRefresh), with the run under way if any. */
  refresh?: RefreshSchedule;
  /** Digest of the key that created the job (never the key itself): see ownership.ts. */
  createdBy?: string;
  /** Digests of keys that read the job: keys of the creator's account. */
  seenBy?: string[];
  /** Digests of keys the service answered 404: another account's keys, which leave the job alone. */
  hiddenFrom?: string[];
  /** An enrichment of rows of this document: where the rows are (sheetId is their sheet). */
  enrichment?: EnrichTarget;
  /** A search's input without its name (start-search.ts searchInputKey): an identical start finds it while it runs. */
  searchKey?: string;
  /** A search's maxResults: what one re-run of it reserves (JobView.runCredits). */
  maxResults?: number;
}

/** A job just created by the service (or just found there): nothing written, nothing settled yet. */
export function newJobRecord(fields: Pick<JobRecord, "id" | "kind" | "name" | "sheetId" | "sheetName" | "status" | "createdAt"> & Partial<JobRecord>): JobRecord {
  return { leadCount: null, enrichedCount: null, creditsCharged: null, rowsWritten: 0, settled: false, error: null, note: null, finishedAt: null, startKey: null, ...fields };
}

/** A logical job creation: its idempotency key is stored BEFORE the request is sent. */
export interface StartRecord {
  idempotencyKey: string;
  createdAt: string;
  jobId: string | null;
  /** The results sheet's name, chosen (and stored) before the sheet is inserted. */
  sheetName: string | null;
  sheetId: number | null;
}

const JOB_PREFIX = "job:";
const START_PREFIX = "start:";
/** Finished jobs kept for the sidebar's list; older ones are pruned. */
export const MAX_FINISHED_JOBS = 40;
/** Apps Script's limits, in UTF-8 bytes (a store counts its keys and values). */
export const VALUE_LIMIT_BYTES = 9 * 1024;
export const STORE_LIMIT_BYTES = DOCUMENT_PROPERTIES_BUDGET.limit;
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
export const TEXT_BUDGET_BYTES = { name: 240, sheetName: 270, error: 1200, note: 320 } as const;
/** A start record whose job never got created is forgotten after this. */
const START_RECORD_TTL_MS = 24 * 60 * 60 * 1000;

/** Bytes a store holds: keys and values, in UTF-8. */
export const storeBytes = (properties: Record<string, string>): number => storeSize(DOCUMENT_PROPERTIES_BUDGET, properties);

/** The store cannot take one more job: what remains are jobs in progress and scheduled searches. */
export class JobStoreFullError extends UserFacingError {
  constructor() {
    super(
      "This spreadsheet's list of Business Leads jobs is full: jobs still in progress and searches with a refresh schedule take all its room. " +
        "Wait for a job to finish or turn a refresh schedule off, or start the search in another spreadsheet.",
    );
  }
}

/**
 * The record as stored: texts clipped by UTF-8 bytes. JSON may escape characters (a control
 * character takes 6 bytes), so the whole value is measured and the texts shrunk until it fits.
 */
export function storedRecordJson(record: JobRecord): string {
  for (let share = 1; ; share /= 2) {
    const clip = (text: string | null, budget: number) => (text === null ? null : clipToBytes(text, Math.floor(budget * share)));
    const json = JSON.stringify({
      ...record,
      idempotencyKey: record.settled ? undefined : record.idempotencyKey, // a finished job needs it no more
      name: clip(record.name, TEXT_BUDGET_BYTES.name) ?? "",
      sheetName: clip(record.sheetName, TEXT_BUDGET_BYTES.sheetName),
      error: clip(record.error, TEXT_BUDGET_BYTES.error),
      note: clip(record.note, TEXT_BUDGET_BYTES.note),
      ...(record.refresh ? { refresh: { ...record.refresh, lastError: clip(record.refresh.lastError, TEXT_BUDGET_BYTES.error) } } : {}),
    });
    if (utf8Bytes(json) + utf8Bytes(JOB_PREFIX + record.id) <= VALUE_LIMIT_BYTES - 512 || share < 0.01) return json;
  }
}

function parseJson<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null; // A damaged record is treated as absent rather than stopping every pass.
  }
}

export function isJobDone(record: JobRecord): boolean {
  return record.settled;
}

/** A job not yet created, with the longest texts its records may get: what a new job needs room for. */
function largestNewJob(name: string): { record: JobRecord; start: StartRecord } {
  const id = "00000000-0000-4000-8000-000000000000";
  const createdAt = new Date(0).toISOString();
  const digest = "0".repeat(16);
  const sheetName = `${name.slice(0, 100)} (9999)`; // Sheets allows 100 characters; a repeat adds " (n)"
  return {
    record: {
      id, kind: "enrichment", name, sheetId: 2 ** 31 - 1, sheetName, status: "x".repeat(16), leadCount: 99_999, enrichedCount: 99_999,
      creditsCharged: 99_999, rowsWritten: 99_999, settled: false, error: null, note: null, createdAt, finishedAt: createdAt,
      startKey: digest, idempotencyKey: id, createdBy: digest, seenBy: [digest], searchKey: digest, maxResults: 700,
    },
    start: { idempotencyKey: id, createdAt, jobId: id, sheetName, sheetId: 2 ** 31 - 1 },
  };
}

export class JobStore {
  /** How full this store may get: its own budget, or document properties'. */
  private readonly budget: StoreBudget;

  constructor(private readonly store: KeyValueStore) {
    this.budget = store.budget ?? DOCUMENT_PROPERTIES_BUDGET;
  }

  /**
   * Runs `work` with the store's writes held back and written together at its end, where the store
   * writes itself whole (the full build's developer metadata): for work that sends no request
   * creating a job and writes nowhere that must come after the store.
   */
  batch<T>(work: () => T): T {
    return this.store.batch ? this.store.batch(work) : work();
  }

  /** What a batch has held back is written now (a new sheet must be known before anything else). */
  flush(): void {
    this.store.flush?.();
  }

  get(jobId: string): JobRecord | null {
    return parseJson<JobRecord>(this.store.getProperty(JOB_PREFIX + jobId));
  }

  /** Every job of the document, newest first. */
  all(): JobRecord[] {
    const properties = this.store.getProperties();
    const records: JobRecord[] = [];
    for (const key of Object.keys(properties)) {
      if (!key.startsWith(JOB_PREFIX)) continue;
      const record = parseJson<JobRecord>(properties[key] ?? null);
      if (record) records.push(record);
    }
    return records.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  active(): JobRecord[] {
    return this.all().filter((record) => !isJobDone(record));
  }

  /**
   * Saves the record; when the store refuses (a full store), prunes finished jobs and tries once
   * more. Throws JobStoreFullError when it still does not fit (what is left is jobs in progress).
   */
  save(record: JobRecord): void {
    const key = JOB_PREFIX + record.id;
    const value = storedRecordJson(record);
    try {
      this.store.setProperty(key, value);
    } catch {
      this.prune();
      try {
        this.store.setProperty(key, value);
      } catch (error) {
        throw this.sizeWith(key, value) > this.budget.limit ? new JobStoreFullError() : error;
      }
    }
  }

  /**
   * Saves as save() does, but returns false if it still fails: the caller carries on with its other
   * jobs, and the next pass repeats this job's work (every write of a pass is a repeatable upsert).
   */
  trySave(record: JobRecord): boolean {
    try {
      this.save(record);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Before anything is sent or charged: makes sure the store can take one more job named `name`
   * (its start record and its record, with the longest texts they may get) below the budget's
   * ceiling for new jobs, pruning finished jobs if that makes room. Throws JobStoreFullError if
   * it does not: a refusal after the request would lose a job the service has charged for.
   */
  makeRoomForNewJob(name: string): void {
    const { record, start } = largestNewJob(name);
    const needed = this.budget.size(JOB_PREFIX + record.id, storedRecordJson(record)) + this.budget.size(START_PREFIX + fingerprint(name), JSON.stringify(start));
    const fits = () => storeSize(this.budget, this.store.getProperties()) + needed <= this.budget.newJobCeiling;
    if (fits()) return;
    this.prune();
    if (!fits()) throw new JobStoreFullError();
  }

  /** What the store would hold with `key` set to `value`. */
  private sizeWith(key: string, value: string): number {
    const properties = this.store.getProperties();
    const old = properties[key];
    return storeSize(this.budget, properties) - (old === undefined ? 0 : this.budget.size(key, old)) + this.budget.size(key, value);
  }

  /**
   * Keeps the newest finished jobs: at most MAX_FINISHED_JOBS, fewer while the store holds more
   * than its budget's pruneAbove. Active jobs and scheduled searches are never pruned, nor any
   * sheet touched. Start records that outlived their use go too.
   */
  prune(): void {
    const properties = this.store.getProperties();
    let total = storeSize(this.budget, properties);
    const jobs = new Map<string, JobRecord>();
    for (const key of Object.keys(properties)) {
      if (!key.startsWith(JOB_PREFIX)) continue;
      const record = parseJson<JobRecord>(properties[key] ?? null);
      if (record) jobs.set(record.id, record);
    }
    const remove = (key: string) => {
      if (properties[key] === undefined) return;
      total -= this.budget.size(key, properties[key] ?? "");
      delete properties[key];
      this.store.deleteProperty(key);
    };
    // Oldest first: beyond the count, and for as long as the store is over its budget.
    // A search with a refresh schedule is never pruned: its schedule lives in its record.
    const finished = [...jobs.values()].filter((record) => isJobDone(record) && record.refresh === undefined).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    const excess = finished.length - MAX_FINISHED_JOBS;
    for (let i = 0; i < finished.length && (i < excess || total > this.budget.pruneAbove); i += 1) {
      const record = finished[i] as JobRecord;
      remove(JOB_PREFIX + record.id);
      jobs.delete(record.id);
      if (record.startKey) remove(START_PREFIX + record.startKey);
    }
    const now = Date.now();
    for (const key of Object.keys(properties)) {
      if (!key.startsWith(START_PREFIX)) continue;
      const start = parseJson<StartRecord>(properties[key] ?? null);
      const expired = start === null || now - Date.parse(start.createdAt) > START_RECORD_TTL_MS;
      const job = start?.jobId ? jobs.get(start.jobId) : undefined;
      if (job ? isJobDone(job) : expired) remove(key);
    }
  }

  /**
   * The start named `fingerprint`: its start record, or once the job record exists (and holds the
   * idempotency key instead), the job in progress it created.
   */
  getStart(fingerprint: string, now: number): StartRecord | null {
    const record = parseJson<StartRecord>(this.store.getProperty(START_PREFIX + fingerprint));
    if (record) return record.jobId === null && now - Date.parse(record.createdAt) > START_RECORD_TTL_MS ? null : record;
    const job = this.active().find((r) => r.startKey === fingerprint && r.idempotencyKey !== undefined);
    return job?.idempotencyKey ? { idempotencyKey: job.idempotencyKey, createdAt: job.createdAt, jobId: job.id, sheetName: null, sheetId: null } : null;
  }

  saveStart(fingerprint: string, record: StartRecord): void {
    this.store.setProperty(START_PREFIX + fingerprint, JSON.stringify(record));
  }

  deleteStart(fingerprint: string): void {
    this.store.deleteProperty(START_PREFIX + fingerprint);
  }
}

/** A short stable hash of a text (FNV-1a, two 32-bit lanes): names a start record by its arguments. */
export function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
