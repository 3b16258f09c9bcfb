// The one resolver of a record's sheet (SheetsById.of): by its id, which survives a rename; by the
// stored name only for a record whose sheet had no id yet; a deleted sheet is not found by its name.
import { createResultSheet, SheetsById } from "../../src/sheets/result-sheet";
import { unitJobsContext } from "../passes/jobs-context";

describe("SheetsById.of", () => {
  it("finds a renamed sheet by its id, and a sheet by name only while the record has no id", () => {
    const { ctx } = unitJobsContext();
    const sheet = createResultSheet(ctx.spreadsheet, "Plumbers");
    sheet.setName("My plumbers");
    const sheets = new SheetsById(ctx.spreadsheet);
    expect(sheets.of({ sheetId: sheet.getSheetId(), sheetName: "Plumbers" })?.getName()).toBe("My plumbers");
    expect(sheets.of({ sheetId: null, sheetName: "My plumbers" })?.getSheetId()).toBe(sheet.getSheetId());
    expect(sheets.of({ sheetId: null, sheetName: null })).toBeNull();
  });

  it("does not take another sheet of the same name for a deleted one", () => {
    const { ctx } = unitJobsContext();
    const deleted = createResultSheet(ctx.spreadsheet, "Plumbers");
    const id = deleted.getSheetId();
    ctx.spreadsheet.deleteSheet(deleted);
    createResultSheet(ctx.spreadsheet, "Plumbers");
    expect(new SheetsById(ctx.spreadsheet).of({ sheetId: id, sheetName: "Plumbers" })).toBeNull();
  });
});
