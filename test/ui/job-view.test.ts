// What a search's JobView says of its latest refresh run, from its one stored outcome (JobRecordBase.lastRun):
// JobView.lastRun as kept once merged; the schedule's figures (JobView.refresh.lastRun…) made from it
// (src/jobs/last-run.ts).
import type { SearchRecord } from "../../src/jobs/job-record";
import type { RefreshSchedule } from "../../src/jobs/refresh-schedule";
import { toJobView } from "../../src/ui/job-view";

const CREATED = "2026-11-20T09:00:00.000Z";
const RUN_AT = "2026-11-26T09:00:00.000Z";
const SEARCH = { name: "dentists", input: { query: "dentists", location: "Fort Worth, Texas, US" } };

const schedule = (over: Partial<RefreshSchedule> = {}): RefreshSchedule => ({
  every: "day",
  search: SEARCH,
  run: null,
  lastRunAt: RUN_AT,
  nextRunAt: "2026-11-27T09:00:00.000Z",
  lastError: null,
  ...over,
});

const search = (over: Partial<SearchRecord> = {}): SearchRecord => ({
  id: "s1",
  kind: "search",
  name: "Texas dentists",
  sheetId: 1,
  sheetName: "Texas dentists",
  status: "completed",
  leadCount: 100,
  enrichedCount: 100,
  creditsCharged: 100,
  rowsWritten: 104,
  settled: true,
  error: null,
  note: null,
  createdAt: CREATED,
  finishedAt: CREATED,
  startKey: null,
  timeZone: "Etc/UTC",
  ...over,
});

const lastRun = { at: RUN_AT, added: 6, updated: 94, notFound: 6, businesses: 100, credits: 100, keptEarlier: 12 };

describe("a search's JobView.lastRun", () => {
  it("is the run's outcome as kept once merged, a scheduled run or Refresh it now alike", () => {
    expect(toJobView(search({ lastRun }), null).lastRun).toEqual(lastRun);
    expect(toJobView(search({ lastRun, refresh: schedule() }), null).lastRun).toEqual(lastRun);
    expect(toJobView(search(), null).lastRun).toBeNull();
  });
});

describe("a schedule's figures of its last run, made from the one stored outcome", () => {
  const figures = (record: SearchRecord) => {
    const view = toJobView(record, null).refresh;
    return view && [view.lastRunAdded, view.lastRunUpdated, view.lastRunNotFound, view.lastRunBusinesses, view.lastRunCredits];
  };
  it("are the job's lastRun when it is the schedule's last run", () => {
    expect(figures(search({ lastRun, refresh: schedule() }))).toEqual([6, 94, 6, 100, 100]);
  });
  it("are the search itself until a re-run (unknown while it runs), its charge as charged", () => {
    expect(figures(search({ refresh: schedule({ lastRunAt: CREATED }) }))).toEqual([104, 0, 0, 100, 100]);
    expect(figures(search({ settled: false, refresh: schedule({ lastRunAt: CREATED }) }))).toEqual([null, null, null, null, 100]);
  });
  it("are unknown while a run is under way, but what it reserved", () => {
    const run = {
      slot: RUN_AT,
      idempotencyKey: "k",
      creditsChecked: true,
      jobId: "j2",
      startedAt: "2026-11-27T09:00:00.000Z",
      credits: 700,
    };
    expect(figures(search({ lastRun, refresh: schedule({ lastRunAt: "2026-11-27T09:00:00.000Z", run }) }))).toEqual([
      null,
      null,
      null,
      null,
      700,
    ]);
  });
  it("say nothing merged, its charge not known, after a run that failed at the service", () => {
    expect(figures(search({ lastRun, refresh: schedule({ lastRunAt: "2026-11-27T09:00:00.000Z" }) }))).toEqual([0, 0, 0, 0, null]);
  });
});

describe("a search's JobView.runCredits: what one re-run of it may charge", () => {
  it("is its schedule's maxResults, else its own, else what it was charged (imported without its input)", () => {
    expect(toJobView(search({ maxResults: 300, refresh: schedule() }), null).runCredits).toBe(100);
    expect(toJobView(search({ maxResults: 300 }), null).runCredits).toBe(300);
    expect(toJobView(search({ creditsCharged: 42 }), null).runCredits).toBe(42);
    expect(toJobView(search({ creditsCharged: null }), null).runCredits).toBeNull();
  });
});
