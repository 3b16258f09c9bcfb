// A job record stored by an earlier version (no version, no time zone, its sheet known by name only,
// its last re-run's figures in its schedule only) keeps working on BOTH built bundles: the sidebar
// shows it with its outcome and the document's zone, its sheet opens, and the next pass writes it
// back once in today's shape (version 2), after which a pass writes nothing more for it.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { austinLabel, pollUntil, sidebar, sheetOf } from "../../dev/world";
import { decodeData, encodeData } from "../../src/storage/metadata-entries";
import { setUpAccount, useWorld } from "../fixtures/world";

const BUILDS = [
  { build: "default", distDir: path.resolve(__dirname, "../../dist"), full: false },
  { build: "full", distDir: path.resolve(__dirname, "../../dist-full"), full: true },
] as const;

const world = useWorld(61);
let location = "";
beforeAll(async () => {
  location = await austinLabel(world);
});

/** The document's job store as a map, read and written where the build keeps it. */
function jobStore(runtime: FakeRuntime, full: boolean): { get(key: string): string | undefined; set(key: string, value: string): void } {
  if (!full) return runtime.stores.document;
  const spreadsheet = runtime.spreadsheetApp.getActiveSpreadsheet();
  const entry = () => spreadsheet.createDeveloperMetadataFinder().withKey("businessLeads:store").find()[0];
  return {
    get: (key) => decodeData(entry()?.getValue() ?? "")?.get(key),
    set(key, value) {
      const keys = decodeData(entry()?.getValue() ?? "") ?? new Map<string, string>();
      keys.set(key, value);
      entry()?.setValue(encodeData(keys));
    },
  };
}

describe.each(BUILDS)("a job record of version 1, $build build", ({ distDir, full }) => {
  it("is shown and opened as today's, and written back in today's shape by the next pass, once", async () => {
    const { runtime } = await setUpAccount(world, { runtime: { distDir, timeZone: "Asia/Kolkata" } });
    const started = sidebar(runtime, "startSearch", { query: "florists", location, maxResults: 100 });
    pollUntil(world, runtime, (all) => all[0]?.status === "completed" && all[0].rowsWritten === 100);
    const store = jobStore(runtime, full);
    const key = `job:${started.jobId}`;
    const today = JSON.parse(store.get(key) ?? "{}");
    expect(today).toMatchObject({ v: 3, timeZone: "Asia/Kolkata" });

    // As version 1 stored it: its last re-run's figures in its schedule only, its sheet by name only, its creator not kept.
    const { v: _v, timeZone: _zone, lastRun: _run, createdBy: _by, seenBy: _seen, ...rest } = today;
    const lastRunAt = new Date(world.clock.now() - 60_000).toISOString();
    const refresh = {
      every: "day",
      search: { name: "florists", input: { query: "florists", location, maxResults: 100 } },
      run: null,
      lastRunAt,
      lastRunAdded: 3,
      lastRunUpdated: 97,
      lastRunNotFound: 1,
      lastRunBusinesses: 100,
      lastRunCredits: 100,
      nextRunAt: new Date(world.clock.now() + 24 * 3600_000).toISOString(),
      lastError: null,
    };
    store.set(key, JSON.stringify({ ...rest, sheetId: null, refresh }));

    const listed = sidebar(runtime, "listJobs").find((job) => job.jobId === started.jobId);
    expect(listed).toMatchObject({
      mine: true, // the reading key's, as every key the document knows
      timeZone: "Asia/Kolkata",
      lastRun: { at: lastRunAt, added: 3, updated: 97, notFound: 1, businesses: 100, credits: 100, keptEarlier: 0 },
    });
    expect(sidebar(runtime, "showJobSheet", { jobId: started.jobId })).toEqual({ sheetName: sheetOf(started) });
    expect(JSON.parse(store.get(key) ?? "{}").v).toBeUndefined(); // reads never write

    sidebar(runtime, "refreshJobs");
    const written = JSON.parse(store.get(key) ?? "{}");
    expect(written).toMatchObject({ v: 3, timeZone: "Asia/Kolkata", sheetId: today.sheetId, lastRun: { at: lastRunAt, added: 3 } });
    expect(written.createdBy).toBeUndefined();
    expect(written.seenBy).toEqual([today.createdBy]); // the pass's key: the document's one editor
    const text = store.get(key);
    sidebar(runtime, "refreshJobs");
    expect(store.get(key)).toBe(text);
  });
});
