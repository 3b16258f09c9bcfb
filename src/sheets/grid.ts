// This file defines the few Sheet operations the writer needs, as a structural subset of Apps
// Script's Sheet, so the writer is plain code that any object with these methods can drive.

export interface GridRange {
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
  setFrozenRows(rows: number): unknown;
  setColumnWidths(startColumn: number, numColumns: number, width: number): unknown;
}
