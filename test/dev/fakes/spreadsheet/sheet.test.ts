// Tests FakeSheet: getRange overloads and their checks, content extent, rows/columns, freezing, widths, sorting, selections (RangeList).

import { FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";
import type { FakeSheet } from "../../../../dev/fakes/spreadsheet/sheet";

function sheet(): FakeSheet {
  return new FakeSpreadsheetApp().getActiveSheet();
}

describe("getRange overloads", () => {
  test("a1, (row, col), (row, col, numRows), (row, col, numRows, numCols)", () => {
    const s = sheet();
    expect(s.getRange("B2:C3").getA1Notation()).toBe("B2:C3");
    expect(s.getRange(2, 3).getA1Notation()).toBe("C2");
    expect(s.getRange(2, 3, 4).getA1Notation()).toBe("C2:C5");
    expect(s.getRange(2, 3, 4, 2).getA1Notation()).toBe("C2:D5");
  });

  test("argument checks use Apps Script's wording", () => {
    const s = sheet();
    expect(() => s.getRange(0, 1)).toThrow("The starting row of the range is too small.");
    expect(() => s.getRange(1, 0)).toThrow("The starting column of the range is too small.");
    expect(() => s.getRange(1, 1, 0)).toThrow("The number of rows in the range must be at least 1.");
    expect(() => s.getRange(1, 1, 1, 0)).toThrow("The number of columns in the range must be at least 1.");
    expect(() => s.getRange("nonsense!!")).toThrow("Range not found");
    expect(() => s.getRange("A0")).toThrow("Range not found");
    expect(() => s.getRange(1)).toThrow("The parameters (number) don't match the method signature for SpreadsheetApp.Sheet.getRange.");
    expect(() => s.getRange(1, undefined)).toThrow(
      "The parameters (number,null) don't match the method signature for SpreadsheetApp.Sheet.getRange.",
    );
    expect(() => s.getRange(1.5, 1)).toThrow("Cannot convert '1.5' to int.");
  });

  test("a sheet-qualified A1 must name this sheet", () => {
    const s = sheet();
    expect(s.getRange("Sheet1!A1").getA1Notation()).toBe("A1");
    expect(() => s.getRange("Other!A1")).toThrow("Range not found");
  });

  test("open A1 ranges span the sheet", () => {
    const s = sheet();
    const cols = s.getRange("A:C");
    expect([cols.getNumRows(), cols.getNumColumns(), cols.getA1Notation()]).toEqual([1000, 3, "A:C"]);
    const rows = s.getRange("2:5");
    expect([rows.getRow(), rows.getNumRows(), rows.getNumColumns(), rows.getA1Notation()]).toEqual([2, 4, 26, "2:5"]);
  });
});

describe("content extent", () => {
  test("new sheets are 1000 × 26 and empty", () => {
    const s = sheet();
    expect([s.getMaxRows(), s.getMaxColumns(), s.getLastRow(), s.getLastColumn()]).toEqual([1000, 26, 0, 0]);
    expect(s.getDataRange().getA1Notation()).toBe("A1");
  });

  test("getLastRow/getLastColumn count values and formulas, not formats", () => {
    const s = sheet();
    s.getRange("C5").setValue("x");
    s.getRange("E2").setFormula("=1");
    s.getRange("Z100").setNumberFormat("@").setFontWeight("bold");
    expect(s.getLastRow()).toBe(5);
    expect(s.getLastColumn()).toBe(5);
    expect(s.getDataRange().getA1Notation()).toBe("A1:E5");
  });
});

describe("rows and columns", () => {
  function filled(): FakeSheet {
    const s = sheet();
    s.getRange("A1:C3").setValues([
      ["a1", "b1", "c1"],
      ["a2", "b2", "c2"],
      ["a3", "b3", "c3"],
    ]);
    return s;
  }

  test("insertRowsAfter / insertRowsBefore shift data and grow the sheet", () => {
    const s = filled();
    s.insertRowsAfter(1, 2);
    expect(s.getRange("A1:A5").getValues().flat()).toEqual(["a1", "", "", "a2", "a3"]);
    s.insertRowBefore(1);
    expect(s.getRange("A1:A2").getValues().flat()).toEqual(["", "a1"]);
    expect(s.getMaxRows()).toBe(1003);
  });

  test("inserted rows take the formatting of the row they are inserted next to", () => {
    const s = filled();
    s.getRange("A1:C1").setFontWeight("bold").setNumberFormat("@");
    s.insertRowsAfter(1, 1);
    expect(s.getRange("A2").getFontWeight()).toBe("bold");
    expect(s.getRange("A2").getNumberFormat()).toBe("@");
    expect(s.getRange("A2").getValue()).toBe("");
  });

  test("insertColumnsAfter / insertColumnsBefore / insertColumns", () => {
    const s = filled();
    s.insertColumnsAfter(1, 1);
    expect(s.getRange("A1:D1").getValues()).toEqual([["a1", "", "b1", "c1"]]);
    s.insertColumnsBefore(1, 2);
    expect(s.getRange("C1").getValue()).toBe("a1");
    s.insertColumns(1);
    expect(s.getRange("D1").getValue()).toBe("a1");
    expect(s.getMaxColumns()).toBe(30);
  });

  test("deleteRows / deleteColumns shift data and shrink the sheet", () => {
    const s = filled();
    s.deleteRows(1, 2);
    expect(s.getRange("A1:C1").getValues()).toEqual([["a3", "b3", "c3"]]);
    s.deleteColumn(2);
    expect(s.getRange("A1:B1").getValues()).toEqual([["a3", "c3"]]);
    expect([s.getMaxRows(), s.getMaxColumns()]).toEqual([998, 25]);
  });

  test("deleting every non-frozen row or column, or out of bounds, throws", () => {
    const s = sheet();
    s.setFrozenRows(1);
    expect(() => s.deleteRows(2, 999)).toThrow("Sorry, it is not possible to delete all non-frozen rows.");
    expect(() => s.deleteColumns(1, 26)).toThrow("Sorry, it is not possible to delete all non-frozen columns.");
    expect(() => s.deleteRows(999, 5)).toThrow("Those rows are out of bounds.");
    expect(() => s.insertRowsAfter(1001, 1)).toThrow("Those rows are out of bounds.");
    expect(() => s.insertColumnsAfter(27, 1)).toThrow("Those columns are out of bounds.");
    s.deleteRows(2, 998);
    expect(s.getMaxRows()).toBe(2);
  });
});

describe("freezing and widths", () => {
  test("frozen rows and columns", () => {
    const s = sheet();
    expect(s.getFrozenRows()).toBe(0);
    s.setFrozenRows(1);
    s.setFrozenColumns(2);
    expect([s.getFrozenRows(), s.getFrozenColumns()]).toEqual([1, 2]);
    expect(() => s.setFrozenRows(1000)).toThrow();
  });

  test("column widths: default 100, set one, set many, auto-resize to content", () => {
    const s = sheet();
    expect(s.getColumnWidth(1)).toBe(100);
    s.setColumnWidth(1, 250);
    s.setColumnWidths(2, 2, 40);
    expect([s.getColumnWidth(1), s.getColumnWidth(2), s.getColumnWidth(3), s.getColumnWidth(4)]).toEqual([250, 40, 40, 100]);
    s.getRange("D1:D2").setValues([["short"], ["a much longer piece of text"]]);
    s.autoResizeColumns(4, 2);
    expect(s.getColumnWidth(4)).toBe(27 * 7 + 10);
    expect(s.getColumnWidth(5)).toBe(100);
  });
});

describe("Sheet.sort", () => {
  test("sorts rows below the frozen rows; numbers before text before booleans; blanks last", () => {
    const s = sheet();
    s.setFrozenRows(1);
    s.getRange("A1:B7").setValues([
      ["Key", "Row"],
      ["banana", 1],
      [true, 2],
      [10, 3],
      ["", 4],
      ["Apple", 5],
      [2, 6],
    ]);
    s.sort(1);
    expect(s.getRange("A1:B7").getValues()).toEqual([
      ["Key", "Row"],
      [2, 6],
      [10, 3],
      ["Apple", 5],
      ["banana", 1],
      [true, 2],
      ["", 4],
    ]);
    s.sort(2, false);
    expect(s.getRange("B2:B7").getValues().flat()).toEqual([6, 5, 4, 3, 2, 1]);
  });
});

describe("appendRow and clear", () => {
  test("appendRow writes after the last row with content and parses like setValues", () => {
    const s = sheet();
    s.getRange("B3").setValue("x");
    s.appendRow(["0042", "'0042", "=1+2"]);
    expect(s.getRange("A4:C4").getValues()).toEqual([[42, "0042", 3]]);
  });

  test("clear, clearContents, clearFormats", () => {
    const s = sheet();
    s.getRange("A1").setValue("x").setFontWeight("bold");
    s.clearContents();
    expect(s.getRange("A1").getValue()).toBe("");
    expect(s.getRange("A1").getFontWeight()).toBe("bold");
    s.getRange("A1").setValue("x");
    s.clearFormats();
    expect(s.getRange("A1").getFontWeight()).toBe("normal");
    expect(s.getRange("A1").getValue()).toBe("x");
    s.clear();
    expect(s.getLastRow()).toBe(0);
  });
});

describe("identity and selection", () => {
  test("name, index, id and parent", () => {
    const app = new FakeSpreadsheetApp({ name: "Leads" });
    const ss = app.getActiveSpreadsheet();
    const s = ss.getSheets()[0]!;
    expect(s.getName()).toBe("Sheet1");
    expect(s.getSheetId()).toBe(0);
    expect(s.getIndex()).toBe(1);
    expect(s.getParent().getName()).toBe("Leads");
    s.setName("Data");
    expect(ss.getSheetByName("Data")?.getSheetId()).toBe(0);
  });

  test("active range defaults to A1 and follows setActiveRange / activate", () => {
    const app = new FakeSpreadsheetApp();
    const s = app.getActiveSheet();
    expect(s.getActiveRange().getA1Notation()).toBe("A1");
    s.setActiveRange(s.getRange("B2:C4"));
    expect(app.getActiveRange().getA1Notation()).toBe("B2:C4");
    const other = app.getActiveSpreadsheet().insertSheet("Other");
    s.activate();
    expect(app.getActiveSheet().getName()).toBe("Sheet1");
    other.getRange("D4").activate();
    expect(app.getActiveSheet().getName()).toBe("Other");
    expect(app.getActiveRange().getA1Notation()).toBe("D4");
  });

  test("a Ctrl-click selection is a RangeList of one sheet: getActiveRangeList has every range, getActiveRange the last", () => {
    const app = new FakeSpreadsheetApp();
    const ss = app.getActiveSpreadsheet();
    const s = app.getActiveSheet();
    // One range selected: the list is that range alone, as getActiveRange() returns it.
    s.setActiveRange(s.getRange("B2:C4"));
    expect(
      ss
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(["B2:C4"]);
    s.setActiveRangeList(s.getRangeList(["A3:B5", "D9", "C12:C14"]));
    expect(
      app
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(["A3:B5", "D9", "C12:C14"]);
    expect(
      s
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getSheet().getName()),
    ).toEqual(["Sheet1", "Sheet1", "Sheet1"]);
    expect(app.getActiveRange().getA1Notation()).toBe("C12:C14");
    // Inserting rows above moves the selected ranges with their cells; selecting one range again replaces the list.
    s.insertRowsBefore(4, 2);
    expect(
      ss
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(["A3:B5", "D11", "C14:C16"]);
    s.getRange("E1").activate();
    expect(
      ss
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(["E1"]);
    // The list belongs to the active sheet; activating another sheet's list moves there.
    const other = ss.insertSheet("Other");
    other.getRangeList(["A1:A2", "C3"]).activate();
    expect(ss.getActiveSheet().getName()).toBe("Other");
    expect(
      ss
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(["A1:A2", "C3"]);
    expect(() => s.getRangeList([])).toThrow(/don't match the method signature for SpreadsheetApp.Sheet.getRangeList/);
  });

  test("testing.setActiveRanges selects several ranges as a user's Ctrl-click does", () => {
    const app = new FakeSpreadsheetApp();
    app.testing.setActiveRanges("Sheet1", ["A1:A3", "B7"]);
    expect(
      app
        .getActiveRangeList()
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(["A1:A3", "B7"]);
    expect(app.getActiveRange().getA1Notation()).toBe("B7");
  });
});
