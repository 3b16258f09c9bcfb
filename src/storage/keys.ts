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

/** A key's entry; `prefix` when it starts every key of a collection. Marked free of side effects, so the bundle drops the registry. */
/* @__NO_SIDE_EFFECTS__ */
const key = (store: StoreOf, shape: string, writer: string, prefix?: true): StoredKey =>
  prefix ? { store, prefix, shape, writer } : { store, shape, writer };

/**
 * Where each key lives, its value's shape and the file that writes it. Nothing in src/ reads it, so
 * the bundle leaves it out; test/storage/keys.test.ts checks it against the code.
 */
export const KEY_REGISTRY: { readonly [K in keyof typeof KEYS]: StoredKey } = {
  // ---- the user's properties ----
  apiKey: key("user", "the API key (plain text, never logged)", "src/storage/settings.ts"),
  baseUrl: key("user", "the service address (plain text)", "src/storage/settings.ts"),
  editorId: key("user", "a UUID (plain text)", "src/gas/key-digest.ts"),
  servedDocuments: key("user", "SERVED_SHAPE (src/storage/user-documents.ts)", "src/storage/user-documents.ts"),
  backgroundNotices: key("user", "NOTICES_SHAPE (src/storage/user-documents.ts)", "src/storage/user-documents.ts"),
  lastBackgroundRun: key("user", "RUN_SHAPE (src/gas/background-executions.ts)", "src/gas/background-executions.ts"),
  jobSlots: key("user", "SEEN_SLOTS_SHAPE (src/enrich/run/run-estimate.ts)", "src/enrich/run/run-estimate.ts"),
  pollTriggerMinutes: key("user", "minutes (a number as text)", "src/gas/document-poll-trigger.ts", true),
  chunkBody: key("user", "PART_SHAPE (src/enrich/run/pending.ts)", "src/enrich/run/pending.ts", true),
  // ---- the document's properties ----
  sharedApiKey: key("document", "the API key shared with formulas (plain text)", "src/storage/settings.ts"),
  sharedBaseUrl: key("document", "the service address shared with formulas (plain text)", "src/storage/settings.ts"),
  pollEveryMinutes: key("document", "minutes (a number as text)", "src/storage/settings.ts"),
  sharedForgotten: key("document", "SHARED_FORGOTTEN_SHAPE (src/contacts/contacts-rules.ts)", "src/contacts/contacts-rules.ts"),
  // ---- the job store (document properties, or the full build's developer metadata entry) ----
  job: key("jobStore", "jobRecordVersions (src/jobs/job-record-versions.ts)", "src/jobs/job-store.ts", true),
  start: key("jobStore", "START_RECORD_SHAPE (src/jobs/job-record.ts)", "src/jobs/job-store.ts", true),
  enrichRun: key("jobStore", "StoredRun (src/enrich/run/run-record.ts)", "src/enrich/run/run-record.ts", true),
  chunkHead: key("jobStore", "HEAD_SHAPE (src/enrich/run/pending.ts)", "src/enrich/run/pending.ts", true),
  editorKeys: key("jobStore", "EDITORS_SHAPE (src/jobs/editor-keys.ts)", "src/jobs/editor-keys.ts"),
  contactsSynced: key("jobStore", "STATE_SHAPE (src/contacts/contacts-state.ts)", "src/contacts/contacts-state.ts"),
  contactsRules: key("jobStore", "RULES_SHAPE (src/contacts/contacts-rules.ts)", "src/contacts/contacts-rules.ts"),
  selfCheckProbe: key("jobStore", "a probe's JSON, removed at once", "src/self-check/job-store-probe.ts", true),
  // ---- developer metadata (full build), PROJECT-visible at the spreadsheet ----
  metadataData: key("metadata", "encodeData (src/storage/metadata-entries.ts)", "src/gas/developer-metadata-store.ts"),
  metadataClaim: key("metadata", "encodeClaim (src/storage/metadata-entries.ts)", "src/storage/write-claim.ts"),
  // ---- the document cache (custom functions), each under "bl:" + the key's namespace + ":" ----
  cacheNamespace: key("cache", "CellCache entries (src/functions/cell-cache.ts)", "src/functions/cell-cache.ts", true),
  cacheRate: key("cache", "SENT_SHAPE (src/functions/request-budget.ts)", "src/functions/request-budget.ts"),
  cacheCredits: key("cache", "CACHED_CREDITS (src/functions/leads-functions.ts)", "src/functions/leads-functions.ts"),
  cacheLocations: key("cache", "CACHED_TABLE (src/functions/leads-functions.ts)", "src/functions/leads-functions.ts", true),
  cacheResults: key("cache", "CACHED_TABLE (src/functions/leads-functions.ts)", "src/functions/leads-functions.ts", true),
  cacheBusinesses: key("cache", "BusinessSchema buckets (src/functions/lookups.ts)", "src/functions/record-cache.ts", true),
  cacheJobs: key("cache", "JobSchema buckets (src/functions/lookups.ts)", "src/functions/record-cache.ts", true),
  cacheKinds: key("cache", "CACHED_KIND buckets (src/functions/lookups.ts)", "src/functions/record-cache.ts", true),
  lockEpoch: key("cache", "a token (plain text)", "src/gas/locks.ts"),
};

/** The poll trigger's key of one document. */
export const pollTriggerMinutesKey = (documentId: string): string => KEYS.pollTriggerMinutes + documentId;
