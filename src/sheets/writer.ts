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

/** Each business's row: the row that holds its id, else the next free row from `firstFree` on. */
export function placeRows(
  latest: Map<string, Business>,
  rowById: Map<string, number>,
  firstFree: number,
): { target: Map<number, Business>; updated: number } {
  const target = new Map<number, Business>();
  let nextRow = firstFree;
  let updated = 0;
  for (const [id, business] of latest) {
    const row = rowById.get(id);
    if (row !== undefined) {
      target.set(row, business);
      updated += 1;
    } else {
      target.set(nextRow, business);
      nextRow += 1;
    }
  }
  return { target, updated };
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
  const rowById = new Map<string, number>();
  const repeatedRows: number[] = [];
  const ids = lastRow < 2 ? [] : grid.getRange(2, idColumn, lastRow - 1, 1).getValues();
  ids.forEach((cells, index) => {
    const id = cellText(cells[0]);
    if (id === "") return;
    if (rowById.has(id)) repeatedRows.push(index + 2);
    else rowById.set(id, index + 2);
  });

  const latest = latestById(businesses);
  const { target, updated } = placeRows(latest, rowById, Math.max(lastRow, 1) + 1);
  // Each business into its row; rows between that are not theirs stay as they are.
  const byPosition = new Map(columns.map((spec) => [positions.get(spec.header) ?? 0, spec]));
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

  const stale = options.removeOthers ? [...rowById].filter(([id]) => !latest.has(id)).map(([, row]) => row) : [];
  const toDelete = [...stale, ...repeatedRows];
  // Bottom-up, one call per block of adjacent rows.
  for (const run of adjacentRuns(toDelete, (row) => row).reverse()) grid.deleteRows(run[0] ?? 0, run.length);
  return { appended: target.size - updated, updated, removed: toDelete.length };
}
