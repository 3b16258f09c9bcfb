// Defines how Sheets shows the results of formulas the fake does not compute itself (custom
// functions, computed by whoever runs them): a value in the formula's cell, an array spilled right
// and down into empty cells, or an error value with the message Sheets shows on hover.

import { columnToLetters } from "./a1";
import { type Cell, clearContent, hasContent, prepareWrite, type WriteContext } from "./cell";
import { messages } from "./errors";
import type { SheetModel } from "./sheet-model";

/** A value a custom function may return for one cell (null and undefined leave it empty). */
export type ComputedValue = string | number | boolean | Date | null | undefined;

/**
 * A formula's outcome: its rows of values (one row of one value for a single value), or the
 * message it failed with and the error value it shows (default #ERROR!, e.g. "#NAME?").
 */
export type ComputedResult = { values: ReadonlyArray<readonly ComputedValue[]> } | { error: string; value?: string };

export interface ComputedFormula {
  row: number;
  column: number;
  result: ComputedResult;
}

/** What a cell shows when its custom function threw. */
export const FORMULA_ERROR_VALUE = "#ERROR!";
/** What a cell shows when its array result cannot spill. */
export const SPILL_ERROR_VALUE = "#REF!";

/**
 * Shows `computed` on the sheet as Sheets does: every earlier spill is withdrawn first, then each
 * formula (top to bottom, left to right) shows its first value and spills the rest into cells that
 * hold nothing, else shows #REF! naming the first cell in the way. A cell no longer holding a
 * formula is skipped. Strings stay text: a custom function's result is never parsed.
 */
export function showComputedFormulas(sheet: SheetModel, computed: readonly ComputedFormula[], ctx: WriteContext): void {
  for (const cell of sheet.existingCells()) if (cell.spilled) clearContent(cell);
  const ordered = [...computed].sort((a, b) => a.row - b.row || a.column - b.column);
  for (const { row, column, result } of ordered) {
    const anchor = sheet.get(row, column);
    if (anchor === undefined || anchor.formula === "") continue;
    if ("error" in result) {
      showError(anchor, result.value ?? FORMULA_ERROR_VALUE, result.error);
      continue;
    }
    const problem = spillProblem(sheet, row, column, result.values);
    if (problem !== null) {
      showError(anchor, SPILL_ERROR_VALUE, problem);
      continue;
    }
    setComputed(anchor, result.values[0]?.[0], ctx);
    const width = Math.max(0, ...result.values.map((r) => r.length));
    result.values.forEach((values, i) => {
      for (let j = 0; j < width; j += 1) {
        if (i === 0 && j === 0) continue;
        const cell = sheet.ensure(row + i, column + j);
        setComputed(cell, values[j], ctx);
        cell.spilled = true;
      }
    });
  }
}

function spillProblem(sheet: SheetModel, row: number, column: number, values: ReadonlyArray<readonly ComputedValue[]>): string | null {
  const height = values.length;
  const width = Math.max(0, ...values.map((r) => r.length));
  if (row + height - 1 > sheet.maxRows) return messages.spillPastEdge(row + height - 1 - sheet.maxRows, "rows");
  if (column + width - 1 > sheet.maxColumns) return messages.spillPastEdge(column + width - 1 - sheet.maxColumns, "columns");
  for (let i = 0; i < height; i += 1) {
    for (let j = 0; j < width; j += 1) {
      if ((i > 0 || j > 0) && hasContent(sheet.get(row + i, column + j)))
        return messages.spillBlocked(`${columnToLetters(column + j)}${row + i}`);
    }
  }
  return null;
}

function showError(anchor: Cell, value: string, message: string): void {
  const formula = anchor.formula;
  clearContent(anchor);
  anchor.formula = formula;
  anchor.value = value;
  anchor.errorMessage = message;
}

/** Puts one computed value in a cell, keeping the cell's formula (if it is the formula's own cell). */
function setComputed(cell: Cell, value: ComputedValue, ctx: WriteContext): void {
  const formula = cell.formula;
  if (typeof value === "string") {
    clearContent(cell);
    cell.value = value === "" ? null : value;
  } else {
    prepareWrite(value ?? null, ctx)(cell);
  }
  cell.formula = formula;
}
