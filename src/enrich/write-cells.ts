// This file defines the one writer of enrichment's result columns. Missing result headers are
// added to the right of the data (or of the result block already there), by the one header check
// (src/sheets/headers.ts); then each contiguous run of result columns gets ONE setValues over the
// rows that change (src/sheets/block-writer.ts), with the cells of other rows written back as they
// were read. Only result columns are ever written; a write that would change nothing is skipped.
import { writeBlock, KEEP } from "../sheets/block-writer";
import { exactText, writesSame } from "../sheets/cell-text";
import { ENRICH_HEADERS } from "../sheets/columns";
import { addMissingHeaders } from "../sheets/headers";
import { cellAt, type SheetArea } from "./sheet-area";

/** New text per result header, per 1-based row. */
export type RowUpdates = Map<number, Map<string, string>>;

const shown = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/** The first column after the data and the result block: where missing result headers go. */
function firstFreeColumn(area: SheetArea): number {
  const header = area.values[area.target.headerRow - 1] ?? [];
  let lastUsed = area.values[0]?.length ?? 0;
  while (lastUsed > 0 && shown(header[lastUsed - 1]) === "" && area.values.every((row) => shown(row[lastUsed - 1]) === "")) lastUsed -= 1;
  return lastUsed + 1;
}

/** Writes the updates; returns the number of setValues calls made for rows. */
export function writeResultCells(area: SheetArea, updates: RowUpdates): number {
  const changed = [...updates].filter(([row, cells]) =>
    [...cells].some(([header, text]) => {
      const column = area.results.get(header);
      return column === undefined || !writesSame(exactText(text), cellAt(area, row, column));
    }),
  );
  if (changed.length === 0) return 0;
  if (ENRICH_HEADERS.some((header) => !area.results.has(header))) {
    addMissingHeaders(area.sheet, area.target.headerRow, ENRICH_HEADERS, area.results, firstFreeColumn(area));
  }
  const headerAt = new Map([...area.results].map(([header, column]) => [column, header]));
  const rows = changed.map(([row]) => row);
  const top = Math.min(...rows);
  return writeBlock(
    area.sheet,
    top,
    Math.max(...rows) - top + 1,
    [...headerAt.keys()],
    (row, column) => {
      const next = updates.get(row)?.get(headerAt.get(column) ?? "");
      return next === undefined ? KEEP : exactText(next);
    },
    { known: area.values, skipUnchanged: true },
  );
}
