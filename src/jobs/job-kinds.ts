// This file defines the kinds of job the add-on tracks as data: the table that maps a kind to its
// parts, looked up wherever a part is needed instead of a branch on the kind. A kind's parts: the
// service's endpoint family its jobs are read through, the words the sidebar and the sheet use for
// it (src/rules/job-kinds.ts), and its own fields of a record made for a job found on the service.
// Where results go is a record's, not a kind's (src/passes/result-writers.ts): an enrichment of
// rows writes back into them, every other job into a results sheet.
import type { Job } from "../api/schemas";
import { KIND_WORDS, type JobKind, type KindWords } from "../rules/job-kinds";
import type { EnrichmentRecord, JobRecord, SearchRecord } from "./job-record";
import { searchIdentity } from "./search-identity";

interface KindParts {
  /** The service's endpoint family of its jobs: their status, results and list requests. */
  family: JobKind;
  words: KindWords;
  /** The kind's own fields of a record made for a job of this kind found on the service (importJob). */
  recordOf(job: Job): Pick<SearchRecord, "kind" | "searchKey" | "maxResults"> | Pick<EnrichmentRecord, "kind">;
}

export const KIND_PARTS: Record<JobKind, KindParts> = {
  search: { family: "search", words: KIND_WORDS.search, recordOf: (job) => ({ kind: "search", ...searchIdentity(job) }) },
  enrichment: { family: "enrichment", words: KIND_WORDS.enrichment, recordOf: () => ({ kind: "enrichment" }) },
};

/** The parts of a record's kind. */
export const partsOf = (record: Pick<JobRecord, "kind">): KindParts => KIND_PARTS[record.kind];
