// This file defines the few Sheet operations the writer needs, as a structural subset of Apps
// Script's Sheet, so the writer is plain code that any object with these methods can drive.

interface GridRange {
  getValues(): unknown[][];
  getFormulas(): string[][];
  setValues(values: unknown[][]): unknown;
  setFontWeight(weight: string | null): unknown;
}

export interface Grid {
  getLastRow(): number;
  getLastColumn(): number;
  getMaxRows(): number;
  getMaxColumns(): number;
  getRange(row: number, column: number, numRows: number, numColumns: number): GridRange;
  insertRowsAfter(afterPosition: number, howMany: number): unknown;
  insertColumnsAfter(afterPosition: number, howMany: number): unknown;
  deleteRows(rowPosition: number, howMany: number): unknown;
}

/** Items grouped into runs of adjacent columns (`column` gives an item's), in column order: each run is one range to write. */
export function adjacentRuns<T>(items: Iterable<T>, column: (item: T) => number): T[][] {
  const sorted = [...items].sort((a, b) => column(a) - column(b));
  const runs: T[][] = [];
  for (const item of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last !== undefined && column(last) + 1 === column(item)) run.push(item);
    else runs.push([item]);
  }
  return runs;
}
