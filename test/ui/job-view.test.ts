// What a search's JobView says of its latest refresh run, from its one stored outcome (JobRecordBase.lastRun):
// JobView.lastRun as kept once merged; the schedule's figures (JobView.refresh.lastRun…) made from it
// (src/jobs/last-run.ts); and a record stored while the schedule kept its own copy, upgraded on read.
import type { SearchRecord } from "../../src/jobs/job-record";
import { jobRecordVersions } from "../../src/jobs/job-record-versions";
import type { RefreshSchedule } from "../../src/jobs/refresh-schedule";
import { toJobView } from "../../src/ui/job-view";
import { readStored } from "../../src/storage/stored-json";

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

describe("a record stored while its schedule kept a copy of its last run's figures", () => {
  const stored = (refresh: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    readStored(
      jobRecordVersions({ timeZone: () => "America/Chicago", sheetIdNamed: () => null, knownKeys: () => [] }),
      JSON.stringify({
        ...search(),
        ...extra,
        refresh: { every: "day", search: SEARCH, nextRunAt: "2026-11-27T09:00:00.000Z", lastRunAt: RUN_AT, ...refresh },
      }),
    );

  it("keeps that run once, on the job (nothing was counted as keeping an earlier value then), and the schedule no copy", () => {
    const read = stored({
      lastRunAdded: 4,
      lastRunUpdated: 96,
      lastRunNotFound: 4,
      lastRunBusinesses: 100,
      lastRunCredits: 100,
    }) as SearchRecord;
    expect(read.lastRun).toEqual({ at: RUN_AT, added: 4, updated: 96, notFound: 4, businesses: 100, credits: 100, keptEarlier: 0 });
    expect(Object.keys(read.refresh ?? {}).filter((key) => key.startsWith("lastRun"))).toEqual(["lastRunAt"]);
  });
  it("keeps none before any re-run or while a figure is not known, and the run under way keeps what it reserved", () => {
    expect(
      (stored({ lastRunAt: CREATED, lastRunAdded: 100, lastRunUpdated: 0, lastRunNotFound: 0, lastRunBusinesses: 100 }) as SearchRecord)
        .lastRun,
    ).toBeUndefined();
    const running = stored({
      lastRunAdded: null,
      lastRunCredits: 300,
      run: { slot: RUN_AT, idempotencyKey: "k", creditsChecked: true, jobId: "j2", startedAt: RUN_AT },
    }) as SearchRecord;
    expect([running.lastRun, running.refresh?.run?.credits]).toEqual([undefined, 300]);
  });
  it("keeps a newer version's lastRun as it is", () => {
    expect(
      (stored({ lastRunAdded: 1, lastRunUpdated: 1, lastRunNotFound: 1, lastRunBusinesses: 1 }, { lastRun }) as SearchRecord).lastRun,
    ).toEqual(lastRun);
  });
});
