// This file defines the one way the add-on writes a block of rows: one setValues per run of adjacent columns over the block's rows.
// Cells inside the block that are not the writer's (a user's notes, another job's rows) are read first and written back unchanged.
import { adjacentRuns, type Grid } from "./grid";
import { readsAs, unchangedCellInput, writesSame } from "./cell-text";

/** A cell to leave as it is: written back as read. */
export const KEEP: unique symbol = Symbol("keep");

export type BlockCell = string | number | typeof KEEP;

interface BlockOptions {
  /**
   * The sheet's values as already read (values[row - 1][column - 1]): kept cells are written back
   * from them instead of reading the block, and they are updated with what is written, so a later
   * write in the same execution keeps these cells.
   */
  known?: unknown[][];
  /** The formulas read with `known` (same indexes): a kept formula is written back as a formula. Without them a kept cell is its value. */
  knownFormulas?: string[][];
  /** Skip a run in which no cell would change (compared with `known`). */
  skipUnchanged?: boolean;
  /** The run holding this column is written first: a pass killed between two writes leaves rows found by it. */
  firstColumn?: number;
}

/**
 * Writes rows `top` to `top + height - 1` of the given columns: `cell(row, column)` is each cell's
 * input (exact text, a number) or KEEP. Returns the number of setValues made.
 */
export function writeBlock(
  grid: Grid,
  top: number,
  height: number,
  columns: readonly number[],
  cell: (row: number, column: number) => BlockCell,
  options: BlockOptions = {},
): number {
  const first = options.firstColumn;
  const runs = adjacentRuns(columns, (column) => column).sort((a, b) => Number(b.includes(first ?? -1)) - Number(a.includes(first ?? -1)));
  let writes = 0;
  for (const run of runs) {
    const planned = Array.from({ length: height }, (_, offset) => run.map((column) => cell(top + offset, column)));
    const keeps = planned.some((row) => row.some((input) => input === KEEP));
    const known = options.known;
    if (
      options.skipUnchanged &&
      known &&
      planned.every((row, offset) =>
        row.every((input, i) => input === KEEP || writesSame(input, known[top + offset - 1]?.[(run[i] ?? 0) - 1] ?? "")),
      )
    )
      continue;
    const range = grid.getRange(top, run[0] ?? 1, height, run.length);
    const values = keeps && !known ? range.getValues() : [];
    const formulas = keeps && !known ? range.getFormulas() : [];
    const matrix = planned.map((row, offset) =>
      row.map((input, i) => {
        if (input !== KEEP) return input;
        const at = (run[i] ?? 0) - 1;
        if (!known) return unchangedCellInput(values[offset]?.[i], formulas[offset]?.[i] ?? "");
        return unchangedCellInput(known[top + offset - 1]?.[at] ?? "", options.knownFormulas?.[top + offset - 1]?.[at] ?? "");
      }),
    );
    range.setValues(matrix);
    writes += 1;
    if (known)
      planned.forEach((row, offset) => {
        const cells = (known[top + offset - 1] ??= []);
        for (const [i, input] of row.entries()) if (input !== KEEP) cells[(run[i] ?? 0) - 1] = readsAs(input);
      });
  }
  return writes;
}

/** Writes `rows` in one block from the first to the last (the grid grown to it): `cell` keeps the rows between that are not theirs. */
export function writeRows(
  grid: Grid,
  rows: readonly number[],
  columns: readonly number[],
  cell: (row: number, column: number) => BlockCell,
  options: BlockOptions,
): void {
  if (rows.length === 0) return;
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const maxRows = grid.getMaxRows();
  if (bottom > maxRows) grid.insertRowsAfter(maxRows, bottom - maxRows);
  writeBlock(grid, top, bottom - top + 1, columns, cell, options);
}
