// The job store stays inside the properties limits (9 KB a value, 500 KB a store, in UTF-8 bytes)
// however many jobs a document has and whatever their texts: texts are clipped by bytes, old
// finished jobs pruned oldest first (by count, and by a byte budget far below the limit), and a
// save the store refuses does not throw. Runs on the fakes' store, which enforces Google's limits.
// The same on developer metadata (the full-scope build's store), which prunes to its own budget in
// characters: searches started one after another never fill it, and one full of jobs in progress
// refuses a new job before anything is sent.
import { DeveloperMetadataStore, METADATA_BUDGET_CHARS, METADATA_STORE_BUDGET } from "../../src/gas/developer-metadata-store";
import { storeSize } from "../../src/storage/key-value-store";
import type { SearchRecord } from "../../src/jobs/job-record";
import { JobStore, fingerprint } from "../../src/jobs/job-store";
import { MAX_FINISHED_JOBS, STORE_BUDGET_BYTES, STORE_LIMIT_BYTES, VALUE_LIMIT_BYTES, storeBytes } from "../../src/jobs/job-store-budget";
import { utf8Bytes } from "../../src/storage/utf8";
import { createRuntime } from "../../dev/fakes/runtime";
import { fixedFacts } from "../storage/map-store";
import { passNote } from "../../src/jobs/record-note";
import { RECORD_KINDS } from "../../src/app/record-kinds";

const CJK = "漢字の長い会社名";

function record(i: number, overrides: Partial<SearchRecord> = {}): SearchRecord {
  return {
    id: `0000${String(i).padStart(4, "0")}-1111-4222-8333-444455556666`,
    kind: "search",
    name: CJK.repeat(700).slice(0, 5000),
    sheetId: i,
    sheetName: `${CJK.repeat(12)} ${i}`,
    status: "completed",
    leadCount: 700,
    enrichedCount: 700,
    creditsCharged: 700,
    rowsWritten: 700,
    settled: true,
    error: 'エラー\u0001"'.repeat(4000),
    note: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    finishedAt: null,
    startKey: null,
    createdBy: "0123456789abcdef",
    seenBy: ["0123456789abcdef", "fedcba9876543210"],
    timeZone: "Asia/Tokyo",
    ...overrides,
  };
}

function storeFor() {
  const runtime = createRuntime();
  const props = runtime.globals().PropertiesService.getDocumentProperties();
  return { props, store: new JobStore(props, fixedFacts(), RECORD_KINDS) };
}

describe("job store", () => {
  it("clips every text by bytes: a 5,000-character CJK name and a 20 KB error fit one value", () => {
    const { props, store } = storeFor();
    store.save(record(1));
    const [value] = Object.values(props.getProperties());
    expect(utf8Bytes(value ?? "")).toBeLessThan(VALUE_LIMIT_BYTES);
    const saved = store.all()[0];
    expect(saved?.name.startsWith(CJK)).toBe(true);
    expect(saved?.error?.startsWith("エラー")).toBe(true);
  });

  it("keeps 300 active jobs with the longest texts under the store limit, and prunes no active job", () => {
    const { props, store } = storeFor();
    for (let i = 0; i < 300; i += 1) {
      expect(
        store.trySave(
          record(i, {
            status: "running",
            settled: false,
            error: null,
            note: passNote("status", CJK.repeat(300)),
            startKey: fingerprint(String(i)),
          }),
        ),
      ).toBe(true);
      // As startSearch leaves it once the job record exists.
      store.saveStart(fingerprint(String(i)), {
        idempotencyKey: `${i}-aaaa-4bbb-8ccc-dddddddddddd`,
        createdAt: new Date().toISOString(),
        jobId: record(i).id,
        sheetName: null,
        sheetId: null,
      });
    }
    store.prune();
    expect(store.active()).toHaveLength(300);
    expect(storeBytes(props.getProperties())).toBeLessThan(STORE_LIMIT_BYTES);
  });

  it("prunes finished jobs oldest first: beyond the count, and while over the byte budget", () => {
    const { props, store } = storeFor();
    for (let i = 0; i < 1000; i += 1) {
      store.save(record(i));
      if (i % 10 === 0) store.prune();
    }
    store.save(record(2000, { status: "running", settled: false }));
    store.prune();
    const finished = store.all().filter((r) => r.settled);
    expect(finished.length).toBeLessThanOrEqual(MAX_FINISHED_JOBS);
    expect(finished[0]?.id).toBe(record(999).id); // the newest finished ones are the ones kept
    expect(store.all()[0]?.id).toBe(record(2000).id);
    expect(store.active().map((r) => r.id)).toEqual([record(2000).id]);
    expect(storeBytes(props.getProperties())).toBeLessThanOrEqual(STORE_BUDGET_BYTES);
  });

  it("a save the full store refuses returns false instead of throwing, after pruning what it can", () => {
    const { props, store } = storeFor();
    // Fill the store to its limit with something that is not ours (another feature's state).
    for (let i = 0; storeBytes(props.getProperties()) < STORE_LIMIT_BYTES - 9000; i += 1) props.setProperty(`other:${i}`, "x".repeat(8000));
    let saved = 0;
    for (let i = 0; i < 20; i += 1) if (store.trySave(record(i, { status: "running", settled: false }))) saved += 1;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(20);
    expect(() => store.save(record(99, { status: "running", settled: false }))).toThrow(/list of Business Leads jobs is full/);
  });

  it("removes start records whose job is done or that outlived their use", () => {
    const { props, store } = storeFor();
    store.save(record(1, { startKey: "done" }));
    store.saveStart("done", {
      idempotencyKey: "a",
      createdAt: new Date().toISOString(),
      jobId: record(1).id,
      sheetName: null,
      sheetId: null,
    });
    store.saveStart("stale", {
      idempotencyKey: "b",
      createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      jobId: null,
      sheetName: null,
      sheetId: null,
    });
    store.saveStart("fresh", { idempotencyKey: "c", createdAt: new Date().toISOString(), jobId: null, sheetName: null, sheetId: null });
    store.prune();
    expect(Object.keys(props.getProperties()).filter((k) => k.startsWith("start:"))).toEqual(["start:fresh"]);
  });

  it("names start records by a stable fingerprint of the arguments", () => {
    expect(fingerprint("a")).toBe(fingerprint("a"));
    expect(fingerprint("a")).not.toBe(fingerprint("b"));
    expect(fingerprint("x".repeat(10000))).toMatch(/^[0-9a-f]{16}$/);
  });
});

/** A search as startSearch and a pass leave it (about 700 characters stored). */
function search(i: number, overrides: Partial<SearchRecord> = {}): SearchRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
  return {
    id: `${String(i).padStart(8, "0")}-1111-4222-8333-444455556666`,
    kind: "search",
    name: `dentists ${i} in Austin, Texas, US`,
    sheetId: 1000 + i,
    sheetName: `dentists ${i} in Austin, Texas, US`,
    status: "completed",
    leadCount: 100,
    enrichedCount: 100,
    creditsCharged: 100,
    rowsWritten: 100,
    settled: true,
    error: null,
    note: null,
    createdAt: at,
    finishedAt: at,
    startKey: fingerprint(String(i)),
    createdBy: "0123456789abcdef",
    seenBy: ["0123456789abcdef"],
    timeZone: "America/Chicago",
    ...overrides,
  };
}

describe("job store on developer metadata (the full-scope build)", () => {
  let runtime: ReturnType<typeof createRuntime>;
  beforeEach(() => {
    runtime = createRuntime({ seed: 3 });
    const { SpreadsheetApp, Utilities } = runtime.globals();
    Object.assign(globalThis, { SpreadsheetApp, Utilities });
  });
  afterEach(() => {
    runtime.endAmbient();
    delete (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp;
    delete (globalThis as { Utilities?: unknown }).Utilities;
  });
  /** A store as one execution under the document lock makes it: claimed, so read afresh, and written through. */
  const execution = () => {
    const store = new DeveloperMetadataStore(
      (globalThis as unknown as { SpreadsheetApp: GoogleAppsScript.Spreadsheet.SpreadsheetApp }).SpreadsheetApp.getActiveSpreadsheet(),
    );
    store.claim({ documentLock: true, userLock: null });
    return store;
  };
  const used = (kv: DeveloperMetadataStore) => storeSize(METADATA_STORE_BUDGET, kv.getProperties());

  it("200 searches one after another, each in its own executions: every start has room, the oldest finished are pruned first", () => {
    for (let i = 0; i < 200; i += 1) {
      const start = new JobStore(execution(), fixedFacts(), RECORD_KINDS);
      start.makeRoomForNewJob(search(i).name);
      start.saveStart(fingerprint(String(i)), {
        idempotencyKey: `k${i}`,
        createdAt: new Date().toISOString(),
        jobId: null,
        sheetName: null,
        sheetId: null,
      });
      start.save(search(i, { status: "running", settled: false, finishedAt: null }));
      start.deleteStart(fingerprint(String(i)));
      const pass = new JobStore(execution(), fixedFacts(), RECORD_KINDS);
      pass.save(search(i));
      pass.prune();
    }
    const kv = execution();
    const kept = new JobStore(kv, fixedFacts(), RECORD_KINDS).all();
    expect(kept.length).toBeGreaterThan(10);
    // The newest ones, without a gap: pruning went oldest first.
    expect(kept.map((r) => r.id)).toEqual(Array.from({ length: kept.length }, (_, n) => search(199 - n).id));
    expect(used(kv)).toBeLessThanOrEqual(METADATA_STORE_BUDGET.pruneAbove);
  });

  it(
    "keeps each editor's last finished job while over the budget (a team's ten large territories), " + "unless a new job needs the room",
    () => {
      const editors = Array.from({ length: 10 }, (_, e) => `editor${String(e).padStart(10, "0")}`);
      // Each editor's jobs, one after another: the last ten (one each) alone are over the budget, not over the limit.
      for (let i = 0; i < 30; i += 1) {
        const pass = new JobStore(execution(), fixedFacts(), RECORD_KINDS);
        const long = { name: `${"Territory ".repeat(24)}${i}`, sheetName: `${"Sheet ".repeat(45)}${i}`, error: "e".repeat(1150) };
        pass.save(search(i, { createdBy: editors[i % 10] as string, ...long }));
        pass.prune();
      }
      const kv = execution();
      const store = new JobStore(kv, fixedFacts(), RECORD_KINDS);
      const kept = store.all().map((r) => r.id);
      expect(kept).toEqual(Array.from({ length: 10 }, (_, n) => search(29 - n).id));
      expect(used(kv)).toBeGreaterThan(METADATA_STORE_BUDGET.pruneAbove);
      store.makeRoomForNewJob("A new search");
      expect(used(kv)).toBeLessThanOrEqual(METADATA_STORE_BUDGET.newJobCeiling);
      expect(store.all().length).toBeLessThan(10); // the oldest gave it room
    },
  );

  it("a save that would overflow prunes finished jobs first, without a pass ever pruning", () => {
    for (let i = 0; i < 100; i += 1) new JobStore(execution(), fixedFacts(), RECORD_KINDS).save(search(i));
    const kv = execution();
    expect(new JobStore(kv, fixedFacts(), RECORD_KINDS).all()[0]?.id).toBe(search(99).id);
    expect(used(kv)).toBeLessThanOrEqual(METADATA_BUDGET_CHARS);
  });

  it("never prunes a job in progress or a scheduled search; full of them, a new job is refused before anything is sent", () => {
    const store = new JobStore(execution(), fixedFacts(), RECORD_KINDS);
    const scheduled = {
      every: "week",
      search: { name: "dentists", input: { query: "dentists", location: "Austin, Texas, US" } },
      lastRunAt: "2026-01-01T00:00:00.000Z",
      nextRunAt: "2026-01-08T00:00:00.000Z",
      lastError: null,
      run: null,
    } as unknown as SearchRecord["refresh"];
    store.save(search(0, { refresh: scheduled }));
    for (let i = 1; i < 10; i += 1) store.save(search(i));
    let active = 0;
    for (let i = 100; ; i += 1) {
      try {
        store.makeRoomForNewJob(search(i).name);
      } catch (error) {
        expect((error as Error).message).toMatch(/^This spreadsheet's list of Business Leads jobs is full: jobs still in progress/);
        expect((error as Error).name).toBe("UserFacingError");
        break;
      }
      store.save(search(i, { status: "running", settled: false, finishedAt: null }));
      active += 1;
    }
    const after = new JobStore(execution(), fixedFacts(), RECORD_KINDS);
    expect(after.active()).toHaveLength(active);
    expect(
      after
        .all()
        .filter((r) => r.settled)
        .map((r) => r.id),
    ).toEqual([search(0).id]); // the schedule stays
    // What is left above the ceiling is room for editor keys and notes (and the write claims).
    expect(used(execution())).toBeLessThanOrEqual(METADATA_STORE_BUDGET.newJobCeiling);
    expect(() =>
      execution().setProperty("editorKeys", JSON.stringify({ ["x".repeat(36)]: { digest: "0".repeat(16), at: Date.now() } })),
    ).not.toThrow();
  });
});
