// Checks the day a results sheet dates its rows by: the context's day in the record's zone, of an
// ISO timestamp or ms, and the clock's time when the timestamp cannot be read.
import { dayOf, refreshNotRun } from "../../src/jobs/seen-day";
import { newJobRecord } from "../../src/jobs/job-record";
import { unitJobsContext } from "../passes/jobs-context";

describe("seen day", () => {
  it("dates ms and ISO timestamps through the context's formatDay in the given zone", () => {
    const { ctx } = unitJobsContext();
    const zones: string[] = [];
    const format = ctx.formatDay;
    ctx.formatDay = (ms, zone) => {
      zones.push(zone);
      return format(ms, zone);
    };
    expect(dayOf(ctx, "Europe/Paris", Date.UTC(2026, 0, 2, 3))).toBe("2026-01-02");
    expect(dayOf(ctx, "Asia/Tokyo", "2025-12-31T23:00:00Z")).toBe("2025-12-31");
    expect(zones).toEqual(["Europe/Paris", "Asia/Tokyo"]);
  });
  it("an unreadable timestamp is the clock's day", () => {
    const { ctx, clock } = unitJobsContext();
    clock.time = Date.UTC(2027, 4, 6, 12);
    expect(dayOf(ctx, "UTC", "not a date")).toBe("2027-05-06");
  });
  it("a skipped refresh says its due time", () => {
    const { ctx } = unitJobsContext();
    const record = newJobRecord({
      id: "s",
      kind: "search",
      name: "x",
      sheetId: 1,
      sheetName: "x",
      status: "completed",
      createdAt: "2026-01-01T00:00:00Z",
      timeZone: "UTC",
    });
    expect(refreshNotRun(ctx, record, "2026-11-28T07:46:00Z")).toBe("The refresh due 2026-11-28 07:46 was not run");
  });
});
