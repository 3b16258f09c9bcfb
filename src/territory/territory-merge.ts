// This file defines how a territory's searches write its one sheet, by the refresh merge's rules: each business once (by Maps URL, else
// place id), `Found by` listing the searches that found it, `Territory run` the run that last did, and `Same contact as` (same-contact.ts).
// The sheet is read once and written in one block however many searches a pass brings.
import type { Business } from "../api/schemas";
import { writeBlock, KEEP } from "../sheets/block-writer";
import { exactText } from "../sheets/cell-text";
import {
  EMAILS_HEADER,
  FOUND_BY_HEADER,
  headersOf,
  ID_HEADER,
  keptEarlierIn,
  LATEST_REFRESH,
  LATEST_REFRESH_HEADER,
  NAME_HEADER,
  SAME_CONTACT_HEADER,
  TERRITORY_COLUMNS,
  TERRITORY_RUN_HEADER,
} from "../sheets/columns";
import type { Grid } from "../sheets/grid";
import { ensureHeaders } from "../sheets/headers";
import { identityOf, mergeIntoSheet, readSheet, type MergeView, type SheetRead } from "../sheets/merge-engine";
import { sameContactMarkers } from "./same-contact";

/** A business some of the territory's searches returned, with the labels of those searches. */
export interface TerritoryFind {
  business: Business;
  foundBy: readonly string[];
}

export interface TerritoryMergeOptions {
  /** The day the run started, as the sheet shows it: new rows' `First seen`, found rows' `Last seen`. */
  runDay: string;
  /** The territory's run: 0 the first, n the n-th refresh. */
  run: number;
  /** Every search's label in the territory's order (queries outer, places inner): `Found by` follows it. */
  order: readonly string[];
}

export interface TerritorySheetCounts {
  /** Rows holding a Business ID. */
  businessRows: number;
  /** Of them, those more than one search found. */
  foundByMore: number;
}

const LABELS_BETWEEN = "; ";
const OTHER_EMAILS = ["Owner emails", "Decision maker emails"];

/** The finds of several searches as one per place (merge-engine.ts identityOf): labels together, the last search's values. */
function onePerPlace(finds: readonly TerritoryFind[]): TerritoryFind[] {
  const byPlace = new Map<string, TerritoryFind>();
  for (const find of finds) {
    const { mapsUrl, placeId } = identityOf(find.business);
    const key = mapsUrl ?? placeId ?? `id:${find.business.id}`;
    const known = byPlace.get(key);
    byPlace.set(key, { business: find.business, foundBy: [...(known?.foundBy ?? []), ...find.foundBy] });
  }
  return [...byPlace.values()];
}

/** Labels once each, in the territory's order (a label it does not list last). */
function ordered(labels: readonly string[], order: readonly string[]): string[] {
  const rank = (label: string) => (order.indexOf(label) < 0 ? order.length : order.indexOf(label));
  return [...new Set(labels.filter((label) => label !== ""))].sort((a, b) => rank(a) - rank(b));
}

const labelCount = (foundBy: string): number => foundBy.split(LABELS_BETWEEN).filter((label) => label !== "").length;

const runOf = (read: SheetRead, row: number): number | null => {
  const text = read.text(row, TERRITORY_RUN_HEADER);
  return text === "" || Number.isNaN(Number(text)) ? null : Number(text);
};

/** Each business row's `Same contact as`, from its name, website and email cells as they read after the merge. */
function contactMarkers(rows: readonly number[], textAfter: (row: number, header: string) => string): Map<number, string> {
  return sameContactMarkers(
    rows.map((row) => ({
      row,
      name: textAfter(row, NAME_HEADER),
      website: textAfter(row, "Website"),
      emails: [EMAILS_HEADER, ...OTHER_EMAILS]
        .flatMap((header) =>
          textAfter(row, header)
            .split(",")
            .map((email) => email.trim()),
        )
        .filter((email) => email !== ""),
    })),
  );
}

/** The territory's extras to the one merge: `Found by`, `Same contact as` (rows the run did not return too) and `Territory run`. */
export function mergeTerritoryFinds(grid: Grid, finds: readonly TerritoryFind[], options: TerritoryMergeOptions): TerritorySheetCounts {
  const places = onePerPlace(finds);
  const labelsOf = new Map(places.map((find) => [find.business, find.foundBy]));
  const { run, runDay, order } = options;
  /** The row was found earlier in this same run (by another search, or before a kill). */
  const thisRun = (read: SheetRead, row: number): boolean => row <= read.lastRow && runOf(read, row) === run;
  /** A search found it again in this run: it joins those that did; in a new run, only this run's count. */
  const foundByOf = ({ read, rowOf }: MergeView, business: Business): string => {
    const row = rowOf(business);
    const earlier = thisRun(read, row) ? read.text(row, FOUND_BY_HEADER).split(LABELS_BETWEEN) : [];
    return ordered([...earlier, ...(labelsOf.get(business) ?? [])], order).join(LABELS_BETWEEN);
  };
  let markers: Map<number, string> | null = null;
  const markersOf = (merge: MergeView): Map<number, string> => {
    markers ??= contactMarkers([...new Set([...merge.businessRows, ...merge.target.keys()])], merge.textAfter);
    return markers;
  };
  const merge = mergeIntoSheet(
    grid,
    places.map((find) => find.business),
    {
      table: TERRITORY_COLUMNS,
      runDay,
      addedThisRun: (read, row) => thisRun(read, row) && read.text(row, LATEST_REFRESH_HEADER) === LATEST_REFRESH.new,
      keepInAddedRows: true,
      firstRun: run === 0, // the territory's first run: nothing refreshed yet
      extras: (view) => ({
        foundBy: (b) => foundByOf(view, b),
        sameContact: (b) => markersOf(view).get(view.rowOf(b)) ?? "",
        territoryRun: () => run,
      }),
      // A row the run did not return whose `Same contact as` changed with the rows it did.
      otherRows: (view) =>
        new Map(
          [...markersOf(view)]
            .filter(([row, marker]) => !view.target.has(row) && view.read.text(row, SAME_CONTACT_HEADER) !== marker)
            .map(([row, marker]) => [row, { header: SAME_CONTACT_HEADER, text: marker }]),
        ),
    },
  );
  const rows = [...new Set([...merge.businessRows, ...merge.target.keys()])];
  const foundByAfter = (row: number): string => {
    const business = merge.target.get(row);
    return business ? foundByOf(merge, business) : merge.read.text(row, FOUND_BY_HEADER);
  };
  return { businessRows: rows.length, foundByMore: rows.filter((row) => labelCount(foundByAfter(row)) > 1).length };
}

/** What a run of the territory did, row by row as the sheet says it. */
export interface TerritoryRunCounts extends TerritorySheetCounts {
  added: number;
  updated: number;
  notFound: number;
  /** Of the updated rows, those that kept an earlier value a search of the run returned empty. */
  keptEarlier: number;
}

/**
 * Ends run `run` of the territory: on a refresh run, the rows of businesses no search of the run
 * found are marked No longer found (nothing else of them changes), unless the run was stopped
 * (`markMissing` false: its stopped searches did not look). Returns what the run did, as the sheet
 * says it.
 */
export function endTerritoryRun(grid: Grid, run: number, options: { markMissing: boolean } = { markMissing: true }): TerritoryRunCounts {
  const positions = ensureHeaders(grid, headersOf(TERRITORY_COLUMNS));
  const read = readSheet(grid, positions);
  const rows: number[] = [];
  for (let row = 2; row <= read.lastRow; row += 1) if (read.text(row, ID_HEADER) !== "") rows.push(row);
  const found = rows.filter((row) => runOf(read, row) === run);
  const missing = rows.filter((row) => runOf(read, row) !== run);
  const latestColumn = positions.get(LATEST_REFRESH_HEADER);
  // This run's own "no longer found": rows the run before found (marked already when this end is
  // repeated after a kill), or not yet marked; a row missing from earlier runs too is not counted again.
  const newlyMissing =
    run === 0
      ? []
      : missing.filter((row) => runOf(read, row) === run - 1 || read.text(row, LATEST_REFRESH_HEADER) !== LATEST_REFRESH.notFound);
  const toMark = options.markMissing ? newlyMissing : [];
  if (toMark.length > 0 && latestColumn !== undefined) {
    const top = Math.min(...toMark);
    writeBlock(
      grid,
      top,
      Math.max(...toMark) - top + 1,
      [latestColumn],
      (row) => (toMark.indexOf(row) >= 0 ? exactText(LATEST_REFRESH.notFound) : KEEP),
      {
        known: read.values,
        knownFormulas: read.formulas,
      },
    );
  }
  const isNew = (row: number) => run === 0 || read.text(row, LATEST_REFRESH_HEADER) === LATEST_REFRESH.new;
  return {
    businessRows: rows.length,
    foundByMore: rows.filter((row) => labelCount(read.text(row, FOUND_BY_HEADER)) > 1).length,
    added: found.filter(isNew).length,
    updated: found.filter((row) => !isNew(row)).length,
    notFound: newlyMissing.length,
    keptEarlier: found.filter((row) => !isNew(row) && keptEarlierIn(read.text(row, LATEST_REFRESH_HEADER))).length,
  };
}
