// This file defines what a key does in the playground's grid, as in Sheets (no DOM here, so it is
// unit-tested): arrows move the active cell, Shift+arrows extend the selection from it, Ctrl+arrows
// jump to the edge of the data; typing starts entering a new value, Enter or F2 edits the cell's
// content; in the editor Enter (down, to the column a run of Tabs started in) and Tab (right)
// enter the value and move, Escape cancels; Delete and Backspace empty the selected cells.
import { columnToLetters, parseA1 } from "../../fakes/spreadsheet/a1";
import { parseCustomCall } from "../formula-call";

export interface Cell {
  row: number;
  column: number;
}

export interface Selection {
  /** The active cell: where typing goes and Shift+arrows extend from. */
  anchor: Cell;
  /** The selection's other corner (the anchor itself for one cell). */
  corner: Cell;
}

/** The editor over a cell: "enter" replaced its content by typing, "edit" opened it with its content. */
export interface Editing {
  cell: Cell;
  mode: "enter" | "edit";
}

export interface Keystroke {
  key: string;
  shift: boolean;
  /** Ctrl, or Cmd on a Mac. */
  ctrl: boolean;
  alt: boolean;
}

export interface Limits {
  /** The grid's size (the sheet's, and a row and a column past the data): the selection stays inside it. */
  rows: number;
  columns: number;
  /** The data's extent, where Ctrl+arrows stop. */
  usedRows: number;
  usedColumns: number;
}

export type KeyAction =
  | { kind: "select"; anchor: Cell; corner: Cell }
  | { kind: "edit"; mode: Editing["mode"]; text: string | null }
  | { kind: "commit"; then: Cell | null }
  | { kind: "cancel" }
  | { kind: "clear" };

const ARROWS: Record<string, Cell> = {
  ArrowUp: { row: -1, column: 0 },
  ArrowDown: { row: 1, column: 0 },
  ArrowLeft: { row: 0, column: -1 },
  ArrowRight: { row: 0, column: 1 },
};

/**
 * What `key` does to the grid, or null when it does nothing there (the browser keeps it).
 * `tabRunColumn` is the column where the current run of Tabs started (null outside one): Enter
 * after a run of Tabs goes to the next row in that column, as in Sheets (type a row with Tab
 * between its cells, Enter, and the next row starts under its first cell).
 */
export function keyAction(
  key: Keystroke,
  selection: Selection,
  editor: { mode: Editing["mode"]; text: string } | null,
  limits: Limits,
  tabRunColumn: number | null = null,
): KeyAction | null {
  const step = ARROWS[key.key];
  const { anchor } = selection;
  if (editor !== null) {
    if (key.key === "Escape") return { kind: "cancel" };
    if (key.key === "Enter" && key.shift) return { kind: "commit", then: moved(anchor, { row: -1, column: 0 }, limits) };
    if (key.key === "Enter")
      return { kind: "commit", then: moved({ row: anchor.row, column: tabRunColumn ?? anchor.column }, { row: 1, column: 0 }, limits) };
    if (key.key === "Tab") return { kind: "commit", then: moved(anchor, { row: 0, column: key.shift ? -1 : 1 }, limits) };
    // Typing a new value (not a formula, where arrows move the caret): an arrow enters it and moves.
    if (step !== undefined && editor.mode === "enter" && !editor.text.startsWith("="))
      return { kind: "commit", then: moved(anchor, step, limits) };
    return null;
  }
  if (step !== undefined) {
    const from = key.shift ? selection.corner : anchor;
    const to = key.ctrl ? edge(from, step, limits) : moved(from, step, limits);
    return key.shift ? { kind: "select", anchor, corner: to } : { kind: "select", anchor: to, corner: to };
  }
  if (key.key === "Tab") {
    const to = moved(anchor, { row: 0, column: key.shift ? -1 : 1 }, limits);
    return { kind: "select", anchor: to, corner: to };
  }
  if (key.key === "Enter" || key.key === "F2") return { kind: "edit", mode: "edit", text: null };
  if (key.key === "Delete" || key.key === "Backspace") return { kind: "clear" };
  if (key.key.length === 1 && !key.ctrl && !key.alt) return { kind: "edit", mode: "enter", text: key.key };
  return null;
}

function moved(from: Cell, by: Cell, limits: Limits): Cell {
  return {
    row: Math.min(Math.max(1, from.row + by.row), Math.max(1, limits.rows)),
    column: Math.min(Math.max(1, from.column + by.column), Math.max(1, limits.columns)),
  };
}

/** Ctrl+arrow: to the first row or column, or to the data's last one (the grid's last past it). */
function edge(from: Cell, by: Cell, limits: Limits): Cell {
  const far = (position: number, used: number, size: number): number => (position < used ? used : size);
  const row = by.row < 0 ? 1 : by.row > 0 ? far(from.row, limits.usedRows, limits.rows) : from.row;
  const column = by.column < 0 ? 1 : by.column > 0 ? far(from.column, limits.usedColumns, limits.columns) : from.column;
  return moved({ row, column }, { row: 0, column: 0 }, limits);
}

export function a1Of(cell: Cell): string {
  return `${columnToLetters(cell.column)}${cell.row}`;
}

/** The rectangle between two corners. */
export function bounds(a: Cell, b: Cell): { top: Cell; bottom: Cell } {
  return {
    top: { row: Math.min(a.row, b.row), column: Math.min(a.column, b.column) },
    bottom: { row: Math.max(a.row, b.row), column: Math.max(a.column, b.column) },
  };
}

/** "B2" for one cell, else "B2:D9" from the top left, as Sheets names a selection. */
export function rangeA1(a: Cell, b: Cell): string {
  const { top, bottom } = bounds(a, b);
  return top.row === bottom.row && top.column === bottom.column ? a1Of(top) : `${a1Of(top)}:${a1Of(bottom)}`;
}

/** "B2:C9" or "B2" → its corners; anything else → null. */
export function parseRange(a1: string): { top: Cell; bottom: Cell } | null {
  const ref = parseA1(a1);
  if (ref === null || ref.startRow === null || ref.startColumn === null) return null;
  return bounds(
    { row: ref.startRow, column: ref.startColumn },
    { row: ref.endRow ?? ref.startRow, column: ref.endColumn ?? ref.startColumn },
  );
}

/** A typed formula the add-on computes (Sheets shows "Loading..." in its cell meanwhile). */
export function startsCustomFormula(text: string): boolean {
  return parseCustomCall(text) !== null;
}
