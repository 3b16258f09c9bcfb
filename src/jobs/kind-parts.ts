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

/** A record that is itself one service job of `family`: it tracks and polls itself. */
const ownJob = (family: JobKind): KindParts => ({
  family,
  viewKind: family,
  words: KIND_WORDS[family],
  serviceJobs: (record) => [[record.id, { kind: family, status: record.status }]],
  polled: (record) => [{ jobId: record.id, pair: null }],
});

export const KIND_PARTS: Record<RecordKind, KindParts> = {
  search: ownJob("search"),
  enrichment: ownJob("enrichment"),
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
