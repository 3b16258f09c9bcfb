// Checks where a territory stands from its searches' states: counts by state, the credits they
// reserved, and its status (running while any waits or runs; failed only when every one failed).
import { pairCounts, pairsCredits, territoryStatus } from "../../src/territory/territory-counts";
import type { TerritoryPair } from "../../src/jobs/job-record";

const of = (...pairs: TerritoryPair[]) => ({ pairs });

describe("territory counts", () => {
  it("counts each state; started is running, finished and failed (not stopped, not waiting)", () => {
    expect(pairCounts(of(["a", "r", 5], ["b", "d", 5], ["c", "f", 0], [null, "w", null], [null, "s", null]))).toEqual({
      searches: 5,
      started: 3,
      waiting: 1,
      running: 1,
      finished: 1,
      failed: 1,
    });
  });
  it("adds what each search reserved, a missing one as 0", () => {
    expect(pairsCredits(of(["a", "r", 5], [null, "w", null], ["b", "d", 12]))).toBe(17);
  });
  it("is running while a search waits or runs", () => {
    expect(territoryStatus(of(["a", "d", 1], [null, "w", null]))).toBe("running");
    expect(territoryStatus(of(["a", "r", 1], ["b", "f", 0]))).toBe("running");
  });
  it("is failed only when every search failed, else completed", () => {
    expect(territoryStatus(of(["a", "f", 0], ["b", "f", 0]))).toBe("failed");
    expect(territoryStatus(of(["a", "f", 0], ["b", "d", 1]))).toBe("completed");
    expect(territoryStatus(of(["a", "f", 0], [null, "s", null]))).toBe("completed");
  });
});
