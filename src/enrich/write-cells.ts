// This file defines the one writer of enrichment's result columns. Missing result headers are
// added to the right of the data (or of the result block already there); then each contiguous run
// of result columns gets ONE setValues over the rows that change, with the cells of other rows
// written back as they were read. Only result columns are ever written; a write that would
// change nothing is skipped.
import { exactText, unchangedCellInput } from "../sheets/cell-text";
import { adjacentRuns } from "../sheets/grid";
import { ENRICH_HEADERS } from "./result-columns";
import { cellAt, type SheetArea } from "./sheet-area";

/** New text per result header, per 1-based row. */
export type RowUpdates = Map<number, Map<string, string>>;

const shown = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/** Adds the result headers that are missing (bold), after the last column of the data. */
function ensureResultHeaders(area: SheetArea): void {
  const missing = ENRICH_HEADERS.filter((header) => !area.results.has(header));
  if (missing.length === 0) return;
  const width = area.values[0]?.length ?? 0;
  const header = area.values[area.target.headerRow - 1] ?? [];
  let lastUsed = width;
  while (lastUsed > 0 && shown(header[lastUsed - 1]) === "" && area.values.every((row) => shown(row[lastUsed - 1]) === "")) lastUsed -= 1;
  const start = lastUsed + 1;
  const needed = start + missing.length - 1;
  const maxColumns = area.sheet.getMaxColumns();
  if (needed > maxColumns) area.sheet.insertColumnsAfter(maxColumns, needed - maxColumns);
  const range = area.sheet.getRange(area.target.headerRow, start, 1, missing.length);
  range.setValues([missing.map(exactText)]);
  range.setFontWeight("bold");
  missing.forEach((h, i) => area.results.set(h, start + i));
}

/** Result columns grouped into runs of adjacent positions. */
function runs(area: SheetArea): Array<Array<{ header: string; column: number }>> {
  return adjacentRuns([...area.results].map(([header, column]) => ({ header, column })), (item) => item.column);
}

/** Writes the updates; returns the number of setValues calls made for rows. */
export function writeResultCells(area: SheetArea, updates: RowUpdates): number {
  const changed = [...updates].filter(([row, cells]) =>
    [...cells].some(([header, text]) => {
      const column = area.results.get(header);
      return column === undefined || shown(cellAt(area, row, column)) !== text;
    }),
  );
  if (changed.length === 0) return 0;
  ensureResultHeaders(area);
  const rows = changed.map(([row]) => row);
  const top = Math.min(...rows);
  const height = Math.max(...rows) - top + 1;
  let writes = 0;
  for (const run of runs(area)) {
    const matrix: unknown[][] = [];
    let differs = false;
    for (let offset = 0; offset < height; offset += 1) {
      const cells = updates.get(top + offset);
      matrix.push(
        run.map(({ header, column }) => {
          const current = cellAt(area, top + offset, column);
          const next = cells?.get(header);
          if (next === undefined) return unchangedCellInput(current, "");
          if (shown(current) !== next) differs = true;
          return exactText(next);
        }),
      );
    }
    if (!differs) continue;
    area.sheet.getRange(top, run[0]?.column ?? 1, height, run.length).setValues(matrix);
    writes += 1;
    // The area now reads as the sheet does, so a later write in the same execution keeps these cells.
    for (const [row, cells] of changed) {
      const values = area.values[row - 1] ?? (area.values[row - 1] = []);
      for (const { header, column } of run) {
        const next = cells.get(header);
        if (next !== undefined) values[column - 1] = next;
      }
    }
  }
  return writes;
}
