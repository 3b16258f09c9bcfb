// This file is the registry of every key the add-on stores under: Properties (user, document), the
// job store, the document cache and developer metadata, each with its shape and the file that
// writes it. No other file spells a stored key; the strings never change (stored documents keep them).

/** Where a key lives. The job store is document properties, or in the full build one developer metadata entry. */
type StoreOf = "user" | "document" | "jobStore" | "cache" | "metadata";

export interface StoredKey {
  readonly store: StoreOf;
  /** The key starts every key of a collection. */
  readonly prefix?: true;
  /** Its value: a plain string, or the stored shape (a zod/mini schema with its upgrade) named by file. */
  readonly shape: string;
  /** The file that writes it. */
  readonly writer: string;
}

/** Every stored key, by the name the code uses; a prefix (ending in ":", "@" or ".") starts every key of a collection. */
export const KEYS = {
  // ---- the user's properties ----
  apiKey: "businessLeads.apiKey",
  baseUrl: "businessLeads.baseUrl",
  editorId: "businessLeads.editorId",
  servedDocuments: "businessLeads.servedDocuments",
  backgroundNotices: "businessLeads.backgroundNotices",
  lastBackgroundRun: "businessLeads.lastBackgroundRun",
  jobSlots: "businessLeads.jobSlots",
  /** + the document's id: the minutes the document's poll trigger was made for (default build). */
  pollTriggerMinutes: "businessLeads.pollTrigger.requestedMinutes.",
  /** + "document:startKey:made:index": a part of a chunk's body, in the sender's properties. */
  chunkBody: "enrich-body:",
  // ---- the document's properties ----
  sharedApiKey: "businessLeads.shared.apiKey",
  sharedBaseUrl: "businessLeads.shared.baseUrl",
  pollEveryMinutes: "businessLeads.pollEveryMinutes",
  /** The forgotten addresses' hash prefixes again, where formulas read them in either build (the job store may be metadata). */
  sharedForgotten: "businessLeads.shared.forgotten",
  // ---- the job store (document properties, or the full build's developer metadata entry) ----
  job: "job:",
  start: "start:",
  enrichRun: "enrich-run:",
  chunkHead: "enrich-pending:",
  editorKeys: "businessLeads.editorKeys",
  contactsSynced: "contacts:synced",
  /** The document's Contacts rules: the consent countries, and the hashes of the addresses forgotten for good. */
  contactsRules: "contacts:rules",
  selfCheckProbe: "selfCheck:",
  // ---- developer metadata (full build), PROJECT-visible at the spreadsheet ----
  metadataData: "businessLeads:store",
  metadataClaim: "businessLeads:claim",
  // ---- the document cache (custom functions), each under "bl:" + the key's namespace + ":" ----
  cacheNamespace: "bl:",
  cacheRate: "rate",
  cacheCredits: "credits",
  /** + country code + ":" + query: a location search. */
  cacheLocations: "loc:",
  /** + job id + ":" + columns: a job's results, in chunks "#i" (putLarge). */
  cacheResults: "res:",
  /** + bucket: RecordCache buckets of businesses, jobs and job kinds. */
  cacheBusinesses: "biz@",
  cacheJobs: "job@",
  cacheKinds: "kind@",
  /** Who last took the document lock (a token): a pass that took it back finds it unchanged when nobody else took it meanwhile. */
  lockEpoch: "bl:lock-epoch",
} as const;

/**
 * Where each key lives, its value's shape and the file that writes it. Nothing in src/ reads it, so
 * the bundle leaves it out; test/storage/keys.test.ts checks it against the code.
 */
export const KEY_REGISTRY: { readonly [K in keyof typeof KEYS]: StoredKey } = {
  // ---- the user's properties ----
  apiKey: { store: "user", shape: "the API key (plain text, never logged)", writer: "src/storage/settings.ts" },
  baseUrl: { store: "user", shape: "the service address (plain text)", writer: "src/storage/settings.ts" },
  editorId: { store: "user", shape: "a UUID (plain text)", writer: "src/gas/key-digest.ts" },
  servedDocuments: { store: "user", shape: "SERVED_SHAPE (src/storage/user-documents.ts)", writer: "src/storage/user-documents.ts" },
  backgroundNotices: { store: "user", shape: "NOTICES_SHAPE (src/storage/user-documents.ts)", writer: "src/storage/user-documents.ts" },
  lastBackgroundRun: { store: "user", shape: "RUN_SHAPE (src/gas/background-executions.ts)", writer: "src/gas/background-executions.ts" },
  jobSlots: { store: "user", shape: "SEEN_SLOTS_SHAPE (src/enrich/run/run-estimate.ts)", writer: "src/enrich/run/run-estimate.ts" },
  pollTriggerMinutes: { store: "user", prefix: true, shape: "minutes (a number as text)", writer: "src/gas/document-poll-trigger.ts" },
  chunkBody: { store: "user", prefix: true, shape: "PART_SHAPE (src/enrich/run/pending.ts)", writer: "src/enrich/run/pending.ts" },
  // ---- the document's properties ----
  sharedApiKey: { store: "document", shape: "the API key shared with formulas (plain text)", writer: "src/storage/settings.ts" },
  sharedBaseUrl: { store: "document", shape: "the service address shared with formulas (plain text)", writer: "src/storage/settings.ts" },
  pollEveryMinutes: { store: "document", shape: "minutes (a number as text)", writer: "src/storage/settings.ts" },
  sharedForgotten: {
    store: "document",
    shape: "SHARED_FORGOTTEN_SHAPE (src/contacts/contacts-rules.ts)",
    writer: "src/contacts/contacts-rules.ts",
  },
  // ---- the job store (document properties, or the full build's developer metadata entry) ----
  job: { store: "jobStore", prefix: true, shape: "jobRecordVersions (src/jobs/job-record-versions.ts)", writer: "src/jobs/job-store.ts" },
  start: { store: "jobStore", prefix: true, shape: "START_RECORD_SHAPE (src/jobs/job-record.ts)", writer: "src/jobs/job-store.ts" },
  enrichRun: { store: "jobStore", prefix: true, shape: "StoredRun (src/enrich/run/run-record.ts)", writer: "src/enrich/run/run-record.ts" },
  chunkHead: { store: "jobStore", prefix: true, shape: "HEAD_SHAPE (src/enrich/run/pending.ts)", writer: "src/enrich/run/pending.ts" },
  editorKeys: { store: "jobStore", shape: "EDITORS_SHAPE (src/jobs/editor-keys.ts)", writer: "src/jobs/editor-keys.ts" },
  contactsSynced: { store: "jobStore", shape: "STATE_SHAPE (src/contacts/contacts-state.ts)", writer: "src/contacts/contacts-state.ts" },
  contactsRules: { store: "jobStore", shape: "RULES_SHAPE (src/contacts/contacts-rules.ts)", writer: "src/contacts/contacts-rules.ts" },
  selfCheckProbe: {
    store: "jobStore",
    prefix: true,
    shape: "a probe's JSON, removed at once",
    writer: "src/self-check/job-store-probe.ts",
  },
  // ---- developer metadata (full build), PROJECT-visible at the spreadsheet ----
  metadataData: { store: "metadata", shape: "encodeData (src/storage/metadata-entries.ts)", writer: "src/gas/developer-metadata-store.ts" },
  metadataClaim: { store: "metadata", shape: "encodeClaim (src/storage/metadata-entries.ts)", writer: "src/storage/write-claim.ts" },
  // ---- the document cache (custom functions), each under "bl:" + the key's namespace + ":" ----
  cacheNamespace: {
    store: "cache",
    prefix: true,
    shape: "CellCache entries (src/functions/cell-cache.ts)",
    writer: "src/functions/cell-cache.ts",
  },
  cacheRate: { store: "cache", shape: "SENT_SHAPE (src/functions/request-budget.ts)", writer: "src/functions/request-budget.ts" },
  cacheCredits: { store: "cache", shape: "CACHED_CREDITS (src/functions/leads-functions.ts)", writer: "src/functions/leads-functions.ts" },
  cacheLocations: {
    store: "cache",
    prefix: true,
    shape: "CACHED_TABLE (src/functions/leads-functions.ts)",
    writer: "src/functions/leads-functions.ts",
  },
  cacheResults: {
    store: "cache",
    prefix: true,
    shape: "CACHED_TABLE (src/functions/leads-functions.ts)",
    writer: "src/functions/leads-functions.ts",
  },
  cacheBusinesses: {
    store: "cache",
    prefix: true,
    shape: "BusinessSchema buckets (src/functions/lookups.ts)",
    writer: "src/functions/record-cache.ts",
  },
  cacheJobs: {
    store: "cache",
    prefix: true,
    shape: "JobSchema buckets (src/functions/lookups.ts)",
    writer: "src/functions/record-cache.ts",
  },
  cacheKinds: {
    store: "cache",
    prefix: true,
    shape: "CACHED_KIND buckets (src/functions/lookups.ts)",
    writer: "src/functions/record-cache.ts",
  },
  lockEpoch: { store: "cache", shape: "a token (plain text)", writer: "src/gas/locks.ts" },
};

/** The poll trigger's key of one document. */
export const pollTriggerMinutesKey = (documentId: string): string => KEYS.pollTriggerMinutes + documentId;
