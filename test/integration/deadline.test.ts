// A pass checks its deadline before each round trip of result pages and stops cleanly, with
// every job it finished checkpointed; the next pass carries on. No execution overruns Apps
// Script's 6 minutes even when every round trip is slow.
import { expectedCells, readSheet, serviceResults, sidebar, sheetOf, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(5);

it("slow round trips: passes stop at their deadline, never killed, and later passes complete every job", async () => {
  // Each UrlFetchApp round trip takes 150 s of virtual time: a 4.5 min budget starts two, the
  // statuses and one round trip of results (at most 4,000 results: 6 of these 600-result jobs).
  const { runtime, apiKey } = await setUpAccount(world, { credits: 20000, maxActiveJobs: 25, runtime: { fetchLatencyMs: 150_000 } });
  const [location] = sidebar(runtime, "findLocations", { q: "Boston" });
  const started: JobView[] = [];
  for (let i = 0; i < 12; i += 1) {
    started.push(sidebar(runtime, "startSearch", { query: `dentists ${i}`, location: location?.label, maxResults: 600 }));
  }
  world.clock.advance(10 * 60 * 1000); // every job has completed at the service

  const completeAfterPass: number[] = [];
  while (runtime.triggers.length > 0 && completeAfterPass.length < 20) {
    const result = runtime.run("refreshJobs", [], { viaScriptRun: true });
    expect(result.killed).toBe(false);
    expect(result.errorMessage).toBeUndefined();
    completeAfterPass.push((result.value as JobView[]).filter((j) => j.rowsWritten === 600).length);
  }
  // The first pass stopped part-way with some jobs finished and checkpointed; the next finished the rest.
  expect(completeAfterPass[0]).toBeGreaterThan(0);
  expect(completeAfterPass[0]).toBeLessThan(started.length);
  expect(completeAfterPass[completeAfterPass.length - 1]).toBe(started.length);
  const jobs = sidebar(runtime, "listJobs");
  for (const job of jobs) {
    expect([job.status, job.rowsWritten]).toEqual(["completed", 600]);
    const service = await serviceResults(world, apiKey, job.jobId);
    const { rows } = readSheet(runtime, sheetOf(job));
    expect(rows.map((r) => r["Business ID"]).sort()).toEqual(service.map((b) => b.id).sort());
    const first = service[0];
    if (first) expect(rows.find((r) => r["Business ID"] === first.id)).toMatchObject(expectedCells(first));
  }
});
