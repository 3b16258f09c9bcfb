// This file is the registry of every key the add-on stores under: Properties (user, document), the
// job store, the document cache and developer metadata, each with its shape and the file that
// writes it. No other file spells a stored key; the strings never change (stored documents keep them).

/** Where a key lives. The job store is document properties, or in the full build one developer metadata entry. */
export type StoreOf = "user" | "document" | "jobStore" | "cache" | "metadata";

export interface StoredKey {
  /** The stored string: the whole key, or (prefix) the start of every key of a collection. */
  readonly key: string;
  readonly store: StoreOf;
  readonly prefix?: true;
  /** Its value: a plain string, or the stored shape (a zod/mini schema with its upgrade) named by file. */
  readonly shape: string;
  /** The file that writes it. */
  readonly writer: string;
}

const key = <K extends string>(k: K, store: StoreOf, shape: string, writer: string): StoredKey & { key: K } => ({ key: k, store, shape, writer });
const prefix = <K extends string>(k: K, store: StoreOf, shape: string, writer: string): StoredKey & { key: K } => ({ key: k, store, prefix: true, shape, writer });

/** Every stored key, by the name the code uses. */
export const KEYS = {
  // ---- the user's properties ----
  apiKey: key("businessLeads.apiKey", "user", "the API key (plain text, never logged)", "src/storage/settings.ts"),
  baseUrl: key("businessLeads.baseUrl", "user", "the service address (plain text)", "src/storage/settings.ts"),
  editorId: key("businessLeads.editorId", "user", "a UUID (plain text)", "src/gas/key-digest.ts"),
  servedDocuments: key("businessLeads.servedDocuments", "user", "SERVED_SHAPE (src/storage/user-documents.ts)", "src/storage/user-documents.ts"),
  backgroundNotices: key("businessLeads.backgroundNotices", "user", "NOTICES_SHAPE (src/storage/user-documents.ts)", "src/storage/user-documents.ts"),
  lastBackgroundRun: key("businessLeads.lastBackgroundRun", "user", "RUN_SHAPE (src/gas/background-runs.ts)", "src/gas/background-runs.ts"),
  jobSlots: key("businessLeads.jobSlots", "user", "SEEN_SLOTS_SHAPE (src/enrich/run-estimate.ts)", "src/enrich/run-estimate.ts"),
  /** + the document's id: the minutes the document's poll trigger was made for (default build). */
  pollTriggerMinutes: prefix("businessLeads.pollTrigger.requestedMinutes.", "user", "minutes (a number as text)", "src/gas/poll-trigger.ts"),
  /** + "document:startKey:made:index": a part of a chunk's body, in the sender's properties. */
  chunkBody: prefix("enrich-body:", "user", "PART_SHAPE (src/enrich/pending.ts)", "src/enrich/pending.ts"),
  // ---- the document's properties ----
  sharedApiKey: key("businessLeads.shared.apiKey", "document", "the API key shared with formulas (plain text)", "src/storage/settings.ts"),
  sharedBaseUrl: key("businessLeads.shared.baseUrl", "document", "the service address shared with formulas (plain text)", "src/storage/settings.ts"),
  pollEveryMinutes: key("businessLeads.pollEveryMinutes", "document", "minutes (a number as text)", "src/storage/settings.ts"),
  // ---- the job store (document properties, or the full build's developer metadata entry) ----
  job: prefix("job:", "jobStore", "jobRecordVersions (src/jobs/job-record-versions.ts)", "src/jobs/job-store.ts"),
  start: prefix("start:", "jobStore", "START_RECORD_SHAPE (src/jobs/job-record.ts)", "src/jobs/job-store.ts"),
  enrichRun: prefix("enrich-run:", "jobStore", "StoredRun (src/enrich/run-record.ts)", "src/enrich/run-record.ts"),
  chunkHead: prefix("enrich-pending:", "jobStore", "HEAD_SHAPE (src/enrich/pending.ts)", "src/enrich/pending.ts"),
  editorKeys: key("businessLeads.editorKeys", "jobStore", "EDITORS_SHAPE (src/jobs/editor-keys.ts)", "src/jobs/editor-keys.ts"),
  selfCheckProbe: prefix("selfCheck:", "jobStore", "a probe's JSON, removed at once", "src/app/job-store-probe.ts"),
  // ---- developer metadata (full build), PROJECT-visible at the spreadsheet ----
  metadataData: key("businessLeads:store", "metadata", "encodeData (src/storage/metadata-entries.ts)", "src/gas/developer-metadata-store.ts"),
  metadataClaim: key("businessLeads:claim", "metadata", "encodeClaim (src/storage/metadata-entries.ts)", "src/storage/write-claim.ts"),
  /** + a job store key: the per-key layout before the data entry, read and migrated (metadata-migration.ts). */
  metadataLegacy: prefix("businessLeads.", "metadata", "a job store value, or decodeNamedValue (src/storage/metadata-entries.ts)", "src/storage/metadata-migration.ts"),
  // ---- the document cache (custom functions), each under "bl:" + the key's namespace + ":" ----
  cacheNamespace: prefix("bl:", "cache", "CellCache entries (src/functions/cell-cache.ts)", "src/functions/cell-cache.ts"),
  cacheRate: key("rate", "cache", "SENT_SHAPE (src/functions/request-budget.ts)", "src/functions/request-budget.ts"),
  cacheCredits: key("credits", "cache", "CACHED_CREDITS (src/functions/leads-functions.ts)", "src/functions/leads-functions.ts"),
  /** + country code + ":" + query: a location search. */
  cacheLocations: prefix("loc:", "cache", "CACHED_TABLE (src/functions/leads-functions.ts)", "src/functions/leads-functions.ts"),
  /** + job id + ":" + columns: a job's results, in chunks "#i" (putLarge). */
  cacheResults: prefix("res:", "cache", "CACHED_TABLE (src/functions/leads-functions.ts)", "src/functions/leads-functions.ts"),
  /** + bucket: RecordCache buckets of businesses, jobs and job kinds. */
  cacheBusinesses: prefix("biz@", "cache", "BusinessSchema buckets (src/functions/lookups.ts)", "src/functions/record-cache.ts"),
  cacheJobs: prefix("job@", "cache", "JobSchema buckets (src/functions/lookups.ts)", "src/functions/record-cache.ts"),
  cacheKinds: prefix("kind@", "cache", "CACHED_KIND buckets (src/functions/lookups.ts)", "src/functions/record-cache.ts"),
} as const;

/** A job store key of the per-key layout nothing reads any more (the pass lease, replaced by the write claim). */
export const OBSOLETE_JOB_STORE_KEYS: readonly string[] = ["passLease"];

/** The poll trigger's key of one document. */
export const pollTriggerMinutesKey = (documentId: string): string => KEYS.pollTriggerMinutes.key + documentId;

/** A RecordCache bucket kind: its prefix is the kind and "@". */
export type CacheRecordKind = "biz" | "job" | "kind";
