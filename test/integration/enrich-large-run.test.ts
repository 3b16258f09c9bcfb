// A whole account list from one click, on the BUILT bundle of both builds: 20,000 messy rows
// (`npm run test:all`, under the service's limit of 5 active jobs; 3,000 on 2 job slots on the full-scope
// build in `npm test`, the same logic: more jobs than may run at once, and rows waiting for a slot)
// enriched by one startEnrichment and then only the hourly trigger. Each business is charged once, every row ends right, and the property
// stores stay small (the rows that wait say so in the sheet; nothing per row is stored). Then, on a smaller
// list with one job at a time: a sort and rows inserted above the list mid-run, rows added below
// it, a lost response to a creation, and a stop.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { serviceAccount, sidebar } from "../../dev/world";
import {
  enrichedBusinesses,
  expectRowsRight,
  expectedUnique,
  messyRows,
  pairKey,
  rowsOf,
  seedSheet,
  serviceEnrichments,
  userColumns,
  type RowSpec,
} from "./enrich-sheet";
import { setUpAccount, type AccountFixture, useWorld } from "../fixtures/world";
import { watchStoreSizes } from "./store-sizes";
import { bySize, inFullTier, onBuilds } from "../tier";

const SHEET = "Accounts";
const DEFAULT_BUILD = { build: "default", distDir: path.resolve(__dirname, "../../dist") };
const FULL_BUILD = { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") };
const BUILDS = [DEFAULT_BUILD, FULL_BUILD];
const HOUR = 60 * 60 * 1000;
/** The whole list's size, the account's job slots, and how many of its rows at least wait for a slot after the click. */
const LIST = bySize({ rows: 3_000, slots: 2, waitingAtLeast: 400 }, { rows: 20_000, slots: 5, waitingAtLeast: 10_000 });

const world = useWorld(53);

async function expectEachChargedOnce(apiKey: string): Promise<Set<string>> {
  const jobs = await serviceEnrichments(world, apiKey);
  const received = jobs.flatMap((j) => j.businesses.map((b) => pairKey(b.business_name, b.website_url)));
  expect(received.length).toBe(new Set(received).size);
  return new Set(received);
}

/** Every row of SHEET right against what the service enriched of `received`, each business sent once. */
async function expectListRight(runtime: FakeRuntime, apiKey: string, specs: RowSpec[], received: Set<string>): Promise<void> {
  expectRowsRight(runtime, SHEET, specs, received, await enrichedBusinesses(world, apiKey, await serviceEnrichments(world, apiKey)), null);
}

/** A scale account's runtime with `rows` in the active sheet, SHEET. */
async function accountWithList(distDir: string, rows: RowSpec[], credits: number, maxActiveJobs: number): Promise<AccountFixture> {
  const account = await setUpAccount(world, { plan: "scale", credits, maxActiveJobs, runtime: { distDir } });
  seedSheet(account.runtime, SHEET, rows);
  account.runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
  return account;
}

/** Hourly trigger runs only (nobody opens the sidebar) until the trigger removes itself. */
async function hourlyPasses(runtime: FakeRuntime, each: () => unknown = () => undefined, maxHours = 24): Promise<number> {
  let hours = 0;
  while (runtime.triggers.length > 0 && hours < maxHours) {
    world.clock.advance(HOUR);
    hours += 1;
    for (const run of runtime.fireDueTriggers()) expect(run.errorMessage ?? null).toBeNull();
    await each();
  }
  expect(runtime.triggers).toHaveLength(0);
  return hours;
}

const statusCounts = (runtime: FakeRuntime): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const row of rowsOf(runtime, SHEET)) {
    const status = String(row["Enrichment status"]).replace(/\(.*\)/, "(…)");
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return counts;
};

/**
 * A scenario of a run on the smaller list: on both builds in test:all; on the default build in npm test, where the
 * full-scope build's store goes through the whole list's run above.
 */
function scenario(name: string, fn: (build: { distDir: string }) => void): void {
  describe(`${name}, default build`, () => fn(DEFAULT_BUILD));
  inFullTier("the same scenario on the full-scope build, whose store the whole list's run tests in npm test")(
    `${name}, full-scope build`,
    () => fn(FULL_BUILD),
  );
}

// The whole list on the full-scope build in npm test (its store in developer metadata); the scenarios below run on the default build.
onBuilds(BUILDS, FULL_BUILD)(`a ${LIST.rows.toLocaleString("en-US")}-row list, $build build`, ({ distDir }) => {
  it(
    "is finished by hourly passes alone after one click: each business sent once, every row right, the stores under 100 KB, " +
      "each pass reading only what it needs",
    async () => {
      const specs = messyRows(LIST.rows, 0);
      const unique = expectedUnique(specs);
      const { runtime, apiKey } = await accountWithList(distDir, specs, 30_000, LIST.slots);

      const started = sidebar(runtime, "startEnrichment", {});
      expect(started.jobs).toHaveLength(LIST.slots); // the service's limit: the rest wait in the sheet
      expect(started.waiting).toBeGreaterThan(LIST.waitingAtLeast);
      expect(statusCounts(runtime).get("Waiting to be sent")).toBe(started.waiting);
      const line = sidebar(runtime, "listJobs").find((job) => job.run)?.run;
      expect(line).toMatchObject({ rowsWaiting: started.waiting, jobs: LIST.slots, jobsRunning: LIST.slots, stopped: false });
      expect((line?.rows ?? 0) - (line?.rowsSent ?? 0)).toBe(started.waiting);

      // What each pass reads: at most the Row state, status and Enriched for columns whole (again after
      // each request that created a job: a person may have sorted the list or typed a status meanwhile), the rows it writes
      // (sends, or writes results into) at the sheet's width, with the rows skipped at the start that
      // sit among them (a range read costs more than a few cells), and the written rows' names and
      // websites once more after the write: never the list again and again, as when each step read it whole.
      const testing = runtime.spreadsheetApp.testing;
      let sheetBefore = testing.values(SHEET);
      let cellsBefore = runtime.counters.cellsRead;
      let requestsBefore = runtime.http.requests.length;
      const overReads: string[] = [];
      const readsOfPass = () => {
        const sheetAfter = testing.values(SHEET);
        const status = sheetAfter[0]?.indexOf("Enrichment status") ?? -1;
        const written = sheetAfter.filter((cells, row) => cells.some((cell, column) => cell !== (sheetBefore[row]?.[column] ?? ""))).length;
        const skipped = sheetAfter.filter((cells) => String(cells[status]).startsWith("Skipped")).length;
        const cells = runtime.counters.cellsRead - cellsBefore;
        const creations = runtime.http.requests.slice(requestsBefore).filter((r) => r.method === "POST").length;
        requestsBefore = runtime.http.requests.length;
        const goal = 3 * specs.length * (1 + creations) + (written + skipped) * (sheetAfter[0]?.length ?? 0) + 2 * written;
        if (cells > goal) overReads.push(`${cells} cells read for ${written} rows written (goal ${goal})`);
        sheetBefore = sheetAfter;
        cellsBefore = runtime.counters.cellsRead;
      };
      // Before every request too: a chunk's body is stored only while it is being sent.
      const stores = watchStoreSizes(runtime);
      const hours = await hourlyPasses(runtime, () => {
        stores.measure();
        readsOfPass();
      });
      stores.stop();
      const peak = stores.peak();
      expect(overReads).toEqual([]);
      expect(peak.bytes).toBeGreaterThan(20 * 1024); // the measure saw a chunk's body
      expect(hours).toBeLessThanOrEqual(24);

      const received = await expectEachChargedOnce(apiKey);
      expect(received.size).toBe(unique.length);
      const jobs = await serviceEnrichments(world, apiKey);
      expect(jobs).toHaveLength(Math.ceil(unique.length / 700));
      expectRowsRight(runtime, SHEET, specs, received, await enrichedBusinesses(world, apiKey, jobs), null);
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(30_000 - unique.length);

      expect(peak.bytes).toBeLessThan(100 * 1024);
      expect(peak.largestDocumentValue).toBeLessThan(9 * 1024);
      expect(peak.metadataChars).toBeLessThan(30_000);

      // One run, one line: every job of it carries the same run, all rows sent.
      const listed = sidebar(runtime, "listJobs").filter((job) => job.kind === "enrichment");
      const runIds = new Set(listed.map((job) => job.run?.runId));
      expect(runIds.size).toBe(1);
      expect(listed[0]?.run).toMatchObject({ rowsWaiting: 0, jobsRunning: 0, stopped: false });
      expect(listed[0]?.run?.rowsSent).toBe(listed[0]?.run?.rows);
    },
  );
});

scenario("a run while the user keeps working", ({ distDir }) => {
  it(
    "sorted, with rows inserted above the list and added below it mid-run: each result on its own row; " +
      "added rows are not part of the run",
    async () => {
      const specs = messyRows(2_400, 5);
      const unique = expectedUnique(specs);
      const { runtime, apiKey } = await accountWithList(distDir, specs, 10_000, 1);
      const testing = runtime.spreadsheetApp.testing;

      const started = sidebar(runtime, "startEnrichment", {});
      expect(started.jobs).toHaveLength(1);
      expect(started.waiting).toBeGreaterThan(1_000);

      let hour = 0;
      await hourlyPasses(runtime, async () => {
        hour += 1;
        if (hour === 1) testing.userSortSheet(SHEET, 3, false);
        if (hour === 2) {
          testing.userInsertRows(SHEET, 1, 3);
          testing.userSeed(SHEET, "A1", [["Accounts to call this quarter"]]);
        }
        if (hour === 3) testing.userSeed(SHEET, `A${testing.values(SHEET).length + 1}`, [["Added Later Inc", "", "addedlater.com", ""]]);
      });
      const received = await expectEachChargedOnce(apiKey);
      expect(received.size).toBe(unique.length);
      expect(received.has(pairKey("Added Later Inc", "https://addedlater.com"))).toBe(false);

      // The sheet as the checks read it: the three inserted rows and the added row set aside.
      const values = testing.values(SHEET);
      expect(values[0]?.[0]).toBe("Accounts to call this quarter");
      const added = values.findIndex((row) => row[0] === "Added Later Inc");
      expect(values[added]?.slice(4).every((cell) => cell === "")).toBe(true); // no status: not part of the run
      testing.userDeleteRows(SHEET, added + 1, 1);
      testing.userDeleteRows(SHEET, 1, 3);
      await expectListRight(runtime, apiKey, specs, received);
    },
  );
});

scenario("a run whose creation answer is lost", ({ distDir }) => {
  it("repeats that chunk byte for byte with its key: the service charges it once, and the rest of the run goes on", async () => {
    const specs = messyRows(2_000, 9);
    const unique = expectedUnique(specs);
    const { runtime, apiKey } = await accountWithList(distDir, specs, 10_000, 1);
    sidebar(runtime, "startEnrichment", {});
    let hour = 0;
    await hourlyPasses(runtime, async () => {
      hour += 1;
      // The next creation reaches the service, which makes the job; its answer never comes back.
      if (hour === 1) await world.control.injectFaults([{ method: "POST", path: "/api/v1/enrichments", lose: true, times: 1 }]);
    });
    // The lost answer was met (a creation with no status), and its chunk was sent again with the
    // same key and the same body; every key only ever carried one body, one job each.
    const creations = runtime.http.requests.filter((r) => r.method === "POST" && r.url.endsWith("/api/v1/enrichments"));
    const keyOf = (r: (typeof creations)[number]) => r.headers["idempotency-key"] ?? r.headers["Idempotency-Key"] ?? "";
    const lost = creations.filter((r) => r.status === undefined);
    expect(lost).toHaveLength(1);
    const again = creations.filter((r) => lost[0] !== undefined && r !== lost[0] && keyOf(r) === keyOf(lost[0]));
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((r) => r.body === lost[0]?.body)).toBe(true);
    const bodiesByKey = new Map<string, Set<string | undefined>>();
    for (const r of creations) bodiesByKey.set(keyOf(r), (bodiesByKey.get(keyOf(r)) ?? new Set()).add(r.body));
    expect([...bodiesByKey.values()].every((bodies) => bodies.size === 1)).toBe(true);
    expect(bodiesByKey.size).toBe((await serviceEnrichments(world, apiKey)).length);
    const received = await expectEachChargedOnce(apiKey);
    expect(received.size).toBe(unique.length);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(10_000 - unique.length);
    await expectListRight(runtime, apiKey, specs, received);
    expect(runtime.properties.user(runtime.userEmail).size).toBeLessThan(10); // no body left behind
  });
});

scenario("a stopped run", ({ distDir }) => {
  it("sends no waiting row (nor charges it), says so on each, and still finishes and writes the jobs already sent", async () => {
    const specs = messyRows(2_400, 13);
    const { runtime, apiKey } = await accountWithList(distDir, specs, 10_000, 1);
    const before = userColumns(runtime, SHEET);
    const started = sidebar(runtime, "startEnrichment", {});
    const first = started.jobs[0];
    if (first === undefined) throw new Error("the run started no job");
    const waiting = started.waiting;
    expect(waiting).toBeGreaterThan(0);

    const listed = sidebar(runtime, "stopEnrichment", { jobId: first.jobId });
    expect(listed.find((job) => job.jobId === first.jobId)?.run).toMatchObject({ stopped: true, rowsWaiting: 0 });
    expect(statusCounts(runtime).get("Skipped: the run was stopped before this row was sent")).toBe(waiting);
    expect(statusCounts(runtime).get("Waiting to be sent")).toBeUndefined();

    await hourlyPasses(runtime);
    const jobs = await serviceEnrichments(world, apiKey);
    expect(jobs).toHaveLength(1);
    const received = await expectEachChargedOnce(apiKey);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(10_000 - received.size);
    const byPair = await enrichedBusinesses(world, apiKey, jobs);
    expectRowsRight(runtime, SHEET, specs, received, byPair, /^Skipped: the run was stopped before this row was sent$/);
    expect(userColumns(runtime, SHEET)).toEqual(before);

    // A second stop, or a stop of a search, says so plainly.
    expect(() => sidebar(runtime, "stopEnrichment", { jobId: "not-a-job" })).toThrow(/does not track that job/);
  });
});

describe("a poll while the run waits for a job slot", () => {
  it("repeats the stored chunk and nothing else: no read of the waiting rows, no Properties write", async () => {
    const specs = messyRows(1_600, 21);
    const { runtime, apiKey } = await accountWithList(DEFAULT_BUILD.distDir, specs, 10_000, 1);
    expect(sidebar(runtime, "startEnrichment", {}).jobs).toHaveLength(1);
    sidebar(runtime, "refreshJobs"); // the first job's status and results are read once
    const reads: number[] = [];
    const unwatch = runtime.watchSpreadsheetCalls((_kind, method, cells) => {
      if (method === "Range.getValues") reads.push(cells);
    });
    const writes: string[] = [];
    const document = runtime.properties.document;
    const user = runtime.properties.user(runtime.userEmail);
    const before = [new Map(document), new Map(user)];
    runtime.counters.reset();
    sidebar(runtime, "refreshJobs");
    unwatch();
    for (const [i, store] of [document, user].entries())
      for (const [key, value] of store) if (before[i]?.get(key) !== value) writes.push(key);
    expect(writes).toEqual([]);
    // The store read again once the pass's lock is had back after the request (another execution may have changed it).
    expect(runtime.counters.propertiesCalls).toBeLessThanOrEqual(5);
    const creations = runtime.http.requests.filter((r) => r.method === "POST" && r.url.endsWith("/api/v1/enrichments"));
    expect(creations.at(-1)?.status).toBe(429); // the stored chunk, repeated
    // The first job's rows, if its results changed (found from the header row and the `Enriched
    // for` column, then their name, website and result columns read from the first to the last:
    // a range for each of the three groups of adjacent columns), never the waiting rows.
    const values = runtime.spreadsheetApp.testing.values(SHEET);
    const status = values[0]?.indexOf("Enrichment status") ?? -1;
    const jobRows = values
      .map((row, index) => (index > 0 && row[status] !== "Waiting to be sent" && !String(row[status]).startsWith("Skipped") ? index : -1))
      .filter((index) => index > 0);
    const width = values[0]?.length ?? 0;
    const jobSpan = Math.max(...jobRows) - Math.min(...jobRows) + 1;
    const bound = width + values.length + jobSpan * width;
    expect(reads.length).toBeLessThanOrEqual(5);
    expect(reads.reduce((n, cells) => n + cells, 0)).toBeLessThanOrEqual(bound);
    expect(bound).toBeLessThan(0.8 * values.length * width); // a third of the rows wait below the job's
    expect(await serviceEnrichments(world, apiKey)).toHaveLength(1);

    // The 429 showed the account's limit: the next estimate uses it (3 jobs, one at a time).
    seedSheet(runtime, "More accounts", messyRows(2_400, 400));
    const preview = sidebar(runtime, "previewEnrichment", { sheetName: "More accounts" });
    expect(preview.jobs).toBeGreaterThan(1);
    expect(preview.duration).toBe(
      `about ${preview.jobs} hours in the background (your account runs 1 job at a time), sooner while the sidebar is open`,
    );
  });
});

scenario("a run when the user's daily UrlFetch quota is spent mid-pass", ({ distDir }) => {
  it("loses nothing: the rows keep waiting, and the next day's passes send them, each business once", async () => {
    const specs = messyRows(2_000, 31);
    const unique = expectedUnique(specs);
    const { runtime, apiKey } = await accountWithList(distDir, specs, 10_000, 1);
    sidebar(runtime, "startEnrichment", {});
    // The next hour's pass may make one request (the statuses): the creation is refused by Apps Script.
    world.clock.advance(HOUR);
    runtime.quotas.leave("urlfetch", runtime.userEmail, 1);
    for (const run of runtime.fireDueTriggers()) expect(run.errorMessage ?? null).toBeNull();
    expect(runtime.counters.quotaRefusals).toBeGreaterThan(0);
    expect(statusCounts(runtime).get("Waiting to be sent")).toBeGreaterThan(0);
    expect([...statusCounts(runtime).keys()].some((status) => status.startsWith("Failed"))).toBe(false);
    expect(await serviceEnrichments(world, apiKey)).toHaveLength(2);

    world.clock.advance(24 * HOUR);
    await hourlyPasses(runtime);
    const received = await expectEachChargedOnce(apiKey);
    expect(received.size).toBe(unique.length);
    await expectListRight(runtime, apiKey, specs, received);
  });
});
