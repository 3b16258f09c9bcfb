// This file defines what the user selected on the active sheet, as rows: every selected range counts by the rows it covers, whatever its
// columns; one cell selected means the whole sheet. Its columns only suggest which to use when no header row names them.
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

/** The rows (1-based, ascending, each once) the selection covers when it spans more than one cell; else null. */
export function selectedRows(spreadsheet: Spreadsheet, sheet: Sheet): number[] | null {
  const boxes = selectedRanges(spreadsheet, sheet).map((range) => ({
    row: range.getRow(),
    rows: range.getNumRows(),
    cells: range.getNumRows() * range.getNumColumns(),
  }));
  if (boxes.reduce((cells, box) => cells + box.cells, 0) <= 1) return null;
  const rows = new Set<number>();
  for (const box of boxes) for (let row = box.row; row < box.row + box.rows; row += 1) rows.add(row);
  return [...rows].sort((a, b) => a - b);
}

/** The columns (1-based, ascending, each once) the selection covers on `sheet`. */
export function selectedColumns(spreadsheet: Spreadsheet, sheet: Sheet): number[] {
  const columns = new Set<number>();
  for (const range of selectedRanges(spreadsheet, sheet))
    for (let c = range.getColumn(); c < range.getColumn() + range.getNumColumns(); c += 1) columns.add(c);
  return [...columns].sort((a, b) => a - b);
}
