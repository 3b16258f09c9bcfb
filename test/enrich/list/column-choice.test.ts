// Lists without a clean header (src/enrich/list/sheet-area.ts, column-choice.ts) on the spreadsheet
// fake: where no row names the columns, the error names only the rows asked for and offers their
// columns (each with its first value, the name-like and website-like ones suggested); columns
// then given by letter read exactly the rows asked for, under the row above the list, or under a
// row inserted above a list that starts in row 1 (a start only, never a preview, and never on a
// sheet an enrichment already wrote to). The preview carries the choice (unreadArea).
import { columnChoiceOf, HeaderNotFoundError, unreadArea } from "../../../src/enrich/list/column-choice";
import { readArea, type AreaArgs } from "../../../src/enrich/list/sheet-area";
import { InvalidInputError } from "../../../src/errors/user-error";
import { describeRows } from "../../../src/enrich/list/row-list";
import { FakeSpreadsheetApp } from "../../../dev/fakes/spreadsheet";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

const LIST = [
  ["Blue Bottle Coffee", "https://bluebottlecoffee.com"],
  ["Houndstooth Coffee", "houndstoothcoffee.com"],
  ["Epoch Coffee", "epochcoffee.com"],
];

/** The new spreadsheet's "Sheet1" with `cells` seeded at their A1 addresses, active. */
function sheetWith(cells: Record<string, unknown[][]>): { app: FakeSpreadsheetApp; spreadsheet: Spreadsheet } {
  const app = new FakeSpreadsheetApp();
  for (const [a1, values] of Object.entries(cells)) app.testing.userSeed("Sheet1", a1, values as string[][]);
  app.testing.setActiveSheet("Sheet1");
  return { app, spreadsheet: app.getActiveSpreadsheet() as unknown as Spreadsheet };
}

function notFound(spreadsheet: Spreadsheet, args: AreaArgs = {}): HeaderNotFoundError {
  try {
    readArea(spreadsheet, args);
  } catch (error) {
    if (error instanceof HeaderNotFoundError) return error;
    throw error;
  }
  throw new Error("the header row was found");
}

describe("a list without a header row, under other cells (the issue's G20:H22)", () => {
  // B2 holds a number (a formula's value, say); the list is typed in G20:H22 with no header.
  const cells = { B2: [["9290"]], A5: [["Notes for Monday"]], G20: LIST };

  it("the error names the rows selected and never a cell elsewhere; it offers their columns, G and H suggested", () => {
    const { app, spreadsheet } = sheetWith(cells);
    app.testing.setActiveRange("Sheet1", "G20:H22");
    const error = notFound(spreadsheet);
    expect(error.message).toBe(
      'No row at or above rows 20–22 of Sheet1 names the business name and website columns (headers such as "Company" and "Website"). ' +
        "Choose the two columns in the sidebar: Enrich rows, then Check selection.",
    );
    expect(error.prompt).toBe("No header row names the columns of rows 20–22 of Sheet1: choose the name column and the website column.");
    for (const text of [error.message, error.prompt]) expect(text).not.toMatch(/9290|row 2\b|Notes|Rename/);
    expect(error.choice).toEqual({
      rowsLabel: "rows 20–22 of Sheet1",
      candidates: [
        { column: "G", sample: "Blue Bottle Coffee" },
        { column: "H", sample: "https://bluebottlecoffee.com" },
      ],
      nameColumn: "G",
      websiteColumn: "H",
      addsHeaderRow: false,
    });
  });

  it("the columns chosen by letter: exactly rows 20–22, under row 19 (the empty row above the list), where the result headers go", () => {
    const { app, spreadsheet } = sheetWith(cells);
    app.testing.setActiveRange("Sheet1", "G20:H22");
    const area = readArea(spreadsheet, { nameColumn: "G", websiteColumn: "H" });
    expect(area.rows).toEqual([20, 21, 22]);
    expect(area.target).toEqual({ headerRow: 19, nameHeader: "", nameColumn: 7, websiteHeader: "", websiteColumn: 8 });
    expect(area.columnChoice).toEqual(
      expect.objectContaining({ rowsLabel: "rows 20–22 of Sheet1", nameColumn: "G", websiteColumn: "H", addsHeaderRow: false }),
    );
    // Chosen the other way round, they are shown as chosen, not as suggested.
    expect(readArea(spreadsheet, { nameColumn: 8, websiteColumn: 7 }).columnChoice).toEqual(
      expect.objectContaining({ nameColumn: "H", websiteColumn: "G" }),
    );
  });

  it("after an enrichment of the list, its result columns are not offered", () => {
    const { app, spreadsheet } = sheetWith({
      ...cells,
      I19: [["Enrichment status", "Emails"]],
      I20: [["completed", "a@bluebottle.example"]],
    });
    app.testing.setActiveRange("Sheet1", "G20:H22");
    expect(notFound(spreadsheet).choice.candidates.map((c) => c.column)).toEqual(["G", "H"]);
    const area = readArea(spreadsheet, { nameColumn: "G", websiteColumn: "H" });
    expect([area.target.headerRow, area.results.get("Enrichment status"), area.columnChoice?.candidates.map((c) => c.column)]).toEqual([
      19,
      9,
      ["G", "H"],
    ]);
  });

  it("a selection of some rows of a longer list: only those rows, under the row above the whole list", () => {
    const { app, spreadsheet } = sheetWith({ ...cells, G23: [["Fourth Cafe", "fourth.example"]] });
    app.testing.setActiveRange("Sheet1", "G21:H22");
    const area = readArea(spreadsheet, { nameColumn: "G", websiteColumn: "H" });
    expect([area.target.headerRow, area.rows]).toEqual([19, [21, 22]]);
  });

  it("empty rows selected with no header anywhere say they are empty", () => {
    const { app, spreadsheet } = sheetWith(cells);
    app.testing.setActiveRange("Sheet1", "G30:H31");
    expect(() => readArea(spreadsheet, {})).toThrow(
      "The selected rows 30–31 of Sheet1 are empty: select the rows to enrich, or a single cell to enrich the whole sheet.",
    );
  });
});

describe("other lists without a header the synonyms know", () => {
  it('a header in another language ("Firma | Webseite"): the choice, then the letters take it as the header row', () => {
    const { app, spreadsheet } = sheetWith({ A1: [["Firma", "Webseite"], ...LIST, ...LIST.map(([n, w]) => [`${n} 2`, w])] });
    app.testing.setActiveRange("Sheet1", "A4:B6");
    expect(notFound(spreadsheet).choice.rowsLabel).toBe(describeRows([4, 5, 6], "Sheet1"));
    const area = readArea(spreadsheet, { nameColumn: "A", websiteColumn: "B" });
    expect(area.target).toEqual({ headerRow: 1, nameHeader: "Firma", nameColumn: 1, websiteHeader: "Webseite", websiteColumn: 2 });
    expect(area.rows).toEqual([4, 5, 6]);
  });

  it("one cell selected: the whole list is offered; by letter, every row below the header", () => {
    const { app, spreadsheet } = sheetWith({ C3: LIST });
    app.testing.setActiveRange("Sheet1", "C4");
    const error = notFound(spreadsheet);
    expect(error.message).toMatch(/^No row of Sheet1 names the business name and website columns/);
    expect(error.choice.rowsLabel).toBe(describeRows([3, 4, 5], "Sheet1"));
    expect([error.choice.nameColumn, error.choice.websiteColumn]).toEqual(["C", "D"]);
    const area = readArea(spreadsheet, { nameColumn: "C", websiteColumn: "D" });
    expect([area.target.headerRow, area.rows, area.scope]).toEqual([2, [3, 4, 5], "sheet"]);
  });

  it("a header named by the caller that no row has: the sentence names the caller's text, not a row's cells", () => {
    const { app, spreadsheet } = sheetWith({ B2: [["9290"]], G20: LIST });
    app.testing.setActiveRange("Sheet1", "G20:H22");
    expect(notFound(spreadsheet, { nameColumn: "Firm", websiteColumn: "H" }).message).toMatch(
      /^No row at or above rows 20–22 of Sheet1 has the column headed "Firm" for the business name together with the website column\./,
    );
  });

  it("a list typed beside one with a header: its rows are empty in the columns that header names, so its own columns are offered", () => {
    const { app, spreadsheet } = sheetWith({
      A1: [
        ["Company", "Website"],
        ["Acme", "acme.example"],
      ],
      G20: LIST,
    });
    app.testing.setActiveRange("Sheet1", "G20:H22");
    const error = notFound(spreadsheet);
    expect(error.prompt).toBe(
      "The header row above rows 20–22 of Sheet1 names columns A and B, which are empty there: " +
        "choose the name column and the website column.",
    );
    expect(error.message).not.toMatch(/Acme|Company/);
    expect([error.choice.nameColumn, error.choice.websiteColumn]).toEqual(["G", "H"]);
    // The header's own rows, selected, are read as before.
    app.testing.setActiveRange("Sheet1", "A2:B2");
    expect(readArea(spreadsheet, {}).rows).toEqual([2]);
  });

  it("an empty sheet says so", () => {
    const { spreadsheet } = sheetWith({});
    expect(() => readArea(spreadsheet, {})).toThrow(
      'The sheet "Sheet1" is empty: type or paste the businesses to enrich, a name and a website a row, then check again.',
    );
  });
});

describe("a messy sheet: a notes block above a headerless list an enrichment already wrote to (issue 30 §3)", () => {
  // Rows 1–2: a notes block (A: the plan, H: notes with a link); row 4: the result headers an
  // earlier enrichment of A5:B8 (by letter) wrote from column I; rows 5–8: the list and its results.
  const results = ["Enrichment status", "Emails", "Facebook", "Enriched for"];
  const cells = {
    A1: [["Q3 plan"]],
    H1: [["notes"]],
    A2: [["Call the top 10 first"]],
    H2: [["https://crm.example.com/board/q3"]],
    I4: [results],
    A5: LIST.map(([n, w]) => [n, w]),
    A8: [["Fourth Cafe", "fourth.example"]],
    I5: LIST.map(([n, w]) => [
      "completed",
      `info@${String(w).replace(/^https:\/\//, "")}`,
      "https://facebook.com/x",
      `${n} | https://${String(w).replace(/^https:\/\//, "")}`,
    ]),
  };

  it(
    "one cell selected in the notes: the list's columns are suggested by their values, with the list's first values; " +
      "the results are not offered",
    () => {
      const { app, spreadsheet } = sheetWith(cells);
      app.testing.setActiveRange("Sheet1", "H1");
      const { choice } = notFound(spreadsheet);
      expect(choice.candidates).toEqual([
        { column: "A", sample: "Blue Bottle Coffee" },
        { column: "B", sample: "https://bluebottlecoffee.com" },
        { column: "H", sample: "notes" },
      ]);
      expect([choice.nameColumn, choice.websiteColumn]).toEqual(["A", "B"]);
    },
  );

  it("the columns chosen by letter: the list under the results' header row, not the notes", () => {
    const { app, spreadsheet } = sheetWith(cells);
    app.testing.setActiveRange("Sheet1", "H1");
    const area = readArea(spreadsheet, { nameColumn: "A", websiteColumn: "B" });
    expect([area.target.headerRow, area.rows, area.results.get("Enrichment status")]).toEqual([4, [5, 6, 7, 8], 9]);
    expect(area.columnChoice?.candidates.map((c) => c.column)).toEqual(["A", "B"]);
  });
});

describe("a list without a header that starts in row 1", () => {
  it(
    "the preview says a row will be inserted and inserts nothing; " + "the start inserts it, with Name and Website over the chosen columns",
    () => {
      const { app, spreadsheet } = sheetWith({ A1: LIST.map(([n, w]) => [n, "note", w]) });
      app.testing.setActiveRange("Sheet1", "A1:C3");
      const preview = readArea(spreadsheet, { nameColumn: "A", websiteColumn: "C" });
      expect([preview.target.headerRow, preview.rows, preview.columnChoice?.addsHeaderRow]).toEqual([0, [1, 2, 3], true]);
      expect(app.testing.values("Sheet1")[0]).toEqual(["Blue Bottle Coffee", "note", "https://bluebottlecoffee.com"]);

      const started = readArea(spreadsheet, { nameColumn: "A", websiteColumn: "C" }, { addHeaderRow: true });
      expect(started.target).toEqual({ headerRow: 1, nameHeader: "Name", nameColumn: 1, websiteHeader: "Website", websiteColumn: 3 });
      expect(started.rows).toEqual([2, 3, 4]);
      expect(app.testing.values("Sheet1").map((row) => row.join("|"))).toEqual([
        "Name||Website",
        ...LIST.map(([n, w]) => `${n}|note|${w}`),
      ]);
      // The next check finds the header row by its names: no choice, nothing inserted again.
      app.testing.setActiveRange("Sheet1", "A2:C4");
      const again = readArea(spreadsheet, {}, { addHeaderRow: true });
      expect([again.target.headerRow, again.rows, again.columnChoice]).toEqual([1, [2, 3, 4], null]);
    },
  );

  it("on a sheet an enrichment already wrote to, nothing is inserted: the message asks for the row", () => {
    const { app, spreadsheet } = sheetWith({ A1: LIST, D1: [["Enrichment status"]] });
    app.testing.setActiveRange("Sheet1", "A1:B3");
    expect(() => readArea(spreadsheet, { nameColumn: "A", websiteColumn: "B" }, { addHeaderRow: true })).toThrow(
      "There is no row above row 1 for the headers of rows 1–3 of Sheet1, and this sheet holds enrichment results whose rows must not " +
        "move: insert an empty row above row 1, then check again.",
    );
    expect(app.testing.values("Sheet1")).toHaveLength(3);
  });
});

describe("the columns suggested", () => {
  it("the selected columns first; a website column is one where most values are websites, a name column one of text", () => {
    const values = [
      ["id-1", "42", "Alpha", "alpha.example", "x"],
      ["id-2", "43", "Beta", "beta.example", ""],
      ["id-3", "44", "Gamma", "not a site", ""],
    ];
    expect(columnChoiceOf(values, [1, 2, 3], "rows 1–3 of S")).toEqual(expect.objectContaining({ nameColumn: "A", websiteColumn: "D" }));
    expect(columnChoiceOf(values, [1, 2, 3], "rows 1–3 of S", { selectedColumns: [3, 4] })).toEqual(
      expect.objectContaining({ nameColumn: "C", websiteColumn: "D" }),
    );
    // Numbers are no names; nothing website-like: no suggestion.
    expect(
      columnChoiceOf(
        [
          ["42", "x y"],
          ["43", "z w"],
        ],
        [1, 2],
        "rows 1–2 of S",
      ),
    ).toEqual(expect.objectContaining({ nameColumn: "B", websiteColumn: null }));
    // A long value is cut short.
    expect(columnChoiceOf([["A very long business name that goes on and on", "a.example"]], [1], "row 1 of S").candidates[0]?.sample).toBe(
      "A very long business name t…",
    );
  });

  it("the preview's fields: the prompt and the choice for a missing header, the message alone otherwise", () => {
    const { app, spreadsheet } = sheetWith({ G20: LIST });
    app.testing.setActiveRange("Sheet1", "G20:H22");
    expect(unreadArea(notFound(spreadsheet))).toEqual({
      problem: "No header row names the columns of rows 20–22 of Sheet1: choose the name column and the website column.",
      rowsLabel: "rows 20–22 of Sheet1",
      columnChoice: expect.objectContaining({ nameColumn: "G", websiteColumn: "H" }),
    });
    expect(unreadArea(new InvalidInputError("The name and the website must be two different columns."))).toEqual({
      problem: "The name and the website must be two different columns.",
      rowsLabel: null,
      columnChoice: null,
    });
  });
});
