// This file defines the merge of a refresh run into a search's existing sheet (docs/add-on-surface.md, "Sheets the add-on writes"): a
// business already there keeps its row, found by the same `maps_url`, else the same place id;
// its service columns take the new values (its Business ID included); a new business is
// appended; a business no longer returned keeps its row. Rows never move and nothing is deleted,
// so the cells and rows a user added stay with their business. It is repeatable: a merge killed
// half-way finds its own rewritten rows again by Business ID and completes without duplicates.
import type { Business } from "../api/schemas";
import { exactText, unchangedCellInput } from "./cell-text";
import { ID_HEADER, type ColumnSpec } from "./business-columns";
import type { Grid } from "./grid";
import { ensureHeaders, upsertBusinesses } from "./writer";

const MAPS_URL_HEADER = "Maps URL";

interface MergeResult {
  /** Businesses that kept an existing row. */
  matched: number;
  appended: number;
  /** Rows holding a Business ID after the merge. */
  businessRows: number;
}

/**
 * The map provider's place id. The spec's Business has no `place_id` field, so it is taken from a
 * `place_id` the service may add, else from the `place_id:` or `place_id=` part of `maps_url`.
 */
function placeIdOf(mapsUrl: unknown, explicit?: unknown): string | null {
  if (typeof explicit === "string" && explicit.trim() !== "") return explicit.trim();
  if (typeof mapsUrl !== "string") return null;
  const match = /place_id[:=]([A-Za-z0-9_-]+)/.exec(mapsUrl);
  return match?.[1] ?? null;
}

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value).trim());

function columnValues(grid: Grid, column: number | undefined, lastRow: number): unknown[] {
  if (column === undefined || lastRow < 2) return [];
  return grid.getRange(2, column, lastRow - 1, 1).getValues().map((row) => row[0]);
}

export function mergeBusinesses(grid: Grid, businesses: readonly Business[], columns: readonly ColumnSpec[]): MergeResult {
  const positions = ensureHeaders(grid, columns.map((c) => c.header));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);
  const lastRow = grid.getLastRow();
  const ids = columnValues(grid, idColumn, lastRow).map(text);
  const mapsUrls = columnValues(grid, positions.get(MAPS_URL_HEADER), lastRow).map(text);

  // Only rows with a Business ID are ours: rows the user added are never matched or changed.
  const byId = new Map<string, number>();
  const byMapsUrl = new Map<string, number>();
  const byPlaceId = new Map<string, number>();
  ids.forEach((id, index) => {
    if (id === "") return;
    const row = index + 2;
    if (!byId.has(id)) byId.set(id, row);
    const url = mapsUrls[index] ?? "";
    if (url !== "" && !byMapsUrl.has(url)) byMapsUrl.set(url, row);
    const place = placeIdOf(url);
    if (place !== null && !byPlaceId.has(place)) byPlaceId.set(place, row);
  });

  const latest = new Map<string, Business>();
  for (const business of businesses) latest.set(business.id, business);
  const claimed = new Set<number>();
  const newIds = new Map<number, string>();
  let matched = 0;
  for (const business of latest.values()) {
    // Its own ID first (a merge repeated after a kill), then the map identity.
    const candidates = [
      byId.get(business.id),
      business.maps_url ? byMapsUrl.get(business.maps_url) : undefined,
      byPlaceId.get(placeIdOf(business.maps_url, (business as Record<string, unknown>).place_id) ?? ""),
    ];
    const row = candidates.find((r): r is number => r !== undefined && !claimed.has(r));
    if (row === undefined) continue;
    claimed.add(row);
    matched += 1;
    if (ids[row - 2] !== business.id) newIds.set(row, business.id);
  }

  if (newIds.size > 0) rewriteIds(grid, idColumn, newIds);
  // The rows now carry the new IDs: the upsert updates them in place and appends the rest.
  const upsert = upsertBusinesses(grid, [...latest.values()], columns, { removeOthers: false });
  const rowsBefore = ids.filter((id) => id !== "").length;
  return { matched, appended: upsert.appended, businessRows: rowsBefore + upsert.appended - upsert.removed };
}

/** One write of the ID column over the rewritten rows; the rows between are written back unchanged. */
function rewriteIds(grid: Grid, idColumn: number, newIds: Map<number, string>): void {
  const rows = [...newIds.keys()];
  const top = Math.min(...rows);
  const height = Math.max(...rows) - top + 1;
  const range = grid.getRange(top, idColumn, height, 1);
  const keep = newIds.size < height;
  const values = keep ? range.getValues() : [];
  const formulas = keep ? range.getFormulas() : [];
  const matrix: unknown[][] = [];
  for (let offset = 0; offset < height; offset += 1) {
    const id = newIds.get(top + offset);
    matrix.push([id !== undefined ? exactText(id) : unchangedCellInput(values[offset]?.[0], formulas[offset]?.[0] ?? "")]);
  }
  range.setValues(matrix);
}
