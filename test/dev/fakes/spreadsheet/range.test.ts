// Tests FakeRange: value round trips, setValues shape checks, formats, rich text, styles, clearing, geometry.

import { FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";
import type { FakeSheet } from "../../../../dev/fakes/spreadsheet/sheet";

function sheet(options: ConstructorParameters<typeof FakeSpreadsheetApp>[0] = {}): FakeSheet {
  return new FakeSpreadsheetApp(options).getActiveSheet();
}

describe("setValues / getValues", () => {
  test("typed values round-trip; empty cells read as empty strings", () => {
    const s = sheet();
    s.getRange("A1:C2").setValues([
      ["name", 1, true],
      ["", 2.5, null],
    ]);
    expect(s.getRange("A1:D3").getValues()).toEqual([
      ["name", 1, true, ""],
      ["", 2.5, "", ""],
      ["", "", "", ""],
    ]);
    expect(s.getRange("A1:C1").getDisplayValues()).toEqual([["name", "1", "TRUE"]]);
  });

  test("a row count mismatch throws Apps Script's message and writes nothing", () => {
    const s = sheet();
    expect(() =>
      s.getRange("A1:B3").setValues([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toThrow("The number of rows in the data does not match the number of rows in the range. The data has 2 but the range has 3.");
    expect(s.getLastRow()).toBe(0);
  });

  test("a column count mismatch in any row throws the columns variant", () => {
    const s = sheet();
    expect(() =>
      s.getRange("A1:C2").setValues([
        ["a", "b", "c"],
        ["d", "e"],
      ]),
    ).toThrow("The number of columns in the data does not match the number of columns in the range. The data has 2 but the range has 3.");
    expect(s.getLastRow()).toBe(0);
  });

  test("a 1-D array is a signature error", () => {
    const s = sheet();
    expect(() => s.getRange("A1:B1").setValues(["a", "b"] as unknown as unknown[][])).toThrow(
      "The parameters (String[]) don't match the method signature for SpreadsheetApp.Range.setValues.",
    );
  });

  test("errors are Exceptions, built by the makeError option when given", () => {
    const s = sheet();
    let caught: unknown;
    try {
      s.getRange(0, 1);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).name).toBe("Exception");
    class RealmError extends Error {}
    const custom = sheet({ makeError: (m) => new RealmError(m) });
    expect(() => custom.getRange(0, 1)).toThrow(RealmError);
  });

  test("setValue on a multi-cell range fills every cell", () => {
    const s = sheet();
    s.getRange("A1:B2").setValue("0042");
    expect(s.getRange("A1:B2").getValues()).toEqual([
      [42, 42],
      [42, 42],
    ]);
  });

  test("getValue/getDisplayValue read the top-left cell", () => {
    const s = sheet();
    s.getRange("B2:C2").setValues([["x", "y"]]);
    expect(s.getRange("B2:C3").getValue()).toBe("x");
    expect(s.getRange("B2:C3").getDisplayValue()).toBe("x");
  });

  test("getValues returns fresh Date objects for date-formatted cells", () => {
    const s = sheet({ timeZone: "Europe/Berlin" });
    const range = s.getRange("A1");
    range.setValue(new Date("2024-07-01T10:00:00Z"));
    const a = range.getValue() as Date;
    const b = range.getValue() as Date;
    expect(a).not.toBe(b);
    expect(a.toISOString()).toBe("2024-07-01T10:00:00.000Z");
    expect(range.getDisplayValue()).toBe("7/1/2024 12:00:00");
    // The stored value is a date serial: a non-date format shows it as a number.
    range.setNumberFormat("0.00");
    expect(range.getValue()).toBe(45474.5);
  });
});

describe("formulas", () => {
  test("setFormula, getFormulas, and getValues shows the placeholder", () => {
    const s = sheet();
    s.getRange("A1").setFormula("=SUM(B1:B3)");
    s.getRange("A2:B2").setFormulas([["=1/0", '="a"&"b"']]);
    expect(s.getRange("A1:B2").getFormulas()).toEqual([
      ["=SUM(B1:B3)", ""],
      ["=1/0", '="a"&"b"'],
    ]);
    expect(s.getRange("A1:B2").getValues()).toEqual([
      ["#UNEVALUATED!", ""],
      ["#DIV/0!", "ab"],
    ]);
  });

  test("setValue of plain text over a formula removes the formula", () => {
    const s = sheet();
    const r = s.getRange("A1");
    r.setFormula("=1+1");
    r.setValue("'=1+1");
    expect(r.getFormula()).toBe("");
    expect(r.getValue()).toBe("=1+1");
  });
});

describe("number formats", () => {
  test("default, set, and formats of a grid", () => {
    const s = sheet();
    expect(s.getRange("A1").getNumberFormat()).toBe("0.###############");
    s.getRange("A1:B1").setNumberFormat("@");
    s.getRange("A2:B2").setNumberFormats([["0.00", "yyyy-MM-dd"]]);
    expect(s.getRange("A1:B2").getNumberFormats()).toEqual([
      ["@", "@"],
      ["0.00", "yyyy-MM-dd"],
    ]);
  });

  test("display follows the format; changing it does not convert the stored value", () => {
    const s = sheet();
    const r = s.getRange("A1");
    r.setValue(1234.5);
    r.setNumberFormat("#,##0.00");
    expect(r.getDisplayValue()).toBe("1,234.50");
    r.setNumberFormat("@");
    expect(r.getValue()).toBe(1234.5);
    r.setNumberFormat("yyyy-MM-dd");
    expect(r.getDisplayValue()).toBe("1903-05-18");
  });

  test("a number written after @ was set is parsed as text", () => {
    const s = sheet();
    const r = s.getRange("A1");
    r.setNumberFormat("@").setValue("0042");
    expect(r.getValue()).toBe("0042");
  });
});

describe("rich text", () => {
  test("a whole-cell link round-trips and the text is not parsed", () => {
    const app = new FakeSpreadsheetApp();
    const r = app.getActiveSheet().getRange("A1");
    r.setRichTextValue(app.newRichTextValue().setText('=HYPERLINK("x")').setLinkUrl("https://example.com").build());
    expect(r.getValue()).toBe('=HYPERLINK("x")');
    expect(r.getFormula()).toBe("");
    expect(r.getRichTextValue()?.getLinkUrl()).toBe("https://example.com");
    expect(r.getRichTextValue()?.getText()).toBe('=HYPERLINK("x")');
  });

  test("partial links, runs, and null for non-text cells", () => {
    const app = new FakeSpreadsheetApp();
    const s = app.getActiveSheet();
    const value = app.newRichTextValue().setText("see site").setLinkUrl(4, 8, "https://a.b").build();
    s.getRange("A1:B1").setRichTextValues([[value, app.newRichTextValue().setText("plain").build()]]);
    s.getRange("C1").setValue(5);
    const [a, b, c] = s.getRange("A1:C1").getRichTextValues()[0] ?? [];
    expect(a?.getLinkUrl()).toBeNull();
    expect(a?.getLinkUrl(4, 8)).toBe("https://a.b");
    expect(a?.getRuns().map((run) => [run.getText(), run.getLinkUrl()])).toEqual([
      ["see ", null],
      ["site", "https://a.b"],
    ]);
    expect(b?.getLinkUrl()).toBeNull();
    expect(c).toBeNull();
  });

  test("writing a plain value drops the link", () => {
    const app = new FakeSpreadsheetApp();
    const r = app.getActiveSheet().getRange("A1");
    r.setRichTextValue(app.newRichTextValue().setText("x").setLinkUrl("https://x").build());
    r.setValue("y");
    expect(r.getRichTextValue()?.getLinkUrl()).toBeNull();
  });

  test("setRichTextValues checks shape and type", () => {
    const app = new FakeSpreadsheetApp();
    const r = app.getActiveSheet().getRange("A1:B1");
    const v = app.newRichTextValue().setText("x").build();
    expect(() => r.setRichTextValues([[v]])).toThrow("The data has 1 but the range has 2.");
    expect(() => r.setRichTextValues([[v, "y" as never]])).toThrow("don't match the method signature");
  });
});

describe("styles", () => {
  test("font weights, background, alignment and wrap are recorded", () => {
    const s = sheet();
    const r = s.getRange("A1:B1");
    r.setFontWeight("bold").setBackground("#eeeeee").setHorizontalAlignment("center").setWrap(false);
    expect(r.getFontWeights()).toEqual([["bold", "bold"]]);
    expect(s.getRange("A2").getFontWeight()).toBe("normal");
    s.getRange("A2:B2").setFontWeights([["bold", null]]);
    expect(s.getRange("A2:B2").getFontWeights()).toEqual([["bold", "normal"]]);
    expect(r.getBackground()).toBe("#eeeeee");
    expect(r.getHorizontalAlignment()).toBe("center");
    expect(r.getWrap()).toBe(false);
    r.setWrapStrategy("WRAP");
    expect(r.getWrap()).toBe(true);
  });

  test("the font colour is black until set, kept by inserted rows below, reset by null and by clearing formats", () => {
    const s = sheet();
    expect(s.getRange("A1").getFontColor()).toBe("#000000");
    s.getRange("A1:B3").setFontColor("#80868B");
    expect(s.getRange("A1:C1").getFontColors()).toEqual([["#80868b", "#80868b", "#000000"]]);
    s.insertRowsAfter(3, 1); // inserted rows copy the format of the row named
    expect(s.getRange("A4").getFontColor()).toBe("#80868b");
    s.getRange("A1").setFontColor(null);
    expect(s.getRange("A1").getFontColor()).toBe("#000000");
    s.getRange("B1").clearFormat();
    expect(s.getRange("B1").getFontColor()).toBe("#000000");
  });
});

describe("clearing", () => {
  test("clearContent keeps formats; clear removes both; clear({formatOnly}) keeps values", () => {
    const s = sheet();
    const r = s.getRange("A1");
    r.setValue("5").setNumberFormat("0.00").setFontWeight("bold");
    r.clearContent();
    expect(r.getValue()).toBe("");
    expect(r.getNumberFormat()).toBe("0.00");
    r.setValue(5);
    r.clear({ formatOnly: true });
    expect(r.getValue()).toBe(5);
    expect(r.getNumberFormat()).toBe("0.###############");
    r.setFontWeight("bold");
    r.clear();
    expect(r.getValue()).toBe("");
    expect(r.getFontWeight()).toBe("normal");
  });
});

describe("geometry", () => {
  test("getRow/getColumn/getNumRows/getNumColumns/getLastRow/getLastColumn/getA1Notation", () => {
    const r = sheet().getRange(2, 3, 4, 5);
    expect([r.getRow(), r.getColumn(), r.getNumRows(), r.getNumColumns(), r.getLastRow(), r.getLastColumn()]).toEqual([2, 3, 4, 5, 5, 7]);
    expect(r.getA1Notation()).toBe("C2:G5");
  });

  test("offset and getCell", () => {
    const r = sheet().getRange("B2:C3");
    expect(r.offset(1, 1).getA1Notation()).toBe("C3:D4");
    expect(r.offset(0, 0, 1, 1).getA1Notation()).toBe("B2");
    expect(() => r.offset(-2, 0)).toThrow("The starting row of the range is too small.");
    expect(() => r.offset(0, -2)).toThrow("The starting column of the range is too small.");
    expect(r.getCell(2, 2).getA1Notation()).toBe("C3");
    expect(() => r.getCell(3, 1)).toThrow();
  });

  test("getSheet returns the sheet the range is on", () => {
    const app = new FakeSpreadsheetApp();
    const other = app.getActiveSpreadsheet().insertSheet("Other");
    expect(other.getRange("A1").getSheet().getName()).toBe("Other");
  });
});

describe("the grid's edges", () => {
  test("writing below or right of the grid grows the sheet", () => {
    const s = sheet();
    s.getRange(1001, 27, 2, 2).setValues([
      [1, 2],
      [3, 4],
    ]);
    expect(s.getMaxRows()).toBe(1002);
    expect(s.getMaxColumns()).toBe(28);
    expect(s.getRange("AA1002").getValue()).toBe(3);
  });

  test("reading outside the grid throws", () => {
    const s = sheet();
    expect(() => s.getRange(1001, 1).getValues()).toThrow("The coordinates of the range are outside the dimensions of the sheet.");
    expect(() => s.getRange(1, 27).getValue()).toThrow("The coordinates of the range are outside the dimensions of the sheet.");
  });

  test("growing past 10 million cells throws", () => {
    const s = sheet();
    expect(() => s.getRange(400_000, 1).setValue("x")).toThrow(
      "This action would increase the number of cells in the workbook above the limit of 10000000 cells.",
    );
    expect(s.getMaxRows()).toBe(1000);
  });
});

describe("Range.sort", () => {
  test("sorts the rows of the range by an absolute column", () => {
    const s = sheet();
    s.getRange("A1:B4").setValues([
      ["h", "x"],
      ["c", 3],
      ["a", 1],
      ["b", 2],
    ]);
    s.getRange("A2:B4").sort({ column: 2, ascending: false });
    expect(s.getRange("A1:A4").getValues().flat()).toEqual(["h", "c", "b", "a"]);
  });
});
