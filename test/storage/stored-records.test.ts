// Tests stored state as a boundary: every record is read back through its shape, an older shape is
// upgraded to today's on read, and damaged or foreign text is read as absent, never thrown. Runs the
// stores on plain maps (the key-value subset of Apps Script's Properties).
import * as z from "zod/mini";
import { JobStore } from "../../src/jobs/job-store";
import { RunStore } from "../../src/enrich/run/run-record";
import { PendingChunks } from "../../src/enrich/run/pending";
import { EditorKeys } from "../../src/jobs/editor-keys";
import { PrefixedCollection } from "../../src/storage/prefixed-collection";
import { currentShape, readStored } from "../../src/storage/stored-json";
import { fixedFacts, mapStore } from "./map-store";

const TARGET = { headerRow: 1, nameHeader: "Name", nameColumn: 1, websiteHeader: "Website", websiteColumn: 2 };

describe("readStored", () => {
  const shape = {
    schema: z.object({ n: z.number(), label: z.optional(z.string()) }),
    upgrade: (s: { n: number; label?: string | undefined }) => ({ n: s.n, label: s.label ?? "none" }),
  };

  it("reads today's shape, upgrades an older one, and reads damaged or foreign text as absent", () => {
    expect(readStored(shape, '{"n":1,"label":"x"}')).toEqual({ n: 1, label: "x" });
    expect(readStored(shape, '{"n":2}')).toEqual({ n: 2, label: "none" });
    expect(readStored(shape, '{"n":"two"}')).toBeNull();
    expect(readStored(shape, "{not json")).toBeNull();
    expect(readStored(shape, null)).toBeNull();
    expect(readStored(shape, undefined)).toBeNull();
  });
});

describe("PrefixedCollection", () => {
  it("keeps its records under one prefix, skips unreadable ones and leaves other keys alone", () => {
    const store = mapStore({ "other:1": "{}", "rec:bad": "{oops", "rec:foreign": '{"n":"x"}' });
    const records = new PrefixedCollection(store, "rec:", currentShape(z.object({ n: z.number() })));
    records.save("a", { n: 1 });
    records.save("b", { n: 2 });
    expect(records.get("a")).toEqual({ n: 1 });
    expect(records.entries().sort()).toEqual([
      ["a", { n: 1 }],
      ["b", { n: 2 }],
    ]);
    expect(records.ids().sort()).toEqual(["a", "b", "bad", "foreign"]);
    records.delete("a");
    expect(store.map.has("rec:a")).toBe(false);
    expect(store.map.get("other:1")).toBe("{}");
  });
});

describe("job records as stored by earlier versions", () => {
  it("upgrades a search record of an early version: defaults for what it lacked, maxResults from its charge, no last run kept", () => {
    const early = {
      id: "11111111-2222-4333-8444-555555555555",
      kind: "search",
      name: "coffee in Austin",
      status: "completed",
      createdAt: "2026-01-01T00:00:00.000Z",
      creditsCharged: 100,
      sheetId: 7,
      sheetName: "coffee in Austin",
      refresh: {
        every: "day",
        search: { input: { query: "coffee", location: "Austin, Texas, US" } },
        lastRunAt: "2026-01-01T00:00:00.000Z",
        nextRunAt: "2026-01-02T00:00:00.000Z",
        lastError: null,
        run: null,
      },
    };
    const store = new JobStore(mapStore({ [`job:${early.id}`]: JSON.stringify(early) }), fixedFacts());
    const record = store.get(early.id);
    expect(record).toMatchObject({
      leadCount: null,
      enrichedCount: null,
      rowsWritten: 0,
      settled: false,
      error: null,
      note: null,
      finishedAt: null,
      startKey: null,
      maxResults: 100,
    });
    // The schedule's counts were never kept: no last run on the job, none in the schedule.
    expect(record?.lastRun).toBeUndefined();
    expect(record?.kind === "search" && record.refresh).toEqual({
      every: "day",
      lastRunAt: "2026-01-01T00:00:00.000Z",
      nextRunAt: "2026-01-02T00:00:00.000Z",
      lastError: null,
      run: null,
      search: { input: { location: "Austin, Texas, US", query: "coffee" } },
    });
    expect(store.all()).toHaveLength(1);
  });

  it("reads what a search searched as its parts: those it stored, its words as an earlier version stored them, or its schedule's input", () => {
    const base = {
      kind: "search",
      name: "Mine",
      status: "completed",
      createdAt: "2026-01-01T00:00:00.000Z",
      sheetId: 7,
      sheetName: "Mine",
    };
    const stored = {
      "job:a": { ...base, id: "a", searched: { query: "dentists", place: "Fort Worth, Texas, US" } },
      "job:b": { ...base, id: "b", searched: "dentists · Fort Worth, Texas, US" },
      "job:c": { ...base, id: "c", searched: "a · b · Austin, Texas, US" },
      "job:d": {
        ...base,
        id: "d",
        refresh: {
          every: "day",
          search: { input: { query: "coffee", location: "Austin, Texas, US" } },
          lastRunAt: "2026-01-01T00:00:00.000Z",
          nextRunAt: "2026-01-02T00:00:00.000Z",
          lastError: null,
          run: null,
        },
      },
      "job:e": { ...base, id: "e" },
    };
    const store = new JobStore(
      mapStore(Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, JSON.stringify(value)]))),
      fixedFacts(),
    );
    const searched = (id: string) => {
      const record = store.get(id);
      return record?.kind === "search" ? record.searched : "not a search";
    };
    expect(searched("a")).toEqual({ query: "dentists", place: "Fort Worth, Texas, US" });
    expect(searched("b")).toEqual({ query: "dentists", place: "Fort Worth, Texas, US" });
    expect(searched("c")).toEqual({ query: "a · b", place: "Austin, Texas, US" });
    expect(searched("d")).toEqual({ query: "coffee", place: "Austin, Texas, US" });
    expect(searched("e")).toBeUndefined();
  });

  it("reads a record of no known kind, or damaged, as absent: the others still list", () => {
    const good = {
      id: "a",
      kind: "enrichment",
      name: "Enrich list",
      status: "running",
      createdAt: "2026-01-01T00:00:00.000Z",
      enrichment: TARGET,
      runId: "r1",
    };
    const store = new JobStore(
      mapStore({ "job:a": JSON.stringify(good), "job:b": '{"id":"b","kind":"report","status":"x","createdAt":"2026"}', "job:c": "{cut" }),
      fixedFacts(),
    );
    expect(store.all().map((r) => r.id)).toEqual(["a"]);
    expect(store.get("b")).toBeNull();
  });
});

describe("enrichment stores as stored by earlier versions", () => {
  it("reads a chunk an earlier version stored, of no run, as a chunk with runId null", () => {
    const head = {
      startKey: "s1",
      idempotencyKey: "k1",
      sheetId: 3,
      sheetName: "List",
      target: TARGET,
      createdAt: "2026-01-01T00:00:00.000Z",
      index: 0,
      editorId: "me",
      count: 1,
      parts: 1,
      name: "Enrich List",
    };
    const made = Date.parse(head.createdAt).toString(36);
    const pending = new PendingChunks(
      mapStore({ "enrich-pending:s1": JSON.stringify(head) }),
      mapStore({ [`enrich-body:doc:s1:${made}:0`]: '[["Acme","https://acme.com"]]' }),
      "doc",
      "me",
    );
    const [chunk] = pending.all();
    expect(chunk?.runId).toBeNull();
    expect(chunk && pending.body(chunk)).toEqual({
      name: "Enrich List",
      businesses: [{ business_name: "Acme", website_url: "https://acme.com" }],
    });
  });

  it("reads a body part of another shape as a lost body, not a crash", () => {
    const head = {
      startKey: "s1",
      idempotencyKey: "k1",
      sheetId: 3,
      sheetName: "List",
      target: TARGET,
      createdAt: "2026-01-01T00:00:00.000Z",
      index: 0,
      editorId: "me",
      count: 1,
      parts: 1,
      name: null,
      runId: "r",
    };
    const made = Date.parse(head.createdAt).toString(36);
    const pending = new PendingChunks(
      mapStore({ "enrich-pending:s1": JSON.stringify(head) }),
      mapStore({ [`enrich-body:doc:s1:${made}:0`]: '[{"name":"Acme"}]' }),
      "doc",
      "me",
    );
    const [chunk] = pending.all();
    expect(chunk && pending.body(chunk)).toBeNull();
  });

  it("skips a damaged run record and keeps the others", () => {
    const runs = new RunStore(mapStore({ "enrich-run:x": "{bad" }));
    const run = {
      runId: "r1",
      sheetId: 1,
      sheetName: "List",
      target: TARGET,
      editorId: "me",
      createdAt: "2026-01-01T00:00:00.000Z",
      perJob: 700,
      rows: 3,
      rowsWaiting: 3,
      businessesWaiting: 3,
      rowsDropped: 0,
      chunksMade: 0,
      jobsPlanned: 1,
      stopped: false,
    };
    runs.save(run);
    expect(runs.all()).toEqual([run]);
  });

  it("keeps the editors whose entries are readable and drops the others", () => {
    const store = mapStore({
      "businessLeads.editorKeys": JSON.stringify({ a: { digest: "d1", seenAt: "2026-01-01T00:00:00.000Z" }, b: { digest: 7 }, c: "x" }),
    });
    expect(new EditorKeys(store).digests()).toEqual(["d1"]);
  });
});
