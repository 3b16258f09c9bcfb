// This file defines the job store: one small JSON record per job in document properties, and one
// "start" record per logical job creation holding its idempotency key. Properties allow 9 KB a
// value and 500 KB a store, so records hold only ids, counters and short texts (never results),
// and old finished jobs are pruned beyond a fixed count.
import type { KeyValueStore } from "./key-value-store";
import type { RefreshSchedule } from "./refresh-schedule";

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
const MAX_TEXT = 1000;
/** A start record whose job never got created is forgotten after this. */
const START_RECORD_TTL_MS = 24 * 60 * 60 * 1000;

const clip = (text: string | null): string | null => (text === null ? null : text.length > MAX_TEXT ? text.slice(0, MAX_TEXT - 1) + "…" : text);

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

export class JobStore {
  constructor(private readonly store: KeyValueStore) {}

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

  save(record: JobRecord): void {
    const stored: JobRecord = { ...record, name: clip(record.name) ?? "", error: clip(record.error), note: clip(record.note) };
    this.store.setProperty(JOB_PREFIX + record.id, JSON.stringify(stored));
  }

  /** Keeps the newest finished jobs; active jobs and searches with a schedule are never pruned. */
  prune(): void {
    const finished = this.all().filter((record) => isJobDone(record) && record.refresh === undefined);
    for (const record of finished.slice(MAX_FINISHED_JOBS)) this.store.deleteProperty(JOB_PREFIX + record.id);
  }

  getStart(fingerprint: string, now: number): StartRecord | null {
    const record = parseJson<StartRecord>(this.store.getProperty(START_PREFIX + fingerprint));
    if (record && record.jobId === null && now - Date.parse(record.createdAt) > START_RECORD_TTL_MS) return null;
    return record;
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
