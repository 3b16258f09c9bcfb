// What a pass reads of a long list (src/enrich/list/list-rows.ts, waiting-rows.ts), on the spreadsheet
// fake: the header row and the status and `Enriched for` columns whole, then only the name and
// website of the rows it sends and the result columns of the rows it writes; never the user's
// other columns; rows found by their status and their own name and website, wherever they are;
// and writes only into cells it read.
import { FakeSpreadsheetApp } from "../../../dev/fakes/spreadsheet";
import { ListRows, PassReads, SheetCells } from "../../../src/enrich/list/list-rows";
import { spansOf } from "../../../src/enrich/list/row-list";
import { nextWaiting, rowsOfBusinesses, waitingCounts } from "../../../src/enrich/list/waiting-rows";
import { isWaiting } from "../../../src/enrich/list/row-status";
import { rowsAsking } from "../../../src/enrich/write-back/write-results";
import { matchKey } from "../../../src/enrich/list/normalise";
import { writeResultCells, type RowUpdates } from "../../../src/enrich/write-back/write-cells";
import { ENRICH_HEADERS } from "../../../src/sheets/columns";
import type { EnrichTarget } from "../../../src/jobs/enrich-target";

const TARGET: EnrichTarget = { headerRow: 1, nameHeader: "Company", nameColumn: 1, websiteHeader: "Website", websiteColumn: 3 };
const ROWS = 400;
const STATUS = 4; // ENRICH_HEADERS start in column D: `Enrichment status` first, then `Enriched for` and the `Row state` code last
const FOR = 3 + ENRICH_HEADERS.indexOf("Enriched for") + 1;
const CODE = 3 + ENRICH_HEADERS.indexOf("Row state") + 1;
const WIDTH = CODE;

type Read = { row: number; column: number; rows: number; columns: number };

/** A list of 400 rows: 100 completed, then 300 waiting; row 390 repeats row 105's business. */
function list(): { sheet: GoogleAppsScript.Spreadsheet.Sheet; reads: Read[]; app: FakeSpreadsheetApp } {
  const app = new FakeSpreadsheetApp({});
  const sheet = app.getActiveSpreadsheet().getActiveSheet() as unknown as GoogleAppsScript.Spreadsheet.Sheet;
  const rows: string[][] = [["Company", "Notes", "Website", ...ENRICH_HEADERS]];
  for (let i = 2; i <= ROWS + 1; i += 1) {
    const n = i === 390 ? 105 : i;
    const cells = Array.from({ length: WIDTH }, () => "");
    cells[0] = `Company ${n}`;
    cells[1] = `note ${i}`;
    cells[2] = `company${n}.com`;
    cells[STATUS - 1] = i <= 101 ? "completed" : "Waiting to be sent";
    cells[CODE - 1] = i <= 101 ? "done" : "waiting";
    cells[FOR - 1] = `Company ${n} | https://company${n}.com`;
    rows.push(cells);
  }
  sheet.getRange(1, 1, rows.length, WIDTH).setValues(rows);
  // Every range whose values are read, as read.
  const reads: Read[] = [];
  const getRange = sheet.getRange.bind(sheet) as (
    row: number,
    column: number,
    rows?: number,
    columns?: number,
  ) => GoogleAppsScript.Spreadsheet.Range;
  (sheet as unknown as { getRange: typeof getRange }).getRange = (row, column, numRows = 1, numColumns = 1) => {
    const range = getRange(row, column, numRows, numColumns);
    const getValues = range.getValues.bind(range);
    range.getValues = () => {
      reads.push({ row, column, rows: numRows, columns: numColumns });
      return getValues();
    };
    return range;
  };
  // A whole-sheet read goes through the data range: it is recorded too.
  const getDataRange = sheet.getDataRange.bind(sheet);
  sheet.getDataRange = () => {
    const range = getDataRange();
    const getValues = range.getValues.bind(range);
    range.getValues = () => {
      reads.push({ row: 1, column: 1, rows: range.getNumRows(), columns: range.getNumColumns() });
      return getValues();
    };
    return range;
  };
  return { sheet, reads, app };
}

const cellsOf = (reads: readonly Read[]): number => reads.reduce((n, r) => n + r.rows * r.columns, 0);
const covers = (r: Read, row: number, column: number): boolean =>
  row >= r.row && row < r.row + r.rows && column >= r.column && column < r.column + r.columns;

describe("spansOf", () => {
  it("joins rows close to each other and keeps at most the spans asked for, joining the nearest first", () => {
    expect(spansOf([2, 3, 4, 10, 11, 40], 5, 10)).toEqual([
      [2, 11],
      [40, 40],
    ]);
    expect(spansOf([2, 3, 4, 10, 11, 40], 0, 10)).toEqual([
      [2, 4],
      [10, 11],
      [40, 40],
    ]);
    expect(spansOf([2, 3, 4, 10, 11, 40], 0, 2)).toEqual([
      [2, 11],
      [40, 40],
    ]);
    expect(spansOf([], 5, 3)).toEqual([]);
  });
});

describe("a pass's reads of a long list", () => {
  it("finds the next businesses from the status code, status and Enriched for columns, and reads only their name and website", () => {
    const { sheet, reads } = list();
    const rows = ListRows.inSheet(new SheetCells(sheet), TARGET);
    const next = nextWaiting(rows, 5);
    expect(next.invalid).toEqual([]);
    expect(next.businesses.map((b) => [b.business.business_name, b.rows])).toEqual([
      ["Company 102", [102]],
      ["Company 103", [103]],
      ["Company 104", [104]],
      ["Company 105", [105, 390]], // the same business further down goes with it
      ["Company 106", [106]],
    ]);
    // The header row, the three columns whole, then the names and websites of rows 102–106 and 390
    // (one column read from 102 to 390 each: one range costs more than the cells between).
    expect(reads.slice(0, 4)).toEqual([
      { row: 1, column: 1, rows: 1, columns: WIDTH },
      { row: 1, column: CODE, rows: ROWS + 1, columns: 1 },
      { row: 1, column: STATUS, rows: ROWS + 1, columns: 1 },
      { row: 1, column: FOR, rows: ROWS + 1, columns: 1 },
    ]);
    expect(reads.slice(4).map((r) => [r.column, r.row, r.row + r.rows - 1, r.columns])).toEqual([
      [1, 102, 390, 1],
      [3, 102, 390, 1],
    ]);
    expect(reads.some((r) => covers(r, 200, 2))).toBe(false); // never the Notes column
    expect(cellsOf(reads)).toBe(WIDTH + 3 * (ROWS + 1) + 2 * 289);
    expect(waitingCounts(rows)).toEqual({ rows: 300, businesses: 299 });
  });

  it("sends a row edited since the start as it reads now, and skips one that can no longer be sent", () => {
    const { sheet } = list();
    sheet.getRange(103, 1).setValue("Renamed Co");
    sheet.getRange(104, 3).setValue("mailto:x@company104.com");
    const rows = ListRows.inSheet(new SheetCells(sheet), TARGET);
    const next = nextWaiting(rows, 3);
    expect(next.businesses.map((b) => b.business.business_name)).toEqual(["Company 102", "Renamed Co", "Company 105"]);
    expect(next.invalid).toEqual([{ row: 104, reason: "the website is not a web address (mailto:)" }]);
  });

  it(
    "marks the rows it sends by writing only their status and Enriched for cells, which it read, " +
      "then reads back only their names and websites",
    () => {
      const { sheet, reads, app } = list();
      const rows = ListRows.inSheet(new SheetCells(sheet), TARGET);
      const next = nextWaiting(rows, 2);
      const updates: RowUpdates = new Map();
      for (const b of next.businesses)
        for (const row of b.rows) updates.set(row, new Map([["Enrichment status", "Sent: waiting for results"]]));
      const before = app.testing.values(sheet.getName());
      const read = cellsOf(reads);
      writeResultCells(rows.area(), updates);
      // Nothing read again to write; after it, the rows written are read back by their name and website (a person may have sorted).
      expect(cellsOf(reads)).toBe(read + updates.size * 2);
      const after = app.testing.values(sheet.getName());
      const changed: string[] = [];
      after.forEach((cells, r) => cells.forEach((cell, c) => cell !== before[r]?.[c] && changed.push(`${r + 1}:${c + 1}=${String(cell)}`)));
      expect(changed).toEqual([`102:${STATUS}=Sent: waiting for results`, `103:${STATUS}=Sent: waiting for results`]);
    },
  );

  it("finds the rows a job's results go to by Enriched for, and by their own pair where no row says it was sent as it", () => {
    const { sheet, reads } = list();
    sheet.getRange(300, FOR).setValue(""); // a start killed before this row said what it was sent as
    const rows = ListRows.inSheet(new SheetCells(sheet), TARGET);
    const result = (n: number) =>
      [
        matchKey(`Company ${n}`, `https://company${n}.com`),
        new Map([
          ["Enrichment status", "completed"],
          ["Emails", `info@company${n}.com`],
        ]),
      ] as const;
    const updates: RowUpdates = new Map();
    expect(rowsAsking([rows], [new Map([result(105), result(200)])], updates)).toEqual([3]);
    expect([...updates.keys()].sort((a, b) => a - b)).toEqual([105, 200, 390]);
    // Found by Enriched for: no row's name or website column read whole.
    expect(reads.some((r) => r.rows === ROWS + 1 && (r.column === 1 || r.column === 3))).toBe(false);
    const more: RowUpdates = new Map();
    expect(rowsAsking([rows], [new Map([result(300)])], more)).toEqual([1]);
    expect([...more.keys()]).toEqual([300]);
    expect(reads.filter((r) => r.rows === ROWS + 1).map((r) => r.column)).toEqual([FOR, 1, 3]); // the status column is not needed
    writeResultCells(rows.area(), new Map([...updates, ...more]));
    const after = sheet.getRange(1, 1, ROWS + 1, WIDTH).getValues();
    const emails = ENRICH_HEADERS.indexOf("Emails") + STATUS - 1;
    expect(
      after
        .slice(1)
        .map((cells, i) => (cells[emails] === "" ? null : `${i + 2}:${String(cells[emails])}`))
        .filter((x) => x !== null),
    ).toEqual(["105:info@company105.com", "200:info@company200.com", "300:info@company300.com", "390:info@company105.com"]);
    expect(after.every((cells, i) => cells[1] === (i === 0 ? "Notes" : `note ${i + 1}`))).toBe(true);
  });

  it("reads a stopped run's rows (their Enriched for is cleared) to find those of a chunk sent after all", () => {
    const { sheet } = list();
    for (const row of [150, 151])
      sheet.getRange(row, STATUS, 1, ENRICH_HEADERS.length).setValues([
        [
          "Skipped: the run was stopped before this row was sent",
          ...Array.from({ length: ENRICH_HEADERS.length - 2 }, () => ""),
          "stopped", // its code; its Enriched for cleared
        ],
      ]);
    const rows = ListRows.inSheet(new SheetCells(sheet), TARGET);
    const found = rowsOfBusinesses(rows, (status) => status.kind === "stopped", [
      { business_name: "Company 151", website_url: "https://company151.com" },
    ]);
    expect(found.map((b) => b.rows)).toEqual([[151]]);
    expect(rows.withStatus(isWaiting)).toHaveLength(298);
  });

  it("shares what one pass read between its steps: a second list of the same sheet reads nothing again", () => {
    const { sheet, reads } = list();
    const pass = new PassReads();
    nextWaiting(pass.list(sheet.getSheetId(), sheet, TARGET), 3);
    const read = reads.length;
    const again = pass.list(sheet.getSheetId(), sheet, TARGET);
    expect(again.withStatus(isWaiting)).toHaveLength(300);
    expect(nextWaiting(again, 3).businesses).toHaveLength(3);
    expect(reads.length).toBe(read);
  });
});
