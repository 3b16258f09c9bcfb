// startSearch under the document lock, on the BUILT bundle: two starts that overlap in time (the
// second while the first holds the lock, from the same editor or another one) and a second click
// after a lost response make one job, one sheet and one charge; a refused start leaves no key.
// A start identical to a search still running (started here or imported) sends nothing and
// returns that search marked `alreadyRunning`; every search says what one run of it may charge.
import { randomUUID } from "node:crypto";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { austinLabel, pollUntil, serviceAccount, sidebar, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(5);
let austin = "";
beforeAll(async () => {
  austin = await austinLabel(world);
});

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
    const { runtime, apiKey } = await setUpAccount(world, { maxActiveJobs: 25 });
    runtime.run("saveSettings", [{ apiKey, baseUrl: world.url }], { viaScriptRun: true, user: secondUser });
    const args = { query: "plumbers", location: austin, maxResults: 100 };
    let second: ReturnType<FakeRuntime["run"]> | undefined;
    const unsubscribe = runtime.onBeforeFetch((requests) => {
      if (second !== undefined || !requests.some((r) => r.method === "POST")) return;
      second = runtime.run("startSearch", [args], { viaScriptRun: true, user: secondUser });
    });
    const first = sidebar(runtime, "startSearch", args);
    unsubscribe();
    expect(second?.errorMessage).toMatch(/already changing this document/);
    expect(runtime.counters.lockWaitMs).toBeGreaterThan(0);

    const again = runtime.run("startSearch", [args], { viaScriptRun: true, user: secondUser }).value as JobView;
    expect(again.jobId).toBe(first.jobId); // a later identical click finds the same job
    expect(sidebar(runtime, "listJobs").map((j) => j.jobId)).toEqual([first.jobId]);
    expect(resultSheets(runtime)).toEqual([first.sheetName]);
    expect(await searchesCreated(apiKey)).toBe(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4900);
  });

  it("a second click after the first lost every response: the same job, one sheet, one charge", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { maxActiveJobs: 25 });
    const args = { query: "plumbers", location: austin, maxResults: 200 };
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 20 }]);
    expect(() => sidebar(runtime, "startSearch", args)).toThrow(/Could not reach the lead service/);
    await world.control.clearFaults();
    expect(resultSheets(runtime)).toEqual([]);
    expect(await searchesCreated(apiKey)).toBe(1); // the service did get it

    const view = sidebar(runtime, "startSearch", args);
    expect(sidebar(runtime, "listJobs").map((j) => j.jobId)).toEqual([view.jobId]);
    expect(resultSheets(runtime)).toEqual([view.sheetName]);
    expect(await searchesCreated(apiKey)).toBe(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4800);
  });

  it("a start the service refuses for good (402) leaves no start record behind", async () => {
    const { runtime } = await setUpAccount(world, { maxActiveJobs: 25 });
    await world.control.injectFaults([
      {
        method: "POST",
        path: "/api/v1/searches",
        status: 402,
        body: JSON.stringify({ detail: "Insufficient credits: 40 remaining" }),
        times: 1,
      },
    ]);
    expect(() => sidebar(runtime, "startSearch", { query: "plumbers", location: austin, maxResults: 100 })).toThrow(
      /Not enough credits: 40 remain/,
    );
    await world.control.clearFaults();
    expect(startRecords(runtime)).toEqual([]);
    expect(resultSheets(runtime)).toEqual([]);
  });
});

const creations = (runtime: FakeRuntime) => runtime.http.requests.filter((r) => r.method === "POST" && r.url.endsWith("/searches")).length;

describe("starting a search identical to one still running", () => {
  it(
    "returns the running search with alreadyRunning, sending and charging nothing; " + "a different or a finished one starts anew",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { maxActiveJobs: 25 });
      const args = { query: "plumbers", location: austin, maxResults: 200, language: "en", enrichContacts: true };
      const first = sidebar(runtime, "startSearch", { ...args, name: "plumbers for Monday" });
      expect(first.alreadyRunning).toBeUndefined();
      expect(first.runCredits).toBe(200);
      const posts = creations(runtime);
      const requests = runtime.http.requests.length;

      // The same input under another name (or none): the running search, nothing sent.
      for (const name of [undefined, "plumbers again"]) {
        const again = sidebar(runtime, "startSearch", name === undefined ? args : { ...args, name });
        expect(again.name).toBe("plumbers for Monday");
        expect(again).toMatchObject({ jobId: first.jobId, sheetName: first.sheetName, alreadyRunning: true, runCredits: 200 });
      }
      expect(runtime.http.requests.length).toBe(requests);
      expect(resultSheets(runtime)).toEqual([first.sheetName]);
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4800);

      // Any difference in what is searched is another search.
      const differs = [{ maxResults: 300 }, { enrichContacts: false }, { language: "es" }, { countryCode: "US" }];
      for (const change of differs) {
        const other = sidebar(runtime, "startSearch", { ...args, ...change });
        expect([change, other.alreadyRunning, other.jobId === first.jobId]).toEqual([change, undefined, false]);
      }
      expect(creations(runtime)).toBe(posts + differs.length);

      // Once the search has finished, the same start is a new search (a fresh run, charged).
      pollUntil(world, runtime, (jobs) => jobs.every((j) => j.status === "completed" || j.status === "failed"));
      const fresh = sidebar(runtime, "startSearch", args);
      expect([fresh.alreadyRunning, fresh.jobId === first.jobId]).toEqual([undefined, false]);
    },
  );

  it("finds a running search opened with importJob; an imported search says what a run of it may charge", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { maxActiveJobs: 25 });
    const res = await fetch(`${world.url}/api/v1/searches`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json", "Idempotency-Key": randomUUID() },
      body: JSON.stringify({
        name: "From the dashboard",
        input: { query: "plumbers", location: austin, maxResults: 300 },
        enrich_contacts: false,
      }),
    });
    const { job_id: jobId } = (await res.json()) as { job_id: string };
    const imported = sidebar(runtime, "importJob", { jobId });
    expect(imported.runCredits).toBe(300);
    const requests = runtime.http.requests.length;
    // The service's actor_input names the location's country: so does the sidebar's start.
    const again = sidebar(runtime, "startSearch", {
      query: "plumbers",
      location: austin,
      countryCode: "US",
      maxResults: 300,
      enrichContacts: false,
    });
    expect(again).toMatchObject({ jobId, alreadyRunning: true });
    expect(runtime.http.requests.length).toBe(requests);
  });
});

describe("starting a search identical to one of the last day, asking first (askIfRecent)", () => {
  it(
    "with askIfRecent: the finished search is returned, nothing sent or charged, for a day; " + "without it, or a day later, it starts",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { maxActiveJobs: 25 });
      const args = { query: "plumbers", location: austin, maxResults: 100 };
      const first = sidebar(runtime, "startSearch", { ...args, askIfRecent: true });
      expect([first.sameAsRecent, first.alreadyRunning]).toEqual([undefined, undefined]); // nothing like it yet: it starts
      pollUntil(world, runtime, (jobs) => jobs.every((j) => j.status === "completed" || j.status === "failed"));
      const requests = runtime.http.requests.length;

      // Under another name too: the same search, returned and not started.
      const asked = sidebar(runtime, "startSearch", { ...args, name: "plumbers again", askIfRecent: true });
      expect(asked).toMatchObject({ jobId: first.jobId, sheetName: first.sheetName, sameAsRecent: true, runCredits: 100 });
      expect(asked.alreadyRunning).toBeUndefined();
      expect(runtime.http.requests.length).toBe(requests);
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4900);

      // A direct call (the documented start) and the sidebar's "Run it again" start a new search.
      const again = sidebar(runtime, "startSearch", args);
      expect([again.sameAsRecent, again.jobId === first.jobId, again.sheetName]).toEqual([undefined, false, `${first.sheetName} (2)`]);
      pollUntil(world, runtime, (jobs) => jobs.every((j) => j.status === "completed" || j.status === "failed"));

      // A day after the last of them, the same start no longer asks.
      world.clock.advance(24 * 60 * 60 * 1000 + 60_000);
      const later = sidebar(runtime, "startSearch", { ...args, askIfRecent: true });
      expect([later.sameAsRecent, later.jobId === first.jobId || later.jobId === again.jobId]).toEqual([undefined, false]);
      expect(await searchesCreated(apiKey)).toBe(3);
    },
  );
});
