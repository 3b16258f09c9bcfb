// Checks the count of the current key's background work in a document: jobs not done, schedules,
// rows to send; a job the service hid from this key counts for nothing.
import { backgroundWork } from "../../src/passes/background-work";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import { KEY_DIGEST, unitJobsContext } from "./jobs-context";
import { territory } from "../territory/territory-fixture";

const search = (id: string, extra: Partial<JobRecord> = {}): JobRecord =>
  ({
    ...newJobRecord({
      id,
      kind: "search",
      name: id,
      sheetId: 1,
      sheetName: id,
      status: "running",
      createdAt: "2026-11-21T08:00:00.000Z",
      timeZone: "UTC",
    }),
    ...extra,
  }) as JobRecord;

describe("backgroundWork", () => {
  it("is nothing in an empty document", () => {
    const { ctx } = unitJobsContext();
    expect(backgroundWork(ctx, 0)).toEqual({ jobsInProgress: 0, rowsToSend: 0, schedules: 0 });
  });

  it("counts jobs not done and schedules, and passes the rows the caller counted", () => {
    const { ctx } = unitJobsContext();
    const schedule = {
      every: "day" as const,
      lastRunAt: "2026-11-21T08:00:00.000Z",
      nextRunAt: "2026-11-22T08:00:00.000Z",
      lastError: null,
    };
    ctx.store.save(search("running"));
    ctx.store.save(search("done", { settled: true, status: "completed" }));
    ctx.store.save({ ...territory({ settled: true, status: "completed" }), refresh: schedule });
    ctx.store.save(search("hidden", { hiddenFrom: [KEY_DIGEST] }));
    expect(backgroundWork(ctx, 7)).toEqual({ jobsInProgress: 1, rowsToSend: 7, schedules: 1 });
  });
});
