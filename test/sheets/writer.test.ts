// Unit tests of the writers every results sheet goes through, on the spreadsheet fake: the block
// writer (one setValues per run of adjacent columns, the id's run first, other cells written back
// as they were, read only when the block has such a cell) and the upsert by Business ID (rows
// found by id after a sort, a column inserted among ours, the final sweep deleting rows no longer
// in the results and repeated ids, a user's row and formula kept).
import { BusinessSchema, type Business } from "../../src/api/schemas";
import { KEEP, writeBlock } from "../../src/sheets/block-writer";
import { resultColumns, seenOn } from "../../src/sheets/columns";
import { createResultSheet } from "../../src/sheets/result-sheet";
import { upsertBusinesses } from "../../src/sheets/writer";
import { FakeSpreadsheetApp } from "../../dev/fakes/spreadsheet";
import type { CallKind } from "../../dev/fakes/spreadsheet/document";

function setUp() {
  const calls: Array<[CallKind, string]> = [];
  const app = new FakeSpreadsheetApp({ onCall: (kind: CallKind, method: string) => calls.push([kind, method]) });
  const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  return { app, spreadsheet, calls, named: (pattern: RegExp) => calls.filter(([, method]) => pattern.test(method)).length };
}

function business(n: number, fields: Record<string, unknown> = {}): Business {
  const parsed = BusinessSchema.safeParse({
    id: `b${n}`,
    search_id: "s",
    position: n,
    title: `Shop ${n}`,
    phone: `+1 512-555-01${String(n).padStart(2, "0")}`,
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

const COLUMNS = resultColumns(seenOn("2026-11-27"));

describe("writeBlock", () => {
  it("writes one setValues per run of adjacent columns, the first column's run first, and reads nothing when it keeps nothing", () => {
    const { spreadsheet, app, calls, named } = setUp();
    const sheet = spreadsheet.getActiveSheet();
    // The columns of the ranges it asks for, in order.
    const asked: number[] = [];
    const grid = Object.assign(Object.create(sheet) as typeof sheet, {
      getRange: (row: number, column: number, rows: number, columns: number) => {
        asked.push(column);
        return sheet.getRange(row, column, rows, columns);
      },
    });
    calls.length = 0;
    const writes = writeBlock(grid, 2, 3, [1, 2, 4, 5], (row, column) => `'r${row}c${column}`, { firstColumn: 4 });
    expect(writes).toBe(2);
    expect(asked).toEqual([4, 1]);
    expect(named(/getValues|getFormulas/)).toBe(0);
    const ranges = calls.filter(([kind, method]) => kind === "write" && /setValues/.test(method));
    expect(ranges).toHaveLength(2);
    expect(app.testing.values(sheet.getName(), "A2:E4")).toEqual([
      ["r2c1", "r2c2", "", "r2c4", "r2c5"],
      ["r3c1", "r3c2", "", "r3c4", "r3c5"],
      ["r4c1", "r4c2", "", "r4c4", "r4c5"],
    ]);
  });

  it("writes a kept cell back as it was, a formula as a formula and text as text", () => {
    const { spreadsheet, app } = setUp();
    const sheet = spreadsheet.getActiveSheet();
    app.testing.userType(sheet.getName(), "A3", "=1+1");
    app.testing.userType(sheet.getName(), "B3", "'0042");
    writeBlock(sheet, 2, 3, [1, 2], (row, column) => (row === 3 ? KEEP : `'new ${row}${column}`));
    expect(app.testing.formulas(sheet.getName(), "A3:B3")).toEqual([["=1+1", ""]]);
    expect(app.testing.values(sheet.getName(), "B2:B4")).toEqual([["new 22"], ["0042"], ["new 42"]]);
  });
});

describe("a results sheet's header row", () => {
  it("holds its words as plain text, without the quote prefix a person would see in the formula bar", () => {
    const { spreadsheet, app } = setUp();
    createResultSheet(spreadsheet, "Shops");
    for (const a1 of ["A1", "B1", "Z1"]) expect(app.testing.cell("Shops", a1)).toMatchObject({ quotePrefix: false });
    expect(app.testing.editTexts("Shops", "A1:B1")).toEqual([["Name", "Phone"]]);
  });
});

describe("upsertBusinesses", () => {
  it("finds its rows by Business ID after a sort and an inserted column, appends the new ones, and keeps the user's column", () => {
    const { spreadsheet, app } = setUp();
    const sheet = createResultSheet(spreadsheet, "Shops");
    upsertBusinesses(sheet, [business(1), business(2), business(3)], COLUMNS, { removeOthers: false });
    app.testing.userSortSheet("Shops", 1, false);
    app.testing.userInsertColumns("Shops", 2, 1);
    app.testing.userType("Shops", "B1", "My notes");
    app.testing.userType("Shops", "B2", "call back");
    const result = upsertBusinesses(sheet, [business(3, { phone: "+1 512-555-0999" }), business(4)], COLUMNS, { removeOthers: false });
    expect(result).toEqual({ appended: 1, updated: 1, removed: 0 });
    const values = app.testing.values("Shops");
    expect(values.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
      ["Shop 3", "call back", "+1 512-555-0999"],
      ["Shop 2", "", "+1 512-555-0102"],
      ["Shop 1", "", "+1 512-555-0101"],
      ["Shop 4", "", "+1 512-555-0104"],
    ]);
  });

  it("the final sweep deletes the rows no longer in the results and a repeated id, and leaves a row without an id", () => {
    const { spreadsheet, app } = setUp();
    const sheet = createResultSheet(spreadsheet, "Shops");
    upsertBusinesses(sheet, [business(1), business(2), business(3)], COLUMNS, { removeOthers: false });
    const values = app.testing.values("Shops");
    app.testing.userSeed("Shops", "A5", [values[1]?.map(String) ?? []]); // a copy of Shop 1's row
    app.testing.userSeed("Shops", "A6", [["My own lead"]]);
    const result = upsertBusinesses(sheet, [business(1), business(3)], COLUMNS, { removeOthers: true });
    expect(result).toEqual({ appended: 0, updated: 2, removed: 2 });
    expect(
      app.testing
        .values("Shops")
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(["Shop 1", "Shop 3", "My own lead"]);
  });
});
