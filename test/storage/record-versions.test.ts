// Tests the versions of stored records: the versioned reader runs every step after a record's stored
// version in one go, the code sees today's shape without the version, a record stored without one is
// version 1, and the pass's write-back stores an outdated record in today's shape once. Until the first
// release no shape has a step: a job record is stored and read at version 1, exactly as saved.
import * as z from "zod/mini";
import { JobStore } from "../../src/jobs/job-store";
import type { JobRecord } from "../../src/jobs/job-record";
import { PrefixedCollection } from "../../src/storage/prefixed-collection";
import { readVersioned, storedText, versionOf, type StoredShape } from "../../src/storage/stored-json";
import { fixedFacts, mapStore } from "./map-store";
import { RECORD_KINDS } from "../../src/app/record-kinds";

const ID = "11111111-2222-4333-8444-555555555555";
const CREATED = "2026-11-20T09:00:00.000Z";

/** A scheduled search as today's code saves it. */
const search: JobRecord = {
  id: ID,
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
  note: { kind: "passFailed", step: "results", message: "timed out" },
  createdAt: CREATED,
  finishedAt: CREATED,
  startKey: null,
  createdBy: "ann",
  seenBy: ["ann"],
  timeZone: "Europe/Lisbon",
  maxResults: 100,
  searched: { query: "dentists", place: "Fort Worth, Texas, US" },
  lastRun: { at: "2026-11-26T09:00:00.000Z", added: 4, updated: 96, notFound: 4, businesses: 100, credits: 100, keptEarlier: 0 },
  refresh: {
    every: "day",
    search: { name: "dentists", input: { query: "dentists", location: "Fort Worth, Texas, US" } },
    run: null,
    lastRunAt: "2026-11-26T09:00:00.000Z",
    nextRunAt: "2026-11-27T09:00:00.000Z",
    lastError: null,
  },
};

describe("readVersioned", () => {
  const Counter = z.object({ n: z.number(), steps: z.optional(z.array(z.number())) });
  type Counter = z.output<typeof Counter>;
  const shape: StoredShape<Counter> = {
    schema: Counter,
    upgrade: (stored) => stored,
    versioned: true,
    steps: [2, 3, 4].map((to) => ({ to, upgrade: (c: Counter) => ({ ...c, steps: [...(c.steps ?? []), to] }) })),
  };

  it("runs every step after the stored version, in order, and says the record was outdated", () => {
    expect(readVersioned(shape, '{"n":1}')).toEqual({ record: { n: 1, steps: [2, 3, 4] }, outdated: true });
    expect(readVersioned(shape, '{"v":2,"n":1}')).toEqual({ record: { n: 1, steps: [3, 4] }, outdated: true });
    expect(readVersioned(shape, '{"v":4,"n":1}')).toEqual({ record: { n: 1 }, outdated: false });
  });

  it("stores today's version first, and reads it back as current", () => {
    expect(versionOf(shape)).toBe(4);
    expect(storedText(shape, { n: 7 })).toBe('{"v":4,"n":7}');
    expect(readVersioned(shape, storedText(shape, { n: 7 }))).toEqual({ record: { n: 7 }, outdated: false });
  });

  it("leaves a value that is no record as it is: no version written, never outdated", () => {
    const list: StoredShape<string[]> = { schema: z.array(z.string()), upgrade: (s) => s };
    expect(storedText(list, ["a"])).toBe('["a"]');
    expect(readVersioned(list, '["a"]')).toEqual({ record: ["a"], outdated: false });
  });
});

describe("job records, version 1", () => {
  it("are stored with their version first and read back exactly as saved; nothing is outdated", () => {
    const store = mapStore();
    new JobStore(store, fixedFacts(), RECORD_KINDS).save(search);
    const text = store.map.get(`job:${ID}`) ?? "";
    expect(text.startsWith('{"v":1,')).toBe(true);
    expect(JSON.parse(text)).toEqual({ v: 1, ...search });
    const again = new JobStore(store, fixedFacts(), RECORD_KINDS);
    expect(again.get(ID)).toEqual(search);
    expect(again.writeBack()).toBe(0);
    expect(store.map.get(`job:${ID}`)).toBe(text);
  });

  it("a record that lacks a field of today's shape is read as absent, never half-filled", () => {
    const { timeZone: _zone, ...withoutZone } = search;
    const { rowsWritten: _rows, ...withoutRows } = search;
    const store = mapStore({ "job:a": JSON.stringify({ ...withoutZone, id: "a" }), "job:b": JSON.stringify({ ...withoutRows, id: "b" }) });
    const jobs = new JobStore(store, fixedFacts(), RECORD_KINDS);
    expect([jobs.get("a"), jobs.get("b"), jobs.all()]).toEqual([null, null, []]);
  });

  it("asks the document for the time zone a new record keeps once at most", () => {
    let asked = 0;
    const jobs = new JobStore(
      mapStore(),
      {
        timeZone: () => {
          asked += 1;
          return "Asia/Tokyo";
        },
      },
      RECORD_KINDS,
    );
    expect([jobs.timeZone(), jobs.timeZone(), asked]).toEqual(["Asia/Tokyo", "Asia/Tokyo", 1]);
  });
});

describe("write-back of outdated records", () => {
  const shape: StoredShape<{ n: number }> = {
    schema: z.object({ n: z.number() }),
    upgrade: (s) => s,
    versioned: true,
    steps: [{ to: 2, upgrade: (s) => ({ n: s.n * 10 }) }],
  };

  it("writes a record read in an earlier version back in today's shape, once, and leaves current ones alone", () => {
    const store = mapStore({ "rec:a": '{"n":1}', "rec:c": '{"v":2,"n":7}' });
    const records = new PrefixedCollection(store, "rec:", shape);
    expect(records.all()).toEqual([{ n: 10 }, { n: 7 }]);
    expect(records.writeBack()).toBe(1);
    expect([store.map.get("rec:a"), store.map.get("rec:c")]).toEqual(['{"v":2,"n":10}', '{"v":2,"n":7}']);
    expect(records.writeBack()).toBe(0);
    const again = new PrefixedCollection(store, "rec:", shape);
    again.all();
    expect(again.writeBack()).toBe(0);
  });

  it("reads never write, and a record another writer stored in today's shape meanwhile is not overwritten", () => {
    const store = mapStore({ "rec:a": '{"n":1}' });
    const records = new PrefixedCollection(store, "rec:", shape);
    expect(records.get("a")).toEqual({ n: 10 });
    expect(store.map.get("rec:a")).toBe('{"n":1}');
    new PrefixedCollection(store, "rec:", shape).save("a", { n: 5 });
    expect(records.writeBack()).toBe(0);
    expect(store.map.get("rec:a")).toBe('{"v":2,"n":5}');
  });
});
