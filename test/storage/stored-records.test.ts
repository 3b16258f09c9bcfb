// Tests stored state as a boundary: every record is read back through its shape, and damaged or
// foreign text is read as absent, never thrown. Runs the stores on plain maps (the key-value subset
// of Apps Script's Properties).
import * as z from "zod/mini";
import { JobStore } from "../../src/jobs/job-store";
import { RunStore } from "../../src/enrich/run/run-record";
import { PendingChunks } from "../../src/enrich/run/pending";
import { EditorKeys } from "../../src/jobs/editor-keys";
import { PrefixedCollection } from "../../src/storage/prefixed-collection";
import { currentShape, readStored } from "../../src/storage/stored-json";
import { fixedFacts, mapStore } from "./map-store";
import { RECORD_KINDS } from "../../src/app/record-kinds";

const TARGET = { headerRow: 1, nameHeader: "Name", nameColumn: 1, websiteHeader: "Website", websiteColumn: 2 };

describe("readStored", () => {
  const shape = {
    schema: z.object({ n: z.number(), label: z.optional(z.string()) }),
    upgrade: (s: { n: number; label?: string | undefined }) => ({ n: s.n, label: s.label ?? "none" }),
  };

  it("reads a record through its shape, turned into today's, and damaged or foreign text as absent", () => {
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

describe("job records as stored", () => {
  it("reads a record of no known kind, or damaged, as absent: the others still list", () => {
    const good = {
      id: "a",
      kind: "enrichment",
      name: "Enrich list",
      sheetId: 3,
      sheetName: "List",
      status: "running",
      leadCount: 1,
      enrichedCount: null,
      creditsCharged: 1,
      rowsWritten: 0,
      settled: false,
      error: null,
      note: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      finishedAt: null,
      startKey: "s1",
      timeZone: "Etc/UTC",
      enrichment: TARGET,
      runId: "r1",
    };
    const store = new JobStore(
      mapStore({ "job:a": JSON.stringify(good), "job:b": '{"id":"b","kind":"report","status":"x","createdAt":"2026"}', "job:c": "{cut" }),
      fixedFacts(),
      RECORD_KINDS,
    );
    expect(store.all().map((r) => r.id)).toEqual(["a"]);
    expect(store.get("b")).toBeNull();
  });
});

describe("enrichment stores as stored", () => {
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
