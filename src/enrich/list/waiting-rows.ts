// This file defines which rows of a run wait to be sent, found from the status column and grouped by business in sheet order. A row read
// in this pass counts by its current name and website; one not yet read counts by its `Enriched for`, so a pass reads only what it sends.
import type { EnrichmentBusiness } from "../../api/schemas";
import { matchKey } from "./normalise";
import type { ListRows, StatusRow } from "./list-rows";
import { rowBusiness } from "./row-business";
import { isHeld, isWaiting, type RowStatus } from "./row-status";

/** A business of the sheet and every row that asks for it. */
export interface RowBusiness {
  key: string;
  business: EnrichmentBusiness;
  rows: number[];
}

/** A row not read yet whose `Enriched for` says nothing counts as a business of its own. */
const unnamed = (row: number): string => `\u0002row ${row}`;

export interface Waiting {
  /** The businesses, in sheet order, each with every waiting row of it. */
  businesses: RowBusiness[];
  /** Waiting rows read that can no longer be sent (edited since the start), and why. */
  invalid: Array<{ row: number; reason: string }>;
}

/** The waiting rows already read, by business (the first `most` not in `exclude`), and the rows still to read for those businesses. */
function pickWaiting(
  list: ListRows,
  waiting: readonly StatusRow[],
  most: number,
  exclude: ReadonlySet<string>,
): Waiting & { toRead: number[] } {
  const area = list.area();
  // null: a business chosen by a row not read yet (its rows are read, then it is chosen again).
  const chosen = new Map<string, RowBusiness | null>();
  const invalid: Waiting["invalid"] = [];
  const toRead: number[] = [];
  for (const entry of waiting) {
    if (!list.hasPair(entry.row)) {
      const key = entry.claimed ?? unnamed(entry.row);
      // A business chosen already (by a row above) takes this row too, however far down it is.
      if (exclude.has(key) || (chosen.size >= most && !chosen.has(key))) continue;
      if (!chosen.has(key)) chosen.set(key, null);
      toRead.push(entry.row);
      continue;
    }
    const found = rowBusiness(area, entry.row);
    if (!found.ok) {
      invalid.push({ row: entry.row, reason: found.reason });
      continue;
    }
    if (exclude.has(found.key)) continue;
    const known = chosen.get(found.key);
    if (known) known.rows.push(entry.row);
    else if (known === null || chosen.size < most) chosen.set(found.key, { key: found.key, business: found.business, rows: [entry.row] });
  }
  return { businesses: [...chosen.values()].filter((b): b is RowBusiness => b !== null), invalid, toRead };
}

/**
 * The first `most` businesses that wait (those of `exclude` left out), in sheet order, each with
 * every waiting row of it, and the waiting rows read that can no longer be sent. Only the rows of
 * those businesses are read (their name and website): the rows up to the `most`-th business
 * `Enriched for` names, and the rows further down sent as the same businesses; again where a row
 * read turns out to be another business (edited) or no longer valid. A row edited since the start
 * into a business it was not sent as is found when its own turn comes.
 */
export function nextWaiting(list: ListRows, most: number, exclude: ReadonlySet<string> = new Set()): Waiting {
  for (;;) {
    const { businesses, invalid, toRead } = pickWaiting(list, list.withStatus(isWaiting), most, exclude);
    if (toRead.length === 0) return { businesses, invalid };
    list.readPairs(toRead);
    if (!toRead.some((row) => list.hasPair(row))) return { businesses, invalid }; // nothing more can be read
  }
}

/** Every waiting row of the list, by business, and those no longer valid (a start's or a stop's list, read whole already). */
export const waitingRows = (list: ListRows): Waiting => nextWaiting(list, Number.POSITIVE_INFINITY);

/**
 * The rows that wait (held ones too) and the businesses they make (those
 * of `exclude` left out), from the status column: no row is read for it.
 */
export function waitingCounts(list: ListRows, exclude: ReadonlySet<string> = new Set()): { rows: number; businesses: number } {
  const area = list.area();
  const keys = new Set<string>();
  let rows = 0;
  for (const entry of list.withStatus((status) => isWaiting(status) || isHeld(status))) {
    let key = entry.claimed ?? unnamed(entry.row);
    if (list.hasPair(entry.row)) {
      const found = rowBusiness(area, entry.row);
      if (!found.ok) continue;
      key = found.key;
    }
    rows += 1;
    if (!exclude.has(key)) keys.add(key);
  }
  return { rows, businesses: keys.size };
}

/**
 * The rows whose status passes `test` whose own pair is a business of `businesses`, by business
 * (each as `businesses` has it). Read are the rows sent as one of them and those sent as nothing
 * (a stopped row's `Enriched for` is cleared).
 */
export function rowsOfBusinesses(
  list: ListRows,
  test: (status: RowStatus) => boolean,
  businesses: readonly EnrichmentBusiness[],
): RowBusiness[] {
  const byKey = new Map(businesses.map((b) => [matchKey(b.business_name, b.website_url), b]));
  const candidates = list.withStatus(test).filter((entry) => entry.claimed === null || byKey.has(entry.claimed));
  list.readPairs(candidates.map((entry) => entry.row));
  const area = list.area();
  const found = new Map<string, RowBusiness>();
  for (const { row } of candidates) {
    if (!list.hasPair(row)) continue;
    const own = rowBusiness(area, row);
    const business = own.ok ? byKey.get(own.key) : undefined;
    if (!own.ok || !business) continue;
    const known = found.get(own.key);
    if (known) known.rows.push(row);
    else found.set(own.key, { key: own.key, business, rows: [row] });
  }
  return [...found.values()];
}
