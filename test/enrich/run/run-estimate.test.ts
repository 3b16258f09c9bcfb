// How long a run may take, as the preview says it: the assumed 5 job slots until a 429 has shown
// the account's own limit, then that figure; nothing to say when every job starts at once.
import type { JobsContext } from "../../../src/jobs/job-context";
import { noteJobSlots, runDuration } from "../../../src/enrich/run/run-estimate";
import type { KeyValueStore } from "../../../src/storage/key-value-store";
import { mapStore } from "../../storage/map-store";

function context(store: KeyValueStore, activeJobs: number, now: { t: number }, reads: { n: number }): JobsContext {
  return {
    userProperties: store,
    clock: { now: () => now.t },
    client: {
      getAccount: () => {
        reads.n += 1;
        return { active_searches: activeJobs };
      },
    },
  } as unknown as JobsContext;
}

describe("runDuration", () => {
  it("assumes 5 jobs at a time, and says so, until the account's limit is seen", () => {
    const store = mapStore();
    expect(runDuration(5, store)).toBeNull();
    expect(runDuration(29, store)).toBe(
      "about 6 hours in the background if the account runs 5 jobs at a time, sooner while the sidebar is open",
    );
  });

  it("after a 429, uses the account's jobs under way then, read once a day at most", () => {
    const store = mapStore();
    const now = { t: Date.parse("2026-11-26T10:00:00Z") };
    const reads = { n: 0 };
    noteJobSlots(context(store, 1, now, reads), now.t + 1000);
    expect(runDuration(3, store)).toBe(
      "about 3 hours in the background (your account runs 1 job at a time), sooner while the sidebar is open",
    );
    expect(runDuration(1, store)).toBeNull();
    noteJobSlots(context(store, 2, now, reads), now.t + 1000);
    expect(reads.n).toBe(1); // fresh: not read again
    now.t += 25 * 60 * 60 * 1000;
    noteJobSlots(context(store, 2, now, reads), now.t + 1000);
    expect(reads.n).toBe(2);
    expect(runDuration(3, store)).toBe(
      "about 2 hours in the background (your account runs 2 jobs at a time), sooner while the sidebar is open",
    );
  });
});
