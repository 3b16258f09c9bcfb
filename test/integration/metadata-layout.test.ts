// The full-scope build's job store on the BUILT bundle (dist-full/): one developer-metadata entry
// holds every key, from the first job to the last one finished.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
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

describe("the full build's job store layout", () => {
  it("keeps a document's jobs in one entry while they run and once they are done", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir: FULL } });
    const started = ["roofers", "plumbers", "dentists"].map((query) =>
      sidebar(runtime, "startSearch", { query, location, maxResults: 100 }),
    );
    expect(metadataKeys(runtime)).toEqual(["businessLeads:store"]);
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
