// This file defines the results writer: it upserts businesses into a sheet by `Business ID`, finding columns by header and rows by id,
// so sorting or inserting columns mid-job breaks nothing. The id column's run is written first, so a killed pass leaves no orphans.
import type { Business } from "../api/schemas";
import { latestById } from "../api/result-pages";
import { writeRows, KEEP } from "./block-writer";
import { cellInput, cellText } from "./cell-text";
import { headersOf, ID_HEADER, type ColumnSpec } from "./columns";
import { adjacentRuns, type Grid } from "./grid";
import { ensureHeaders } from "./headers";

export interface UpsertOptions {
  /** The final sweep: rows whose id is not among `businesses` (or repeat an id) are deleted. */
  removeOthers: boolean;
}

export interface UpsertResult {
  appended: number;
  updated: number;
  removed: number;
}

/** Where an upsert writes each business, and which rows it deletes. */
interface Placed {
  /** Each business's row: the first row that holds its id, else the next free row after the sheet's. */
  target: Map<number, Business>;
  appended: number;
  /** Rows repeating an id of a row above; on the final sweep, rows of ids not among the businesses too. */
  toDelete: number[];
}

/** Places `businesses` among the sheet's `rows` from row 2 on, each with its id at `idIndex`. */
export function placeRows(businesses: readonly Business[], rows: readonly unknown[][], idIndex: number, options: UpsertOptions): Placed {
  const rowById = new Map<string, number>();
  const repeatedRows: number[] = [];
  rows.forEach((cells, index) => {
    const id = cellText(cells[idIndex]);
    if (id === "") return;
    if (rowById.has(id)) repeatedRows.push(index + 2);
    else rowById.set(id, index + 2);
  });
  const latest = latestById(businesses);
  const target = new Map<number, Business>();
  let nextRow = rows.length + 2;
  for (const [id, business] of latest) {
    const row = rowById.get(id);
    target.set(row ?? nextRow, business);
    if (row === undefined) nextRow += 1;
  }
  const stale = options.removeOthers ? [...rowById].filter(([id]) => !latest.has(id)).map(([, row]) => row) : [];
  return { target, appended: nextRow - rows.length - 2, toDelete: [...stale, ...repeatedRows] };
}

export function upsertBusinesses(
  grid: Grid,
  businesses: readonly Business[],
  columns: readonly ColumnSpec[],
  options: UpsertOptions,
): UpsertResult {
  const positions = ensureHeaders(grid, headersOf(columns));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);

  const lastRow = grid.getLastRow();
  const idCells = lastRow < 2 ? [] : grid.getRange(2, idColumn, lastRow - 1, 1).getValues();
  const { target, appended, toDelete } = placeRows(businesses, idCells, 0, options);
  // Each business into its row; rows between that are not theirs stay as they are.
  const byPosition = new Map(
    columns.flatMap((spec) => {
      const at = positions.get(spec.header);
      return at === undefined ? [] : [[at, spec] as const];
    }),
  );
  writeRows(
    grid,
    [...target.keys()],
    [...byPosition.keys()],
    (row, column) => {
      const business = target.get(row);
      const spec = byPosition.get(column);
      return business && spec ? cellInput(spec.value(business)) : KEEP;
    },
    { firstColumn: idColumn },
  );

  // Bottom-up, one call per block of adjacent rows.
  for (const run of adjacentRuns(toDelete, (row) => row).reverse()) grid.deleteRows(run[0] ?? 0, run.length);
  return { appended, updated: target.size - appended, removed: toDelete.length };
}
