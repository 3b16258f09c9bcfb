// This file defines the page's copy of the active sheet's rows (no DOM here, so it is unit-tested):
// what the server's answers sent, row by row (the frozen rows, and the rows near the view), kept
// as the view moves on, so a row seen before shows at once while the server is asked for it
// again, and replaced by every answer that covers it. Another sheet's answer starts it afresh.
import { parseA1 } from "../../fakes/spreadsheet/a1";
import type { GridState, RowSpan } from "../grid-state";

interface RowData {
  values: string[];
  /** By column: the formula bar's text where it differs from the value (formulas). */
  inputs: Map<number, string>;
  /** Columns of quote-prefixed text: the formula bar shows an apostrophe before the value. */
  quoted: Set<number>;
  numbers: Set<number>;
  errors: Map<number, string>;
}

export class SheetRows {
  private sheet: string | null = null;
  private readonly rows = new Map<number, RowData>();
  /** The rows below the frozen ones that the latest answer covered. */
  private covered: RowSpan = { first: 1, last: 0 };
  private frozenRows = 0;

  /** Takes an answer in; says whether it is another sheet's than the one held (which is then dropped). */
  take(state: GridState): boolean {
    const switched = state.activeSheet !== this.sheet;
    if (switched) this.rows.clear();
    this.sheet = state.activeSheet;
    this.frozenRows = state.frozenRows;
    const fresh = (values: string[] | undefined): RowData => ({
      values: values ?? [],
      inputs: new Map(),
      quoted: new Set(),
      numbers: new Set(),
      errors: new Map(),
    });
    for (let r = 1; r <= state.frozenRows; r += 1) this.rows.set(r, fresh(state.frozenCells[r - 1]));
    for (let r = Math.max(state.rows.first, state.frozenRows + 1); r <= state.rows.last; r += 1)
      this.rows.set(r, fresh(state.cells[r - state.rows.first]));
    // Rows past the used range hold nothing any more (deleted, sorted away).
    for (const r of [...this.rows.keys()]) if (r > state.totalRows) this.rows.delete(r);
    const at = (a1: string): RowData | undefined => {
      const ref = parseA1(a1);
      return ref?.startRow == null ? undefined : this.rows.get(ref.startRow);
    };
    const column = (a1: string): number => parseA1(a1)?.startColumn ?? 0;
    for (const [a1, text] of Object.entries(state.inputs)) at(a1)?.inputs.set(column(a1), text);
    for (const a1 of state.quoted) at(a1)?.quoted.add(column(a1));
    for (const a1 of state.numbers) at(a1)?.numbers.add(column(a1));
    for (const [a1, message] of Object.entries(state.errors)) at(a1)?.errors.set(column(a1), message);
    this.covered = state.rows;
    return switched;
  }

  /** What the cell displays ("" where nothing was sent). */
  value(row: number, column: number): string {
    return this.rows.get(row)?.values[column - 1] ?? "";
  }

  /** What the formula bar shows for the cell: its formula or quote-prefixed text, else what it displays. */
  input(row: number, column: number): string {
    const data = this.rows.get(row);
    const value = this.value(row, column);
    return data?.inputs.get(column) ?? (data?.quoted.has(column) ? `'${value}` : value);
  }

  isNumber(row: number, column: number): boolean {
    return this.rows.get(row)?.numbers.has(column) ?? false;
  }

  error(row: number, column: number): string | undefined {
    return this.rows.get(row)?.errors.get(column);
  }

  /** Whether the latest answer covered `span` (as far as `lastRow`, the sheet's end): else the page asks for it. */
  covers(span: RowSpan, lastRow: number): boolean {
    const first = Math.max(span.first, this.frozenRows + 1);
    const last = Math.min(span.last, lastRow);
    return last < first || (this.covered.first <= first && this.covered.last >= last);
  }
}
