// This file measures a sheet's grid as Google's 10,000,000-cell limit counts it: every row × every column, filled or not.
import type { FakeRuntime } from "../dev/fakes/runtime";

export function gridCells(runtime: FakeRuntime, sheetName: string): number {
  const info = runtime.spreadsheetApp.testing.sheetInfo(sheetName);
  return info.maxRows * info.maxColumns;
}
