// startSearch under the document lock, on the BUILT bundle: two starts that overlap in time (the
// second while the first holds the lock, from the same editor or another one) and a second click
// after a lost response make one job, one sheet and one charge; a refused start leaves no key.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { austinLabel, newRuntime, serviceAccount, sidebar, startWorld, type JobView, type World } from "../../dev/world";

let world: World;
let austin = "";
beforeAll(async () => {
  world = await startWorld(5);
  austin = await austinLabel(world);
});
afterAll(async () => world.close());

async function setUp(): Promise<{ runtime: FakeRuntime; apiKey: string }> {
  const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
  const runtime = newRuntime(world);
  sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url });
  return { runtime, apiKey };
}

async function searchesCreated(apiKey: string): Promise<number> {
  const res = await fetch(`${world.url}/api/v1/searches`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { total: number }).total;
}

const resultSheets = (runtime: FakeRuntime) => runtime.spreadsheetApp.testing.sheetNames().filter((n) => n.startsWith("plumbers"));
const startRecords = (runtime: FakeRuntime) => [...runtime.stores.document.keys()].filter((k) => k.startsWith("start:"));

describe("two startSearch calls overlapping in time", () => {
  it.each([
    ["the same editor clicks twice", "user@example.com"],
    ["another editor starts the same search", "colleague@example.com"],
  ])("%s while the first holds the lock: the second is told to wait, one job results", async (_, secondUser) => {
    const { runtime, apiKey } = await setUp();
    runtime.run("saveSettings", [{ apiKey, baseUrl: world.url }], { viaScriptRun: true, user: secondUser });
    const args = { query: "plumbers", location: austin, maxResults: 100 };
    let second: ReturnType<FakeRuntime["run"]> | undefined;
    const unsubscribe = runtime.onBeforeFetch((requests) => {
      if (second !== undefined || !requests.some((r) => r.method === "POST")) return;
      second = runtime.run("startSearch", [args], { viaScriptRun: true, user: secondUser });
    });
    const first = sidebar<JobView>(runtime, "startSearch", args);
    unsubscribe();
    expect(second?.errorMessage).toMatch(/already changing this document/);
    expect(runtime.counters.lockWaitMs).toBeGreaterThan(0);

    const again = runtime.run("startSearch", [args], { viaScriptRun: true, user: secondUser }).value as JobView;
    expect(again.jobId).toBe(first.jobId); // a later identical click finds the same job
    expect(sidebar<JobView[]>(runtime, "listJobs").map((j) => j.jobId)).toEqual([first.jobId]);
    expect(resultSheets(runtime)).toEqual([first.sheetName]);
    expect(await searchesCreated(apiKey)).toBe(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4900);
  });

  it("a second click after the first lost every response: the same job, one sheet, one charge", async () => {
    const { runtime, apiKey } = await setUp();
    const args = { query: "plumbers", location: austin, maxResults: 200 };
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 20 }]);
    expect(() => sidebar(runtime, "startSearch", args)).toThrow(/Could not reach the lead service/);
    await world.control.clearFaults();
    expect(resultSheets(runtime)).toEqual([]);
    expect(await searchesCreated(apiKey)).toBe(1); // the service did get it

    const view = sidebar<JobView>(runtime, "startSearch", args);
    expect(sidebar<JobView[]>(runtime, "listJobs").map((j) => j.jobId)).toEqual([view.jobId]);
    expect(resultSheets(runtime)).toEqual([view.sheetName]);
    expect(await searchesCreated(apiKey)).toBe(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4800);
  });

  it("a start the service refuses for good (402) leaves no start record behind", async () => {
    const { runtime } = await setUp();
    await world.control.injectFaults([
      { method: "POST", path: "/api/v1/searches", status: 402, body: JSON.stringify({ detail: "Insufficient credits: 40 remaining" }), times: 1 },
    ]);
    expect(() => sidebar(runtime, "startSearch", { query: "plumbers", location: austin, maxResults: 100 })).toThrow(/Not enough credits: 40 remain/);
    await world.control.clearFaults();
    expect(startRecords(runtime)).toEqual([]);
    expect(resultSheets(runtime)).toEqual([]);
  });
});
