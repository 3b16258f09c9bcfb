// Checks the table of record kinds: a search and an enrichment are each their own service job; a
// territory is shown as a search, tracks its created searches' jobs, and polls only those running.
import { IMPORTED_RECORD } from "../../src/search/import-job";
import { partsOf } from "../../src/jobs/kind-parts";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import type { Job } from "../../src/api/schemas";
import { territory } from "../territory/territory-fixture";

const own = (kind: "search" | "enrichment"): JobRecord =>
  newJobRecord({
    id: `${kind}-1`,
    kind,
    name: kind,
    sheetId: 1,
    sheetName: kind,
    status: "running",
    createdAt: "2026-11-21T08:00:00.000Z",
    timeZone: "UTC",
  });

describe("record kinds", () => {
  it("a search and an enrichment are each one service job of their own family, polling itself", () => {
    for (const kind of ["search", "enrichment"] as const) {
      const record = own(kind);
      expect({
        family: partsOf(record).family,
        view: partsOf(record).viewKind,
        jobs: partsOf(record).serviceJobs(record),
        polled: partsOf(record).polled(record),
      }).toEqual({
        family: kind,
        view: kind,
        jobs: [[`${kind}-1`, { kind, status: "running" }]],
        polled: [{ jobId: `${kind}-1`, pair: null }],
      });
    }
  });

  it("a territory is a search to the sidebar; it tracks its created searches and polls those running", () => {
    const record = territory({
      pairs: [
        ["a", "r", 100],
        [null, "w", null],
        ["c", "d", 100],
        ["d", "f", 0],
      ],
    });
    const parts = partsOf(record);
    expect([parts.family, parts.viewKind]).toEqual(["search", "search"]);
    expect(parts.serviceJobs(record)).toEqual([
      ["a", { kind: "search", status: "running" }],
      ["c", { kind: "search", status: "completed" }],
      ["d", { kind: "search", status: "completed" }],
    ]);
    expect(parts.polled(record)).toEqual([{ jobId: "a", pair: 0, ceiling: record.maxResults }]);
  });

  it("an imported search keeps its identity; an imported enrichment only its kind", () => {
    const job = {
      id: "j",
      name: "x",
      status: "completed",
      actor_input: { query: "plumbers", location: "Austin", maxResults: 200 },
    } as unknown as Job;
    expect(IMPORTED_RECORD.search(job)).toMatchObject({ kind: "search", maxResults: 200 });
    expect(IMPORTED_RECORD.enrichment(job)).toEqual({ kind: "enrichment" });
  });
});
