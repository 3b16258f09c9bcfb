// Results of formulas the fake does not compute (custom functions), shown as Sheets shows them: a
// value in the formula's cell, an array spilled into empty cells (visible to scripts, with no formula
// of their own), #REF! when the spill is blocked, #ERROR! with the function's message; typed input
// withdraws a cell from a spill; a formula parse error carries Sheets' hover message.
import { FakeSpreadsheetApp, FORMULA_ERROR_VALUE, SPILL_ERROR_VALUE } from "../../../../dev/fakes/spreadsheet/index";

function sheetWithFormula(a1 = "B2", formula = '=LEADS_LOCATIONS("Spring")'): FakeSpreadsheetApp {
  const app = new FakeSpreadsheetApp();
  app.testing.userType("Sheet1", a1, formula);
  return app;
}

const TABLE = [
  ["label", "code"],
  ["Spring, Texas, US", 1001],
  ["Springfield, Illinois, US", 1002],
];

describe("computed formulas", () => {
  test("a single value shows in the formula's cell, which keeps its formula", () => {
    const app = sheetWithFormula("A1", "=LEADS_CREDITS()");
    app.testing.showComputedFormulas("Sheet1", [{ row: 1, column: 1, result: { values: [[9876]] } }]);
    expect(app.testing.cell("Sheet1", "A1")).toMatchObject({
      value: 9876,
      displayValue: "9876",
      formula: "=LEADS_CREDITS()",
      errorMessage: null,
    });
    expect(app.getActiveSheet().getRange("A1").getValue()).toBe(9876);
  });

  test("an array spills right and down: scripts read the values, the spilled cells have no formula", () => {
    const app = sheetWithFormula();
    app.testing.showComputedFormulas("Sheet1", [{ row: 2, column: 2, result: { values: TABLE } }]);
    expect(app.testing.values("Sheet1", "B2:C4")).toEqual(TABLE);
    expect(app.testing.formulas("Sheet1", "B2:C4")).toEqual([
      ['=LEADS_LOCATIONS("Spring")', ""],
      ["", ""],
      ["", ""],
    ]);
    expect(app.getActiveSheet().getLastRow()).toBe(4);
    expect(app.testing.formulaCells("Sheet1")).toEqual([{ row: 2, column: 2, formula: '=LEADS_LOCATIONS("Spring")', errorMessage: null }]);
  });

  test("returned text stays text: never a formula, number or date", () => {
    const app = sheetWithFormula("A1", '=LEADS_BUSINESS("x")');
    app.testing.showComputedFormulas("Sheet1", [{ row: 1, column: 1, result: { values: [["=1+1"], ["0042"], ["3/4"]] } }]);
    expect(app.testing.values("Sheet1", "A1:A3")).toEqual([["=1+1"], ["0042"], ["3/4"]]);
    expect(app.testing.formulas("Sheet1", "A2:A3")).toEqual([[""], [""]]);
  });

  test("a spill that would overwrite data shows #REF! with Sheets' message, and spills once the way is clear", () => {
    const app = sheetWithFormula();
    app.testing.userType("Sheet1", "C3", "mine");
    const computed = [{ row: 2, column: 2, result: { values: TABLE } }];
    app.testing.showComputedFormulas("Sheet1", computed);
    expect(app.testing.cell("Sheet1", "B2")).toMatchObject({
      value: SPILL_ERROR_VALUE,
      errorMessage: "Array result was not expanded because it would overwrite data in C3.",
    });
    expect(app.testing.values("Sheet1", "B3:C3")).toEqual([["", "mine"]]);
    app.testing.userType("Sheet1", "C3", "");
    app.testing.showComputedFormulas("Sheet1", computed);
    expect(app.testing.values("Sheet1", "B2:C4")).toEqual(TABLE);
    expect(app.testing.cell("Sheet1", "B2").errorMessage).toBeNull();
  });

  test("a value typed (or written by a script) into a spilled cell takes it back: the formula then shows #REF!", () => {
    const app = sheetWithFormula();
    const computed = [{ row: 2, column: 2, result: { values: TABLE } }];
    app.testing.showComputedFormulas("Sheet1", computed);
    app.getActiveSheet().getRange("B4").setValue("written by a script");
    app.testing.showComputedFormulas("Sheet1", computed);
    expect(app.testing.values("Sheet1", "B2:C4")).toEqual([
      [SPILL_ERROR_VALUE, ""],
      ["", ""],
      ["written by a script", ""],
    ]);
  });

  test("a spill past the sheet's last row asks for more rows", () => {
    const app = sheetWithFormula("A999", '=LEADS_RESULTS("job")');
    app.testing.showComputedFormulas("Sheet1", [{ row: 999, column: 1, result: { values: [["a"], ["b"], ["c"], ["d"]] } }]);
    expect(app.testing.cell("Sheet1", "A999")).toMatchObject({
      value: SPILL_ERROR_VALUE,
      errorMessage: "Result was not automatically expanded, please insert more rows (2).",
    });
  });

  test("an error shows #ERROR! with the function's message; a formula deleted withdraws its spill", () => {
    const app = sheetWithFormula();
    app.testing.showComputedFormulas("Sheet1", [{ row: 2, column: 2, result: { values: TABLE } }]);
    app.testing.showComputedFormulas("Sheet1", [
      { row: 2, column: 2, result: { error: "Turn on Share my key with formulas in this document." } },
    ]);
    expect(app.testing.cell("Sheet1", "B2")).toMatchObject({
      value: FORMULA_ERROR_VALUE,
      displayValue: FORMULA_ERROR_VALUE,
      errorMessage: "Turn on Share my key with formulas in this document.",
    });
    expect(app.getActiveSheet().getLastRow()).toBe(2);
    app.testing.showComputedFormulas("Sheet1", [{ row: 2, column: 2, result: { values: TABLE } }]);
    app.testing.userType("Sheet1", "B2", "");
    app.testing.showComputedFormulas("Sheet1", []);
    expect(app.testing.values("Sheet1")).toEqual([]);
  });

  test("a date spills as a date; null and a short row leave cells empty", () => {
    const app = sheetWithFormula("A1", '=LEADS_JOB("x")');
    const when = new Date(Date.UTC(2026, 0, 2, 15, 0, 0));
    app.testing.showComputedFormulas("Sheet1", [{ row: 1, column: 1, result: { values: [["created_at", when], ["error", null], ["x"]] } }]);
    expect(app.testing.values("Sheet1", "A1:B3")).toEqual([
      ["created_at", when],
      ["error", ""],
      ["x", ""],
    ]);
  });

  test("a formula that does not parse shows #ERROR! with Sheets' hover message", () => {
    const app = sheetWithFormula("A1", "+1 512-555-0100");
    expect(app.testing.cell("Sheet1", "A1")).toMatchObject({ value: "#ERROR!", errorMessage: "Formula parse error." });
    expect(app.testing.editTexts("Sheet1", "A1")).toEqual([["=+1 512-555-0100"]]);
  });

  test("editTexts: what the formula bar shows (formula, quote prefix, else the display)", () => {
    const app = new FakeSpreadsheetApp();
    app.testing.userType("Sheet1", "A1", "'0042");
    app.testing.userType("Sheet1", "B1", "12%");
    app.testing.userType("Sheet1", "C1", "=1+1");
    expect(app.testing.editTexts("Sheet1")).toEqual([["'0042", "12%", "=1+1"]]);
  });
});
