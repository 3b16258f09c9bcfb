// Checks what a schedule's view says its last run did: what the run under way reserved, the job's
// stored outcome when it is that run, the job's own first run, or nothing merged.
import { lastRunFigures } from "../../src/jobs/last-run";
import type { RunOutcome, ScheduleBase } from "../../src/jobs/refresh-schedule";

const schedule: ScheduleBase = {
  every: "week",
  lastRunAt: "2026-11-20T08:00:00.000Z",
  nextRunAt: "2026-11-27T08:00:00.000Z",
  lastError: null,
};
const outcome: RunOutcome = {
  at: "2026-11-20T08:00:00.000Z",
  added: 3,
  updated: 40,
  notFound: 2,
  businesses: 43,
  credits: 100,
  keptEarlier: 1,
};
const idle = { running: false, credits: null };
const first = { startedAt: "2026-11-13T08:00:00.000Z", added: 50, businesses: 50, credits: 100, settled: true };

describe("lastRunFigures", () => {
  it("while a run is under way: nothing known but what it reserved", () => {
    expect(lastRunFigures(schedule, outcome, { running: true, credits: 70 }, first)).toEqual({
      lastRunAdded: null,
      lastRunUpdated: null,
      lastRunNotFound: null,
      lastRunBusinesses: null,
      lastRunCredits: 70,
    });
  });
  it("the job's stored outcome when it is the schedule's last run", () => {
    expect(lastRunFigures(schedule, outcome, idle, first)).toEqual({
      lastRunAdded: 3,
      lastRunUpdated: 40,
      lastRunNotFound: 2,
      lastRunBusinesses: 43,
      lastRunCredits: 100,
    });
  });
  it("the job's own first run until a re-run: all it found was added", () => {
    const firstIsLast = { ...schedule, lastRunAt: first.startedAt };
    expect(lastRunFigures(firstIsLast, undefined, idle, first)).toEqual({
      lastRunAdded: 50,
      lastRunUpdated: 0,
      lastRunNotFound: 0,
      lastRunBusinesses: 50,
      lastRunCredits: 100,
    });
    expect(lastRunFigures(firstIsLast, undefined, idle, { ...first, settled: false })).toEqual({
      lastRunAdded: null,
      lastRunUpdated: null,
      lastRunNotFound: null,
      lastRunBusinesses: null,
      lastRunCredits: 100,
    });
  });
  it("a last run with no outcome merged nothing, its charge not known", () => {
    expect(lastRunFigures(schedule, { ...outcome, at: "2026-11-06T08:00:00.000Z" }, idle, first)).toEqual({
      lastRunAdded: 0,
      lastRunUpdated: 0,
      lastRunNotFound: 0,
      lastRunBusinesses: 0,
      lastRunCredits: null,
    });
  });
});
