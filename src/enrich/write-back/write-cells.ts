// This file defines the one writer of enrichment's result columns: missing result headers are added after the data (src/sheets/headers.ts),
// then each run of result columns gets ONE setValues over the changed rows (block-writer.ts). Only result columns are written.
import { writeBlock, KEEP } from "../../sheets/block-writer";
import { exactText, writesSame } from "../../sheets/cell-text";
import { ENRICH_HEADERS } from "../../sheets/columns";
import { addMissingHeaders } from "../../sheets/headers";
import { cellAt, type SheetArea } from "../list/sheet-area";

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
  // Where only some cells were read (a pass), only the result columns the updates set are written.
  const touched = area.loaded ? new Set(changed.flatMap(([, cells]) => [...cells.keys()])) : null;
  const headerAt = new Map(
    [...area.results].filter(([header]) => touched === null || touched.has(header)).map(([header, column]) => [column, header]),
  );
  const cellOf = (row: number, column: number): string | undefined => updates.get(row)?.get(headerAt.get(column) ?? "");
  let writes = 0;
  for (const [top, bottom] of blocksOf(
    changed.map(([row]) => row),
    [...headerAt.keys()],
    area.loaded,
  )) {
    writes += writeBlock(
      area.sheet,
      top,
      bottom - top + 1,
      [...headerAt.keys()],
      (row, column) => {
        const next = cellOf(row, column);
        return next === undefined ? KEEP : exactText(next);
      },
      { known: area.values, skipUnchanged: true },
    );
  }
  return writes;
}

/**
 * The blocks the changed rows are written in: one from the first to the last where every cell was
 * read; else a row joins the block above it only when the cells between (written back as read)
 * were read, so a block never writes a cell it did not read (nor compares with one).
 */
function blocksOf(rows: readonly number[], columns: readonly number[], loaded: SheetArea["loaded"]): Array<[number, number]> {
  const sorted = [...rows].sort((a, b) => a - b);
  if (!loaded) return [[sorted[0] ?? 1, sorted[sorted.length - 1] ?? 1]];
  const kept = (row: number): boolean => columns.every((column) => loaded(row, column));
  const blocks: Array<[number, number]> = [];
  for (const row of sorted) {
    if (!kept(row)) throw new Error(`Row ${row} is written without having been read.`);
    const block = blocks[blocks.length - 1];
    let joined = block !== undefined;
    for (let between = (block?.[1] ?? row) + 1; joined && between < row; between += 1) joined = kept(between);
    if (block && joined) block[1] = row;
    else blocks.push([row, row]);
  }
  return blocks;
}
