// This file defines what the playground's server sends the page's grid (shared by both sides).

/** Rows of a sheet, first to last (1-based, inclusive). */
export interface RowSpan {
  first: number;
  last: number;
}

export interface GridState {
  sheets: string[];
  activeSheet: string;
  /** The selection in A1 notation on the active sheet. */
  selection: string;
  /**
   * The rows this answer covers: those the page asked for (the rows in its view and a margin), or
   * every row of the used range when it asked for none. `cells` holds their display values, from
   * `rows.first`, as far as the used range goes; a covered row past it is empty.
   */
  rows: RowSpan;
  cells: string[][];
  /** The frozen rows' display values (rows 1 to frozenRows of the used range), sent whatever the window: they stay on top. */
  frozenCells: string[][];
  /**
   * What the formula bar shows where it differs from the display, by A1, for the rows sent: formulas;
   * quote-prefixed text too in an answer for the whole sheet (no window), as it always had them.
   */
  inputs: Record<string, string>;
  /**
   * Cells of quote-prefixed text among the rows of a window (not spelled out in `inputs`): the
   * formula bar shows an apostrophe before what they display.
   */
  quoted: string[];
  /** Cells holding a number or a date, which Sheets aligns right (A1s), among the rows sent. */
  numbers: string[];
  /** The message of each error value (#ERROR!, #REF!, #NAME?), shown on hover as Sheets does, by A1, among the rows sent. */
  errors: Record<string, string>;
  /** The used range's size: where Ctrl+arrows stop. */
  totalRows: number;
  totalColumns: number;
  frozenRows: number;
  /** Columns that stay in view, left, while the others scroll (a results sheet's Name column). */
  frozenColumns: number;
  /** The active sheet's size: the selection cannot leave it. */
  maxRows: number;
  maxColumns: number;
}

export interface ClockState {
  now: number;
  speed: number;
  nextTriggerAt: number | null;
}

export interface GridAnswer {
  version: string;
  /** Absent when the grid has not changed since the version the page already has. */
  state?: GridState;
  clock: ClockState;
}

/** What the page's clock control gets back after moving the virtual clock forward. */
export interface AdvanceAnswer {
  /** Background passes (trigger runs) on the way. */
  runs: number;
  failures: string[];
  now: number;
}

/** "12-80" (the page's `rows` parameter) → the span; null when absent or not two row numbers in order. */
export function parseRowSpan(text: string | null): RowSpan | null {
  const match = /^(\d{1,7})-(\d{1,7})$/.exec(text ?? "");
  if (match === null) return null;
  const first = Number(match[1]);
  const last = Number(match[2]);
  return first >= 1 && last >= first ? { first, last } : null;
}

/** What "Paste a list" made: its sheet, the range selected, how many rows of businesses. */
export interface PastedList {
  sheetName: string;
  rangeA1: string;
  rows: number;
  /** The text's own header line ("Company, URL") that the header row put above the list replaced, else null. */
  replacedHeader: string | null;
}
