// End to end on the BUILT bundle: a messy 1,500-row sheet is enriched from the sidebar. The
// service receives exactly the unique valid businesses, in chunks of at most 700, as far as the
// credits go; every row ends with its own result or a `Skipped` reason, also when the user sorts
// the rows mid-job; the user's own columns are untouched. Re-runs send only what needs sending.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, sidebar, serviceAccount, type JobView } from "../../dev/world";
import {
  enrichedBusinesses,
  expectRowsRight,
  expectedUnique,
  messyRows,
  pairKey,
  seedSheet,
  serviceEnrichments,
  userColumns,
} from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";
import { describeRows } from "../../src/enrich/list/row-list";
import { inFullTier } from "../tier";

const world = useWorld(5);

const SHEET = "My leads";

function finish(runtime: FakeRuntime): JobView[] {
  return pollUntil(
    world,
    runtime,
    (jobs) => runtime.triggers.length === 0 && jobs.every((j) => j.status === "completed" || j.status === "failed"),
  );
}

/** The run under one of Google's two "@" behaviours: with plain text kept from being a formula by Sheets, or by the add-on alone. */
function enrichesTheMessySheet(plainTextStopsFormulas: boolean): void {
  it(
    "sends exactly the unique valid businesses in chunks of 700 as far as credits go; " + "each row gets its own result, sorted mid-job",
    async () => {
      const credits = 900;
      const { runtime, apiKey } = await setUpAccount(world, { credits, maxActiveJobs: 25, runtime: { plainTextStopsFormulas } });
      const specs = messyRows(1500);
      seedSheet(runtime, SHEET, specs);
      runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
      const before = userColumns(runtime, SHEET);

      const preview = sidebar(runtime, "previewEnrichment", {});
      const unique = expectedUnique(specs);
      expect(preview).toMatchObject({
        nameHeader: "Company",
        websiteHeader: "Website",
        rowsToSend: credits,
        creditsNeeded: unique.length,
        problem: null,
      });
      expect(await serviceEnrichments(world, apiKey)).toEqual([]); // the preview sent nothing

      const started = sidebar(runtime, "startEnrichment", {});
      expect(started.jobs.map((j) => [j.kind, j.sheetName])).toEqual([
        ["enrichment", SHEET],
        ["enrichment", SHEET],
      ]);
      expect(userColumns(runtime, SHEET)).toEqual(before);

      // The service received the first 900 unique pairs in sheet order: 700, then 200.
      const jobs = await serviceEnrichments(world, apiKey);
      expect(jobs.map((j) => j.businesses.length)).toEqual([700, 200]);
      const received = jobs.flatMap((j) => j.businesses.map((b) => ({ name: b.business_name, url: b.website_url })));
      expect(received).toEqual(unique.slice(0, credits));
      const creditReason = `not enough credits (${credits} remain)`;
      const skippedRows = started.skipped.filter((s) => s.reason === creditReason);
      expect(skippedRows.length).toBeGreaterThan(0);

      // One pass, then the user sorts by website, descending; later passes still put each result on its row.
      world.clock.advance(5000);
      sidebar(runtime, "refreshJobs");
      runtime.spreadsheetApp.testing.userSortSheet(SHEET, 3, false);
      const afterSort = userColumns(runtime, SHEET);
      finish(runtime);
      expect(userColumns(runtime, SHEET)).toEqual(afterSort);

      const byPair = await enrichedBusinesses(world, apiKey, jobs);
      expectRowsRight(runtime, SHEET, specs, new Set(unique.slice(0, credits).map((u) => pairKey(u.name, u.url))), byPair, creditReason);
      // Text exact, never a formula, in our columns.
      const formulas = runtime.spreadsheetApp.testing.formulas(SHEET).flatMap((row) => row.slice(4));
      expect(formulas.every((f) => f === "")).toBe(true);
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(0);
    },
  );
}

describe("a messy 1,500-row sheet (plainTextStopsFormulas: false)", () => enrichesTheMessySheet(false));
inFullTier("the same run where Sheets itself keeps plain text from being a formula; the enrichment fault schedules meet both")(
  "a messy 1,500-row sheet (plainTextStopsFormulas: true)",
  () => enrichesTheMessySheet(true),
);

describe("re-runs", () => {
  it("send nothing already enriched; two appended rows → exactly those two; force → every valid row", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25 });
    const specs = messyRows(120);
    seedSheet(runtime, SHEET, specs);
    runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
    sidebar(runtime, "startEnrichment", {});
    finish(runtime);
    const firstJobs = await serviceEnrichments(world, apiKey);
    expect(firstJobs).toHaveLength(1);
    const byPair = await enrichedBusinesses(world, apiKey, firstJobs);
    const notCompleted = [...byPair.values()].filter((b) => b.enrichment_status !== "completed");

    // Second run: only businesses whose result was not `completed` go again.
    const second = sidebar(runtime, "startEnrichment", {});
    const afterSecond = await serviceEnrichments(world, apiKey);
    const secondSent = afterSecond.slice(1).flatMap((j) => j.businesses.map((b) => b.business_name));
    expect(secondSent.sort()).toEqual(notCompleted.map((b) => b.title).sort());
    expect(second.skipped.filter((s) => s.reason === "already enriched").length).toBeGreaterThan(50);
    finish(runtime);

    // Two new rows appended: exactly those two are sent.
    const appended = messyRows(2, 1000).filter((s) => "name" in s.expected);
    expect(appended).toHaveLength(2);
    seedSheet(runtime, SHEET, appended, specs.length + 1);
    const third = sidebar(runtime, "startEnrichment", {});
    expect(third.jobs).toHaveLength(1);
    const afterThird = await serviceEnrichments(world, apiKey);
    expect(afterThird.slice(afterSecond.length).flatMap((j) => j.businesses)).toEqual(
      appended.map((s) => ({ business_name: (s.expected as { name: string }).name, website_url: (s.expected as { url: string }).url })),
    );
    finish(runtime);

    // force: every valid row, once each.
    sidebar(runtime, "startEnrichment", { force: true });
    const afterForce = await serviceEnrichments(world, apiKey);
    const forced = afterForce
      .slice(afterThird.length)
      .flatMap((j) => j.businesses.map((b) => ({ name: b.business_name, url: b.website_url })));
    expect(forced).toEqual(expectedUnique([...specs, ...appended]));
    finish(runtime);
  });
});

describe("columns that cannot be found", () => {
  it("says so clearly and sends nothing", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 25 });
    runtime.spreadsheetApp.testing.userAddSheet("Odd");
    runtime.spreadsheetApp.testing.userSeed("Odd", "A1", [
      ["Who", "Where"],
      ["Acme", "acme.com"],
    ]);
    runtime.spreadsheetApp.testing.setActiveSheet("Odd");
    expect(() => sidebar(runtime, "startEnrichment", {})).toThrow(
      /^No row of Odd names the business name and website columns .*Choose the two columns in the sidebar/,
    );
    const preview = sidebar(runtime, "previewEnrichment", {});
    // No header row is the cause: the preview offers the columns of the rows read (the prompt's words: column-choice.test.ts).
    expect(preview.problem).toEqual(expect.any(String));
    expect(preview.columnChoice).toMatchObject({ rowsLabel: describeRows([1, 2], "Odd"), nameColumn: "A", websiteColumn: "B" });
    // Those columns chosen: "Who | Where" holds no business, so it is the header row, and only Acme is to send.
    expect(sidebar(runtime, "previewEnrichment", { nameColumn: "A", websiteColumn: "B" })).toMatchObject({
      rowsLabel: describeRows([2], "Odd"),
      rowsToSend: 1,
      problem: null,
    });
    const explicit = sidebar(runtime, "startEnrichment", { nameColumn: "Who", websiteColumn: "B" });
    expect(explicit.jobs).toHaveLength(1);
    expect((await serviceEnrichments(world, apiKey)).map((j) => j.businesses)).toEqual([
      [{ business_name: "Acme", website_url: "https://acme.com" }],
    ]);
  });
});
