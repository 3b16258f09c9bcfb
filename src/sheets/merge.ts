// This file defines the merge of a refresh run into a search's existing sheet (docs/add-on-surface.md, "Sheets the add-on writes"): a
// business already there keeps its row, found by the same `maps_url`, else the same place id;
// its service columns take the new values (its Business ID included); a new business is
// appended; a business no longer returned keeps its row. Rows never move and nothing is deleted,
// so the cells and rows a user added stay with their business. Each row says what the run did to
// it: `Latest refresh` New, Updated or No longer found; `First seen` the day it first came,
// `Last seen` the day of the latest run that returned it. It is repeatable: a merge killed
// half-way finds its own rewritten rows again by Business ID and completes without duplicates,
// and a row it appended before the kill (first seen on the run's day, "New") stays new.
import type { Business } from "../api/schemas";
import { latestById } from "../api/result-pages";
import { writeBlock, KEEP } from "./block-writer";
import { exactText } from "./cell-text";
import { BUSINESS_COLUMNS, FIRST_SEEN_HEADER, ID_HEADER, LATEST_REFRESH, LATEST_REFRESH_HEADER, resultColumns, type ColumnSpec } from "./columns";
import type { Grid } from "./grid";
import { ensureHeaders } from "./headers";
import { addedHeaders, columnTexts, upsertBusinesses } from "./writer";

const MAPS_URL_HEADER = "Maps URL";

export interface MergeResult {
  /** Businesses of the run that were not in the sheet before it: appended. */
  added: number;
  /** Businesses of the run that kept their row, with the run's values. */
  updated: number;
  /** Rows of businesses the run did not return: kept, and marked "No longer found". */
  notFound: number;
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


/** `runDay`: the run's date as the sheet shows it ("2026-11-27"), its new rows' `First seen`. */
export function mergeBusinesses(grid: Grid, businesses: readonly Business[], runDay: string): MergeResult {
  const positions = ensureHeaders(grid, addedHeaders(BUSINESS_COLUMNS));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);
  const lastRow = grid.getLastRow();
  const ids = columnTexts(grid, idColumn, lastRow);
  const mapsUrls = columnTexts(grid, positions.get(MAPS_URL_HEADER), lastRow);
  const firstSeen = columnTexts(grid, positions.get(FIRST_SEEN_HEADER), lastRow);
  const latestColumn = positions.get(LATEST_REFRESH_HEADER) ?? 0;
  const latestRefresh = columnTexts(grid, latestColumn, lastRow);

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

  const latest = latestById(businesses);
  const claimed = new Set<number>();
  const newIds = new Map<number, string>();
  const rowOf = new Map<string, number>();
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
    rowOf.set(business.id, row);
    if (ids[row - 2] !== business.id) newIds.set(row, business.id);
  }

  // A kept row appended by this same run before a kill is still new.
  const stillNew = (row: number): boolean => firstSeen[row - 2] === runDay && latestRefresh[row - 2] === LATEST_REFRESH.new;
  const gone = new Map<number, string>();
  ids.forEach((id, index) => {
    if (id !== "" && !claimed.has(index + 2) && latestRefresh[index] !== LATEST_REFRESH.notFound) gone.set(index + 2, LATEST_REFRESH.notFound);
  });

  if (newIds.size > 0) rewriteColumn(grid, idColumn, newIds);
  // The rows of businesses this run did not return keep everything, and say so.
  if (gone.size > 0) rewriteColumn(grid, latestColumn, gone);
  // The rows now carry the new IDs: the upsert updates them in place and appends the rest.
  const columns: ColumnSpec[] = resultColumns({
    firstSeen: (b) => {
      const row = rowOf.get(b.id);
      return row === undefined ? runDay : firstSeen[row - 2] ?? "";
    },
    lastSeen: () => runDay,
    latestRefresh: (b) => {
      const row = rowOf.get(b.id);
      return row === undefined || stillNew(row) ? LATEST_REFRESH.new : LATEST_REFRESH.updated;
    },
  });
  const upsert = upsertBusinesses(grid, [...latest.values()], columns, { removeOthers: false });
  const rowsBefore = ids.filter((id) => id !== "").length;
  const keptNew = [...claimed].filter(stillNew).length;
  return {
    added: upsert.appended + keptNew,
    updated: claimed.size - keptNew,
    notFound: rowsBefore - claimed.size,
    businessRows: rowsBefore + upsert.appended - upsert.removed,
  };
}

/** One write of a column over the rows given; the rows between are written back unchanged. */
function rewriteColumn(grid: Grid, column: number, texts: Map<number, string>): void {
  const rows = [...texts.keys()];
  const top = Math.min(...rows);
  writeBlock(grid, top, Math.max(...rows) - top + 1, [column], (row) => {
    const value = texts.get(row);
    return value === undefined ? KEEP : exactText(value);
  });
}
