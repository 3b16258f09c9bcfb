// This file defines the job store: one small JSON record per job in the document's key-value store (document properties, or developer
// metadata in the full-scope build), and one start record per logical job creation holding its idempotency key until the job exists.
import { askedOnce, jobRecordVersions, type DocumentFacts } from "./job-record-versions";
import {
  isJobDone,
  isStartExpired,
  START_RECORD_SHAPE,
  territoryOf,
  type JobRecord,
  type StartRecord,
  type StoredKinds,
} from "./job-record";
import { JobStoreFullError, largestNewJob, pruneJobs, RECORD_LIMIT_BYTES, storedRecordJson } from "./job-store-budget";
import { dailyQuotaMessage, InvalidInputError, messageOf } from "../errors/user-error";
import { utf8Bytes } from "../storage/utf8";
import { DOCUMENT_PROPERTIES_BUDGET, storeSize, type KeyValueStore, type StoreBudget } from "../storage/key-value-store";
import { PrefixedCollection } from "../storage/prefixed-collection";
import { KEYS } from "../storage/keys";

export class JobStore {
  /** How full this store may get: its own budget, or document properties'. */
  private readonly budget: StoreBudget;
  private readonly jobs: PrefixedCollection<JobRecord>;
  private readonly starts: PrefixedCollection<StartRecord>;
  private readonly facts: DocumentFacts;

  constructor(
    private readonly store: KeyValueStore,
    /** The document's facts: its time zone, which a new record keeps. */
    facts: DocumentFacts,
    /** How each kind of record is stored (app/record-kinds.ts): a record is read back through its kind's schema. */
    kinds: StoredKinds,
  ) {
    this.budget = store.budget ?? DOCUMENT_PROPERTIES_BUDGET;
    this.facts = askedOnce(facts);
    // The job records by job id, the start records by the start's fingerprint.
    this.jobs = new PrefixedCollection(store, KEYS.job, jobRecordVersions(this.facts, kinds));
    this.starts = new PrefixedCollection(store, KEYS.start, START_RECORD_SHAPE);
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

  /**
   * Writes the records read in an earlier version back in today's shape: the pass calls it, under
   * its lock and in its batch, so each record is rewritten once in its life and reads never write.
   */
  writeBack(): number {
    return this.jobs.writeBack() + this.starts.writeBack();
  }

  /** The document's time zone, which a new record keeps (asked of the spreadsheet once at most). */
  timeZone(): string {
    return this.facts.timeZone();
  }

  get(jobId: string): JobRecord | null {
    return this.jobs.get(jobId);
  }

  /** Every job of the document, newest first. */
  all(): JobRecord[] {
    return this.jobs.all().sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  active(): JobRecord[] {
    return this.all().filter((record) => !isJobDone(record));
  }

  /**
   * Saves the record; when the store refuses (a full store), prunes finished jobs and tries once
   * more. Throws JobStoreFullError when it still does not fit (what is left is jobs in progress).
   */
  save(record: JobRecord): void {
    const key = this.jobs.key(record.id);
    const value = storedRecordJson(record);
    try {
      this.jobs.save(record.id, record, value);
    } catch {
      // A record of work in progress needs the room more than any finished job its line.
      this.prune("for a new job");
      try {
        this.jobs.save(record.id, record, value);
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
    } catch (error) {
      // A spent daily quota refuses every later save too: the pass stops here and says so.
      if (dailyQuotaMessage(messageOf(error)) !== null) throw error;
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
    this.makeRoom(
      this.budget.size(this.jobs.key(record.id), storedRecordJson(record)) +
        this.budget.size(this.starts.key(fingerprint(name)), this.starts.text(start)),
    );
  }

  /**
   * The same for a record at the largest it may grow (a territory's with every search created): it
   * must also fit one stored value, else it is refused, with how many searches would fit.
   */
  makeRoomForRecord(largest: JobRecord): void {
    const key = this.jobs.key(largest.id);
    const value = storedRecordJson(largest);
    const bytes = utf8Bytes(key) + utf8Bytes(value);
    if (bytes > RECORD_LIMIT_BYTES) {
      const searches = territoryOf(largest)?.pairs.length ?? 1;
      const fit = Math.max(1, Math.floor((searches * RECORD_LIMIT_BYTES) / bytes) - 1);
      throw new InvalidInputError(
        `${searches} searches are more than one spreadsheet's job list keeps together: start at most about ${fit} at once ` +
          "(fewer queries or places).",
      );
    }
    this.makeRoom(this.budget.size(key, value));
  }

  /** Makes sure the store holds `needed` more below the ceiling for new jobs, pruning if that makes room; else JobStoreFullError. */
  private makeRoom(needed: number): void {
    const fits = () => storeSize(this.budget, this.store.getProperties()) + needed <= this.budget.newJobCeiling;
    if (fits()) return;
    this.prune("for a new job");
    if (!fits()) throw new JobStoreFullError();
  }

  /** What the store would hold with `key` set to `value`. */
  private sizeWith(key: string, value: string): number {
    const properties = this.store.getProperties();
    const old = properties[key];
    return storeSize(this.budget, properties) - (old === undefined ? 0 : this.budget.size(key, old)) + this.budget.size(key, value);
  }

  /**
   * Prunes old finished jobs and spent start records (job-store-budget.ts pruneJobs); "for a new job"
   * may take each editor's last finished job too, which a pass keeps listed.
   */
  prune(why: "to budget" | "for a new job" = "to budget"): void {
    pruneJobs(this.store, this.budget, this.jobs, this.starts, why === "for a new job");
  }

  /**
   * The start named `fingerprint`: its start record, or once the job record exists (and holds the
   * idempotency key instead), the job in progress it created.
   */
  getStart(fingerprint: string, now: number): StartRecord | null {
    const record = this.starts.get(fingerprint);
    if (record) return record.jobId === null && isStartExpired(record, now) ? null : record;
    const job = this.active().find((r) => r.startKey === fingerprint && r.idempotencyKey !== undefined);
    return job?.idempotencyKey
      ? { idempotencyKey: job.idempotencyKey, createdAt: job.createdAt, jobId: job.id, sheetName: null, sheetId: null }
      : null;
  }

  saveStart(fingerprint: string, record: StartRecord): void {
    this.starts.save(fingerprint, record);
  }

  deleteStart(fingerprint: string): void {
    this.starts.delete(fingerprint);
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
