// This file defines why a start or a preview leaves a row out, as typed values, and their words (a
// skipped row's status says them, the start's `skipped` lists them, the preview explains a cut).

/** Why the account leaves businesses out of a run. */
export type CutReason =
  | { kind: "credits"; remaining: number; besideOwnRuns?: boolean }
  | { kind: "inactive" }
  | { kind: "freeUsed" }
  | { kind: "freeLimit"; limit: number };

/** A cut reason's words: "not enough credits (3 remain)". */
export function cutReasonWords(reason: CutReason): string {
  switch (reason.kind) {
    case "credits":
      return `not enough credits (${reason.remaining} remain${reason.besideOwnRuns ? " beside what your own runs will take" : ""})`;
    case "inactive":
      return "the subscription is not active";
    case "freeUsed":
      return "the free plan's one job has been used";
    case "freeLimit":
      return `the free plan allows one job of ${reason.limit}`;
  }
}

/** A cut reason as the end of a sentence: "…, but there are not enough credits (3 remain)". */
export const cutReasonClause = (reason: CutReason): string =>
  reason.kind === "credits" ? `there are ${cutReasonWords(reason)}` : cutReasonWords(reason);

/** Why a planned row is not sent. */
export type SkipReason =
  /** Its contacts were found already (by an earlier run, or by the search that wrote it). */
  | { kind: "alreadyEnriched" }
  /** A run under way carries it. */
  | { kind: "beingEnriched" }
  /** Its name or website cannot be sent, in the check's words. */
  | { kind: "invalid"; words: string }
  | { kind: "cut"; reason: CutReason };

export function skipReasonWords(reason: SkipReason): string {
  switch (reason.kind) {
    case "alreadyEnriched":
      return "already enriched";
    case "beingEnriched":
      return "already being enriched";
    case "invalid":
      return reason.words;
    case "cut":
      return cutReasonWords(reason.reason);
  }
}

/** A row a skip leaves as it is: its status cell is the run's or the service's own. */
export const keepsItsStatus = (reason: SkipReason): boolean => reason.kind === "alreadyEnriched" || reason.kind === "beingEnriched";
