// This file defines what the user selected on the active sheet, as rows: every selected range counts by the rows it covers, whatever its
// columns; one cell selected means the whole sheet. Its columns only suggest which to use when no header row names them.
import { rowSpan } from "./row-list";

type Range = GoogleAppsScript.Spreadsheet.Range;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * The selected ranges of `sheet`. getActiveRangeList() gives every range of a multiple selection
 * (with one range selected it "behaves as a getActiveRange() call"); where a runtime lacks it, or
 * has no list, getActiveRange() gives the last selected range.
 */
function selectedRanges(spreadsheet: Spreadsheet, sheet: Sheet): Range[] {
  const withList = spreadsheet as Partial<Pick<Spreadsheet, "getActiveRangeList">>;
  const list = typeof withList.getActiveRangeList === "function" ? withList.getActiveRangeList.call(spreadsheet) : null;
  let ranges: Range[] = list ? list.getRanges() : [];
  if (ranges.length === 0) {
    const active = spreadsheet.getActiveRange();
    ranges = active ? [active] : [];
  }
  const sheetId = sheet.getSheetId();
  return ranges.filter((range) => range.getSheet().getSheetId() === sheetId);
}

/** Every row (or column) from each `first`, `count` of them: ascending, each once. */
const covered = (spans: ReadonlyArray<[number, number]>): number[] =>
  [...new Set(spans.flatMap(([first, count]) => rowSpan(first, first + count - 1)))].sort((a, b) => a - b);

/** The rows (1-based, ascending, each once) the selection covers when it spans more than one cell; else null. */
export function selectedRows(spreadsheet: Spreadsheet, sheet: Sheet): number[] | null {
  const ranges = selectedRanges(spreadsheet, sheet);
  if (ranges.reduce((cells, range) => cells + range.getNumRows() * range.getNumColumns(), 0) <= 1) return null;
  return covered(ranges.map((range) => [range.getRow(), range.getNumRows()]));
}

/** The columns (1-based, ascending, each once) the selection covers on `sheet`. */
export function selectedColumns(spreadsheet: Spreadsheet, sheet: Sheet): number[] {
  return covered(selectedRanges(spreadsheet, sheet).map((range) => [range.getColumn(), range.getNumColumns()]));
}
