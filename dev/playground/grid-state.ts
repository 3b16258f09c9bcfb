// This file defines what the playground's server sends the page's grid (shared by both sides).

export interface GridState {
  sheets: string[];
  activeSheet: string;
  /** The selection in A1 notation on the active sheet. */
  selection: string;
  /** Display values of the active sheet's used range, from A1, capped at GRID_ROW_LIMIT rows. */
  cells: string[][];
  totalRows: number;
  frozenRows: number;
}

export interface GridAnswer {
  version: string;
  /** Absent when the grid has not changed since the version the page already has. */
  state?: GridState;
  clock: { now: number; speed: number; nextTriggerAt: number | null };
}
