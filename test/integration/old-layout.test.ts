// A results sheet laid out by an earlier version (Business ID in column A, then Name, Category,
// Address, Phone, Website, Emails, Email status, then the 34-column layout's others: "Owner name"
// beside "Owner names", no First seen / Last seen / Latest refresh) keeps working on BOTH built
// bundles: written by the poll pass while its search runs and re-read to the end once it
// completes, refreshed by a scheduled run, and enriched from a selection of its rows: no row is
// lost or written twice, every cell is exact, and the sheet keeps the layout it has (the columns
// that say when a business was seen are added on its right). New sheets lead with Name.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { austinLabel, pollUntil, readSheet, serviceResults, sidebar, sheetOf, type JobView } from "../../dev/world";
import { expectSheetExact } from "./exact-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";

const BUILDS = [
  { build: "default (spreadsheets.currentonly)", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full (spreadsheets)", distDir: path.resolve(__dirname, "../../dist-full") },
] as const;

/** The first columns of a results sheet as the earliest version laid them out. */
const OLD_FIRST = ["Business ID", "Name", "Category", "Address", "Phone", "Website", "Emails", "Email status"];
/** The 34 columns of the layout before the technical block (with "Owner name" and "Owner names"). */
const PREVIOUS_LAYOUT = [
  "Name",
  "Phone",
  "Website",
  "Emails",
  "Address",
  "Category",
  "Email status",
  "Business ID",
  "Verified emails",
  "Email verification status",
  "Email verifications",
  "Owner name",
  "Owner names",
  "Owner emails",
  "Decision maker names",
  "Decision maker emails",
  "City",
  "Country code",
  "Rating",
  "Review count",
  "Business status",
  "Maps URL",
  "Categories",
  "Additional phones",
  "Phone types",
  "Facebook",
  "Instagram",
  "LinkedIn",
  "YouTube",
  "Yelp",
  "Enrichment status",
  "Owner enrichment status",
  "Key contacts",
  "Position",
];
const OLD_LAYOUT = [...OLD_FIRST, ...PREVIOUS_LAYOUT.filter((h) => !OLD_FIRST.includes(h))];
/** What a sheet of an earlier layout gains on its right: when each business was seen. */
const SIGHTINGS = ["First seen", "Last seen", "Latest refresh"];

const HOUR = 60 * 60 * 1000;

const world = useWorld(43);
let location = "";
beforeAll(async () => {
  location = await austinLabel(world);
});

/**
 * Turns the sheet into the earlier layout, as the earlier version wrote it: the sightings columns
 * go, an "Owner name" column comes (empty: the add-on fills it again), and the columns are
 * dragged into the old order (cells move with their column).
 */
function toOldLayout(runtime: FakeRuntime, sheetName: string): void {
  const testing = runtime.spreadsheetApp.testing;
  for (const header of SIGHTINGS) testing.userDeleteColumns(sheetName, readSheet(runtime, sheetName).headers.indexOf(header) + 1);
  const width = readSheet(runtime, sheetName).headers.length;
  testing.userInsertColumns(sheetName, width + 1, 1);
  testing.userType(sheetName, `${columnLetter(width + 1)}1`, "Owner name");
  OLD_LAYOUT.forEach((header, index) => {
    const at = readSheet(runtime, sheetName).headers.indexOf(header) + 1;
    if (at !== index + 1) testing.userMoveColumns(sheetName, at, 1, index + 1);
  });
  expect(readSheet(runtime, sheetName).headers.slice(0, OLD_LAYOUT.length)).toEqual(OLD_LAYOUT);
}

const columnLetter = (n: number): string =>
  (n > 26 ? columnLetter(Math.floor((n - 1) / 26)) : "") + String.fromCharCode(65 + ((n - 1) % 26));

const sheetIds = (runtime: FakeRuntime, sheetName: string): string[] =>
  readSheet(runtime, sheetName)
    .rows.map((r) => String(r["Business ID"]))
    .filter((id) => id !== "");

describe.each(BUILDS)("a results sheet of the earlier layout, $build build", ({ distDir }) => {
  function completed(runtime: FakeRuntime, maxResults: number): JobView {
    const jobs = pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === maxResults));
    return jobs[0] as JobView;
  }

  it("is written by the poll pass while its search runs and re-read to the end, each business once", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { runtime: { distDir } });
    const started = sidebar(runtime, "startSearch", { query: "plumbers", location, maxResults: 300 });
    expect(readSheet(runtime, sheetOf(started)).headers[0]).toBe("Name");
    pollUntil(world, runtime, (all) => (all[0]?.rowsWritten ?? 0) > 0 && all[0]?.status !== "completed", 2000);
    const partial = sheetIds(runtime, sheetOf(started));
    toOldLayout(runtime, sheetOf(started));
    // The user sorts it too: rows are found by Business ID, wherever that column is.
    runtime.spreadsheetApp.testing.userSortSheet(sheetOf(started), 2, false);

    const done = completed(runtime, 300);
    expect(await expectSheetExact(world, runtime, apiKey, done)).toBe(300);
    const { headers } = readSheet(runtime, sheetOf(done));
    expect(headers).toEqual([...OLD_LAYOUT, ...SIGHTINGS]);
    for (const id of partial) expect(sheetIds(runtime, sheetOf(done))).toContain(id);

    // Opening the same job again changes nothing of its sheet.
    const before = runtime.spreadsheetApp.testing.values(sheetOf(done));
    expect(sidebar(runtime, "importJob", { jobId: done.jobId }).sheetName).toBe(done.sheetName);
    runtime.spreadsheetApp.testing.userSortSheet(sheetOf(done), 1);
    sidebar(runtime, "refreshJobs");
    expect(new Set(sheetIds(runtime, sheetOf(done))).size).toBe(300);
    expect([...runtime.spreadsheetApp.testing.values(sheetOf(done))].sort()).toEqual([...before].sort());
  });

  it("is merged into by a scheduled refresh: every row kept, new businesses appended, none twice", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { runtime: { distDir } });
    const started = sidebar(runtime, "startSearch", { query: "dentists", location, maxResults: 100 });
    const done = completed(runtime, 100);
    toOldLayout(runtime, sheetOf(done));
    const beforeUrls = readSheet(runtime, sheetOf(done)).rows.map((r) => String(r["Maps URL"]));
    sidebar(runtime, "setRefresh", { jobId: started.jobId, every: "day" });

    let merged: JobView | undefined;
    for (let hour = 0; hour < 30 && merged === undefined; hour += 1) {
      world.clock.advance(HOUR);
      for (const result of runtime.fireDueTriggers()) expect(result.errorMessage).toBeUndefined();
      const view = sidebar(runtime, "listJobs")[0];
      if (view?.refresh && view.refresh.lastRunAt !== view.createdAt && view.refresh.lastRunAdded !== null) merged = view;
    }
    expect(merged).toBeDefined();
    const after = readSheet(runtime, sheetOf(done));
    expect(after.headers).toEqual([...OLD_LAYOUT, ...SIGHTINGS]);
    const afterUrls = after.rows.map((r) => String(r["Maps URL"]));
    // Rows never move in a merge: the first 100 are the same businesses, in place.
    expect(afterUrls.slice(0, 100)).toEqual(beforeUrls);
    expect(new Set(afterUrls).size).toBe(afterUrls.length);
    expect(afterUrls.length - 100).toBe(merged?.refresh?.lastRunAdded);
    const ids = sheetIds(runtime, sheetOf(done));
    expect(new Set(ids).size).toBe(ids.length);
    // The new run's businesses are all there, with the new run's Business IDs.
    const searches = (await (await fetch(`${world.url}/api/v1/searches?page_size=10`, { headers: { "x-api-key": apiKey } })).json()) as {
      items: Array<{ id: string }>;
    };
    const run = searches.items[0]?.id ?? "";
    expect(run).not.toBe(started.jobId);
    const service = await serviceResults(world, apiKey, run);
    for (const business of service) expect(ids).toContain(business.id);
    // Each row says what the run did, as the job does; the old "Owner name" column is kept up to date.
    // ("Updated · kept earlier emails" is an update that kept what the run returned empty.)
    const said = (words: string) => after.rows.filter((r) => String(r["Latest refresh"]).split(" · ")[0] === words).length;
    expect([said("New"), said("Updated"), said("No longer found")]).toEqual([
      merged?.refresh?.lastRunAdded,
      merged?.refresh?.lastRunUpdated,
      merged?.refresh?.lastRunNotFound,
    ]);
    expect(said("Updated") + said("No longer found")).toBe(100);
    for (const business of service) {
      const row = after.rows.find((r) => r["Business ID"] === business.id);
      expect([business.id, row?.["Owner name"], row?.Name]).toEqual([business.id, business.owner_name ?? "", business.title]);
    }
  });

  it("is enriched from a selection of its rows: those rows get results, no row is lost or moved", async () => {
    const { runtime } = await setUpAccount(world, { runtime: { distDir } });
    sidebar(runtime, "startSearch", { query: "bakeries", location, maxResults: 100, enrichContacts: false });
    const done = completed(runtime, 100);
    toOldLayout(runtime, sheetOf(done));
    const before = readSheet(runtime, sheetOf(done));
    const testing = runtime.spreadsheetApp.testing;
    const beforeCells = testing.values(sheetOf(done)).map((row) => row.slice(0, OLD_LAYOUT.length));
    testing.setActiveSheet(sheetOf(done));
    testing.setActiveRange(sheetOf(done), "B11:B20");

    const preview = sidebar(runtime, "previewEnrichment", { force: true });
    expect(preview.rowsLabel).toBe(`rows 11–20 of ${done.sheetName}`);
    const result = sidebar(runtime, "startEnrichment", { force: true });
    const sent =
      result.jobs.reduce((sum, job) => sum + (job.leadCount ?? 0), 0) +
      result.skipped.filter((s) => !/^no website|website/i.test(s.reason)).length;
    expect(sent).toBeGreaterThan(0);
    pollUntil(
      world,
      runtime,
      (all) => runtime.triggers.length === 0 && all.every((j) => j.status === "completed" || j.status === "failed"),
    );

    const after = readSheet(runtime, sheetOf(done));
    expect(after.rows).toHaveLength(before.rows.length);
    // Every business keeps its row and its search's columns (enrichment adds its own columns on
    // the right, some with the same labels, so compared here by position); rows outside the
    // selection are untouched, and the selected ones keep their first columns, Business ID included.
    const afterCells = testing.values(sheetOf(done)).map((row) => row.slice(0, OLD_LAYOUT.length));
    afterCells.forEach((row, index) => {
      const selected = index + 1 >= 11 && index + 1 <= 20;
      const compared = selected ? OLD_FIRST.length : OLD_LAYOUT.length;
      expect([index + 1, row.slice(0, compared)]).toEqual([index + 1, beforeCells[index]?.slice(0, compared)]);
    });
    // Only the selected rows (sheet rows 11–20) were enriched.
    const enrichedRows = after.rows
      .map((row, index) => [index + 2, String(row["Enriched for"] ?? "")] as const)
      .filter(([, forWhat]) => forWhat !== "")
      .map(([row]) => row);
    expect(enrichedRows.length).toBeGreaterThan(0);
    for (const row of enrichedRows) expect(row >= 11 && row <= 20).toBe(true);
  });
});
