// Scheduled refreshes over simulated weeks, on the built bundle, driven by the hourly trigger: a
// run starts only when due; it merges into the same sheet by maps_url (no duplicates; new
// businesses appended; dropped ones keep their rows) while the user's added columns and rows stay
// with their businesses; a lost creation response or a killed execution charges once; too few
// credits skip the slot at no cost; turning the schedule off removes the trigger when nothing
// else needs it. The job says what each run may charge, and what the last one found (new, updated,
// no longer found), its businesses and cost; each row says the same (First seen, Last seen, Latest
// refresh), and no name changes under a Maps URL.
import {
  columnOfHeader,
  refreshedCells,
  pollUntil,
  readSheet,
  serviceAccount,
  serviceResults,
  sidebar,
  sidebarRaw,
  sheetOf,
  type JobView,
} from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { setUpAccount, useWorld } from "../fixtures/world";
import { bySize } from "../tier";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const world = useWorld(17);

async function scheduledSearch(credits: number, every: "day" | "week" = "day", maxResults = 100) {
  const { apiKey, accountId } = await world.control.createAccount({ plan: "growth", credits });
  const { runtime } = await setUpAccount(world, { apiKey });
  const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
  const started = sidebar(runtime, "startSearch", { query: "dentists", location: location?.label, maxResults });
  pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === maxResults));
  const view = sidebar(runtime, "setRefresh", { jobId: started.jobId, every });
  runtime.http.requests.splice(0); // from here on, only what the schedule sends
  return { apiKey, accountId, runtime, view };
}

/** Creation requests the add-on sent (attempts, not jobs). */
const creations = (runtime: FakeRuntime) => runtime.http.requests.filter((r) => r.method === "POST" && r.url.endsWith("/searches"));

/** Advances the virtual clock an hour at a time, firing the add-on's trigger like Apps Script. */
function hours(runtime: FakeRuntime, count: number): void {
  for (let i = 0; i < count; i += 1) {
    world.clock.advance(HOUR);
    for (const result of runtime.fireDueTriggers()) expect(result.errorMessage).toBeUndefined();
  }
}

async function apiSearches(apiKey: string): Promise<Array<{ id: string; created_at: string }>> {
  const res = await fetch(`${world.url}/api/v1/searches?page_size=100`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { items: Array<{ id: string; created_at: string }> }).items;
}

describe("a daily refresh", () => {
  it("runs only when due and merges each run into the same sheet, keeping what the user added with its business", async () => {
    const { apiKey, runtime, view } = await scheduledSearch(1000);
    // Until a re-run, the search itself is the last run: 100 businesses added, 100 credits.
    expect(view.refresh).toEqual({
      every: "day",
      lastRunAt: view.createdAt,
      nextRunAt: new Date(Date.parse(view.createdAt) + DAY).toISOString(),
      lastError: null,
      lastRunAdded: 100,
      lastRunCredits: 100,
      lastRunUpdated: 0,
      lastRunNotFound: 0,
      lastRunBusinesses: 100,
      running: false,
    });
    expect(view.runCredits).toBe(100);
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]); // kept for the schedule

    // The user inserts a column of notes (column C, among ours), notes three businesses, and
    // adds a row of their own in the middle and one after the end.
    const testing = runtime.spreadsheetApp.testing;
    const before = readSheet(runtime, sheetOf(view));
    testing.userInsertColumns(sheetOf(view), 3, 1);
    testing.userType(sheetOf(view), "C1", "My notes");
    const noted = [0, 40, 99].map((index) => String(before.rows[index]?.["Maps URL"]));
    noted.forEach((url, i) => testing.userType(sheetOf(view), `C${before.rows.findIndex((r) => r["Maps URL"] === url) + 2}`, `note ${i}`));
    testing.userInsertRows(sheetOf(view), 22, 1);
    const name = columnOfHeader(runtime, sheetOf(view), "Name");
    testing.userType(sheetOf(view), `${name}22`, "My own row in the middle");
    testing.userType(sheetOf(view), `${name}${before.rows.length + 4}`, "My own row at the end");

    hours(runtime, 23);
    expect(creations(runtime)).toHaveLength(0); // not due yet
    hours(runtime, 3);
    expect(creations(runtime)).toHaveLength(1);
    const searches = await apiSearches(apiKey);
    expect(searches).toHaveLength(2);
    const run = searches[0]?.id ?? "";
    const service = await serviceResults(world, apiKey, run);
    const original = before.rows.map((r) => String(r["Maps URL"]));
    const fresh = service.filter((b) => !original.includes(String(b.maps_url)));
    expect(fresh.length).toBeGreaterThan(0); // the provider's results drift between runs
    expect(fresh.length).toBeLessThan(100);

    const after = readSheet(runtime, sheetOf(view));
    const businessRows = after.rows.filter((r) => r["Business ID"] !== "");
    // Every business of the run once, with the run's values, except that an empty new value keeps
    // what the row held (and says so); the ones it no longer returns keep their rows.
    expect(businessRows).toHaveLength(100 + fresh.length);
    expect(new Set(businessRows.map((r) => r["Maps URL"])).size).toBe(businessRows.length);
    let keptEmails = 0;
    for (const business of service) {
      const rows = businessRows.filter((r) => r["Business ID"] === business.id);
      expect(rows).toHaveLength(1);
      const refreshed = refreshedCells(
        before.rows.find((r) => r["Maps URL"] === business.maps_url),
        business,
      );
      expect(rows[0]).toMatchObject(refreshed.cells);
      if (refreshed.keptEmails) keptEmails += 1;
      expect([business.id, refreshed.keptEmails]).toEqual([
        business.id,
        String(rows[0]?.["Latest refresh"]).startsWith("Updated · kept earlier emails"),
      ]);
    }
    expect(keptEmails).toBeGreaterThan(0); // the provider's readings of a place sometimes find no emails
    // Kept businesses did not move: the run's new businesses come after every original row.
    const positionOf = (url: unknown) => after.rows.findIndex((r) => r["Maps URL"] === url);
    for (const url of original) expect(positionOf(url)).toBeLessThan(Math.min(...fresh.map((b) => positionOf(b.maps_url))));
    noted.forEach((url, i) => expect(after.rows.find((r) => r["Maps URL"] === url)?.["My notes"]).toBe(`note ${i}`));
    expect(after.rows.filter((r) => r["My notes"] !== "")).toHaveLength(3);
    expect(after.rows.filter((r) => r["Business ID"] === "").map((r) => r.Name)).toEqual([
      "My own row in the middle",
      "My own row at the end",
    ]);
    expect(after.rows[20]?.Name).toBe("My own row in the middle");

    const merged = sidebar(runtime, "listJobs")[0] as JobView;
    expect(merged.refresh?.lastError).toBeNull();
    expect([merged.refresh?.lastRunAdded, merged.refresh?.lastRunCredits, merged.runCredits]).toEqual([fresh.length, 100, 100]);
    // New, updated, no longer found: in the job, and row by row in the sheet.
    const serviceUrls = service.map((b) => String(b.maps_url));
    const gone = original.filter((url) => !serviceUrls.includes(url));
    expect(gone.length).toBeGreaterThan(0);
    expect([merged.refresh?.lastRunUpdated, merged.refresh?.lastRunNotFound, merged.refresh?.lastRunBusinesses]).toEqual([
      100 - gone.length,
      gone.length,
      100,
    ]);
    const zone = runtime.spreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
    const day = (iso: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
    const [searchDay, runDay] = [day(view.createdAt), day(merged.refresh?.lastRunAt ?? "")];
    expect(searchDay).not.toBe(runDay);
    for (const row of businessRows) {
      const url = String(row["Maps URL"]);
      const was = before.rows.find((r) => r["Maps URL"] === url);
      const expected = !was
        ? ["New", runDay, runDay]
        : gone.includes(url)
          ? ["No longer found", searchDay, searchDay]
          : ["Updated", searchDay, runDay];
      expect([url, String(row["Latest refresh"]).split(" · ")[0], row["First seen"], row["Last seen"]]).toEqual([url, ...expected]);
      // A place keeps its identity: no name, address or website changes under its Maps URL.
      if (was) expect([row.Name, row.Address, row.Website]).toEqual([was.Name, was.Address, was.Website]);
    }
    expect(Date.parse(merged.refresh?.nextRunAt ?? "")).toBe(Date.parse(merged.refresh?.lastRunAt ?? "") + DAY);

    // The next day: one more run, merged the same way; still no duplicates.
    hours(runtime, 24);
    expect(creations(runtime)).toHaveLength(2);
    const third = readSheet(runtime, sheetOf(view)).rows.filter((r) => r["Business ID"] !== "");
    expect(new Set(third.map((r) => r["Maps URL"])).size).toBe(third.length);
    const latest = await serviceResults(world, apiKey, (await apiSearches(apiKey))[0]?.id ?? "");
    for (const business of latest) expect(third.filter((r) => r["Business ID"] === business.id)).toHaveLength(1);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(1000 - 300);
  });
});

describe("a due run charges once", () => {
  it("when its creation response is lost", async () => {
    const { apiKey, runtime } = await scheduledSearch(1000);
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 1 }]);
    hours(runtime, 25);
    await world.control.clearFaults();
    expect(creations(runtime).length).toBeGreaterThanOrEqual(2); // the lost one, then its repeat
    expect(new Set(creations(runtime).map((r) => r.headers["Idempotency-Key"])).size).toBe(1);
    expect(await apiSearches(apiKey)).toHaveLength(2);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(800);
  });

  it("when the execution is killed after the creation was sent, and the next pass repeats it", async () => {
    const { apiKey, runtime, view } = await scheduledSearch(1000);
    hours(runtime, 23);
    world.clock.advance(HOUR);
    // The refresh step's first round trip reads the search and the account; the second creates the run.
    runtime.killAt({ fetchCall: 2, fetchPhase: "after" });
    const killed = runtime.fireDueTriggers();
    expect(killed.map((r) => r.killed)).toEqual([true]);
    expect(creations(runtime)).toHaveLength(1);
    hours(runtime, 2);
    expect(creations(runtime)).toHaveLength(2);
    expect(new Set(creations(runtime).map((r) => r.headers["Idempotency-Key"])).size).toBe(1);
    expect(await apiSearches(apiKey)).toHaveLength(2);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(800);
    const rows = readSheet(runtime, sheetOf(view)).rows.filter((r) => r["Business ID"] !== "");
    expect(new Set(rows.map((r) => r["Maps URL"])).size).toBe(rows.length);
  });
});

describe("a merge killed part-way", () => {
  /** A scheduled search whose user added a notes column; the refresh run is created, its merge is due. */
  async function mergeDue() {
    const scheduled = await scheduledSearch(1000);
    const testing = scheduled.runtime.spreadsheetApp.testing;
    testing.userInsertColumns(sheetOf(scheduled.view), 3, 1);
    testing.userType(sheetOf(scheduled.view), "C1", "My notes");
    testing.userType(sheetOf(scheduled.view), "C5", "keep me");
    hours(scheduled.runtime, 24); // the run is created
    world.clock.advance(HOUR);
    return scheduled;
  }

  it("is completed by the next pass, with no business twice and the user's notes in place", async () => {
    // The merge pass's SpreadsheetApp calls, counted on an undisturbed run: the kills cover its start and its writes.
    const probe = await mergeDue();
    probe.runtime.counters.reset();
    // What the pass had written, read from Properties and fetched before each call: two kills with the same leave the same state.
    const before: string[] = [];
    let written = 0;
    const stop = probe.runtime.watchSpreadsheetCalls((kind) => {
      if (kind === "getter") return;
      const { propertiesCalls, fetchRequests } = probe.runtime.counters.snapshot();
      before.push(`${written}:${propertiesCalls}:${fetchRequests}`);
      if (kind === "write") written += 1;
    });
    expect(probe.runtime.fireDueTriggers().map((r) => r.errorMessage ?? null)).toEqual([null]);
    stop();
    const total = probe.runtime.counters.spreadsheetReads + probe.runtime.counters.spreadsheetWrites;
    expect(total).toBeGreaterThan(8);
    // The last writes are where a merge is most often half done: npm run test:all kills at each of its last 6 calls,
    // and npm test at one call of each state among the others.
    const sample = [...new Set([1, 3, Math.floor(total / 2), ...Array.from({ length: bySize(2, 6) }, (_, i) => total - i)])];
    const calls = bySize(
      sample.filter((call, i) => sample.findIndex((other) => before[other - 1] === before[call - 1]) === i),
      sample,
    );
    for (const call of calls) {
      const { apiKey, runtime, view } = await mergeDue();
      const notedUrl = readSheet(runtime, sheetOf(view)).rows[3]?.["Maps URL"];
      runtime.killAt({ spreadsheetCall: call });
      expect([call, runtime.fireDueTriggers().map((r) => r.killed)]).toEqual([call, [true]]);
      hours(runtime, 1);
      const run = (await apiSearches(apiKey))[0]?.id ?? "";
      const service = await serviceResults(world, apiKey, run);
      const rows = readSheet(runtime, sheetOf(view)).rows.filter((r) => r["Business ID"] !== "");
      expect(new Set(rows.map((r) => r["Maps URL"])).size).toBe(rows.length);
      for (const business of service) expect(rows.filter((r) => r["Business ID"] === business.id)).toHaveLength(1);
      expect(rows.find((r) => r["Maps URL"] === notedUrl)?.["My notes"]).toBe("keep me");
      const refresh = sidebar(runtime, "listJobs")[0]?.refresh;
      expect(refresh?.lastError).toBeNull();
      // What the run added counts every new business, also those the killed attempt had written.
      expect([call, refresh?.lastRunAdded, refresh?.lastRunCredits]).toEqual([call, rows.length - 100, 100]);
      // And each row says the same as the job: as many "New" as added, the rest updated or no longer found.
      const said = (words: string) => rows.filter((r) => String(r["Latest refresh"]).split(" · ")[0] === words).length;
      expect([call, said("New"), said("Updated"), said("No longer found")]).toEqual([
        call,
        refresh?.lastRunAdded,
        refresh?.lastRunUpdated,
        refresh?.lastRunNotFound,
      ]);
      expect(said("Updated") + said("No longer found")).toBe(100);
    }
  });
});

describe("too few credits", () => {
  it("skip the slot at no cost, say why, and try again only at the next slot", async () => {
    const { apiKey, runtime } = await scheduledSearch(150);
    hours(runtime, 26);
    const accountReads = () => runtime.http.requests.filter((r) => r.url.endsWith("/account")).length;
    const [view] = sidebar(runtime, "listJobs");
    expect(view?.refresh?.lastError).toMatch(/not run, and cost nothing: Not enough credits: 50 remain/);
    // A skipped slot is no run: the last run is still the search itself; a run would take 100.
    expect([view?.refresh?.lastRunAt, view?.refresh?.lastRunAdded, view?.refresh?.lastRunCredits, view?.runCredits]).toEqual([
      view?.createdAt,
      100,
      100,
      100,
    ]);
    expect(creations(runtime)).toHaveLength(0);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(50);
    const reads = accountReads();
    hours(runtime, 12);
    expect(accountReads()).toBe(reads); // no retry loop within the day
    hours(runtime, 13);
    expect(accountReads()).toBe(reads + 1);
    expect(creations(runtime)).toHaveLength(0);
  });
});

describe("a run that fails", () => {
  it("says why and is tried again at the next slot, with a new key, not in a loop", async () => {
    const { apiKey, runtime } = await scheduledSearch(1000);
    hours(runtime, 24);
    expect(creations(runtime)).toHaveLength(1);
    await world.control.failJob((await apiSearches(apiKey))[0]?.id ?? "", "provider outage");
    hours(runtime, 1);
    const [view] = sidebar(runtime, "listJobs");
    expect(view?.refresh?.lastError).toMatch(/failed: provider outage\. It runs again at the next slot/);
    // Nothing added; what a failed run costs is the service's refund rule, so it is not claimed.
    expect([view?.refresh?.lastRunAdded, view?.refresh?.lastRunCredits]).toEqual([0, null]);
    hours(runtime, 22);
    expect(creations(runtime)).toHaveLength(1);
    hours(runtime, 2);
    expect(creations(runtime)).toHaveLength(2);
    expect(new Set(creations(runtime).map((r) => r.headers["Idempotency-Key"])).size).toBe(2);
  });
});

describe("turning the schedule off", () => {
  it("removes the trigger once nothing else needs it", async () => {
    const { runtime, view } = await scheduledSearch(1000);
    expect(runtime.triggers).toHaveLength(1);
    const off = sidebar(runtime, "setRefresh", { jobId: view.jobId, every: "off" });
    expect(off.refresh).toBeNull();
    expect(runtime.triggers).toHaveLength(0);
    hours(runtime, 50);
    expect(creations(runtime)).toHaveLength(0);

    // With another search still running, turning a schedule off keeps the trigger for it.
    sidebar(runtime, "setRefresh", { jobId: view.jobId, every: "week" });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    sidebar(runtime, "startSearch", { query: "florists", location: location?.label, maxResults: 100 });
    sidebar(runtime, "setRefresh", { jobId: view.jobId, every: "off" });
    expect(runtime.triggers).toHaveLength(1);
    expect(() => sidebarRaw(runtime, "setRefresh", { jobId: view.jobId, every: "hourly" })).toThrow(/"day" or "week", or "off"/);
  });
});
