// Tests the versions of stored records: a record is read through every version step after its
// stored version in one go, the code sees today's shape without the version, a record stored
// without one is version 1, and the pass's write-back stores an outdated record in today's shape once.
// Old shapes are literals; the document's facts (time zone, sheets by name) are fixed stand-ins.
import * as z from "zod/mini";
import { JobStore } from "../../src/jobs/job-store";
import { documentFacts, JOB_RECORD_STEPS } from "../../src/jobs/job-record-versions";
import type { JobRecord, StoredJobRecord } from "../../src/jobs/job-record";
import { PrefixedCollection } from "../../src/storage/prefixed-collection";
import { readVersioned, storedText, versionOf, type StoredShape } from "../../src/storage/stored-json";
import { fixedFacts, mapStore } from "./map-store";
import { isMine } from "../../src/jobs/ownership";
import { EditorKeys } from "../../src/jobs/editor-keys";

const ID = "11111111-2222-4333-8444-555555555555";
const CREATED = "2026-11-20T09:00:00.000Z";

/** A scheduled search as version 1 stored it: its last re-run's figures in its schedule only. */
const versionOneSearch = {
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
  note: null,
  createdAt: CREATED,
  finishedAt: CREATED,
  startKey: null,
  refresh: {
    every: "day",
    search: { name: "dentists", input: { query: "dentists", location: "Fort Worth, Texas, US" } },
    run: null,
    lastRunAt: "2026-11-26T09:00:00.000Z",
    lastRunAdded: 4,
    lastRunUpdated: 96,
    lastRunNotFound: 4,
    lastRunBusinesses: 100,
    lastRunCredits: 100,
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

describe("job record version steps", () => {
  const facts = fixedFacts("Europe/Lisbon", { "Texas dentists": 7, "Old name": 9 });
  const upgrade = (record: StoredJobRecord): StoredJobRecord => JOB_RECORD_STEPS.reduce((r, step) => step.upgrade(r, facts), record);
  const read = (stored: object): JobRecord | null => new JobStore(mapStore({ [`job:${ID}`]: JSON.stringify(stored) }), facts).get(ID);

  it("version 2: a run merged before outcomes were kept gets its outcome from its schedule's figures", () => {
    expect(read(versionOneSearch)?.lastRun).toEqual({
      at: "2026-11-26T09:00:00.000Z",
      added: 4,
      updated: 96,
      notFound: 4,
      businesses: 100,
      credits: 100,
      keptEarlier: 0,
    });
  });

  it("version 2: no outcome before any re-run, while a figure is unknown, or without a schedule", () => {
    expect(read({ ...versionOneSearch, refresh: { ...versionOneSearch.refresh, lastRunAt: CREATED } })?.lastRun).toBeUndefined();
    expect(read({ ...versionOneSearch, refresh: { ...versionOneSearch.refresh, lastRunAdded: null } })?.lastRun).toBeUndefined();
    const { refresh: _, ...unscheduled } = versionOneSearch;
    expect(read(unscheduled)?.lastRun).toBeUndefined();
  });

  it("a note an earlier version stored as its words is read back as its kind", () => {
    expect(read({ ...versionOneSearch, note: "Could not read the results this time: timed out" })?.note).toEqual({
      kind: "passFailed",
      step: "results",
      message: "timed out",
    });
    expect(read({ ...versionOneSearch, note: "The refresh due 2026-11-28 07:46 was not run" })?.note).toEqual({
      kind: "lasting",
      text: "The refresh due 2026-11-28 07:46 was not run",
    });
    expect(read({ ...versionOneSearch, note: { kind: "lasting", text: "kept" } })?.note).toEqual({ kind: "lasting", text: "kept" });
  });

  it("a kept outcome is left as it is, and a record stored at today's version is not stepped again", () => {
    const kept = { at: "2026-11-26T09:00:00.000Z", added: 6, updated: 94, notFound: 6, businesses: 100, credits: 100, keptEarlier: 12 };
    expect(read({ ...versionOneSearch, lastRun: kept })?.lastRun).toEqual(kept);
    // The schedule's copy of the figures is a shape, read by the record's schema (last-run.ts), whatever the version.
    expect(read({ v: 2, ...versionOneSearch, sheetId: null, sheetName: "Old name" })?.sheetId).toBeNull();
    const record = read(versionOneSearch) as JobRecord;
    expect(upgrade(record)).toEqual(record);
  });

  it("version 2: a record that kept only its sheet's name gets the sheet's id, found by name once; a sheet not found leaves it without", () => {
    expect(read({ ...versionOneSearch, sheetId: null, sheetName: "Old name" })).toMatchObject({ sheetId: 9, sheetName: "Old name" });
    expect(read({ ...versionOneSearch, sheetId: null, sheetName: "Deleted" })).toMatchObject({ sheetId: null, sheetName: "Deleted" });
    expect(read({ ...versionOneSearch, sheetId: 3 })).toMatchObject({ sheetId: 3 });
    // Today's records may wait for their sheet (a territory's is made after its record): not looked up by name.
    expect(read({ v: 2, ...versionOneSearch, sheetId: null, sheetName: "Old name" })).toMatchObject({ sheetId: null });
  });

  it("version 3: a record from before its creator was kept is seen by each key the document knows, except one answered 404", () => {
    const known = fixedFacts("Etc/UTC", {}, ["ann", "bob", "cat"]);
    const old = { ...versionOneSearch, seenBy: ["dan"], hiddenFrom: ["bob"] };
    const record = new JobStore(mapStore({ [`job:${ID}`]: JSON.stringify(old) }), known).get(ID) as JobRecord;
    expect(record.createdBy).toBeUndefined();
    expect(record.seenBy).toEqual(["dan", "ann", "cat"]);
    expect([isMine(record, "ann"), isMine(record, "bob"), isMine(record, "dan"), isMine(record, "eve")]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // A record that kept its creator, or was stored at version 3, is not given anyone.
    expect(new JobStore(mapStore({ [`job:${ID}`]: JSON.stringify({ ...old, createdBy: "dan" }) }), known).get(ID)?.seenBy).toEqual(["dan"]);
    expect(new JobStore(mapStore({ [`job:${ID}`]: JSON.stringify({ v: 3, ...old }) }), known).get(ID)?.seenBy).toEqual(["dan"]);
  });

  it("the keys a document knows are its editors' current keys and the reader's, each once", () => {
    const store = mapStore();
    const editors = new EditorKeys(store);
    editors.register("editor-1", "ann", Date.parse(CREATED));
    editors.register("editor-2", "bob", Date.parse(CREATED));
    const spreadsheet = { getSpreadsheetTimeZone: () => "Etc/UTC", getSheetByName: () => null };
    expect([...documentFacts({ spreadsheet, store }, "cat").knownKeys()].sort()).toEqual(["ann", "bob", "cat"]);
    expect([...documentFacts({ spreadsheet, store }, "ann").knownKeys()].sort()).toEqual(["ann", "bob"]);
    expect(documentFacts({ spreadsheet, store: mapStore() }).knownKeys()).toEqual([]);
  });

  it("a record without a time zone gets its document's; one with its own keeps it", () => {
    expect(read(versionOneSearch)?.timeZone).toBe("Europe/Lisbon");
    expect(read({ ...versionOneSearch, timeZone: "America/Chicago" })?.timeZone).toBe("America/Chicago");
    expect(read({ v: 2, ...versionOneSearch, kind: "enrichment", refresh: undefined })?.timeZone).toBe("Europe/Lisbon");
  });

  it("asks the document for its time zone once at most, and not at all when every record keeps one", () => {
    let asked = 0;
    const counting = {
      timeZone: () => {
        asked += 1;
        return "Asia/Tokyo";
      },
      sheetIdNamed: () => null,
      knownKeys: () => [],
    };
    const store = mapStore({
      "job:a": JSON.stringify({ ...versionOneSearch, id: "a" }),
      "job:b": JSON.stringify({ ...versionOneSearch, id: "b" }),
    });
    expect(new JobStore(store, counting).all().map((r) => r.timeZone)).toEqual(["Asia/Tokyo", "Asia/Tokyo"]);
    expect(asked).toBe(1);
    const kept = mapStore({ "job:a": JSON.stringify({ ...versionOneSearch, id: "a", timeZone: "Etc/UTC" }) });
    new JobStore(kept, {
      ...counting,
      timeZone: () => {
        asked += 10;
        return "x";
      },
    }).all();
    expect(asked).toBe(1);
  });
});

describe("write-back of outdated records", () => {
  it("the job store writes a record read in version 1 back in today's shape, once, and leaves current ones alone", () => {
    const current = { v: 3, ...versionOneSearch, id: "c", timeZone: "Etc/UTC" };
    const store = mapStore({ [`job:${ID}`]: JSON.stringify(versionOneSearch), "job:c": JSON.stringify(current) });
    const jobs = new JobStore(store, fixedFacts());
    const before = store.map.get("job:c");
    expect(jobs.all()).toHaveLength(2);
    expect(jobs.writeBack()).toBe(1);
    const written = JSON.parse(store.map.get(`job:${ID}`) ?? "{}");
    expect(written.v).toBe(3);
    expect(written.timeZone).toBe("Etc/UTC");
    expect(written.lastRun).toEqual({
      at: "2026-11-26T09:00:00.000Z",
      added: 4,
      updated: 96,
      notFound: 4,
      businesses: 100,
      credits: 100,
      keptEarlier: 0,
    });
    expect(store.map.get("job:c")).toBe(before);
    expect(new JobStore(store, fixedFacts()).writeBack()).toBe(0);
    const again = new JobStore(store, fixedFacts());
    again.all();
    expect(again.writeBack()).toBe(0);
  });

  it("reads never write, and a record another writer stored in today's shape meanwhile is not overwritten", () => {
    const store = mapStore({ "rec:a": '{"n":1}' });
    const shape: StoredShape<{ n: number }> = {
      schema: z.object({ n: z.number() }),
      upgrade: (s) => s,
      versioned: true,
      steps: [{ to: 2, upgrade: (s) => s }],
    };
    const records = new PrefixedCollection(store, "rec:", shape);
    expect(records.get("a")).toEqual({ n: 1 });
    expect(store.map.get("rec:a")).toBe('{"n":1}');
    new PrefixedCollection(store, "rec:", shape).save("a", { n: 5 });
    expect(records.writeBack()).toBe(0);
    expect(store.map.get("rec:a")).toBe('{"v":2,"n":5}');
  });
});
