// The job store stays inside the properties limits (9 KB a value, 500 KB a store) however many
// jobs a document has: texts are clipped and old finished jobs pruned. Runs on the fakes' store,
// which enforces Google's limits.
import { JobStore, MAX_FINISHED_JOBS, fingerprint, type JobRecord } from "../../src/jobs/job-store";
import { createRuntime } from "../../dev/fakes/runtime";

function record(i: number, overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id: `job-${String(i).padStart(4, "0")}`, kind: "search", name: "n".repeat(5000), sheetId: i, sheetName: `Sheet ${i}`,
    status: "completed", leadCount: 700, enrichedCount: 700, creditsCharged: 700, rowsWritten: 700, settled: true,
    error: "e".repeat(20000), note: null, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), finishedAt: null, startKey: null,
    ...overrides,
  };
}

describe("job store", () => {
  it("keeps every record under 9 KB and the store under 500 KB across 1000 jobs, pruning old finished ones", () => {
    const runtime = createRuntime();
    const props = runtime.globals().PropertiesService.getDocumentProperties();
    const store = new JobStore(props);
    for (let i = 0; i < 1000; i += 1) {
      store.save(record(i));
      if (i % 10 === 0) store.prune();
    }
    store.save(record(2000, { status: "running", settled: false }));
    store.prune();
    const all = store.all();
    expect(all.filter((r) => r.status === "completed")).toHaveLength(MAX_FINISHED_JOBS);
    expect(all[0]?.id).toBe("job-2000"); // newest first
    expect(store.active().map((r) => r.id)).toEqual(["job-2000"]);
    const total = Object.entries(props.getProperties()).reduce((n, [k, v]) => n + k.length + v.length, 0);
    expect(total).toBeLessThan(500 * 1024);
    for (const value of Object.values(props.getProperties())) expect(value.length).toBeLessThan(9 * 1024);
  });

  it("never prunes an active job", () => {
    const runtime = createRuntime();
    const store = new JobStore(runtime.globals().PropertiesService.getDocumentProperties());
    for (let i = 0; i < MAX_FINISHED_JOBS + 30; i += 1) store.save(record(i, i < 30 ? { status: "running", settled: false } : {}));
    store.prune();
    expect(store.active()).toHaveLength(30);
  });

  it("names start records by a stable fingerprint of the arguments", () => {
    expect(fingerprint("a")).toBe(fingerprint("a"));
    expect(fingerprint("a")).not.toBe(fingerprint("b"));
    expect(fingerprint("x".repeat(10000))).toMatch(/^[0-9a-f]{16}$/);
  });
});
