// setRefresh's runNow on the built bundle: the sidebar's "Refresh it now" for a search of the last
// day. A search with no schedule runs once, merged into its own sheet (no business twice), charged
// once even when the creation response is lost, and not again the next day; a daily schedule runs
// now and stays daily from this run; a run the credits cannot cover costs nothing and says why; a
// search still running cannot be refreshed; a second click while the run is under way starts nothing.
import { pollUntil, readSheet, serviceAccount, sidebar, sheetOf, type JobView } from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { setUpAccount, useWorld } from "../fixtures/world";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const world = useWorld(23);

async function finishedSearch(credits: number) {
  const { runtime, apiKey } = await setUpAccount(world, { credits });
  const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
  const started = sidebar(runtime, "startSearch", { query: "dentists", location: location?.label, maxResults: 100 });
  pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === 100));
  runtime.http.requests.splice(0);
  return { apiKey, runtime, jobId: started.jobId, sheetName: sheetOf(started) };
}

const creations = (runtime: FakeRuntime) => runtime.http.requests.filter((r) => r.method === "POST" && r.url.endsWith("/searches"));
const viewOf = (runtime: FakeRuntime, jobId: string) => sidebar(runtime, "listJobs").find((j) => j.jobId === jobId) as JobView;

function expectOneRowPerBusiness(runtime: FakeRuntime, sheetName: string): number {
  const rows = readSheet(runtime, sheetName).rows.filter((r) => r["Business ID"] !== "");
  expect(new Set(rows.map((r) => r["Maps URL"])).size).toBe(rows.length);
  return rows.length;
}

describe("a refresh run asked for now, once merged", () => {
  it(
    "says what it did like a daily run, is shown as part of its search, and opening it opens the search's sheet " +
      "instead of making a second one",
    async () => {
      const { runtime, jobId, sheetName } = await finishedSearch(1000);
      sidebar(runtime, "setRefresh", { jobId, every: "off", runNow: true });
      pollUntil(world, runtime, () => viewOf(runtime, jobId).refreshing === false && creations(runtime).length > 0, 60_000);
      // The line says what the run did, as a daily run's does, and the sheet says the same row by row.
      const view = viewOf(runtime, jobId);
      const rows = readSheet(runtime, sheetName).rows.filter((row) => row["Business ID"] !== "");
      const said = (words: string) => rows.filter((row) => String(row["Latest refresh"]).split(" · ")[0] === words).length;
      expect(view.refresh).toBeNull();
      expect(view.lastRun).toMatchObject({ added: said("New"), updated: said("Updated"), notFound: said("No longer found"), credits: 100 });
      expect(view.lastRun?.keptEarlier).toBe(
        rows.filter((row) => /^Updated · (.* · )?kept earlier /.test(String(row["Latest refresh"]))).length,
      );
      const recent = sidebar(runtime, "recentJobs", { kind: "search" }).jobs;
      const run = recent.find((job) => job.jobId !== jobId);
      expect(run).toBeDefined();
      expect(recent.map((job) => [job.tracked, job.partOf])).toEqual(
        recent.map(() => [true, { jobId, name: viewOf(runtime, jobId).name }]),
      );
      const sheets = runtime.spreadsheetApp.testing.sheetNames();
      expect(sidebar(runtime, "importJob", { jobId: run?.jobId ?? "" })).toMatchObject({ jobId, sheetName });
      expect(runtime.spreadsheetApp.testing.sheetNames()).toEqual(sheets);
    },
  );
});

describe("refreshing a search now (setRefresh runNow)", () => {
  it("with no schedule: one run, merged into its sheet, charged once though its response was lost, not repeated", async () => {
    const { apiKey, runtime, jobId, sheetName } = await finishedSearch(1000);
    const asked = sidebar(runtime, "setRefresh", { jobId, every: "off", runNow: true });
    expect([asked.refreshing, asked.refresh]).toEqual([true, null]);
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]); // the background pass follows it

    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 1 }]);
    sidebar(runtime, "refreshJobs");
    await world.control.clearFaults();
    // A second click while the run is asked for starts nothing more.
    expect(sidebar(runtime, "setRefresh", { jobId, every: "off", runNow: true }).refreshing).toBe(true);
    pollUntil(world, runtime, (all) => all.every((j) => !j.refreshing));
    expect(new Set(creations(runtime).map((r) => r.headers["Idempotency-Key"])).size).toBe(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(800);

    const view = viewOf(runtime, jobId);
    expect([view.refresh, view.error, view.sheetName]).toEqual([null, null, sheetName]);
    expect(expectOneRowPerBusiness(runtime, sheetName)).toBeGreaterThan(100); // the run's new businesses added
    expect(runtime.spreadsheetApp.testing.sheetNames().filter((n) => n.startsWith("dentists"))).toEqual([sheetName]);

    // Not a schedule: two days later nothing more was started, and the trigger is gone.
    const sent = creations(runtime).length;
    pollUntil(world, runtime, () => true, 2 * DAY);
    expect(creations(runtime)).toHaveLength(sent);
    expect(runtime.triggers).toEqual([]);
  });

  it("with a daily schedule: runs now, and the schedule goes on daily from this run", async () => {
    const { apiKey, runtime, jobId } = await finishedSearch(1000);
    sidebar(runtime, "setRefresh", { jobId, every: "day" });
    world.clock.advance(HOUR);
    const asked = sidebar(runtime, "setRefresh", { jobId, every: "day", runNow: true });
    expect(asked.refreshing).toBe(true);
    expect(Date.parse(asked.refresh?.nextRunAt ?? "")).toBeLessThanOrEqual(world.clock.now());
    pollUntil(world, runtime, (all) => all.every((j) => !j.refreshing));
    const view = viewOf(runtime, jobId);
    expect(view.refresh?.every).toBe("day");
    expect(Date.parse(view.refresh?.nextRunAt ?? "")).toBe(Date.parse(view.refresh?.lastRunAt ?? "") + DAY);
    expect(creations(runtime)).toHaveLength(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(800);
  });

  it("a run the credits cannot cover costs nothing and says why", async () => {
    const { apiKey, runtime, jobId } = await finishedSearch(150);
    sidebar(runtime, "setRefresh", { jobId, every: "off", runNow: true });
    sidebar(runtime, "refreshJobs");
    const view = viewOf(runtime, jobId);
    expect([view.refreshing, view.refresh, creations(runtime)]).toEqual([false, null, []]);
    expect(view.error).toMatch(/was not run, and cost nothing: Not enough credits: 50 remain/);
    // When it was due, in the spreadsheet's time zone as its sheet's dates are, never an ISO timestamp.
    const zone = runtime.spreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
    const due = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, dateStyle: "short", timeStyle: "short" }).format(world.clock.now());
    expect(view.error).toMatch(new RegExp(`^The refresh due ${due} was not run`));
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(50);
  });

  it("a search still running cannot be refreshed: nothing is asked for", async () => {
    const { runtime } = await setUpAccount(world, { credits: 1000 });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const { jobId } = sidebar(runtime, "startSearch", { query: "florists", location: location?.label, maxResults: 100 });
    expect(() => sidebar(runtime, "setRefresh", { jobId, every: "off", runNow: true })).toThrow(/is still running/);
    expect(viewOf(runtime, jobId).refreshing).toBe(false);
  });
});
