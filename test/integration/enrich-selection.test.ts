// End to end on BOTH built bundles: enrichment sends the rows the user selected. A 40-row list is
// enriched three times on the same sheet — rows 11–20 selected, then B1:B6, then one cell (the
// whole sheet) — each polled to the end: each time exactly those rows reach the service (its own
// record of what it received) and only they get results and statuses, the user's columns stay
// byte-identical, and every row is charged once. Then, on the default build: a list whose header is
// not in row 1, a selection that includes the header row, a search's results sheet (its rows
// refused without force, sent with it), and what the preview says.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { austinLabel, pollUntil, serviceAccount, sidebar, sheetOf, type JobView } from "../../dev/world";
import { HEADERS, seedSheet, serviceEnrichments, userColumns, type RowSpec, type SentJob } from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";

const BUILDS = [
  { build: "default (spreadsheets.currentonly)", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full (spreadsheets)", distDir: path.resolve(__dirname, "../../dist-full") },
] as const;
const SHEET = "Target accounts";
const CREDITS = 5000;
const ACCOUNT = { credits: CREDITS, maxActiveJobs: 25 };

const world = useWorld(31, { hostile: false });
let location = "Austin, Texas, US";
beforeAll(async () => {
  // Hostile values off: every business the service enriches ends `completed`, so "each row is
  // charged once" holds literally (test/integration/enrich-rows.test.ts covers the hostile ones).
  location = await austinLabel(world);
});

/** Row i (1-based) of the list: a distinct company with its own website. */
const listRow = (i: number): RowSpec => ({
  name: `Company ${i}`,
  website: `company${i}.com`,
  expected: { name: `Company ${i}`, url: `https://company${i}.com` },
});
const listRows = (count: number): RowSpec[] => Array.from({ length: count }, (_, i) => listRow(i + 1));

function finish(runtime: FakeRuntime): void {
  pollUntil(
    world,
    runtime,
    (jobs) => runtime.triggers.length === 0 && jobs.every((j) => j.status === "completed" || j.status === "failed"),
  );
}

/** The business names of the enrichment jobs the service received after the first `since` jobs. */
async function receivedSince(apiKey: string, since: SentJob[]): Promise<string[]> {
  const all = await serviceEnrichments(world, apiKey);
  return all.slice(since.length).flatMap((job) => job.businesses.map((b) => b.business_name));
}

/** Each sheet row's cells under every header that is not one of the user's (the result columns), by row. */
function resultCells(
  runtime: FakeRuntime,
  sheetName: string,
  headerRow: number,
  userHeaders: readonly string[] = HEADERS,
): Map<number, Record<string, unknown>> {
  const values = runtime.spreadsheetApp.testing.values(sheetName);
  const header = (values[headerRow - 1] ?? []).map(String);
  const byRow = new Map<number, Record<string, unknown>>();
  values.forEach((cells, i) => {
    if (i + 1 <= headerRow) return;
    const record: Record<string, unknown> = {};
    header.forEach((h, c) => {
      if (h !== "" && !userHeaders.includes(h)) record[h] = cells[c];
    });
    byRow.set(i + 1, record);
  });
  return byRow;
}

/** Rows (1-based) that have anything in a result column. */
function rowsWithResults(runtime: FakeRuntime, sheetName: string, headerRow = 1): number[] {
  return [...resultCells(runtime, sheetName, headerRow)]
    .filter(([, cells]) => Object.values(cells).some((v) => v !== ""))
    .map(([row]) => row);
}

const span = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);
/** Sheet row → the company on it (header in row 1: row r holds Company r - 1). */
const companiesOnRows = (rows: number[], headerRow = 1): string[] => rows.map((row) => `Company ${row - headerRow}`);

describe.each(BUILDS)("the $build build: three enrichments of one 40-row list", ({ distDir }) => {
  it(
    "rows 11–20, then B1:B6, then one cell: only those rows reach the service and get results; " +
      "user columns byte-identical; each row charged once",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { ...ACCOUNT, runtime: { distDir } });
      const testing = runtime.spreadsheetApp.testing;
      seedSheet(runtime, SHEET, listRows(40));
      const before = userColumns(runtime, SHEET);
      const display = () => testing.displayValues(SHEET).map((row) => row.slice(0, HEADERS.length));
      const displayBefore = display();
      const expectUserColumnsUnchanged = () => {
        expect(userColumns(runtime, SHEET)).toEqual(before);
        expect(display()).toEqual(displayBefore);
      };

      const steps: Array<{ select: string; rows: number[]; label: string }> = [
        { select: "A11:D20", rows: span(11, 20), label: `rows 11–20 of ${SHEET}` },
        { select: "B1:B6", rows: span(2, 6), label: `rows 2–6 of ${SHEET}` },
        // One cell: the whole sheet, where only the rows not yet enriched are sent.
        { select: "C30", rows: [...span(7, 10), ...span(21, 41)], label: `rows 2–41 of ${SHEET}` },
      ];
      const enriched: number[] = [];
      for (const step of steps) {
        testing.setActiveRange(SHEET, step.select);
        const preview = sidebar(runtime, "previewEnrichment", { force: false });
        expect(preview).toMatchObject({ rowsLabel: step.label, rowsToSend: step.rows.length, problem: null });
        const sentBefore = await serviceEnrichments(world, apiKey);
        const started = sidebar(runtime, "startEnrichment", { force: false });
        expect(started.jobs).toHaveLength(1);
        // only a search is re-run
        expect(started.jobs.map((job) => (job as JobView & { runCredits?: unknown }).runCredits)).toEqual([null]);
        // Exactly those rows' businesses reached the service, in sheet order.
        expect(await receivedSince(apiKey, sentBefore)).toEqual(companiesOnRows(step.rows));
        expectUserColumnsUnchanged();
        enriched.push(...step.rows);
        // Statuses now, results once polled to the end: on those rows, and on no other row.
        expect(rowsWithResults(runtime, SHEET)).toEqual([...enriched].sort((a, b) => a - b));
        finish(runtime);
        expectUserColumnsUnchanged();
        const cells = resultCells(runtime, SHEET, 1);
        for (const row of span(2, 41)) {
          const status = cells.get(row)?.["Enrichment status"];
          expect([row, status]).toEqual([row, enriched.includes(row) ? "completed" : ""]);
          if (enriched.includes(row))
            expect([row, cells.get(row)?.["Enriched for"]]).toEqual([row, `Company ${row - 1} | https://company${row - 1}.com`]);
        }
        expect(rowsWithResults(runtime, SHEET)).toEqual([...enriched].sort((a, b) => a - b));
      }

      // Every row was sent once, and charged once: 40 credits for 40 rows.
      const all = (await serviceEnrichments(world, apiKey)).flatMap((job) => job.businesses.map((b) => b.business_name));
      expect([...all].sort()).toEqual(companiesOnRows(span(2, 41)).sort());
      expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(CREDITS - 40);
    },
  );
});

describe("where the rows and the header are (default build)", () => {
  it("a list whose header is in row 3 under a title: the selection's rows, then the rest with one cell selected", async () => {
    const { runtime, apiKey } = await setUpAccount(world, ACCOUNT);
    const testing = runtime.spreadsheetApp.testing;
    testing.userAddSheet("Q3 list");
    testing.userSeed("Q3 list", "A1", [["Target accounts — Q3 (do not edit)"], [""], ["Company", "Website", "Notes"]]);
    testing.userSeed(
      "Q3 list",
      "A4",
      span(1, 10).map((i) => [`Firm ${i}`, `firm${i}.com`, i % 2 === 0 ? "0042" : "1/2"]),
    );
    const userPart = () => testing.values("Q3 list").map((row) => row.slice(0, 3));
    const before = userPart();

    testing.setActiveRange("Q3 list", "B6:B8");
    const preview = sidebar(runtime, "previewEnrichment", {});
    expect(preview).toMatchObject({
      scope: "selection",
      rowsLabel: "rows 6–8 of Q3 list",
      nameHeader: "Company",
      websiteHeader: "Website",
      rowsToSend: 3,
      problem: null,
    });
    sidebar(runtime, "startEnrichment", {});
    expect(await receivedSince(apiKey, [])).toEqual(["Firm 3", "Firm 4", "Firm 5"]);
    finish(runtime);
    // Result headers in the header row (row 3); the title row and the user's cells as they were.
    const header = testing.values("Q3 list")[2]?.map(String) ?? [];
    expect(header.slice(0, 4)).toEqual(["Company", "Website", "Notes", "Enrichment status"]);
    expect(
      testing
        .values("Q3 list")[0]
        ?.slice(3)
        .every((cell) => cell === ""),
    ).toBe(true);
    expect(rowsWithResults(runtime, "Q3 list", 3)).toEqual([6, 7, 8]);

    const sent = await serviceEnrichments(world, apiKey);
    testing.setActiveRange("Q3 list", "A1");
    const whole = sidebar(runtime, "previewEnrichment", {});
    expect(whole).toMatchObject({ scope: "sheet", rowsLabel: "rows 4–13 of Q3 list", rowsToSend: 7, alreadyEnriched: 3 });
    sidebar(runtime, "startEnrichment", {});
    expect(await receivedSince(apiKey, sent)).toEqual(["Firm 1", "Firm 2", "Firm 6", "Firm 7", "Firm 8", "Firm 9", "Firm 10"]);
    finish(runtime);
    expect(rowsWithResults(runtime, "Q3 list", 3)).toEqual(span(4, 13));
    expect(userPart()).toEqual(before);
  });

  it(
    "a selection that includes the header row sends the rows under it, never the header; " + "Ctrl-click ranges are one selection",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, ACCOUNT);
      const testing = runtime.spreadsheetApp.testing;
      // Row 14 repeats row 8's company: it is not selected, so it gets nothing, though its pair was sent.
      seedSheet(runtime, SHEET, [...listRows(12), listRow(7)]);
      testing.setActiveRange(SHEET, "A1:D5");
      expect(sidebar(runtime, "previewEnrichment", {})).toMatchObject({ rowsLabel: `rows 2–5 of ${SHEET}`, rowsToSend: 4 });
      sidebar(runtime, "startEnrichment", {});
      expect(await receivedSince(apiKey, [])).toEqual(["Company 1", "Company 2", "Company 3", "Company 4"]);
      finish(runtime);

      const sent = await serviceEnrichments(world, apiKey);
      testing.setActiveRanges(SHEET, ["C8:C10", "A12", "B9:D9", "B13:D13"]);
      expect(sidebar(runtime, "previewEnrichment", {})).toMatchObject({ rowsLabel: `rows 8–10 and 12–13 of ${SHEET}`, rowsToSend: 5 });
      sidebar(runtime, "startEnrichment", {});
      expect(await receivedSince(apiKey, sent)).toEqual(companiesOnRows([8, 9, 10, 12, 13]));
      finish(runtime);
      expect(rowsWithResults(runtime, SHEET)).toEqual([2, 3, 4, 5, 8, 9, 10, 12, 13]);
    },
  );

  it("only the header row selected, or rows below the list: a clear message, nothing sent", async () => {
    const { runtime, apiKey } = await setUpAccount(world, ACCOUNT);
    const testing = runtime.spreadsheetApp.testing;
    seedSheet(runtime, SHEET, listRows(5));
    testing.setActiveRange(SHEET, "A1:D1");
    expect(() => sidebar(runtime, "startEnrichment", {})).toThrow(
      `The selection holds only the header row (row 1) of "${SHEET}": select the rows to enrich, ` +
        "or a single cell to enrich the whole sheet.",
    );
    expect(sidebar(runtime, "previewEnrichment", {}).problem).toMatch(/^The selection holds only the header row/);
    testing.setActiveRange(SHEET, "A20:B22");
    expect(() => sidebar(runtime, "startEnrichment", {})).toThrow(/^The selected rows 20–22 of Target accounts are empty/);
    expect(await serviceEnrichments(world, apiKey)).toEqual([]);
  });
});

describe("a search's results sheet (default build)", () => {
  it("its rows, already enriched by the search, are refused without force (the preview says why) and sent with it", async () => {
    const { runtime, apiKey } = await setUpAccount(world, ACCOUNT);
    const testing = runtime.spreadsheetApp.testing;
    const search = sidebar(runtime, "startSearch", {
      query: "coffee",
      location,
      maxResults: 100,
      enrichContacts: true,
      name: "coffee in Austin",
    });
    finish(runtime);
    const creditsAfterSearch = (await serviceAccount(world, apiKey)).credits_remaining;
    const headers = (testing.values(sheetOf(search))[0] ?? []).map(String);
    const statusColumn = headers.indexOf("Enrichment status");
    const rows = testing.values(sheetOf(search)).slice(1, 13);
    expect(rows.every((row) => row[statusColumn] === "completed")).toBe(true);
    const before = testing.values(sheetOf(search));

    testing.setActiveRange(sheetOf(search), "B2:C13");
    const preview = sidebar(runtime, "previewEnrichment", { force: false });
    const notice = '12 rows were already enriched by the search "coffee in Austin" — tick "Re-enrich" to pay for them again.';
    expect(preview).toMatchObject({
      rowsLabel: `rows 2–13 of ${search.sheetName}`,
      rowsToSend: 0,
      alreadyEnriched: 12,
      alreadyEnrichedBySearch: 12,
      notice,
      problem: `Nothing to send: ${notice}`,
    });
    const refused = sidebar(runtime, "startEnrichment", { force: false });
    expect(refused.jobs).toEqual([]);
    expect(refused.skipped).toEqual(span(2, 13).map((row) => ({ row, reason: "already enriched" })));
    expect(await serviceEnrichments(world, apiKey)).toEqual([]);
    // From the menu (no Re-enrich there): the toast says why nothing was sent.
    expect(runtime.run("startEnrichment", []).errorMessage).toBeUndefined();
    expect(testing.ui.toasts.at(-1)?.message).toBe(
      `Rows 2–13 of ${search.sheetName}: no job was started. 12 rows were already enriched by the search "coffee in Austin" — to pay for ` +
        `them again, use "Re-enrich" in the sidebar.`,
    );
    expect(await serviceEnrichments(world, apiKey)).toEqual([]);
    expect(testing.values(sheetOf(search))).toEqual(before); // not a cell changed
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(creditsAfterSearch);

    // "Re-enrich": the 12 rows are sent (and charged) — those with a website, a chain's branches
    // sharing one (name, website) once — and no other row.
    const nameColumn = headers.indexOf("Name");
    const websiteColumn = headers.indexOf("Website");
    const pairs = new Set<string>();
    const withSite = rows.filter((row) => {
      const pair = `${String(row[nameColumn])}|${String(row[websiteColumn])}`;
      if (String(row[websiteColumn]) === "" || pairs.has(pair)) return false;
      pairs.add(pair);
      return true;
    });
    expect(withSite.length).toBeGreaterThan(3);
    const forced = sidebar(runtime, "previewEnrichment", { force: true });
    expect(forced).toMatchObject({ rowsToSend: withSite.length, alreadyEnrichedBySearch: 0, notice: null, problem: null });
    sidebar(runtime, "startEnrichment", { force: true });
    expect(await receivedSince(apiKey, [])).toEqual(withSite.map((row) => String(row[nameColumn])));
    finish(runtime);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(Number(creditsAfterSearch) - withSite.length);
    // Rows below the selection: their cells as they were, and nothing in the added result columns.
    const after = testing.values(sheetOf(search));
    const width = before[0]?.length ?? 0;
    expect(after.slice(13).map((row) => row.slice(0, width))).toEqual(before.slice(13));
    expect(after.slice(13).every((row) => row.slice(width).every((cell) => cell === ""))).toBe(true);
  });
});
