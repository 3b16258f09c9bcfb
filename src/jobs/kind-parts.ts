// This file defines the kinds of record the add-on tracks as data: the table that maps a kind to its parts (its service endpoint family,
// its sidebar kind and words, the service jobs it tracks), looked up wherever a part is needed instead of a branch on the kind.
import { KIND_WORDS, type JobKind, type KindWords } from "../rules/job-kinds";
import { territoryOf, type JobRecord, type RecordKind } from "./job-record";

/** A service job the document tracks, as the custom functions ask for it (its family, whether it ended). */
export interface TrackedJob {
  kind: JobKind;
  status: string;
}

interface KindParts {
  /** The service's endpoint family of its jobs: their status, results and list requests. */
  family: JobKind;
  /** What the sidebar and JobView.kind call it: a territory is shown as a search. */
  viewKind: JobKind;
  words: KindWords;
  /** The service jobs the record tracks, by id. */
  serviceJobs(record: JobRecord): Array<[string, TrackedJob]>;
  /**
   * The service jobs a pass asks the status of while the record is active: its own, or its parts under
   * way (a territory's searches: `pair` their index, `ceiling` the most results each may have).
   */
  polled(record: JobRecord): Array<{ jobId: string; pair: number | null; ceiling?: number }>;
}

/** A record that is itself one service job polls itself. */
const itself = (record: JobRecord) => [{ jobId: record.id, pair: null }];

/** A record that is itself one service job. */
const ownJob =
  (family: JobKind) =>
  (record: JobRecord): Array<[string, TrackedJob]> => [[record.id, { kind: family, status: record.status }]];

export const KIND_PARTS: Record<RecordKind, KindParts> = {
  search: { family: "search", viewKind: "search", words: KIND_WORDS.search, serviceJobs: ownJob("search"), polled: itself },
  enrichment: {
    family: "enrichment",
    viewKind: "enrichment",
    words: KIND_WORDS.enrichment,
    serviceJobs: ownJob("enrichment"),
    polled: itself,
  },
  territory: {
    family: "search",
    viewKind: "search",
    words: KIND_WORDS.search,
    // Its searches' jobs: created, and ended once merged.
    serviceJobs: (record) =>
      (territoryOf(record)?.pairs ?? []).flatMap(
        ([jobId, state]): Array<[string, TrackedJob]> =>
          jobId === null ? [] : [[jobId, { kind: "search", status: state === "r" ? "running" : "completed" }]],
      ),
    polled: (record) => {
      const territory = territoryOf(record);
      if (territory === null) return [];
      return territory.pairs.flatMap(([jobId, state], pair) =>
        jobId !== null && state === "r" ? [{ jobId, pair, ceiling: territory.maxResults }] : [],
      );
    },
  },
};

/** The parts of a record's kind. */
export const partsOf = (record: Pick<JobRecord, "kind">): KindParts => KIND_PARTS[record.kind];
