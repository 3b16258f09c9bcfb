// Why a start leaves a row out (src/enrich/run/skip-reason.ts): each reason's words, in a skipped row's
// status and in the preview's sentence.
import { cutReasonClause, cutReasonWords, keepsItsStatus, skipReasonWords, type CutReason } from "../../../src/enrich/run/skip-reason";

describe("cut reasons", () => {
  it.each<[CutReason, string, string]>([
    [{ kind: "credits", remaining: 3 }, "not enough credits (3 remain)", "there are not enough credits (3 remain)"],
    [
      { kind: "credits", remaining: 0, besideOwnRuns: true },
      "not enough credits (0 remain beside what your own runs will take)",
      "there are not enough credits (0 remain beside what your own runs will take)",
    ],
    [{ kind: "inactive" }, "the subscription is not active", "the subscription is not active"],
    [{ kind: "freeUsed" }, "the free plan's one job has been used", "the free plan's one job has been used"],
    [{ kind: "freeLimit", limit: 100 }, "the free plan allows one job of 100", "the free plan allows one job of 100"],
  ])("%j: %s", (reason, words, clause) => {
    expect(cutReasonWords(reason)).toBe(words);
    expect(cutReasonClause(reason)).toBe(clause);
  });
});

describe("skip reasons", () => {
  it("say why, and leave the status of a row enriched or being enriched as it is", () => {
    expect(skipReasonWords({ kind: "alreadyEnriched" })).toBe("already enriched");
    expect(skipReasonWords({ kind: "beingEnriched" })).toBe("already being enriched");
    expect(skipReasonWords({ kind: "invalid", words: "no website" })).toBe("no website");
    expect(skipReasonWords({ kind: "cut", reason: { kind: "credits", remaining: 7 } })).toBe("not enough credits (7 remain)");
    expect(
      [{ kind: "alreadyEnriched" } as const, { kind: "beingEnriched" } as const, { kind: "invalid", words: "x" } as const].map(
        keepsItsStatus,
      ),
    ).toEqual([true, true, false]);
  });
});
