// This file defines a list's rows as a pass reads them: the status and `Enriched for` columns whole, then only the cells it sends
// or writes, in as few ranges as their spread allows, shared by the pass's steps (PassReads) so no cell is read twice.
// Rows are still found by their status and their own name and website, never by position: these reads only say where to look.
import type { EnrichTarget } from "../../jobs/enrich-target";
import type { Interleaving } from "../../jobs/job-context";
import { ENRICH_HEADERS, ENRICHED_FOR_HEADER, ROW_STATE_HEADER, STATUS_HEADER } from "../../sheets/columns";
import { enrichedForKey } from "./row-words";
import { cleanText } from "./normalise";
import { areaIn, cellAt, holdsHeaders, type SheetArea } from "./sheet-area";
import { rowBusiness } from "./row-business";
import { rowStatusOf, type RowStatus } from "./row-status";
import { rowSpan, runsOf, spansOf } from "./row-list";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Rows between two needed rows are read with them up to this many cells: a range read costs about as much. */
const GAP_CELLS = 2000;
/** Range reads of one load at most: beyond it, the spans nearest each other are read as one. */
const MAX_SPANS = 20;

/** Sorted columns as [first, last] groups of adjacent ones, each read as one range (the user's other columns are never read). */
const columnGroups = (columns: readonly number[]): Array<[number, number]> => runsOf([...new Set(columns)].sort((a, b) => a - b));

/**
 * What one pass has read of one sheet: whole rows, whole columns and some rows' cells, in one sparse grid (values[row - 1][column - 1]).
 */
export class SheetCells {
  readonly values: unknown[][];
  readonly lastRow: number;
  readonly lastColumn: number;
  private readonly rows = new Set<number>();
  private readonly columns = new Set<number>();
  /** Rows of which only some columns were read: those columns. */
  private readonly someCells = new Map<number, Set<number>>();
  /** What each `Enriched for` text met says a row was sent as, parsed once a pass (each job's write-back asks of every row). */
  readonly sentAs = new Map<string, string | null>();
  private whole: boolean;
  /** The sheet's data range when this pass began reading it (null: read whole already). */
  private readonly dataRange: GoogleAppsScript.Spreadsheet.Range | null = null;

  /** `values`: the whole sheet, already read (a start's or a stop's one read); else nothing is read yet. */
  constructor(
    readonly sheet: Sheet,
    values?: unknown[][],
  ) {
    if (values) {
      this.values = values;
      this.lastRow = values.length;
      this.lastColumn = values[0]?.length ?? 0;
      this.whole = true;
      return;
    }
    this.dataRange = sheet.getDataRange();
    this.lastRow = this.dataRange.getNumRows();
    this.lastColumn = this.dataRange.getNumColumns();
    this.values = Array.from({ length: this.lastRow }, (): unknown[] => []);
    this.whole = false;
  }

  get isWhole(): boolean {
    return this.whole;
  }

  hasCell(row: number, column: number): boolean {
    return (
      this.whole ||
      this.rows.has(row) ||
      this.columns.has(column) ||
      column > this.lastColumn ||
      this.someCells.get(row)?.has(column) === true
    );
  }

  /** Reads the whole sheet, in one range (where the rows cannot be found from their columns, or most of them are needed). */
  readAll(): void {
    if (this.whole) return;
    const all = this.dataRange?.getValues() ?? [];
    all.forEach((cells, index) => (this.values[index] = cells));
    this.whole = true;
  }

  /** Reads a column whole (its cells beyond the sheet's last column are empty). */
  readColumn(column: number): void {
    if (this.whole || this.columns.has(column)) return;
    this.columns.add(column);
    if (column > this.lastColumn || this.lastRow === 0) return;
    const cells = this.sheet.getRange(1, column, this.lastRow, 1).getValues();
    cells.forEach((cell, index) => ((this.values[index] ??= [])[column - 1] = cell[0]));
  }

  /** Reads these rows whole, those not read yet, in as few ranges as their spread allows. */
  readRows(rows: Iterable<number>): void {
    if (this.whole || this.lastColumn === 0) return;
    const wanted = [...new Set(rows)].filter((row) => row >= 1 && row <= this.lastRow && !this.rows.has(row)).sort((a, b) => a - b);
    for (const [first, last] of spansOf(wanted, Math.floor(GAP_CELLS / this.lastColumn), MAX_SPANS)) {
      const read = this.sheet.getRange(first, 1, last - first + 1, this.lastColumn).getValues();
      read.forEach((cells, index) => {
        this.values[first - 1 + index] = cells;
        this.rows.add(first + index);
        this.someCells.delete(first + index);
      });
    }
  }

  /** Reads these columns of these rows (the cells not read yet), in as few ranges as the rows' spread and the columns allow. */
  readCells(rows: Iterable<number>, columns: readonly number[]): void {
    if (this.whole) return;
    const inSheet = [...new Set(rows)].filter((row) => row >= 1 && row <= this.lastRow).sort((a, b) => a - b);
    for (const [left, right] of columnGroups(columns.filter((column) => column >= 1 && column <= this.lastColumn))) {
      const width = right - left + 1;
      const wanted = inSheet.filter((row) => rowSpan(left, right).some((column) => !this.hasCell(row, column)));
      for (const [first, last] of spansOf(wanted, Math.floor(GAP_CELLS / width), MAX_SPANS)) {
        const read = this.sheet.getRange(first, left, last - first + 1, width).getValues();
        read.forEach((cells, index) => this.keep(first + index, left, cells));
      }
    }
  }

  /** Keeps cells read of a row from column `left` on. */
  private keep(row: number, left: number, cells: readonly unknown[]): void {
    const known = this.values[row - 1] ?? (this.values[row - 1] = []);
    const some = this.someCells.get(row) ?? new Set<number>();
    cells.forEach((cell, offset) => {
      known[left - 1 + offset] = cell;
      some.add(left + offset);
    });
    if (!this.rows.has(row)) this.someCells.set(row, some);
  }
}

const lacksResultHeaders = (area: SheetArea): boolean => ENRICH_HEADERS.some((header) => !area.results.has(header));

/** A row of the list with a status, and the business its `Enriched for` says it was sent as (null when it says none). */
export interface StatusRow {
  row: number;
  claimed: string | null;
}

/** One list of a sheet (the rows under one header row) as a pass reads it, or as a start or a stop read it whole. */
export class ListRows {
  private constructor(
    readonly cells: SheetCells,
    private readonly whole: SheetArea,
  ) {}

  /** The rows of an area read whole (a start's selection, a stop's rows): nothing more is ever read. */
  static ofArea(area: SheetArea): ListRows {
    return new ListRows(new SheetCells(area.sheet, area.values), area);
  }

  /**
   * The list of `stored` in what the pass has read of its sheet: the header row where it was (the
   * whole sheet when rows inserted above moved it, or when result headers are missing: a write then
   * adds them after the last column in use, which only the whole sheet says).
   */
  static inSheet(cells: SheetCells, stored: EnrichTarget): ListRows {
    if (stored.headerRow >= 1) cells.readRows([stored.headerRow]);
    if (!holdsHeaders(cells.values[stored.headerRow - 1], stored)) cells.readAll();
    let area = areaIn(cells.sheet, cells.values, stored);
    if (!cells.isWhole && lacksResultHeaders(area)) {
      cells.readAll();
      area = areaIn(cells.sheet, cells.values, stored);
    }
    return new ListRows(cells, area);
  }

  get target(): EnrichTarget {
    return this.whole.target;
  }

  get sheet(): Sheet {
    return this.whole.sheet;
  }

  /** Whether a result header is missing from the list's header row (a write adds it, so the pass's cells of this sheet are read anew). */
  lacksResultHeaders(): boolean {
    return lacksResultHeaders(this.whole);
  }

  /** The list's rows whose name and website were read so far, as an area: its writes go only to cells read (SheetArea.loaded). */
  area(): SheetArea {
    if (this.cells.isWhole) return this.whole;
    const rows = this.whole.rows.filter((row) => this.hasPair(row));
    return { ...this.whole, rows, loaded: (row, column) => this.cells.hasCell(row, column) };
  }

  /** Reads these rows' name and website and result columns (cells read already are not read again): rows whose results are written. */
  read(rows: Iterable<number>): void {
    this.cells.readCells(rows, [this.target.nameColumn, this.target.websiteColumn, ...this.whole.results.values()]);
  }

  /** Reads these rows' name and website: what they are sent as (their status and `Enriched for` are read already, and all they write). */
  readPairs(rows: Iterable<number>): void {
    this.cells.readCells(rows, [this.target.nameColumn, this.target.websiteColumn]);
  }

  hasPair(row: number): boolean {
    return this.cells.hasCell(row, this.target.nameColumn) && this.cells.hasCell(row, this.target.websiteColumn);
  }

  /**
   * The list's rows whose status passes `test`, in sheet order, with what each was sent as; by the
   * `Row state` codes (the status words are read with them: a status written is written over them).
   */
  withStatus(test: (status: RowStatus) => boolean): StatusRow[] {
    const codeColumn = this.whole.results.get(ROW_STATE_HEADER);
    const statusColumn = this.whole.results.get(STATUS_HEADER);
    if (codeColumn === undefined) return [];
    this.cells.readColumn(codeColumn);
    if (statusColumn !== undefined) this.cells.readColumn(statusColumn);
    const words = (row: number) => (statusColumn === undefined ? "" : cleanText(cellAt(this.whole, row, statusColumn)));
    const found = this.whole.rows.filter((row) => test(rowStatusOf(cleanText(cellAt(this.whole, row, codeColumn)), words(row))));
    return found.map((row) => ({ row, claimed: this.claimedKey(row) }));
  }

  /** The list's rows whose `Enriched for` names one of `keys`: the rows that asked for them. */
  claiming(keys: ReadonlySet<string>): number[] {
    if (this.whole.results.get(ENRICHED_FOR_HEADER) === undefined) return [];
    return this.whole.rows.filter((row) => {
      const key = this.claimedKey(row);
      return key !== null && keys.has(key);
    });
  }

  /** The list's rows whose own name and website make one of `keys`, from those two columns read whole (where `Enriched for` cannot say). */
  withPair(keys: ReadonlySet<string>): number[] {
    this.cells.readColumn(this.target.nameColumn);
    this.cells.readColumn(this.target.websiteColumn);
    return this.whole.rows.filter((row) => {
      const found = rowBusiness(this.whole, row);
      return found.ok && keys.has(found.key);
    });
  }

  /** What a row's `Enriched for` says it was sent as (its column read whole), or null. */
  claimedKey(row: number): string | null {
    const forColumn = this.whole.results.get(ENRICHED_FOR_HEADER);
    if (forColumn === undefined) return null;
    this.cells.readColumn(forColumn);
    const text = cleanText(cellAt(this.whole, row, forColumn));
    let key = this.cells.sentAs.get(text);
    if (key === undefined) this.cells.sentAs.set(text, (key = enrichedForKey(text)));
    return key;
  }
}

/**
 * A write-back whose sparse reads would come to this share of the whole sheet's
 * cells reads it whole, in one range: fewer calls, about as many cells.
 */
const WHOLE_SHARE = 0.8;

/**
 * What one pass has read of the document's lists, by sheet: its sending step and its write-back
 * share it. A writer other than enrichment's (a search's, a territory's) may change any sheet, so
 * `forget` drops it all; so does a network call or a wait (a person may have sorted or typed
 * meanwhile: `interleaving` counts them), and the lists are read again before they are written.
 */
export class PassReads {
  private readonly sheets = new Map<number, SheetCells>();
  private readAt: number;

  constructor(private readonly interleaving: Pick<Interleaving, "calls"> = { calls: 0 }) {
    this.readAt = interleaving.calls;
  }

  /**
   * The list of `stored` in `sheet` (whose id is `sheetId`), from what this pass has read (a header
   * row without every result header is read anew). `rowsToWrite`: the results a write-back brings;
   * when most of the list would be read for them, the sheet is read whole at once.
   */
  list(sheetId: number, sheet: Sheet, stored: EnrichTarget, rowsToWrite = 0): ListRows {
    if (this.readAt !== this.interleaving.calls) this.forget();
    const known = this.sheets.get(sheetId);
    const knownList = known && ListRows.inSheet(known, stored);
    const reused = knownList !== undefined && !knownList.lacksResultHeaders();
    const cells = reused ? knownList.cells : new SheetCells(sheet);
    this.sheets.set(sheetId, cells);
    // Each row written takes its name, website and result columns; the `Enriched for` column is read whole first, unless this pass has.
    const sparse = (reused ? 0 : cells.lastRow) + rowsToWrite * (ENRICH_HEADERS.length + 2);
    const readWhole = rowsToWrite > 0 && sparse >= WHOLE_SHARE * cells.lastRow * cells.lastColumn;
    if (readWhole) cells.readAll();
    return reused && !readWhole ? knownList : ListRows.inSheet(cells, stored);
  }

  forget(): void {
    this.sheets.clear();
    this.readAt = this.interleaving.calls;
  }
}
