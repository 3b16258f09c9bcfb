// This file defines what the playground's server sends the page's grid (shared by both sides).

export interface GridState {
  sheets: string[];
  activeSheet: string;
  /** The selection in A1 notation on the active sheet. */
  selection: string;
  /** Display values of the active sheet's used range, from A1: every row (the page renders those in view). */
  cells: string[][];
  /** What the formula bar shows where it differs from the display (formulas, quote-prefixed text), by A1. */
  inputs: Record<string, string>;
  /** Cells holding a number or a date, which Sheets aligns right (A1s). */
  numbers: string[];
  /** The message of each error value (#ERROR!, #REF!, #NAME?), shown on hover as Sheets does, by A1. */
  errors: Record<string, string>;
  totalRows: number;
  frozenRows: number;
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
