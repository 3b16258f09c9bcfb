// End to end on BOTH built bundles: lists without a header row. G20:H22 typed under an unrelated
// cell (B2: 9290), selected: the preview names only those rows and offers columns G and H; a start
// without the columns (as the menu's) is refused with a sentence that says where to choose them,
// and sends nothing; the start with the columns chosen by letter sends exactly those three
// businesses, once, and polled to the end their results land in rows 20–22 under headers in row
// 19, every cell of the user's as it was. Then a list that starts in row 1: the start inserts a
// header row above it.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, sidebar } from "../../dev/world";
import { serviceEnrichments } from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";
import { describeRows } from "../../src/enrich/list/row-list";

const BUILDS = [
  { build: "default (spreadsheets.currentonly)", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full (spreadsheets)", distDir: path.resolve(__dirname, "../../dist-full") },
] as const;

const LIST = [
  ["Harbor Roasters", "harborroasters.example"],
  ["Juniper Bakery", "https://juniperbakery.example"],
  ["Copper Kettle Cafe", "copperkettle.example"],
];

const world = useWorld(37, { hostile: false });

function finish(runtime: FakeRuntime): void {
  pollUntil(
    world,
    runtime,
    (jobs) => runtime.triggers.length === 0 && jobs.every((j) => j.status === "completed" || j.status === "failed"),
  );
}

const sentNames = async (apiKey: string): Promise<string[]> =>
  (await serviceEnrichments(world, apiKey)).flatMap((job) => job.businesses.map((b) => b.business_name));

describe.each(BUILDS)("the $build build: a list without a header row", ({ distDir }) => {
  it("G20:H22 under unrelated cells: offered, refused without the columns, then sent by column and written to rows 20–22", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 25, runtime: { distDir } });
    const testing = runtime.spreadsheetApp.testing;
    testing.userSeed("Sheet1", "B2", [["9290"]]);
    testing.userSeed("Sheet1", "G20", LIST);
    const before = testing.values("Sheet1").map((row) => [...row]);
    testing.setActiveRange("Sheet1", "G20:H22");

    const offered = sidebar(runtime, "previewEnrichment", {});
    expect(offered).toMatchObject({
      rowsLabel: "rows 20–22 of Sheet1",
      rowsToSend: 0,
      problem: "No header row names the columns of rows 20–22 of Sheet1: choose the name column and the website column.",
      columnChoice: {
        candidates: [
          { column: "G", sample: "Harbor Roasters" },
          { column: "H", sample: "harborroasters.example" },
        ],
        nameColumn: "G",
        websiteColumn: "H",
        addsHeaderRow: false,
      },
    });
    expect(() => sidebar(runtime, "startEnrichment", {})).toThrow(
      'No row at or above rows 20–22 of Sheet1 names the business name and website columns (headers such as "Company" and "Website"). ' +
        "Choose the two columns in the sidebar: Enrich rows, then Check selection.",
    );
    expect(await sentNames(apiKey)).toEqual([]);

    const columns = { nameColumn: "G", websiteColumn: "H" };
    expect(sidebar(runtime, "previewEnrichment", columns)).toMatchObject({
      rowsLabel: "rows 20–22 of Sheet1",
      rowsToSend: 3,
      problem: null,
      columnChoice: { nameColumn: "G", websiteColumn: "H" },
    });
    sidebar(runtime, "startEnrichment", columns);
    finish(runtime);
    expect((await sentNames(apiKey)).sort()).toEqual(LIST.map(([name]) => name ?? "").sort());

    const after = testing.values("Sheet1");
    expect(after[18]?.[8]).toBe("Enrichment status");
    expect(after.slice(19, 22).map((row) => row[8])).toEqual(["completed", "completed", "completed"]);
    expect(after.slice(19, 22).map((row) => row[after[18]?.indexOf("Enriched for") ?? -1])).toEqual(
      LIST.map(([name, site]) => `${name} | ${site?.startsWith("https://") ? site : `https://${site}`}`),
    );
    // The user's cells (A to H) as they were; no result anywhere but rows 19–22.
    expect(after.map((row) => row.slice(0, 8))).toEqual(before.map((row) => row.slice(0, 8)));
    after.forEach((row, index) => {
      if (index < 18) expect(row.slice(8).every((cell) => cell === "")).toBe(true);
    });

    // Again: nothing is sent twice.
    expect(sidebar(runtime, "previewEnrichment", columns)).toMatchObject({
      rowsToSend: 0,
      problem: 'Nothing to send: every row is already enriched. Tick "Re-enrich" to send them again.',
    });
  });

  it("a list from row 1: the preview inserts nothing, the start inserts a header row, and the rows below it are enriched", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 25, runtime: { distDir } });
    const testing = runtime.spreadsheetApp.testing;
    testing.userSeed("Sheet1", "A1", LIST);
    testing.setActiveRange("Sheet1", "A1:B3");
    const columns = { nameColumn: "A", websiteColumn: "B" };
    expect(sidebar(runtime, "previewEnrichment", columns)).toMatchObject({
      rowsLabel: describeRows([1, 2, 3], "Sheet1"),
      rowsToSend: 3,
      columnChoice: { addsHeaderRow: true },
    });
    expect(testing.values("Sheet1")).toHaveLength(3);
    // The header row inserted above the list: the rows sent are one lower.
    expect(sidebar(runtime, "startEnrichment", columns).rowsLabel).toBe(describeRows([2, 3, 4], "Sheet1"));
    finish(runtime);
    expect(await sentNames(apiKey)).toHaveLength(3);
    expect(testing.values("Sheet1").map((row) => row.slice(0, 3))).toEqual([
      ["Name", "Website", "Enrichment status"],
      ...LIST.map(([n, w]) => [n, w, "completed"]),
    ]);
  });
});

describe("Check selection on a messy sheet (issue 30 §3): a notes block above a headerless list enriched once", () => {
  it(
    "suggests the list's columns by their values, never the add-on's result columns, " +
      "and says the real reason when nothing can be sent",
    async () => {
      const { runtime } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 25 });
      const testing = runtime.spreadsheetApp.testing;
      testing.userSeed("Sheet1", "A1", [["Q3 plan"], ["Call the top 10 first"]]);
      testing.userSeed("Sheet1", "H1", [["notes"], ["https://crm.example.com/board/q3"]]);
      testing.userSeed("Sheet1", "A5", LIST);
      // The earlier enrichment of the list, its columns chosen by letter: its result headers go in row 4, from column I.
      testing.setActiveRange("Sheet1", "A5:B7");
      sidebar(runtime, "startEnrichment", { nameColumn: "A", websiteColumn: "B" });
      finish(runtime);
      expect(testing.values("Sheet1")[3]?.slice(8, 10)).toEqual(["Enrichment status", "Emails"]);
      testing.userSeed("Sheet1", "A8", [
        ["Fourth Street Deli", "fourthstreetdeli.example"],
        ["Fifth Avenue Florist", "fifthflorist.example"],
      ]);

      // One cell selected, in the notes: the whole sheet is offered.
      testing.setActiveRange("Sheet1", "H1");
      const offered = sidebar(runtime, "previewEnrichment", {});
      expect(offered.columnChoice).toMatchObject({
        candidates: [
          { column: "A", sample: "Harbor Roasters" },
          { column: "B", sample: "harborroasters.example" },
          { column: "H", sample: "notes" },
        ],
        nameColumn: "A",
        websiteColumn: "B",
      });
      const columns = { nameColumn: "A", websiteColumn: "B" };
      expect(sidebar(runtime, "previewEnrichment", columns)).toMatchObject({
        rowsLabel: "rows 5–9 of Sheet1",
        rowsToSend: 2,
        alreadyEnriched: 3,
        problem: null,
      });

      // With no credits left, the credits are the reason; with plenty, a list of no website says so.
      const broke = await world.control.createAccount({ plan: "growth", credits: 0 });
      sidebar(runtime, "saveSettings", { apiKey: broke.apiKey, baseUrl: world.url });
      expect(sidebar(runtime, "previewEnrichment", columns).problem).toBe(
        "Nothing to send: 2 businesses are ready to enrich, but there are not enough credits (0 remain).",
      );
      const rich = await world.control.createAccount({ plan: "growth", credits: 5000 });
      sidebar(runtime, "saveSettings", { apiKey: rich.apiKey, baseUrl: world.url });
      testing.userAddSheet("Leads by phone");
      testing.userSeed("Leads by phone", "A1", [
        ["Harbor Roasters", "555-0100"],
        ["Juniper Bakery", "555-0101"],
      ]);
      expect(sidebar(runtime, "previewEnrichment", { sheetName: "Leads by phone", nameColumn: "A", websiteColumn: "B" }).problem).toBe(
        "Nothing to send: no row has both a business name (column A) and a valid website (column B).",
      );
    },
  );
});
