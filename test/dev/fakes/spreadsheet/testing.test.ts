// Tests the test helpers: inspecting the grid and simulating user actions between script calls.

import { FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";

function withLeads(): FakeSpreadsheetApp {
  const app = new FakeSpreadsheetApp({ plainTextStopsFormulas: false });
  app
    .getActiveSheet()
    .getRange("A1:C4")
    .setValues([
      ["Business ID", "Name", "Phone"],
      ["b3", "Cafe", "'+1 512-555-0100"],
      ["b1", "Bakery", "'0042"],
      ["b2", "Apothecary", ""],
    ]);
  app.getActiveSheet().setFrozenRows(1);
  return app;
}

describe("inspecting", () => {
  test("values/displayValues/formulas of the data range or an A1 range", () => {
    const app = withLeads();
    expect(app.testing.values("Sheet1")).toHaveLength(4);
    expect(app.testing.values("Sheet1", "C2:C3")).toEqual([["+1 512-555-0100"], ["0042"]]);
    expect(app.testing.displayValues("Sheet1", "A1:B1")).toEqual([["Business ID", "Name"]]);
    expect(app.testing.formulas("Sheet1", "C2")).toEqual([[""]]);
    expect(new FakeSpreadsheetApp().testing.values("Sheet1")).toEqual([]);
  });

  test("cell snapshot", () => {
    const app = withLeads();
    expect(app.testing.cell("Sheet1", "C3")).toEqual({
      value: "0042",
      displayValue: "0042",
      formula: "",
      numberFormat: "0.###############",
      quotePrefix: true,
      linkUrl: null,
      fontWeight: "normal",
      fontColor: "#000000",
      background: "#ffffff",
      horizontalAlignment: null,
      wrap: true,
      errorMessage: null,
    });
    expect(app.testing.sheetInfo("Sheet1")).toMatchObject({ lastRow: 4, lastColumn: 3, frozenRows: 1, maxRows: 1000 });
    expect(() => app.testing.cell("Nope", "A1")).toThrow(/no sheet named/);
  });
});

describe("user actions", () => {
  test("sorting the sheet moves rows under the header; a script's row numbers go stale", () => {
    const app = withLeads();
    app.testing.userSortSheet("Sheet1", 2);
    expect(app.testing.values("Sheet1", "A1:B4")).toEqual([
      ["Business ID", "Name"],
      ["b2", "Apothecary"],
      ["b1", "Bakery"],
      ["b3", "Cafe"],
    ]);
    // The quote-prefixed text moved with its row and kept its flag.
    expect(app.testing.cell("Sheet1", "C3").quotePrefix).toBe(true);
  });

  test("inserting a column shifts the data right", () => {
    const app = withLeads();
    app.testing.userInsertColumns("Sheet1", 2);
    expect(app.testing.values("Sheet1", "A1:D1")).toEqual([["Business ID", "", "Name", "Phone"]]);
    expect(app.testing.sheetInfo("Sheet1").maxColumns).toBe(27);
    app.testing.userDeleteColumns("Sheet1", 2);
    expect(app.testing.values("Sheet1", "A1:C1")).toEqual([["Business ID", "Name", "Phone"]]);
  });

  test("moving columns takes their cells and widths along, the destination counted before the move", () => {
    const app = withLeads();
    app.testing.userMoveColumns("Sheet1", 3, 1, 1);
    expect(app.testing.values("Sheet1", "A1:C2")).toEqual([
      ["Phone", "Business ID", "Name"],
      ["+1 512-555-0100", "b3", "Cafe"],
    ]);
    app.testing.userMoveColumns("Sheet1", 1, 1, 4);
    expect(app.testing.values("Sheet1", "A1:C1")).toEqual([["Business ID", "Name", "Phone"]]);
    // The quote-prefixed text kept its flag in its new column.
    expect(app.testing.cell("Sheet1", "C2").quotePrefix).toBe(true);
  });

  test("inserting and deleting rows", () => {
    const app = withLeads();
    app.testing.userInsertRows("Sheet1", 2, 2);
    expect(app.testing.values("Sheet1", "A1:A4").flat()).toEqual(["Business ID", "", "", "b3"]);
    app.testing.userDeleteRows("Sheet1", 2, 2);
    expect(app.testing.values("Sheet1", "A2").flat()).toEqual(["b3"]);
  });

  test("deleting a sheet invalidates the script's Sheet object; renaming keeps it", () => {
    const app = new FakeSpreadsheetApp();
    const ss = app.getActiveSpreadsheet();
    const results = ss.insertSheet("Results");
    app.testing.userRenameSheet("Results", "My results");
    expect(results.getName()).toBe("My results");
    expect(ss.getSheetByName("Results")).toBeNull();
    app.testing.userDeleteSheet("My results");
    expect(() => results.getRange("A1").setValue("x")).toThrow();
    expect(app.testing.sheetNames()).toEqual(["Sheet1"]);
    expect(() => app.testing.userDeleteSheet("Sheet1")).toThrow("You can't remove all the sheets in a document.");
  });

  test("typing parses like Sheets; seeding stores values exactly", () => {
    const app = new FakeSpreadsheetApp();
    app.testing.userAddSheet("Input");
    app.testing.userType("Input", "A1", "0042");
    app.testing.userSeed("Input", "A2", [
      ["0042", "=1+1", null],
      [true, 5, new Date("2024-01-01T05:00:00Z")],
    ]);
    expect(app.testing.values("Input", "A1:C3")).toEqual([
      [42, "", ""],
      ["0042", "=1+1", ""],
      [true, 5, new Date("2024-01-01T05:00:00Z")],
    ]);
    expect(app.testing.formulas("Input", "B2")).toEqual([[""]]);
  });

  test("userSetNumberFormat, setActiveSheet and setActiveRange", () => {
    const app = new FakeSpreadsheetApp();
    app.testing.userAddSheet("Other");
    app.testing.userSetNumberFormat("Sheet1", "A:A", "@");
    expect(app.getActiveSpreadsheet().getSheetByName("Sheet1")!.getRange("A5").getNumberFormat()).toBe("@");
    app.testing.setActiveRange("Other", "B2:C3");
    expect(app.getActiveSheet().getName()).toBe("Other");
    expect(app.getActiveRange().getA1Notation()).toBe("B2:C3");
    app.testing.setActiveSheet("Sheet1");
    expect(app.testing.activeSheetName()).toBe("Sheet1");
  });

  test("user actions do not call onCall", () => {
    let calls = 0;
    const app = new FakeSpreadsheetApp({ onCall: () => (calls += 1) });
    app.testing.userType("Sheet1", "A1", "x");
    app.testing.userSortSheet("Sheet1", 1);
    app.testing.userAddSheet("S");
    app.testing.values("Sheet1");
    expect(calls).toBe(0);
  });
});
