// Defines a sheet's stored grid (cells, size, frozen rows, widths, selection) and the edits on it.

import { type Cell, emptyCell, formatOnly, hasContent } from "./cell";
import { messages } from "./errors";

/** A rectangle of cells, 1-based. */
export interface Box {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

/** What a sheet needs from its spreadsheet: the cell budget and error construction. */
export interface SheetOwner {
  totalCells(): number;
  error(message: string): Error;
}

export const DEFAULT_COLUMN_WIDTH = 100;

export class SheetModel {
  /** rows[r - 1][c - 1]; holes are cells never written (empty, default format). */
  private rows: (Cell | undefined)[][] = [];
  maxRows = 1000;
  maxColumns = 26;
  frozenRows = 0;
  frozenColumns = 0;
  deleted = false;
  /**
   * The selected ranges, in the order they were selected (Ctrl-click adds one); the last is the
   * active range. Never empty: a sheet always has a current cell.
   */
  private selected: Box[] = [{ row: 1, column: 1, numRows: 1, numColumns: 1 }];
  private columnWidths: number[] = [];

  constructor(
    readonly id: number,
    public name: string,
    private readonly owner: SheetOwner,
  ) {}

  /** A copy to change apart from this one (an execution's view of the sheet before it commits). */
  clone(): SheetModel {
    const copy = new SheetModel(this.id, this.name, this.owner);
    copy.rows = this.rows.map((row) => (row === undefined ? row : row.map((cell) => (cell === undefined ? cell : { ...cell }))));
    copy.maxRows = this.maxRows;
    copy.maxColumns = this.maxColumns;
    copy.frozenRows = this.frozenRows;
    copy.frozenColumns = this.frozenColumns;
    copy.deleted = this.deleted;
    copy.selected = this.selected.map((box) => ({ ...box }));
    copy.columnWidths = [...this.columnWidths];
    return copy;
  }

  /** The active range: the last selected one. Setting it selects that range alone. */
  get selection(): Box {
    return this.selected[this.selected.length - 1] ?? { row: 1, column: 1, numRows: 1, numColumns: 1 };
  }

  set selection(box: Box) {
    this.selected = [{ ...box }];
  }

  /** Every selected range, the active one last. */
  get selections(): Box[] {
    return this.selected.map((box) => ({ ...box }));
  }

  selectRanges(boxes: readonly Box[]): void {
    if (boxes.length > 0) this.selected = boxes.map((box) => ({ ...box }));
  }

  get(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.[column - 1];
  }

  /** The cell at (row, column), created with default formatting when it was never written. */
  ensure(row: number, column: number): Cell {
    let r = this.rows[row - 1];
    if (!r) {
      r = [];
      this.rows[row - 1] = r;
    }
    let cell = r[column - 1];
    if (!cell) {
      cell = emptyCell();
      r[column - 1] = cell;
    }
    return cell;
  }

  /** The last row holding a value or formula; 0 when the sheet is empty. */
  lastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) if ((this.rows[r - 1] ?? []).some((c) => hasContent(c))) return r;
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const row of this.rows) {
      if (!row) continue;
      for (let c = row.length; c > last; c--) {
        if (hasContent(row[c - 1])) {
          last = c;
          break;
        }
      }
    }
    return last;
  }

  isInside(box: Box): boolean {
    return box.row + box.numRows - 1 <= this.maxRows && box.column + box.numColumns - 1 <= this.maxColumns;
  }

  /** Grows the grid so `box` fits, as Sheets does when a script writes past the last row or column. */
  growToFit(box: Box): void {
    const rows = Math.max(this.maxRows, box.row + box.numRows - 1);
    const columns = Math.max(this.maxColumns, box.column + box.numColumns - 1);
    this.checkBudget(rows * columns - this.maxRows * this.maxColumns);
    this.maxRows = rows;
    this.maxColumns = columns;
  }

  private checkBudget(extraCells: number): void {
    if (extraCells > 0 && this.owner.totalCells() + extraCells > 10_000_000) throw this.owner.error(messages.cellLimit);
  }

  /** Inserts `count` rows before row `before`; they take the formatting of row `formatFrom` if given. */
  insertRows(before: number, count: number, formatFrom: number | null): void {
    this.checkBudget(count * this.maxColumns);
    const template = formatFrom === null ? [] : (this.rows[formatFrom - 1] ?? []);
    const fresh = (): (Cell | undefined)[] => template.map((c) => (c ? formatOnly(c) : undefined));
    // Rows below every stored one need nothing stored; rows without a format are holes (a sheet of millions of empty rows is cheap).
    if (before - 1 < this.rows.length || template.some((c) => c !== undefined)) {
      while (this.rows.length < before - 1) this.rows.push([]);
      const inserted = template.some((c) => c !== undefined)
        ? Array.from({ length: count }, fresh)
        : new Array<(Cell | undefined)[]>(count);
      this.rows = this.rows.slice(0, before - 1).concat(inserted, this.rows.slice(before - 1));
    }
    this.maxRows += count;
    if (before <= this.frozenRows) this.frozenRows += count;
    this.selected = this.selected.map((box) => (box.row >= before ? { ...box, row: box.row + count } : box));
  }

  deleteRows(start: number, count: number): void {
    if (start < 1 || count < 1 || start + count - 1 > this.maxRows) throw this.owner.error(messages.rowsOutOfBounds);
    if (deletesAllUnfrozen(start, count, this.maxRows, this.frozenRows)) throw this.owner.error(messages.deleteAllRows);
    this.rows.splice(start - 1, count);
    this.maxRows -= count;
    if (start <= this.frozenRows) this.frozenRows -= Math.min(count, this.frozenRows - start + 1);
    this.selection = { row: 1, column: 1, numRows: 1, numColumns: 1 };
  }

  insertColumns(before: number, count: number, formatFrom: number | null): void {
    this.checkBudget(count * this.maxRows);
    for (const row of this.rows) {
      if (!row) continue;
      const template = formatFrom === null ? undefined : row[formatFrom - 1];
      while (row.length < before - 1) row.push(undefined);
      row.splice(before - 1, 0, ...Array.from({ length: count }, () => (template ? formatOnly(template) : undefined)));
    }
    while (this.columnWidths.length < before - 1) this.columnWidths.push(DEFAULT_COLUMN_WIDTH);
    const width = formatFrom === null ? DEFAULT_COLUMN_WIDTH : this.columnWidth(formatFrom);
    this.columnWidths.splice(before - 1, 0, ...Array.from({ length: count }, () => width));
    this.maxColumns += count;
    if (before <= this.frozenColumns) this.frozenColumns += count;
    this.selected = this.selected.map((box) => (box.column >= before ? { ...box, column: box.column + count } : box));
  }

  deleteColumns(start: number, count: number): void {
    if (start < 1 || count < 1 || start + count - 1 > this.maxColumns) throw this.owner.error(messages.columnsOutOfBounds);
    if (deletesAllUnfrozen(start, count, this.maxColumns, this.frozenColumns)) throw this.owner.error(messages.deleteAllColumns);
    for (const row of this.rows) if (row) row.splice(start - 1, count);
    this.columnWidths.splice(start - 1, count);
    this.maxColumns -= count;
    if (start <= this.frozenColumns) this.frozenColumns -= Math.min(count, this.frozenColumns - start + 1);
    this.selection = { row: 1, column: 1, numRows: 1, numColumns: 1 };
  }

  /**
   * Moves `count` columns from `start` to before column `destination`, counted as before the move
   * (Google's Sheet.moveColumns; a user dragging column headers): cells, formats and widths go along.
   */
  moveColumns(start: number, count: number, destination: number): void {
    if (start < 1 || count < 1 || start + count - 1 > this.maxColumns || destination < 1 || destination > this.maxColumns + 1) {
      throw this.owner.error(messages.columnsOutOfBounds);
    }
    if (destination >= start && destination <= start + count) return;
    const at = destination > start ? destination - 1 - count : destination - 1;
    const move = <T>(list: T[], fill: T): void => {
      while (list.length < Math.max(start + count - 1, destination - 1)) list.push(fill);
      list.splice(at, 0, ...list.splice(start - 1, count));
    };
    for (const row of this.rows) if (row) move(row, undefined);
    move(this.columnWidths, DEFAULT_COLUMN_WIDTH);
    this.selection = { row: 1, column: 1, numRows: 1, numColumns: 1 };
  }

  columnWidth(column: number): number {
    return this.columnWidths[column - 1] ?? DEFAULT_COLUMN_WIDTH;
  }

  setColumnWidth(column: number, width: number): void {
    while (this.columnWidths.length < column) this.columnWidths.push(DEFAULT_COLUMN_WIDTH);
    this.columnWidths[column - 1] = width;
  }

  /**
   * Sorts the rows of `box` by `column` (absolute), moving whole row segments within the box.
   * Sheets' order: numbers (and dates) before text (case-insensitive) before booleans; blanks stay last.
   */
  sortBox(box: Box, column: number, ascending: boolean): void {
    const segments = Array.from({ length: box.numRows }, (_, i) => {
      const row = this.rows[box.row - 1 + i] ?? [];
      return row.slice(box.column - 1, box.column - 1 + box.numColumns);
    });
    const key = (segment: (Cell | undefined)[]): Cell | undefined => segment[column - box.column];
    const sorted = segments
      .map((segment, index) => ({ segment, index }))
      .sort((a, b) => {
        const ka = key(a.segment);
        const kb = key(b.segment);
        const blankA = !hasContent(ka);
        const blankB = !hasContent(kb);
        if (blankA || blankB) return blankA === blankB ? a.index - b.index : blankA ? 1 : -1;
        const c = compareValues(ka?.value ?? null, kb?.value ?? null);
        return c !== 0 ? (ascending ? c : -c) : a.index - b.index;
      });
    sorted.forEach(({ segment }, i) => {
      const r = box.row - 1 + i;
      let row = this.rows[r];
      if (!row) {
        row = [];
        this.rows[r] = row;
      }
      for (let c = 0; c < box.numColumns; c++) row[box.column - 1 + c] = segment[c];
    });
  }

  /** Every cell ever written (holes skipped). */
  *existingCells(): Generator<Cell> {
    for (const row of this.rows) if (row) for (const cell of row) if (cell) yield cell;
  }

  /** Every cell of `box`, created on demand; used by writes. */
  *cellsOf(box: Box): Generator<{ cell: Cell; i: number; j: number }> {
    for (let i = 0; i < box.numRows; i++)
      for (let j = 0; j < box.numColumns; j++) yield { cell: this.ensure(box.row + i, box.column + j), i, j };
  }
}

function compareValues(a: string | number | boolean | null, b: string | number | boolean | null): number {
  const rank = (v: typeof a): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === "string" && typeof b === "string") return a.localeCompare(b, "en", { sensitivity: "base" });
  return Number(a) - Number(b);
}

/** Sheets refuses to delete every row (column) that is not frozen. */
function deletesAllUnfrozen(start: number, count: number, size: number, frozen: number): boolean {
  const frozenDeleted = Math.max(0, Math.min(frozen, start + count - 1) - start + 1);
  return count - frozenDeleted >= size - frozen;
}
