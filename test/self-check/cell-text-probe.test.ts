// Tests the self-check's text probe on the fakes' spreadsheet: every formula-like sample reads back
// as the text written, and the document is left as it was (no probe sheet, the user's sheet active).
import { createRuntime } from "../../dev/fakes/runtime";
import { FORMULA_LIKE_SAMPLES, probeCellText } from "../../src/self-check/cell-text-probe";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
let runtime: ReturnType<typeof createRuntime>;
let spreadsheet: Spreadsheet;

beforeEach(() => {
  runtime = createRuntime();
  const globals = runtime.globals();
  (globalThis as { Utilities?: unknown }).Utilities = globals.Utilities;
  spreadsheet = (globals.SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp).getActiveSpreadsheet();
});
afterEach(() => {
  runtime.endAmbient();
  delete (globalThis as { Utilities?: unknown }).Utilities;
});

describe("probeCellText", () => {
  it("reads each sample back as the exact text written, with no formula", () => {
    const probe = probeCellText(spreadsheet);
    expect(probe.failure).toBeNull();
    expect(probe.cells.map((cell) => cell.value)).toEqual([
      "=1+1",
      "+1 512 555 0100",
      "0042",
      "1/2",
      "-7",
      "TRUE",
      '=HYPERLINK("https://example.com","x")',
    ]);
    expect(probe.cells.every((cell) => cell.formula === "")).toBe(true);
    expect(FORMULA_LIKE_SAMPLES).toHaveLength(7);
  });

  it("leaves the document as it was: no probe sheet, the user's sheet still active", () => {
    const before = spreadsheet.getSheets().map((sheet) => sheet.getName());
    const active = spreadsheet.getActiveSheet().getName();
    const probe = probeCellText(spreadsheet, ["=2"]);
    expect(probe.left).toBeNull();
    expect(spreadsheet.getSheets().map((sheet) => sheet.getName())).toEqual(before);
    expect(spreadsheet.getActiveSheet().getName()).toBe(active);
  });

  it("removes a probe sheet an earlier check left behind", () => {
    spreadsheet.insertSheet("Business Leads check 0123abcd");
    spreadsheet.setActiveSheet(spreadsheet.getSheets()[0] as GoogleAppsScript.Spreadsheet.Sheet);
    probeCellText(spreadsheet, ["x"]);
    expect(
      spreadsheet
        .getSheets()
        .map((sheet) => sheet.getName())
        .filter((name) => name.startsWith("Business Leads check")),
    ).toEqual([]);
  });
});
