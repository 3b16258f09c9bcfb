// End to end on the BUILT bundles (both builds in test:all; the first scenario on the default one alone in
// npm test): a territory, many queries in many places as one search (docs/add-on-surface.md, "A territory").
// previewSearch says what it reserves; startSearch creates as many of its searches as the account's job
// slots allow and later passes the rest; its one sheet holds each business once by Maps URL, its `Found by`
// exactly the searches that returned it, in the territory's order; one line in listJobs; each search charged
// once, also after a lost answer; stopSearch; a shortfall refused with nothing created; a refresh of every
// search merged into the same sheet; importJob of one of its searches opens its sheet.
import path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import {
  pollUntil,
  readSheet,
  serviceAccount,
  serviceResults,
  sidebar,
  sheetOf,
  type JobView,
  type ServiceBusiness,
} from "../../dev/world";
import { neighboursOf } from "../../dev/simulator";
import { setUpAccount, useWorld } from "../fixtures/world";
import { mismatches } from "./mismatches";
import { expectRegisteredKeys } from "../fixtures/stored-keys";
import { onBuilds } from "../tier";

const world = useWorld(11);
const DEFAULT = { build: "default", distDir: path.resolve(__dirname, "../../dist") };
const BUILDS = [DEFAULT, { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") }];
const HOUR = 60 * 60 * 1000;

const creations = (runtime: FakeRuntime) => runtime.http.requests.filter((r) => r.method === "POST" && r.url.endsWith("/searches"));

async function accountSearches(apiKey: string): Promise<Array<{ id: string; name: string }>> {
  const res = await fetch(`${world.url}/api/v1/searches?page_size=100`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { items: Array<{ id: string; name: string }> }).items;
}

function labels(runtime: FakeRuntime, ...cities: string[]): string[] {
  return cities.map((q) => sidebar(runtime, "findLocations", { q, country: "US" })[0]?.label ?? "");
}

const territoryOf = (runtime: FakeRuntime, jobId: string): JobView | undefined =>
  sidebar(runtime, "listJobs").find((job) => job.jobId === jobId);

/** The sheet against the service: each business once by Maps URL, `Found by` the searches (in order) whose results hold it. */
async function expectSheetOfTerritory(runtime: FakeRuntime, apiKey: string, view: JobView, pairLabels: string[]): Promise<void> {
  const searches = await accountSearches(apiKey);
  const byLabel = new Map<string, ServiceBusiness[]>();
  for (const label of pairLabels) {
    const search = searches.find((s) => s.name === label);
    byLabel.set(label, search ? await serviceResults(world, apiKey, search.id) : []);
  }
  const foundBy = new Map<string, string[]>();
  const ids = new Map<string, Set<string>>();
  for (const label of pairLabels) {
    for (const business of byLabel.get(label) ?? []) {
      const url = String(business.maps_url);
      foundBy.set(url, [...(foundBy.get(url) ?? []), label]);
      ids.set(url, (ids.get(url) ?? new Set()).add(business.id));
    }
  }
  const { rows } = readSheet(runtime, sheetOf(view));
  const urls = rows.map((row) => String(row["Maps URL"]));
  expect(urls.length - new Set(urls).size).toBe(0);
  expect(new Set(urls)).toEqual(new Set(foundBy.keys()));
  expect(
    mismatches(
      rows.flatMap((row): Array<[string, unknown, unknown]> => {
        const url = String(row["Maps URL"]);
        return [
          [`${url} Found by`, row["Found by"], (foundBy.get(url) ?? []).join("; ")],
          [`${url} Business ID is one of its searches'`, ids.get(url)?.has(String(row["Business ID"])), true],
        ];
      }),
    ),
  ).toEqual([]);
  expect(view.leadCount).toBe(rows.length);
  expect(view.foundByMore).toBe([...foundBy.values()].filter((found) => found.length > 1).length);
  expectSameContactMarkers(rows);
}

/**
 * `Same contact as`, worked out here on its own: going down the sheet, a row that shares its
 * website's domain or an email address with a row above names the first such row's business and its row.
 */
function expectSameContactMarkers(rows: ReadonlyArray<Record<string, unknown>>): void {
  const holder = new Map<string, { index: number; name: string }>();
  const checks = rows.map((row, index): [string, unknown, unknown] => {
    const domain =
      String(row.Website)
        .toLowerCase()
        .replace(/^https?:\/\//, "")
        .replace(/^www\./, "")
        .split(/[/?#:]/)[0] ?? "";
    const emails = ["Emails", "Owner emails", "Decision maker emails"]
      .flatMap((header) =>
        String(row[header])
          .split(",")
          .map((e) => e.trim().toLowerCase()),
      )
      .filter((e) => e !== "");
    const keys = [...(domain ? [`d:${domain}`] : []), ...emails.map((e) => `e:${e}`)];
    const first = keys
      .map((key) => holder.get(key))
      .filter((h) => h !== undefined)
      .sort((a, b) => (a?.index ?? 0) - (b?.index ?? 0))[0];
    for (const key of keys) if (!holder.has(key)) holder.set(key, { index, name: String(row.Name) });
    return [`row ${index + 2} Same contact as`, row["Same contact as"], first ? `${first.name} (row ${first.index + 2})` : ""];
  });
  expect(mismatches(checks)).toEqual([]);
}

// Both builds in test:all; the default one in npm test (territory-scale runs the full-scope one there).
onBuilds(BUILDS, DEFAULT)("a territory ($build build)", ({ distDir }) => {
  it(
    "previews its cost, starts what the job slots allow, and later passes finish it in one sheet: each business once, " +
      "Found by exact, charged once each",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 2, runtime: { distDir } });
      // Neighbouring places of one metro: their searches find some of the same businesses.
      const plano = labels(runtime, "Plano")[0] ?? "";
      const places = [
        plano,
        ...neighboursOf(plano)
          .slice(0, 2)
          .map((place) => place.label),
      ];
      const args = { queries: ["dentists", "orthodontists"], locations: places, maxResults: 100 };
      expect(sidebar(runtime, "previewSearch", args)).toEqual({
        searches: 6,
        maxResults: 100,
        creditsNeeded: 600,
        creditsRemaining: 5000,
        problem: null,
        roomNotice: null,
      });
      expect(creations(runtime)).toHaveLength(0);

      const started = sidebar(runtime, "startSearch", args);
      expect(started).toMatchObject({
        kind: "search",
        status: "running",
        territory: { searches: 6, started: 2, waiting: 4, running: 2, finished: 0, failed: 0, stopped: false },
      });
      expect((await accountSearches(apiKey)).map((s) => s.id)).not.toContain(started.jobId);
      expect(sidebar(runtime, "listJobs")).toHaveLength(1);

      const jobs = pollUntil(world, runtime, (list) => list.find((j) => j.jobId === started.jobId)?.status === "completed", 20_000);
      const done = jobs.find((j) => j.jobId === started.jobId) as JobView;
      expect(done.territory).toEqual({ searches: 6, started: 6, waiting: 0, running: 0, finished: 6, failed: 0, stopped: false });
      expect(jobs).toHaveLength(1);
      const pairLabels = args.queries.flatMap((query) => places.map((place) => `${query} · ${place}`));
      const searches = await accountSearches(apiKey);
      expect(searches.map((s) => s.name).sort()).toEqual([...pairLabels].sort());
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(5000 - 600);
      expect(done.creditsCharged).toBe(600);
      await expectSheetOfTerritory(runtime, apiKey, done, pairLabels);
      expect(done.foundByMore).toBeGreaterThan(0); // true duplicates, merged
      const header = readSheet(runtime, sheetOf(done)).headers;
      expect(header.indexOf("Found by")).toBe(header.indexOf("Latest refresh") + 1);
      expect(sidebar(runtime, "showJobSheet", { jobId: started.jobId })).toEqual({ sheetName: sheetOf(done) });
      // LEADS_RESULTS reads one of its searches as any search, without asking both job families.
      sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: true });
      const one = searches.find((s) => s.name === pairLabels[0]);
      const before = runtime.counters.fetchRequests;
      const cell = runtime.run("LEADS_RESULTS", [one?.id ?? "", "id, maps_url"], { authMode: "CUSTOM_FUNCTION" });
      expect(cell.errorMessage).toBeUndefined();
      const table = cell.value as string[][];
      expect(
        table
          .slice(1)
          .map((row) => row[0])
          .sort(),
      ).toEqual((await serviceResults(world, apiKey, one?.id ?? "")).map((b) => b.id).sort());
      expect(runtime.counters.fetchRequests - before).toBe(1);
      // One of its searches, opened from Recent jobs, is the territory's: no second sheet.
      const sheets = runtime.spreadsheetApp.testing.sheetNames().length;
      expect(sidebar(runtime, "importJob", { jobId: searches[0]?.id ?? "" }).jobId).toBe(started.jobId);
      expect(runtime.spreadsheetApp.testing.sheetNames()).toHaveLength(sheets);
      expectRegisteredKeys(runtime);
    },
  );
});

describe("a territory's searches", () => {
  it("that wait for a job slot are started by the hourly trigger alone, and each is charged once after a lost answer", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 1 });
    const places = labels(runtime, "Austin", "Dallas", "Houston");
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 1 }]);
    const started = sidebar(runtime, "startSearch", { queries: ["bakeries"], locations: places, maxResults: 100 });
    await world.control.clearFaults();
    // The lost answer: nothing known of the first search yet, all three wait.
    expect(started.territory).toMatchObject({ started: 0, waiting: 3 });
    for (let hour = 0; hour < 8 && territoryOf(runtime, started.jobId)?.status !== "completed"; hour += 1) {
      world.clock.advance(HOUR);
      for (const run of runtime.fireDueTriggers()) expect(run.errorMessage).toBeUndefined();
    }
    expect(territoryOf(runtime, started.jobId)).toMatchObject({ status: "completed", territory: { finished: 3, waiting: 0 } });
    expect(await accountSearches(apiKey)).toHaveLength(3);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(700);
    // The lost one and its repeat carried the same key.
    const keys = creations(runtime).map((r) => r.headers["Idempotency-Key"]);
    expect(keys.filter((key) => key === keys[0]).length).toBeGreaterThanOrEqual(2);
  });

  it("waiting for a full account's job slots are not tried again for a minute, however often the open sidebar polls", async () => {
    const { runtime } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 1 });
    const places = labels(runtime, "Austin", "Dallas", "Houston");
    sidebar(runtime, "startSearch", { queries: ["bakers"], locations: places, maxResults: 100 });
    const tried = creations(runtime).length; // the first created, the second turned away
    for (let poll = 0; poll < 6; poll += 1) {
      world.clock.advance(7_000);
      sidebar(runtime, "refreshJobs");
    }
    expect(creations(runtime).length).toBe(tried);
    world.clock.advance(60_000);
    sidebar(runtime, "refreshJobs");
    expect(creations(runtime).length).toBeGreaterThan(tried);
  });

  it("not started yet are never started once stopped; those under way finish and are written", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 1 });
    const places = labels(runtime, "Austin", "Dallas", "Houston");
    const started = sidebar(runtime, "startSearch", { queries: ["florists"], locations: places, maxResults: 100 });
    expect(started.territory).toMatchObject({ started: 1, waiting: 2 });
    const listed = sidebar(runtime, "stopSearch", { jobId: started.jobId });
    expect(listed.find((job) => job.jobId === started.jobId)?.territory).toMatchObject({ waiting: 0, running: 1, stopped: true });
    const jobs = pollUntil(world, runtime, (list) => list.find((j) => j.jobId === started.jobId)?.status === "completed", 20_000);
    expect(jobs[0]?.territory).toEqual({ searches: 3, started: 1, waiting: 0, running: 0, finished: 1, failed: 0, stopped: true });
    expect(await accountSearches(apiKey)).toHaveLength(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(900);
    expect(readSheet(runtime, sheetOf(jobs[0] as JobView)).rows.length).toBeGreaterThan(0);
  });

  it(
    "are refused together, with nothing created, when the credits cannot cover every one; " +
      "a free account's one search is not a territory",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { credits: 250 });
      const places = labels(runtime, "Austin", "Dallas", "Houston");
      const sheets = runtime.spreadsheetApp.testing.sheetNames();
      const args = { queries: ["dentists"], locations: places, maxResults: 100 };
      const preview = sidebar(runtime, "previewSearch", args);
      expect(preview).toMatchObject({ searches: 3, creditsNeeded: 300, creditsRemaining: 250 });
      expect(preview.problem).toMatch(/300 credits.*250 remain/);
      expect(() => sidebar(runtime, "startSearch", args)).toThrow(preview.problem ?? "");
      expect(runtime.spreadsheetApp.testing.sheetNames()).toEqual(sheets);
      expect(sidebar(runtime, "listJobs")).toEqual([]);
      expect(await accountSearches(apiKey)).toHaveLength(0);

      const free = await setUpAccount(world, { plan: "free", credits: 100 });
      expect(() => sidebar(free.runtime, "startSearch", args)).toThrow(/free account's one search cannot be a territory/);
      expect(await accountSearches(free.apiKey)).toHaveLength(0);
    },
  );
});

describe("a territory refreshed", () => {
  it("re-runs every search when due, charged once each, and merges them into the same sheet: New, Updated, No longer found", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 5 });
    const places = labels(runtime, "Austin", "Dallas");
    const started = sidebar(runtime, "startSearch", { queries: ["plumbers"], locations: places, maxResults: 100 });
    pollUntil(world, runtime, (list) => list.find((j) => j.jobId === started.jobId)?.status === "completed", 20_000);
    const before = readSheet(runtime, sheetOf(started)).rows.map((row) => String(row["Maps URL"]));
    const set = sidebar(runtime, "setRefresh", { jobId: started.jobId, every: "day" });
    expect(set.refresh).toMatchObject({ every: "day", lastRunAdded: before.length, running: false });
    expect(set.runCredits).toBe(200);
    world.clock.advance(25 * HOUR);
    for (let hour = 0; hour < 6; hour += 1) {
      for (const run of runtime.fireDueTriggers()) expect(run.errorMessage).toBeUndefined();
      world.clock.advance(HOUR);
    }
    const view = territoryOf(runtime, started.jobId) as JobView;
    expect(view.status).toBe("completed");
    expect(await accountSearches(apiKey)).toHaveLength(4);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(5000 - 400);
    const rows = readSheet(runtime, sheetOf(view)).rows;
    const said = (words: string) => rows.filter((row) => String(row["Latest refresh"]).split(" · ")[0] === words).length;
    expect([said("New"), said("Updated"), said("No longer found")]).toEqual([
      view.refresh?.lastRunAdded,
      view.refresh?.lastRunUpdated,
      view.refresh?.lastRunNotFound,
    ]);
    expect(said("Updated") + said("No longer found")).toBe(before.length);
    expect(rows.slice(0, before.length).map((row) => String(row["Maps URL"]))).toEqual(before);
    expect(view.refresh?.lastRunCredits).toBe(200);
    // Recent jobs: the first run's searches, as the latest run's, are part of the territory.
    const recent = sidebar(runtime, "recentJobs", { kind: "search" }).jobs;
    expect(recent).toHaveLength(4);
    expect(recent.map((job) => job.partOf)).toEqual(recent.map(() => ({ jobId: started.jobId, name: view.name })));
  });
});
