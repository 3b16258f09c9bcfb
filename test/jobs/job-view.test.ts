// What a search's JobView says of its latest refresh run (JobView.lastRun, src/jobs/job-view.ts):
// the run's outcome as kept once merged; nothing while the record keeps none.
import type { SearchRecord } from "../../src/jobs/job-record";
import type { RefreshSchedule } from "../../src/jobs/refresh-schedule";
import { toJobView } from "../../src/jobs/job-view";

const CREATED = "2026-11-20T09:00:00.000Z";

const schedule = (over: Partial<RefreshSchedule> = {}): RefreshSchedule => ({
  every: "day", search: { name: "dentists", input: { query: "dentists", location: "Fort Worth, Texas, US" } }, run: null,
  lastRunAt: "2026-11-26T09:00:00.000Z", lastRunAdded: 4, lastRunUpdated: 96, lastRunNotFound: 4, lastRunBusinesses: 100, lastRunCredits: 100,
  nextRunAt: "2026-11-27T09:00:00.000Z", lastError: null, ...over,
});

const search = (over: Partial<SearchRecord> = {}): SearchRecord => ({
  id: "s1", kind: "search", name: "Texas dentists", sheetId: 1, sheetName: "Texas dentists", status: "completed", leadCount: 100, enrichedCount: 100,
  creditsCharged: 100, rowsWritten: 104, settled: true, error: null, note: null, createdAt: CREATED, finishedAt: CREATED, startKey: null, timeZone: "Etc/UTC", ...over,
});

describe("a search's JobView.lastRun", () => {
  it("is the run's outcome as kept once merged, a scheduled run or Refresh it now alike", () => {
    const lastRun = { at: "2026-11-26T09:00:00.000Z", added: 6, updated: 94, notFound: 6, businesses: 100, credits: 100, keptEarlier: 12 };
    expect(toJobView(search({ lastRun }), null).lastRun).toEqual(lastRun);
    expect(toJobView(search({ lastRun, refresh: schedule() }), null).lastRun).toEqual(lastRun);
  });

  it("is null while the record keeps no outcome: a run merged before outcomes were kept gets one when read from the store (test/storage/record-versions.test.ts)", () => {
    expect(toJobView(search({ refresh: schedule() }), null).lastRun).toBeNull();
    expect(toJobView(search(), null).lastRun).toBeNull();
  });
});
