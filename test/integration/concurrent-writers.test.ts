// Two executions changing one document's job store at the same time, on the BUILT full-scope
// bundle (dist-full/), where the store is one developer-metadata entry and Google runs the trigger
// without a document: a background pass that opened the document by id holds no lock of it, so
// only the store's write claim keeps a sidebar action from writing in the middle of it. The pass
// gives its claim up around each network call, so a click made meanwhile goes through at once;
// a pass that comes second steps back. No job record is ever lost, every job is charged once and
// ends exact in its sheet.
import * as path from "node:path";
import type { FakeRuntime, RunResult } from "../../dev/fakes/runtime";
import { austinLabel, serviceResults, sidebar, sidebarAs, sheetOf, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const FULL = path.resolve(__dirname, "../../dist-full");
const BOB = "bob@example.com";
const HOUR = 60 * 60 * 1000;

const world = useWorld(41);
let location = "";
beforeAll(async () => {
  location = await austinLabel(world);
});

async function searchesCreated(apiKey: string): Promise<number> {
  const res = await fetch(`${world.url}/api/v1/searches`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { total: number }).total;
}

/** Alice (the runtime's user) started a search, so her trigger exists; Bob edits the same spreadsheet. */
async function aliceStartedBobEdits(): Promise<{ runtime: FakeRuntime; aliceKey: string; bobKey: string; first: JobView }> {
  const { runtime, apiKey: aliceKey } = await setUpAccount(world, {
    maxActiveJobs: 25,
    runtime: { distDir: FULL, triggerDocument: "none" },
  });
  const { apiKey: bobKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
  sidebarAs(runtime, BOB, "saveSettings", { apiKey: bobKey, baseUrl: world.url });
  const first = sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 200 });
  expect(runtime.triggers.map((t) => t.owner)).toEqual([runtime.userEmail]);
  return { runtime, aliceKey, bobKey, first };
}

/** The triggers, hour by hour, finish every job: each one's sheet ends exactly the service's results. */
async function expectFinishedByTriggers(runtime: FakeRuntime, jobs: Array<{ job: JobView; apiKey: string }>): Promise<void> {
  const runs: RunResult[] = [];
  for (let hour = 0; hour < 6 && runtime.triggers.length > 0; hour += 1) {
    world.clock.advance(HOUR);
    runs.push(...runtime.fireDueTriggers());
  }
  expect(runs.filter((r) => r.error !== undefined).map((r) => r.errorMessage)).toEqual([]);
  expect(runtime.triggers).toEqual([]);
  const listed = sidebar(runtime, "listJobs");
  for (const { job, apiKey } of jobs) {
    expect(listed.find((j) => j.jobId === job.jobId)).toMatchObject({ status: "completed", rowsWritten: 200 });
    const ids = new Set((await serviceResults(world, apiKey, job.jobId)).map((b) => b.id));
    const [header, ...rows] = runtime.spreadsheet().testing.values(sheetOf(job));
    const idColumn = (header ?? []).map(String).indexOf("Business ID");
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => String(r[idColumn])))).toEqual(ids);
  }
}

describe("the full build's store, written by two executions at once", () => {
  it(
    "a sidebar start while a background pass that opened the document by id waits on the network goes " + "through at once: nothing lost",
    async () => {
      const { runtime, aliceKey, bobKey, first } = await aliceStartedBobEdits();
      world.clock.advance(HOUR);
      let during: RunResult | undefined;
      let clicked = false;
      let clickTook = 0;
      const unsubscribe = runtime.onBeforeFetch(() => {
        // The pass has read the store and is polling: Bob clicks "Start search" now (once: his click fetches too).
        if (clicked) return;
        clicked = true;
        const clickedAt = runtime.clock.now();
        during = runtime.run("startSearch", [{ query: "plumbers", location, maxResults: 200 }], { viaScriptRun: true, user: BOB });
        clickTook = runtime.clock.now() - clickedAt;
      });
      const background = runtime.fireDueTriggers();
      unsubscribe();
      expect(background.map((r) => r.errorMessage)).toEqual([undefined]);
      expect(during?.errorMessage).toBeUndefined();
      expect(clickTook).toBeLessThan(3_000); // no wait for the pass: it gave its claim up around its fetch
      expect(await searchesCreated(bobKey)).toBe(1);
      const second = during?.value as JobView;
      expect(
        sidebar(runtime, "listJobs")
          .map((j) => j.jobId)
          .sort(),
      ).toEqual([first.jobId, second.jobId].sort());
      await expectFinishedByTriggers(runtime, [
        { job: first, apiKey: aliceKey },
        { job: second, apiKey: bobKey },
      ]);
      expect([await searchesCreated(aliceKey), await searchesCreated(bobKey)]).toEqual([1, 1]);
    },
  );

  it("a background pass that fires while a sidebar start is sending steps back: the new job's record is kept", async () => {
    const { runtime, aliceKey, bobKey, first } = await aliceStartedBobEdits();
    world.clock.advance(HOUR);
    let background: RunResult[] = [];
    const unsubscribe = runtime.onBeforeFetch((requests) => {
      if (background.length === 0 && requests.some((r) => r.method === "POST")) background = runtime.fireDueTriggers();
    });
    const second = sidebarAs(runtime, BOB, "startSearch", { query: "plumbers", location, maxResults: 200 });
    unsubscribe();
    expect(background.map((r) => r.errorMessage)).toEqual([undefined]); // it left the document quietly
    const listed = sidebar(runtime, "listJobs");
    expect(listed.map((j) => j.jobId).sort()).toEqual([first.jobId, second.jobId].sort());
    expect(listed.find((j) => j.jobId === first.jobId)?.rowsWritten).toBe(0); // that pass wrote nothing
    await expectFinishedByTriggers(runtime, [
      { job: first, apiKey: aliceKey },
      { job: second, apiKey: bobKey },
    ]);
    expect([await searchesCreated(aliceKey), await searchesCreated(bobKey)]).toEqual([1, 1]);
  });
});
