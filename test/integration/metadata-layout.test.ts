// The full-scope build's job store on the BUILT bundle (dist-full/): one developer-metadata entry
// holds every key, and a spreadsheet whose jobs an earlier version stored one entry per key (as
// deployed documents hold them) is read as it is and moved into the one entry by the next pass,
// its jobs finished as if nothing had changed.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { decodeData } from "../../src/storage/metadata-entries";
import { austinLabel, pollUntil, sidebar } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const FULL = path.resolve(__dirname, "../../dist-full");

const world = useWorld(43);
let location = "";
beforeAll(async () => {
  location = await austinLabel(world);
});

const metadataKeys = (runtime: FakeRuntime) =>
  runtime
    .spreadsheet()
    .testing.developerMetadata()
    .map((e) => e.key);

/** Rewrites the store as the per-key layout had it: "businessLeads.<key>" holding "#<key>\n<value>". */
function asPerKeyLayout(runtime: FakeRuntime): number {
  const spreadsheet = runtime.spreadsheetApp.getActiveSpreadsheet();
  const [entry, ...others] = spreadsheet.createDeveloperMetadataFinder().find();
  expect(others).toEqual([]);
  const keys = decodeData(entry?.getValue() ?? "") ?? new Map<string, string>();
  entry?.remove();
  for (const [key, value] of keys) spreadsheet.addDeveloperMetadata(`businessLeads.${key}`, `#${key}\n${value}`, "PROJECT");
  return keys.size;
}

describe("the full build's job store layout", () => {
  it("keeps a document's jobs in one entry, and moves a store written one entry per key into it at the next pass", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir: FULL } });
    const started = ["roofers", "plumbers", "dentists"].map((query) =>
      sidebar(runtime, "startSearch", { query, location, maxResults: 100 }),
    );
    expect(metadataKeys(runtime)).toEqual(["businessLeads:store"]);

    // As a deployment of the previous version left it: one entry per job, the editors' keys apart.
    expect(asPerKeyLayout(runtime)).toBeGreaterThanOrEqual(4);
    expect(
      sidebar(runtime, "listJobs")
        .map((j) => j.jobId)
        .sort(),
    ).toEqual(started.map((j) => j.jobId).sort());

    const done = pollUntil(
      world,
      runtime,
      (jobs) => jobs.length === 3 && jobs.every((j) => j.status === "completed" && j.rowsWritten === 100),
    );
    expect(done.map((j) => j.jobId).sort()).toEqual(started.map((j) => j.jobId).sort());
    expect(metadataKeys(runtime)).toEqual(["businessLeads:store"]);
    expect(runtime.triggers).toEqual([]);
  });
});
