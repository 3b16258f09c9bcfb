// Apps Script's hard edges on the BUILT bundle: property sizes counted in bytes, UrlFetchApp's
// quotas, and locations the catalog lists only for a longer query. Each ends with a complete,
// exact sheet and a readable message on the way.
import { utf8Bytes } from "../../src/storage/utf8";
import { type newRuntime, pollUntil, serviceAccount, sidebar, type JobView } from "../../dev/world";
import { expectSheetExact } from "./exact-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(13);

/** An account's runtime, and the catalog's label of Austin, where its searches look. */
async function accountInAustin(credits = 5000) {
  const account = await setUpAccount(world, { credits, maxActiveJobs: 25 });
  const [austin] = sidebar(account.runtime, "findLocations", { q: "Austin", country: "US" });
  return { ...account, austin: austin?.label ?? "" };
}

const documentValues = (runtime: ReturnType<typeof newRuntime>) => [...runtime.stores.document.values()];

describe("property sizes in bytes", () => {
  it("a 5,000-character CJK name and a 20 KB service error: every pass completes, no value passes 9 KB", async () => {
    const { runtime, apiKey, austin } = await accountInAustin();
    const running = sidebar(runtime, "startSearch", { query: "bakers", location: austin, maxResults: 100 });
    const failing = sidebar(runtime, "startSearch", { query: "florists", location: austin, maxResults: 100 });
    const longName = "東京の老舗和菓子店リスト".repeat(500).slice(0, 5000);
    await world.control.renameJob(running.jobId, longName);
    await world.control.renameJob(failing.jobId, longName);
    await world.control.failJob(failing.jobId, "地図サービスの応答がありません。".repeat(1300)); // about 20 KB in UTF-8

    const jobs = pollUntil(world, runtime, (list) => {
      for (const value of documentValues(runtime)) expect(utf8Bytes(value)).toBeLessThan(9 * 1024);
      return list.every((j) => (j.status === "completed" || j.status === "failed") && runtime.triggers.length === 0);
    });
    const done = jobs.find((j) => j.jobId === running.jobId) as JobView;
    const failed = jobs.find((j) => j.jobId === failing.jobId) as JobView;
    expect(done.name.startsWith("東京の老舗和菓子店")).toBe(true);
    expect(done).toMatchObject({ status: "completed", rowsWritten: 100, error: null });
    await expectSheetExact(world, runtime, apiKey, done);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^The search failed: 地図サービスの応答がありません。/);
    expect(JSON.stringify(runtime.logs)).not.toMatch(/Argument too large/);
  });
});

describe("UrlFetchApp quotas are not network failures", () => {
  it.each([
    [
      "the daily quota",
      (runtime: ReturnType<typeof newRuntime>) => runtime.quotas.exhaust("urlfetch", runtime.userEmail),
      24 * 60 * 60 * 1000,
      /daily limit.*resume by themselves/,
    ],
    [
      "the bandwidth quota",
      (runtime: ReturnType<typeof newRuntime>) => runtime.quotas.blockBandwidth(runtime.userEmail, world.clock.now() + 60 * 60 * 1000),
      60 * 60 * 1000,
      /bandwidth limit.*resume by themselves/,
    ],
  ] as const)("%s: one attempt, a readable message, and the job resumes on a later pass", async (_, spend, resetMs, message) => {
    const { runtime, apiKey, austin } = await accountInAustin();
    const started = sidebar(runtime, "startSearch", { query: "tailors", location: austin, maxResults: 100 });
    world.clock.advance(5000);
    sidebar(runtime, "refreshJobs");
    spend(runtime);

    const before = runtime.counters.snapshot();
    const [view] = sidebar(runtime, "refreshJobs");
    const after = runtime.counters.snapshot();
    expect(after.quotaRefusals - before.quotaRefusals).toBe(1); // one attempt: no five retries
    expect(after.sleeps).toBe(before.sleeps); // and no backoff waits
    expect(view?.error).toMatch(message);
    expect(view?.error).not.toMatch(/connection/i);
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]); // the background work stays scheduled

    world.clock.advance(resetMs);
    const jobs = pollUntil(world, runtime, (list) => list[0]?.status === "completed" && runtime.triggers.length === 0);
    expect(jobs[0]).toMatchObject({ jobId: started.jobId, rowsWritten: 100, error: null });
    await expectSheetExact(world, runtime, apiKey, jobs[0] as JobView);
  });

  it("a sidebar call refused by the quota says so, without blaming the connection", async () => {
    const { runtime } = await accountInAustin();
    runtime.quotas.exhaust("urlfetch", runtime.userEmail);
    expect(() => sidebar(runtime, "getAccount")).toThrow(/daily limit on requests from Apps Script/);
    expect(runtime.counters.quotaRefusals).toBe(1);
  });
});

describe("locations: the label's form is checked, the catalog is the service's", () => {
  it("the 9th and 10th Springfield (beyond the 8 matches of 'Springfield') reach the service and complete", async () => {
    const { runtime, apiKey } = await accountInAustin();
    const firstEight = sidebar(runtime, "findLocations", { q: "Springfield" }).map((l) => l.label);
    expect(firstEight).toHaveLength(8);
    const more = [
      ...sidebar(runtime, "findLocations", { q: "Springfield, Vermont" }),
      ...sidebar(runtime, "findLocations", { q: "Springfield, Kentucky" }),
    ].map((l) => l.label);
    expect(more).toHaveLength(2);
    for (const label of more) expect(firstEight).not.toContain(label);

    const started = more.map((location) => sidebar(runtime, "startSearch", { query: "plumbers", location, maxResults: 100 }));
    const jobs = pollUntil(world, runtime, (list) => list.every((j) => j.status === "completed") && runtime.triggers.length === 0);
    for (const job of started) await expectSheetExact(world, runtime, apiKey, jobs.find((j) => j.jobId === job.jobId) as JobView);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4800);
  });

  it("a label the service does not know is sent once and refused with 'pick a location from the list'; nothing is left", async () => {
    const { runtime, apiKey } = await accountInAustin();
    const sheets = runtime.spreadsheetApp.testing.sheetNames();
    expect(() => sidebar(runtime, "startSearch", { query: "plumbers", location: "Atlantis" })).toThrow(/^Pick a location from the list/);
    expect(runtime.http.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(runtime.spreadsheetApp.testing.sheetNames()).toEqual(sheets);
    expect([...runtime.stores.document.keys()].filter((k) => k.startsWith("start:") || k.startsWith("job:"))).toEqual([]);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(5000);
  });
});
