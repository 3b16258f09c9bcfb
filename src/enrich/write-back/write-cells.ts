// This file defines the one writer of enrichment's result columns: missing result headers added after the data (src/sheets/headers.ts),
// then ONE setValues per run of result columns over the changed rows (block-writer.ts). The rows written are read back: where a person's
// sort or insert moved them between the read and the write, the cells are put right by what each row holds (Google has no transaction).
import { writeBlock, KEEP } from "../../sheets/block-writer";
import { cellText, exactText, writesSame } from "../../sheets/cell-text";
import { ENRICH_HEADERS } from "../../sheets/columns";
import { addMissingHeaders } from "../../sheets/headers";
import { cellAt, rereadArea, type SheetArea } from "../list/sheet-area";

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

/**
 * Writes the updates, then checks that each row written still holds what it held (else puts it right); returns the setValues made for rows.
 */
export function writeResultCells(area: SheetArea, updates: RowUpdates): number {
  const writes = writeCells(area, updates);
  if (writes > 0) putRightMovedRows(area, updates);
  return writes;
}

/** What a row holds that makes it the row it is: its name and website cells, as text. */
const identityOf = (area: SheetArea, row: number): string =>
  `${cellText(cellAt(area, row, area.target.nameColumn))}\u0001${cellText(cellAt(area, row, area.target.websiteColumn))}`;

/** The rows' identities as the sheet holds them now: the name and website columns over their span (one read when adjacent). */
function identitiesNow(area: SheetArea, rows: readonly number[]): Map<number, string> {
  const top = Math.min(...rows);
  const height = Math.max(...rows) - top + 1;
  const { nameColumn, websiteColumn } = area.target;
  const left = Math.min(nameColumn, websiteColumn);
  const adjacent = Math.abs(nameColumn - websiteColumn) === 1;
  const read = (column: number, width: number) => area.sheet.getRange(top, column, height, width).getValues();
  const pair = adjacent ? read(left, 2) : null;
  const names = pair ?? read(nameColumn, 1);
  const websites = pair ?? read(websiteColumn, 1);
  const at = (values: unknown[][], offset: number, column: number) => cellText(values[offset]?.[adjacent ? column - left : 0]);
  return new Map(rows.map((row) => [row, `${at(names, row - top, nameColumn)}\u0001${at(websites, row - top, websiteColumn)}`]));
}

/**
 * A person may sort, insert or delete rows between the read that found the rows and the write: the
 * rows written are read back, and where one no longer holds what it held, the list is read again
 * and each row gets the cells of what it holds (the cells meant for it), and a row that took the
 * place of a written one gets back what it held before. Once: a second move is met by the next pass.
 */
function putRightMovedRows(area: SheetArea, updates: RowUpdates): void {
  const rows = [...updates.keys()];
  const now = identitiesNow(area, rows);
  if (rows.every((row) => now.get(row) === identityOf(area, row))) return;
  const meant = new Map([...updates].map(([row, cells]) => [identityOf(area, row), cells]));
  const headers = new Set(rows.flatMap((row) => [...(updates.get(row)?.keys() ?? [])]));
  // What each row held before the write, by what it holds: a row moved onto a written place gets it back.
  const before = new Map<string, Map<string, string>>();
  for (const row of area.rows) {
    const identity = identityOf(area, row);
    if (before.has(identity)) continue;
    before.set(identity, new Map([...headers].map((header) => [header, heldText(area, row, header)])));
  }
  const fresh = rereadArea(area.sheet, area.target);
  const written = new Set(rows);
  const repair: RowUpdates = new Map();
  for (const row of fresh.rows) {
    const identity = identityOf(fresh, row);
    const cells = meant.get(identity) ?? (written.has(row) ? before.get(identity) : undefined);
    if (cells) repair.set(row, cells);
  }
  writeCells(fresh, repair);
}

/** A result cell's text as the read found it ("" where the column is not there yet). */
function heldText(area: SheetArea, row: number, header: string): string {
  const column = area.results.get(header);
  return column === undefined ? "" : cellText(cellAt(area, row, column));
}

/** Writes the updates; returns the number of setValues calls made for rows. */
function writeCells(area: SheetArea, updates: RowUpdates): number {
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
  const columns = [...headerAt.keys()];
  const cellOf = (row: number, column: number): string | typeof KEEP => {
    const next = updates.get(row)?.get(headerAt.get(column) ?? "");
    return next === undefined ? KEEP : exactText(next);
  };
  let writes = 0;
  for (const [top, bottom] of blocksOf(
    changed.map(([row]) => row),
    columns,
    area.loaded,
  )) {
    writes += writeBlock(area.sheet, top, bottom - top + 1, columns, cellOf, { known: area.values, skipUnchanged: true });
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
