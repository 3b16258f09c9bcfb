// Tests A1 parsing and printing: cells, boxes, open ranges, quoted sheet names, invalid input.

import { columnToLetters, formatA1, lettersToColumn, parseA1, quoteSheetName, resolveA1 } from "../../../../dev/fakes/spreadsheet/a1";

describe("column letters", () => {
  test.each([
    [1, "A"],
    [26, "Z"],
    [27, "AA"],
    [52, "AZ"],
    [702, "ZZ"],
    [703, "AAA"],
    [18278, "ZZZ"],
  ])("%i ↔ %s", (n, letters) => {
    expect(columnToLetters(n)).toBe(letters);
    expect(lettersToColumn(letters)).toBe(n);
    expect(lettersToColumn(letters.toLowerCase())).toBe(n);
  });
});

describe("parseA1", () => {
  test("a single cell, with or without $ and in any case", () => {
    const cell = { sheetName: null, startRow: 2, startColumn: 2, endRow: 2, endColumn: 2 };
    expect(parseA1("B2")).toEqual(cell);
    expect(parseA1("$B$2")).toEqual(cell);
    expect(parseA1("b2")).toEqual(cell);
  });

  test("a box, normalised whichever corner comes first", () => {
    const box = { sheetName: null, startRow: 1, startColumn: 1, endRow: 3, endColumn: 3 };
    expect(parseA1("A1:C3")).toEqual(box);
    expect(parseA1("C3:A1")).toEqual(box);
  });

  test("open ranges: whole columns, whole rows, open at the bottom", () => {
    expect(parseA1("A:C")).toEqual({ sheetName: null, startRow: null, startColumn: 1, endRow: null, endColumn: 3 });
    expect(parseA1("2:5")).toEqual({ sheetName: null, startRow: 2, startColumn: null, endRow: 5, endColumn: null });
    expect(parseA1("A2:C")).toEqual({ sheetName: null, startRow: 2, startColumn: 1, endRow: null, endColumn: 3 });
  });

  test("sheet names, plain and quoted, with doubled quotes and ! inside quotes", () => {
    expect(parseA1("Sheet1!A1")?.sheetName).toBe("Sheet1");
    expect(parseA1("'My Sheet'!A1:C3")).toEqual({ sheetName: "My Sheet", startRow: 1, startColumn: 1, endRow: 3, endColumn: 3 });
    expect(parseA1("'It''s'!B2")?.sheetName).toBe("It's");
    expect(parseA1("'a!b'!B2")?.sheetName).toBe("a!b");
  });

  test.each(["", "A", "1", "A0", "AAAA1", "A1:B2:C3", "1A", "'open!A1", "'x'A1", "!A1", "A:2", "Sheet 1 A1"])("%j is invalid", (a1) => {
    expect(parseA1(a1)).toBeNull();
  });
});

describe("resolveA1 and formatA1", () => {
  test("open bounds run to the sheet's edges and print back open", () => {
    const cols = resolveA1(parseA1("A:C")!, 1000, 26);
    expect(cols).toMatchObject({ row: 1, column: 1, numRows: 1000, numColumns: 3 });
    expect(formatA1(cols.row, cols.column, cols.numRows, cols.numColumns, cols.open)).toBe("A:C");
    const rows = resolveA1(parseA1("2:5")!, 1000, 26);
    expect(rows).toMatchObject({ row: 2, column: 1, numRows: 4, numColumns: 26 });
    expect(formatA1(rows.row, rows.column, rows.numRows, rows.numColumns, rows.open)).toBe("2:5");
    const bottom = resolveA1(parseA1("B2:C")!, 1000, 26);
    expect(bottom).toMatchObject({ row: 2, column: 2, numRows: 999, numColumns: 2 });
    expect(formatA1(bottom.row, bottom.column, bottom.numRows, bottom.numColumns, bottom.open)).toBe("B2:C");
  });

  test("closed ranges print as a cell or a box", () => {
    expect(formatA1(1, 1, 1, 1)).toBe("A1");
    expect(formatA1(2, 27, 3, 2)).toBe("AA2:AB4");
  });

  test("quoteSheetName quotes only when needed", () => {
    expect(quoteSheetName("Sheet1")).toBe("Sheet1");
    expect(quoteSheetName("My Sheet")).toBe("'My Sheet'");
    expect(quoteSheetName("It's")).toBe("'It''s'");
  });
});
