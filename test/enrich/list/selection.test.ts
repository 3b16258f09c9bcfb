// Which rows enrichment takes (src/enrich/list/sheet-area.ts, selection.ts) on the spreadsheet fake:
// the selection's rows whatever its columns, several ranges as one, the header row found at or
// above the selection (a title above it is no header), a single cell meaning the whole sheet,
// explicit ranges and sheets as before, and a runtime without getActiveRangeList. Then the plan
// on a search's results sheet, in the column order of today and of the reordered sheet: rows the
// search enriched are not sent without force. And how rows are named ("rows 3–5 and 9 of …").
import type { Account } from "../../../src/api/schemas";
import { planEnrichment } from "../../../src/enrich/run/enrichment-plan";
import { describeRows } from "../../../src/enrich/list/row-list";
import { readArea, type AreaArgs } from "../../../src/enrich/list/sheet-area";
import { BUSINESS_COLUMNS } from "../../../src/sheets/columns";
import { FakeSpreadsheetApp } from "../../../dev/fakes/spreadsheet";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

const ACCOUNT = {
  plan_code: "growth",
  plan_name: "Growth",
  status: "active",
  credits_allowance: 5000,
  credits_remaining: 5000,
  max_results_per_search: 700,
  free_search_used: false,
  active_searches: 0,
} as Account;

/** A sheet "List" holding `rows` from A1, active; returns the app and its spreadsheet. */
function sheetWith(rows: string[][]): { app: FakeSpreadsheetApp; spreadsheet: Spreadsheet } {
  const app = new FakeSpreadsheetApp();
  app.testing.userAddSheet("List");
  app.testing.userSeed("List", "A1", rows);
  app.testing.setActiveSheet("List");
  return { app, spreadsheet: app.getActiveSpreadsheet() as unknown as Spreadsheet };
}

const list = (count: number, from = 1): string[][] =>
  Array.from({ length: count }, (_, i) => [`Firm ${from + i}`, "note", `firm${from + i}.com`]);
const HEADER = ["Company", "Notes", "Website"];

function rowsOf(spreadsheet: Spreadsheet, args: AreaArgs = {}): { headerRow: number; rows: number[]; scope: string } {
  const area = readArea(spreadsheet, args);
  return { headerRow: area.target.headerRow, rows: area.rows, scope: area.scope };
}

const span = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

describe("the rows asked for", () => {
  it("a selection's rows, whatever its columns; one cell: the whole sheet; several ranges: their rows together", () => {
    const { app, spreadsheet } = sheetWith([HEADER, ...list(40)]);
    app.testing.setActiveRange("List", "A11:C20");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 1, rows: span(11, 20), scope: "selection" });
    app.testing.setActiveRange("List", "B1:B6");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 1, rows: span(2, 6), scope: "selection" });
    app.testing.setActiveRange("List", "C30");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 1, rows: span(2, 41), scope: "sheet" });
    app.testing.setActiveRanges("List", ["A3:A5", "C9", "B4:C6"]);
    expect(rowsOf(spreadsheet).rows).toEqual([3, 4, 5, 6, 9]);
    // A whole column (B:B is B1:B1000): the list's rows, not the empty ones below it.
    app.testing.setActiveRange("List", "B:B");
    expect(rowsOf(spreadsheet).rows).toEqual(span(2, 41));
    // Two single cells are more than one cell.
    app.testing.setActiveRanges("List", ["A7", "A9"]);
    expect(rowsOf(spreadsheet).rows).toEqual([7, 9]);
  });

  it("the header row is the nearest one at or above the selection that names both columns; a title above it is not one", () => {
    const { app, spreadsheet } = sheetWith([["Target accounts — Q3"], [""], ["Business name", "Comment", "URL"], ...list(10)]);
    app.testing.setActiveRange("List", "A1");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 3, rows: span(4, 13), scope: "sheet" });
    app.testing.setActiveRange("List", "B6:B8");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 3, rows: [6, 7, 8], scope: "selection" });
    // Selected from the title down: the header is found inside the selection, and nothing above it is sent.
    app.testing.setActiveRange("List", "A1:C5");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 3, rows: [4, 5], scope: "selection" });
    const area = readArea(spreadsheet, {});
    expect([area.target.nameHeader, area.target.websiteHeader]).toEqual(["Business name", "URL"]);
  });

  it("two lists on one sheet: a selection in the second is read under the second's header", () => {
    const { app, spreadsheet } = sheetWith([HEADER, ...list(5), [""], ["Company", "Notes", "Domain"], ...list(5, 20)]);
    app.testing.setActiveRange("List", "A10:C11");
    expect(rowsOf(spreadsheet)).toEqual({ headerRow: 8, rows: [10, 11], scope: "selection" });
    expect(readArea(spreadsheet, {}).target.websiteHeader).toBe("Domain");
  });

  it("explicit columns name the header row too; columns given by letter take the list's last row above it that holds no business", () => {
    const { app, spreadsheet } = sheetWith([["Title"], ["Who", "Where"], ["Acme", "acme.com"], ["Beta", "beta.io"]]);
    app.testing.setActiveRange("List", "A3:B4");
    expect(rowsOf(spreadsheet, { nameColumn: "Who", websiteColumn: "B" })).toEqual({ headerRow: 2, rows: [3, 4], scope: "selection" });
    expect(rowsOf(spreadsheet, { nameColumn: "A", websiteColumn: "B" })).toEqual({ headerRow: 2, rows: [3, 4], scope: "selection" });
    expect(() => readArea(spreadsheet, {})).toThrow(
      'No row at or above rows 3–4 of List names the business name and website columns (headers such as "Company" and "Website"). ' +
        "Choose the two columns in the sidebar: Enrich rows, then Check selection.",
    );
  });

  it("rangeA1 and sheetName keep their meaning, whatever is selected", () => {
    const { app, spreadsheet } = sheetWith([HEADER, ...list(10)]);
    app.testing.setActiveRange("List", "A3:C4");
    expect(rowsOf(spreadsheet, { rangeA1: "A1:C4" })).toEqual({ headerRow: 1, rows: [2, 3, 4], scope: "range" });
    expect(rowsOf(spreadsheet, { sheetName: "List" })).toEqual({ headerRow: 1, rows: span(2, 11), scope: "sheet" });
  });

  it("selections that hold no row to send say so", () => {
    const { app, spreadsheet } = sheetWith([HEADER, ...list(3)]);
    app.testing.setActiveRange("List", "A1:C1");
    expect(() => readArea(spreadsheet, {})).toThrow(
      'The selection holds only the header row (row 1) of "List": select the rows to enrich, or a single cell to enrich the whole sheet.',
    );
    app.testing.setActiveRange("List", "A9:C12");
    expect(() => readArea(spreadsheet, {})).toThrow(
      "The selected rows 9–12 of List are empty: select the rows to enrich, or a single cell to enrich the whole sheet.",
    );
  });

  it("a runtime without getActiveRangeList (or with no list) reads getActiveRange", () => {
    const { app, spreadsheet } = sheetWith([HEADER, ...list(10)]);
    app.testing.setActiveRanges("List", ["A3:A4", "A8:C9"]);
    const withoutList = new Proxy(spreadsheet, {
      get: (target, property) =>
        property === "getActiveRangeList"
          ? undefined
          : (Reflect.get(target, property, target) as unknown as (...a: unknown[]) => unknown).bind(target),
    });
    expect(rowsOf(withoutList).rows).toEqual([8, 9]); // the last selected range, as getActiveRange() returns it
    const noList = new Proxy(spreadsheet, {
      get: (target, property) =>
        property === "getActiveRangeList"
          ? () => null
          : (Reflect.get(target, property, target) as unknown as (...a: unknown[]) => unknown).bind(target),
    });
    expect(rowsOf(noList).rows).toEqual([8, 9]);
  });
});

describe("a search's results sheet", () => {
  const headersToday = BUSINESS_COLUMNS.map((c) => c.header);
  // The order the sidebar work moves to: Name first, Business ID after Phone, Website, Emails, Address.
  const reordered = [
    "Name",
    "Category",
    "Phone",
    "Website",
    "Emails",
    "Address",
    "Business ID",
    ...headersToday.filter((h) => !["Name", "Category", "Phone", "Website", "Emails", "Address", "Business ID"].includes(h)),
  ];

  it.each([
    ["today's column order", headersToday],
    ["Name first, Business ID after the contacts", reordered],
  ])("in %s: rows the search enriched are skipped without force, sent with it", (_order, headers) => {
    const row = (id: string, name: string, website: string, status: string, enrichedFor = ""): string[] =>
      headers.map((h) =>
        h === "Business ID"
          ? id
          : h === "Name"
            ? name
            : h === "Website"
              ? website
              : h === "Enrichment status"
                ? status
                : h === "Enriched for"
                  ? enrichedFor
                  : "",
      );
    const withFor = [...headers, "Enriched for", "Row state"];
    const rows = [
      withFor,
      [...row("b1", "Alpha Cafe", "https://alpha.example", "completed"), "", ""],
      [...row("b2", "Beta Cafe", "https://beta.example", "not_requested"), "", ""],
      [...row("b3", "Gamma Cafe", "", "completed"), "", ""], // no website: skipped as enriched, its status cell left alone
      [...row("", "Added by hand", "https://hand.example", "completed"), "", ""], // no Business ID: not the search's row
      // our own enrichment
      [...row("b5", "Delta Cafe", "https://delta.example", "completed"), "Delta Cafe | https://delta.example", "done"],
    ];
    const { app, spreadsheet } = sheetWith(rows);
    app.testing.setActiveRange("List", "B2:C6");
    const area = readArea(spreadsheet, {});
    expect([area.target.nameHeader, area.target.websiteHeader]).toEqual(["Name", "Website"]);
    const plan = planEnrichment(area, ACCOUNT, { force: false, inFlight: false });
    expect(plan.chunks.flat().map((b) => b.business.business_name)).toEqual(["Beta Cafe", "Added by hand"]);
    expect(plan.skipped).toEqual([
      { row: 2, reason: { kind: "alreadyEnriched" } },
      { row: 4, reason: { kind: "alreadyEnriched" } },
      { row: 6, reason: { kind: "alreadyEnriched" } },
    ]);
    expect([plan.alreadyEnriched, plan.alreadyEnrichedBySearch]).toEqual([3, 2]);
    const forced = planEnrichment(area, ACCOUNT, { force: true, inFlight: false });
    expect(forced.chunks.flat().map((b) => b.business.business_name)).toEqual(["Alpha Cafe", "Beta Cafe", "Added by hand", "Delta Cafe"]);
    expect([forced.alreadyEnriched, forced.alreadyEnrichedBySearch]).toEqual([0, 0]);
  });
});

describe("one website written two ways", () => {
  it("is one business: sent once, the other row a duplicate of it", () => {
    const { app, spreadsheet } = sheetWith([
      HEADER,
      ["Cedar Creek Vet", "", "http://www.cedarcreekvet.com/"],
      ["Cedar Creek Vet", "", "https://cedarcreekvet.com"],
      ["Oak Vet", "", "oakvet.com"],
    ]);
    app.testing.setActiveRange("List", "A2:C4");
    const plan = planEnrichment(readArea(spreadsheet, {}), ACCOUNT, { force: false, inFlight: false });
    expect(plan.chunks.flat().map((b) => [b.business.website_url, b.rows])).toEqual([
      ["http://www.cedarcreekvet.com", [2, 3]],
      ["https://oakvet.com", [4]],
    ]);
  });
});

describe("describeRows", () => {
  it.each([
    [[11, 12, 13, 14, 15, 16, 17, 18, 19, 20], "rows 11–20 of Target accounts"],
    [[3, 4, 5, 9], "rows 3–5 and 9 of Target accounts"],
    [[7], "row 7 of Target accounts"],
    [[2, 3], "rows 2–3 of Target accounts"],
    [[3, 4, 5, 9, 12, 13, 14, 20], "rows 3–5, 9, 12–14 and 20 of Target accounts"],
    [[1, 3, 5, 7, 9, 11, 13, 15, 16], "rows 1, 3, 5, 7, 9, 11 and 3 more rows of Target accounts"],
    [[], "no rows of Target accounts"],
  ])("%j → %s", (rows, text) => {
    expect(describeRows(rows, "Target accounts")).toBe(text);
  });
});
