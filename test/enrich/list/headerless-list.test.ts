// Checks where a list without a known header row has one, on plain cell grids: the row above its
// first business (0 when the list starts in row 1), its title rows, or an empty asked-for row; the
// refusal to insert a header over enrichment results; and the header row inserted on the fake.
import { checkRoomForHeader, headerOfList, insertHeaderRow } from "../../../src/enrich/list/headerless-list";
import { InvalidInputError } from "../../../src/errors/user-error";
import { FakeSpreadsheetApp } from "../../../dev/fakes/spreadsheet";

const acme = ["Acme Plumbing", "https://acme.example"];
const best = ["Best Pipes", "https://best.example"];

describe("headerOfList", () => {
  it("a list starting in row 1 with a business has no header: 0", () => {
    expect(headerOfList([acme, best], 1, 2, 1)).toBe(0);
  });
  it("rows above the first business that hold no business are its header", () => {
    expect(headerOfList([["Firma", "Webseite"], acme, best], 1, 2, 2)).toBe(1);
    expect(headerOfList([["Leads 2026", ""], ["Firma", "Webseite"], acme], 1, 2, 3)).toBe(2);
  });
  it("the list is the run of filled rows around the asked-for row: an empty row above ends it", () => {
    expect(headerOfList([["Other", "x"], ["", ""], acme, best], 1, 2, 4)).toBe(2);
  });
  it("an empty asked-for row is the header row itself", () => {
    expect(headerOfList([acme, ["", ""], best], 1, 2, 2)).toBe(2);
  });
});

describe("checkRoomForHeader", () => {
  it("refuses where enrichment results are in the sheet, naming the list", () => {
    expect(() => checkRoomForHeader([["Name", "Website", "Enrichment status"], acme], "the rows 2–3")).toThrow(InvalidInputError);
    expect(() => checkRoomForHeader([["Name", "Website", "Enrichment status"]], "the rows 2–3")).toThrow(/headers of the rows 2–3/);
  });
  it("lets a plain list be", () => {
    expect(() => checkRoomForHeader([acme, best], "x")).not.toThrow();
  });
});

describe("insertHeaderRow", () => {
  it("inserts a row above row 1 with Name and Website over the two columns, in the sheet and in the values", () => {
    const sheet = new FakeSpreadsheetApp().getActiveSpreadsheet().getSheets()[0] as unknown as GoogleAppsScript.Spreadsheet.Sheet;
    sheet.getRange(1, 1, 2, 3).setValues([
      ["https://acme.example", "x", "Acme Plumbing"],
      ["https://best.example", "y", "Best Pipes"],
    ]);
    const values: unknown[][] = sheet.getRange(1, 1, 2, 3).getValues();
    insertHeaderRow(sheet, values, 3, 1);
    expect(sheet.getRange(1, 1, 3, 3).getValues()).toEqual([
      ["Website", "", "Name"],
      ["https://acme.example", "x", "Acme Plumbing"],
      ["https://best.example", "y", "Best Pipes"],
    ]);
    expect(values[0]).toEqual(["Website", "", "Name"]);
    expect(values).toHaveLength(3);
  });
});
