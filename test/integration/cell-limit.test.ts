// Google's limit of 10,000,000 cells a spreadsheet (every sheet's rows × columns, filled or not), on the BUILT bundles of both builds:
// a start that cannot fit (a search, a territory, an enrichment's new columns, a refresh's run) is refused before anything is sent or
// charged, with a sentence that names the limit, the room left and the room needed, and leaves no job and no sheet; the sheets the
// add-on makes are sized to what they hold; past 80 % the previews, the settings and the self-check say so; a pass that meets the
// wall notes it on the job and goes on, never throwing.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { sidebar, sidebarRaw, sheetOf, type JobView } from "../../dev/world";
import { messyRows, seedSheet } from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";
import { roomNotice } from "../../src/sheets/document-room";

const world = useWorld(49);
const LIMIT = 10_000_000;
const BUILDS = [
  ["default", path.resolve(__dirname, "../../dist")],
  ["full-scope", path.resolve(__dirname, "../../dist-full")],
] as const;

/** Every sheet's grid, as Google counts the limit. */
function cellsInUse(runtime: FakeRuntime): number {
  const testing = runtime.spreadsheetApp.testing;
  return testing.sheetNames().reduce((sum, name) => sum + testing.sheetInfo(name).maxRows * testing.sheetInfo(name).maxColumns, 0);
}

/** A person's sheet of 26 columns that leaves `left` cells under the limit. */
function fillUntil(runtime: FakeRuntime, left: number): void {
  const testing = runtime.spreadsheetApp.testing;
  testing.userAddSheet("Archive");
  const rows = Math.floor((LIMIT - left - cellsInUse(runtime)) / 26);
  testing.userInsertRows("Archive", 2, rows);
  expect(LIMIT - cellsInUse(runtime)).toBeGreaterThanOrEqual(left);
  expect(LIMIT - cellsInUse(runtime)).toBeLessThan(left + 26);
}

async function searchesCreated(apiKey: string): Promise<number> {
  const res = await fetch(`${world.url}/api/v1/searches`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { total: number }).total;
}

const refusal = (runtime: FakeRuntime, name: "startSearch" | "startEnrichment" | "buildContacts", args: object): string => {
  try {
    sidebarRaw(runtime, name, args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${name} was not refused`);
};

describe.each(BUILDS)("Google's cell limit (%s build)", (_build, distDir) => {
  async function account() {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 50_000, maxActiveJobs: 25, runtime: { distDir } });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    return { runtime, apiKey, location: location?.label ?? "" };
  }

  it(
    "a search or a territory that cannot fit is refused before anything is sent: the limit, " +
      "the room left and needed; no job, no sheet",
    async () => {
      const { runtime, apiKey, location } = await account();
      fillUntil(runtime, 20_000);
      const sheets = runtime.spreadsheetApp.testing.sheetNames();
      const preview = sidebar(runtime, "previewSearch", { query: "roofers", location, maxResults: 700 });
      expect(preview.problem).toMatch(/limit of 10,000,000 cells/);
      expect(preview.roomNotice).toMatch(/99 % of Google's limit of 10,000,000 cells/);
      const message = refusal(runtime, "startSearch", { query: "roofers", location, maxResults: 700 });
      expect(message).toMatch(/Google's limit of 10,000,000 cells/);
      expect(message).toMatch(/[\d,]+ are left, but this search needs up to 26,[0-9]{3}/);
      expect(
        refusal(runtime, "startSearch", { queries: ["roofers", "plumbers"], locations: [{ label: location }], maxResults: 100 }),
      ).toMatch(/this territory of 2 searches needs up to/);
      expect(await searchesCreated(apiKey)).toBe(0);
      expect(sidebar(runtime, "listJobs")).toEqual([]);
      expect(runtime.spreadsheetApp.testing.sheetNames()).toEqual(sheets);
    },
  );

  it("an enrichment whose result columns cannot fit is refused before anything is sent", async () => {
    const { runtime } = await account();
    seedSheet(runtime, "Leads", messyRows(40));
    runtime.spreadsheetApp.testing.setActiveSheet("Leads");
    fillUntil(runtime, 5_000);
    runtime.spreadsheetApp.testing.setActiveSheet("Leads");
    expect(sidebar(runtime, "previewEnrichment", {}).problem).toMatch(/the result columns of these rows needs up to/);
    expect(refusal(runtime, "startEnrichment", {})).toMatch(/limit of 10,000,000 cells/);
    expect(runtime.http.requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(runtime.spreadsheetApp.testing.values("Leads")[0]).not.toContain("Enrichment status");
  });

  it("a scheduled refresh whose run cannot fit skips its slot at no cost, saying why", async () => {
    const { runtime, apiKey, location } = await account();
    const job = sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 100 });
    for (let i = 0; i < 30 && sidebar(runtime, "refreshJobs").find((v) => v.jobId === job.jobId)?.status !== "completed"; i += 1)
      world.clock.advance(60_000);
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    fillUntil(runtime, 2_000);
    world.clock.advance(25 * 60 * 60 * 1000);
    const view = sidebar(runtime, "refreshJobs").find((v) => v.jobId === job.jobId);
    expect(view?.refresh?.lastError).toMatch(/cost nothing: This spreadsheet is near Google's limit of 10,000,000 cells/);
    expect(await searchesCreated(apiKey)).toBe(1);
  });

  it("sizes the sheets it makes to what they hold; past 80 % the settings and the self-check say so", async () => {
    const { runtime, location } = await account();
    const search = sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 100 });
    const territory = sidebar(runtime, "startSearch", { queries: ["a", "b"], locations: [{ label: location }], maxResults: 100 });
    const info = (job: JobView) => runtime.spreadsheetApp.testing.sheetInfo(sheetOf(job));
    expect(info(search).maxRows).toBe(101); // its header and its 100 results at most
    expect(info(search).maxColumns).toBe(runtime.spreadsheetApp.testing.sheetInfo(sheetOf(search)).lastColumn);
    expect(info(territory).maxRows).toBe(2); // it grows as its searches are merged
    expect(sidebar(runtime, "getSettings").roomNotice).toBeNull();
    fillUntil(runtime, 1_500_000);
    // Past 80 %: the notice of the cells really in use (its words: document-room.test.ts).
    const used = cellsInUse(runtime);
    expect(used / LIMIT).toBeGreaterThan(0.8);
    const notice = sidebar(runtime, "getSettings").roomNotice;
    expect(notice).not.toBeNull();
    expect(notice).toBe(roomNotice({ used, left: LIMIT - used }));
    const report = sidebar(runtime, "diagnose", { dialog: false });
    expect(report.checks.find((check) => check.id === "room")).toMatchObject({ ok: false });
  });

  it(
    "Build contacts is refused when its sheet cannot fit, making nothing; " + "with room, its sheet holds its columns and rows only",
    async () => {
      const { runtime, location } = await account();
      const job = sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 100 });
      for (let i = 0; i < 30 && sidebar(runtime, "refreshJobs").find((v) => v.jobId === job.jobId)?.status !== "completed"; i += 1)
        world.clock.advance(60_000);
      fillUntil(runtime, 20_000);
      const testing = runtime.spreadsheetApp.testing;
      const sheets = testing.sheetNames();
      expect(refusal(runtime, "buildContacts", {})).toMatch(/limit of 10,000,000 cells.* the Contacts sheet needs up to 26,000\b/);
      expect(testing.sheetNames()).toEqual(sheets);
      testing.userDeleteSheet("Archive");
      const built = sidebar(runtime, "buildContacts", {});
      const contacts = testing.sheetInfo("Contacts");
      expect(built.complete).toBe(true);
      expect(contacts.lastRow).toBeGreaterThan(1);
      expect([contacts.maxRows, contacts.maxColumns]).toEqual([contacts.lastRow, contacts.lastColumn]);
    },
  );

  it("a pass that meets the wall notes it on the job and goes on; once there is room, the next pass writes it", async () => {
    const { runtime, location } = await account();
    const job = sidebar(runtime, "startSearch", { query: "roofers", location, maxResults: 100 });
    // Its sheet deleted by its user: the pass makes it again, but the document has no room now.
    runtime.spreadsheetApp.testing.userDeleteSheet(sheetOf(job));
    fillUntil(runtime, 1_000);
    world.clock.advance(60_000);
    const views = sidebar(runtime, "refreshJobs");
    expect(views.find((view) => view.jobId === job.jobId)?.error).toMatch(/reached Google's limit of 10,000,000 cells/);
    const trigger = runtime.fireDueTriggers();
    expect(trigger.flatMap((run) => run.logs.map((log) => log.message))).toEqual([]);
    runtime.spreadsheetApp.testing.userDeleteSheet("Archive");
    world.clock.advance(600_000);
    const done = sidebar(runtime, "refreshJobs").find((view) => view.jobId === job.jobId);
    expect(done?.error).toMatch(/^The results sheet was deleted; it was recreated as/); // the wall's note is over
    expect(done?.rowsWritten).toBe(100);
  });
});
