// This file defines the one merge of businesses into a sheet that holds some (a search's refresh run, a territory's searches): each found
// again by its identity on the map, an empty value never blanking a filled cell, the sheet read once and written in one block.
import type { Business } from "../api/schemas";
import { latestById } from "../api/result-pages";
import { writeRows, KEEP, type BlockCell } from "./block-writer";
import { cellInput, cellText, exactText } from "./cell-text";
import {
  EMAILS_HEADER,
  FIRST_SEEN_HEADER,
  headersOf,
  ID_HEADER,
  LATEST_REFRESH,
  resultColumns,
  RUN_CODE_HEADER,
  updatedKeeping,
  type ColumnSpec,
  type Sightings,
} from "./columns";
import { contactChanges } from "./contact-changes";
import type { Grid } from "./grid";
import { ensureHeaders } from "./headers";
import { readRunCode, runCodeText, type RunCode, type RunState } from "./run-code";

const MAPS_URL_HEADER = "Maps URL";

/**
 * The map provider's place id. The spec's Business has no `place_id` field, so it is taken from a
 * `place_id` the service may add, else from the `place_id:` or `place_id=` part of `maps_url`.
 */
export function placeIdOf(mapsUrl: unknown, explicit?: unknown): string | null {
  if (typeof explicit === "string" && explicit.trim() !== "") return explicit.trim();
  if (typeof mapsUrl !== "string") return null;
  const match = /place_id[:=]([A-Za-z0-9_-]+)/.exec(mapsUrl);
  return match?.[1] ?? null;
}

/** A business's identity on the map: its Maps URL, else its place id (null where neither is known). */
export function identityOf(business: Business): { mapsUrl: string | null; placeId: string | null } {
  return { mapsUrl: business.maps_url || null, placeId: placeIdOf(business.maps_url, (business as Record<string, unknown>).place_id) };
}

/** The sheet as the merge found it: rows 1 to lastRow of every column up to the last of ours (index row - 1). */
export interface SheetRead {
  lastRow: number;
  values: unknown[][];
  formulas: string[][];
  text(row: number, header: string): string;
  /** The row's run code (run-code.ts): what the merges decide by; null where the row has none. */
  code(row: number): RunCode | null;
}

export function readSheet(grid: Grid, positions: Map<string, number>): SheetRead {
  const lastRow = grid.getLastRow();
  const width = Math.max(...positions.values());
  const range = lastRow >= 2 ? grid.getRange(2, 1, lastRow - 1, width) : null;
  // Row 1 (the header row) is never written by the merge: an empty row keeps the indexes.
  const values: unknown[][] = [[], ...(range ? range.getValues() : [])];
  const formulas: string[][] = [[], ...(range ? range.getFormulas() : [])];
  const text = (row: number, header: string): string => {
    const column = positions.get(header);
    return column === undefined ? "" : cellText(values[row - 1]?.[column - 1]);
  };
  return { lastRow, values, formulas, text, code: (row) => readRunCode(text(row, RUN_CODE_HEADER)) };
}

/** What a row keeps of what it holds: the email columns together, and the other columns by header. */
interface Kept {
  emails: boolean;
  others: string[];
}

/** Whether a row keeps `column` (keptColumns' answer for it; none kept without one). */
const keptColumn = (keeps: Kept | undefined, column: ColumnSpec): boolean =>
  keeps !== undefined && ((keeps.emails && column.email === true) || keeps.others.indexOf(column.header) >= 0);

/**
 * What a row keeps of what it holds where the run's value is empty: the email columns together
 * when the run found no emails and the row has some; otherwise any service column the run left
 * empty and the row has filled, except the email columns of new addresses, which describe them.
 */
function keptColumns(business: Business, row: number, read: SheetRead, columns: readonly ColumnSpec[]): Kept {
  const noEmails = cellInput(columns.find((c) => c.header === EMAILS_HEADER)?.value(business) ?? null) === "";
  const emails = noEmails && read.text(row, EMAILS_HEADER) !== "";
  const others = columns
    .filter((column) => (column.email ? noEmails && !emails : true) && !column.addOn)
    .filter((column) => cellInput(column.value(business)) === "" && read.text(row, column.header) !== "")
    .map((column) => column.header);
  return { emails, others };
}

/**
 * Each business's row: the row of the same Business ID (a merge repeated after a kill), else the
 * same Maps URL, else the same place id; the others appended after the last row. `businessRows`:
 * the rows that were the sheet's businesses before the merge.
 */
function placeBusinesses(read: SheetRead, businesses: readonly Business[]): { target: Map<number, Business>; businessRows: number[] } {
  // Only rows with a Business ID are ours: rows the user added are never matched or changed. A row
  // repeating an ID or a Maps URL of a row above (a user's copy of it) is left as it is.
  const byId = new Map<string, number>();
  const byMapsUrl = new Map<string, number>();
  const byPlaceId = new Map<string, number>();
  for (let row = 2; row <= read.lastRow; row += 1) {
    const id = read.text(row, ID_HEADER);
    const url = read.text(row, MAPS_URL_HEADER);
    if (id === "" || byId.has(id) || byMapsUrl.has(url)) continue;
    byId.set(id, row);
    if (url !== "") byMapsUrl.set(url, row);
    const place = placeIdOf(url);
    if (place !== null && !byPlaceId.has(place)) byPlaceId.set(place, row);
  }

  const target = new Map<number, Business>();
  let nextRow = Math.max(read.lastRow, 1) + 1;
  for (const business of latestById(businesses).values()) {
    // Its own ID first (a merge repeated after a kill), then the map identity.
    const { mapsUrl, placeId } = identityOf(business);
    const candidates = [byId.get(business.id), mapsUrl !== null ? byMapsUrl.get(mapsUrl) : undefined, byPlaceId.get(placeId ?? "")];
    const row = candidates.find((r): r is number => r !== undefined && !target.has(r));
    target.set(row ?? nextRow, business);
    if (row === undefined) nextRow += 1;
  }
  return { target, businessRows: [...byId.values()] };
}

/** The merge as a rule sees it: the sheet read, where each business goes, and what a row reads after it. */
export interface MergeView {
  read: SheetRead;
  /** Row → the business written there (rows after read.lastRow are appended). */
  target: Map<number, Business>;
  /** The rows that were the sheet's businesses before the merge. */
  businessRows: number[];
  rowOf(business: Business): number;
  /** A row the merge writes as new: appended, or added earlier by this same run. */
  isNewRow(row: number): boolean;
  /** Of the rows the sheet held, what each row written keeps of its earlier values. */
  kept: Map<number, Kept>;
  /** A cell's text after this merge: the business's value where it writes one, else what the sheet holds. */
  textAfter(row: number, header: string): string;
}

/** What differs between the merges: the sheet's columns, which rows are still new, a rule's own values. */
interface MergeRule {
  /** The sheet's columns: their headers are ensured. */
  table: readonly ColumnSpec[];
  /** `First seen` of an appended row, `Last seen` of every row written: the run's day as the sheet shows it. */
  runDay: string;
  /** The run, as the rows' run codes name it (run-code.ts): a refresh's day, a territory's run number. */
  runId: string;
  /** A row the sheet holds that this same run added (before a kill, or by another search of the run). */
  addedThisRun(read: SheetRead, row: number): boolean;
  /** A row this same run added keeps its filled cells from an empty new value too (another search of the run filled them). */
  keepInAddedRows: boolean;
  /** No `Latest refresh` at all: the first run of a territory refreshes nothing. */
  firstRun: boolean;
  /** A territory's own columns (`Found by`, `Same contact as`, `Territory run`); absent: a search's sheet. */
  extras?(merge: MergeView): Pick<Sightings, "foundBy" | "sameContact" | "territoryRun">;
  /** A territory's: the searches of the run that found the business (their indexes), kept in the row's run code. */
  foundPairs?(merge: MergeView, business: Business): number[];
  /** Cells written in rows the run did not return (row → its headers and their texts). */
  otherRows(merge: MergeView): Map<number, Map<string, string>>;
}

/** Merges `businesses` into the sheet by `rule`; returns the merge as written, for the rule's counts. */
export function mergeIntoSheet(grid: Grid, businesses: readonly Business[], rule: MergeRule): MergeView {
  const positions = ensureHeaders(grid, headersOf(rule.table));
  const idColumn = positions.get(ID_HEADER);
  if (idColumn === undefined) throw new Error(`The results sheet has no "${ID_HEADER}" column.`);
  const read = readSheet(grid, positions);
  const { target, businessRows } = placeBusinesses(read, businesses);
  const rowByBusiness = new Map([...target].map(([row, business]) => [business, row]));
  const rowOf = (business: Business): number => rowByBusiness.get(business) ?? 0;
  const isNewRow = (row: number): boolean => row > read.lastRow || rule.addedThisRun(read, row);
  const kept = new Map<number, Kept>();
  const merge: MergeView = { read, target, businessRows, rowOf, isNewRow, kept, textAfter };
  const extras = rule.extras?.(merge);
  const sightings: Sightings = {
    firstSeen: (b) => (rowOf(b) > read.lastRow ? rule.runDay : read.text(rowOf(b), FIRST_SEEN_HEADER)),
    lastSeen: () => rule.runDay,
    latestRefresh: (b) => latestRefreshOf(rowOf(b)),
    runCode: (b) => runCodeText({ run: rule.runId, state: stateOf(rowOf(b)), pairs: rule.foundPairs?.(merge, b) ?? [] }),
    ...extras,
  };
  const columns = resultColumns(sightings, { territory: extras !== undefined }).filter((column) => positions.has(column.header));
  for (const [row, business] of target)
    if (row <= read.lastRow && (rule.keepInAddedRows || !isNewRow(row))) kept.set(row, keptColumns(business, row, read, columns));
  /** What the run did to the row, as its code says it (the words of `Latest refresh` are made alike). */
  function stateOf(row: number): RunState {
    if (rule.firstRun) return "";
    if (isNewRow(row)) return "n";
    const held = kept.get(row);
    return held !== undefined && (held.emails || held.others.length > 0) ? "k" : "u";
  }
  function latestRefreshOf(row: number): string {
    if (rule.firstRun) return "";
    if (isNewRow(row)) return LATEST_REFRESH.new;
    const keeps = kept.get(row);
    const business = target.get(row);
    if (!keeps || !business) return LATEST_REFRESH.updated;
    return updatedKeeping(
      keeps.emails,
      keeps.others,
      contactChanges(business, row, read, columns, (column) => !keptColumn(keeps, column)),
    );
  }
  const byHeader = new Map(columns.map((column) => [column.header, column]));
  function textAfter(row: number, header: string): string {
    const business = target.get(row);
    const column = byHeader.get(header);
    if (!business || !column || keptColumn(kept.get(row), column)) return read.text(row, header);
    return String(column.value(business) ?? "");
  }
  const others = rule.otherRows(merge);
  const byPosition = new Map(columns.map((column) => [positions.get(column.header) ?? 0, column]));
  const cell = (row: number, position: number): BlockCell => {
    const column = byPosition.get(position);
    const business = target.get(row);
    if (!column) return KEEP;
    if (!business) {
      const text = others.get(row)?.get(column.header);
      return text !== undefined ? exactText(text) : KEEP;
    }
    return keptColumn(kept.get(row), column) ? KEEP : cellInput(column.value(business));
  };
  // The merge's rows, appended ones too, in one block over our columns: every other cell inside it is written back as read.
  const options = { known: read.values, knownFormulas: read.formulas, firstColumn: idColumn };
  writeRows(grid, [...target.keys(), ...others.keys()], [...byPosition.keys()], cell, options);
  return merge;
}
