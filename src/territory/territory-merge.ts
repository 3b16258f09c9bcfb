// This file defines how a territory's searches write its one sheet, by the refresh merge's rules: each business once (by Maps URL, else
// place id), `Found by` its finders, `Territory run` the last run, `Same contact as` (same-contact.ts); read once, written in one block.
// The merges decide by each row's run code (src/sheets/run-code.ts: the run, what it did, who found it), never the words made from it.
import type { Business } from "../api/schemas";
import type { RunCounts } from "../jobs/refresh-schedule";
import { writeBlock, KEEP } from "../sheets/block-writer";
import { exactText } from "../sheets/cell-text";
import {
  EMAILS_HEADER,
  headersOf,
  ID_HEADER,
  LATEST_REFRESH,
  LATEST_REFRESH_HEADER,
  NAME_HEADER,
  RUN_CODE_HEADER,
  SAME_CONTACT_HEADER,
  TERRITORY_COLUMNS,
} from "../sheets/columns";
import { runCodeText } from "../sheets/run-code";
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

/** The finds of several searches as one per place (merge-engine.ts identityOf): labels together, the last search's values. */
function onePerPlace(finds: readonly TerritoryFind[]): TerritoryFind[] {
  const byPlace = new Map<string, TerritoryFind>();
  for (const find of finds) {
    const { mapsUrl, placeId } = identityOf(find.business);
    const key = mapsUrl ?? placeId ?? `id:${find.business.id}`;
    byPlace.set(key, { business: find.business, foundBy: [...(byPlace.get(key)?.foundBy ?? []), ...find.foundBy] });
  }
  return [...byPlace.values()];
}

/** The run that last wrote a row, by its run code; null where it has none. */
const runOf = (read: SheetRead, row: number): number | null => {
  const code = read.code(row);
  return code === null || !/^\d+$/.test(code.run) ? null : Number(code.run);
};

/** The rows holding a business after the merge: those the sheet had, and those it writes. */
const rowsOf = (merge: MergeView): number[] => [...new Set([...merge.businessRows, ...merge.target.keys()])];

/** Each business row's `Same contact as`, from its name, website and email cells as they read after the merge. */
function contactMarkers(rows: readonly number[], textAfter: (row: number, header: string) => string): Map<number, string> {
  return sameContactMarkers(
    rows.map((row) => ({
      row,
      name: textAfter(row, NAME_HEADER),
      website: textAfter(row, "Website"),
      // Each address as the cell lists it (same-contact.ts trims them and passes over empty ones).
      emails: [EMAILS_HEADER, "Owner emails", "Decision maker emails"].flatMap((header) => textAfter(row, header).split(",")),
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
  /** A search found it again in this run: it joins those that did (by the row's code); in a new run, only this run's count. */
  const pairsOf = ({ read, rowOf }: MergeView, business: Business): number[] => {
    const row = rowOf(business);
    const earlier = thisRun(read, row) ? (read.code(row)?.pairs ?? []) : [];
    const found = (labelsOf.get(business) ?? []).map((label) => order.indexOf(label)).filter((index) => index >= 0);
    return [...new Set([...earlier, ...found])].sort((a, b) => a - b);
  };
  let markers: Map<number, string> | null = null;
  const markersOf = (merge: MergeView): Map<number, string> => (markers ??= contactMarkers(rowsOf(merge), merge.textAfter));
  const merge = mergeIntoSheet(
    grid,
    places.map((find) => find.business),
    {
      table: TERRITORY_COLUMNS,
      runDay,
      runId: String(run),
      addedThisRun: (read, row) => thisRun(read, row) && read.code(row)?.state === "n",
      foundPairs: pairsOf,
      keepInAddedRows: true,
      firstRun: run === 0, // the territory's first run: nothing refreshed yet
      extras: (view) => ({
        foundBy: (b) =>
          pairsOf(view, b)
            .map((index) => order[index] ?? "")
            .join(LABELS_BETWEEN),
        sameContact: (b) => markersOf(view).get(view.rowOf(b)) ?? "",
        territoryRun: () => run,
      }),
      // A row the run did not return whose `Same contact as` changed with the rows it did.
      otherRows: (view) =>
        new Map(
          [...markersOf(view)]
            .filter(([row, marker]) => !view.target.has(row) && view.read.text(row, SAME_CONTACT_HEADER) !== marker)
            .map(([row, marker]) => [row, new Map([[SAME_CONTACT_HEADER, marker]])]),
        ),
    },
  );
  const rows = rowsOf(merge);
  const pairsAfter = (row: number): number => {
    const business = merge.target.get(row);
    return business ? pairsOf(merge, business).length : (merge.read.code(row)?.pairs.length ?? 0);
  };
  return { businessRows: rows.length, foundByMore: rows.filter((row) => pairsAfter(row) > 1).length };
}

/** What a run of the territory did, row by row as the sheet says it. */
type TerritoryRunCounts = TerritorySheetCounts & RunCounts;

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
  const state = (row: number) => read.code(row)?.state ?? "";
  // This run's own "no longer found": rows the run before found (marked already when this end is
  // repeated after a kill), or not yet marked; a row missing from earlier runs too is not counted again.
  const newlyMissing = run === 0 ? [] : missing.filter((row) => runOf(read, row) === run - 1 || state(row) !== "x");
  markNoLongerFound(grid, read, positions, options.markMissing ? newlyMissing : []);
  const isNew = (row: number) => run === 0 || state(row) === "n";
  return {
    businessRows: rows.length,
    foundByMore: rows.filter((row) => (read.code(row)?.pairs.length ?? 0) > 1).length,
    added: found.filter(isNew).length,
    updated: found.filter((row) => !isNew(row)).length,
    notFound: newlyMissing.length,
    keptEarlier: found.filter((row) => !isNew(row) && state(row) === "k").length,
  };
}

/** Marks rows No longer found: the words, and the state of their run code (the run that last found them kept). */
function markNoLongerFound(grid: Grid, read: SheetRead, positions: Map<string, number>, rows: readonly number[]): void {
  const latestColumn = positions.get(LATEST_REFRESH_HEADER);
  const codeColumn = positions.get(RUN_CODE_HEADER);
  if (rows.length === 0 || latestColumn === undefined || codeColumn === undefined) return;
  const marked = (row: number): string => runCodeText({ ...(read.code(row) ?? { run: "", state: "x", pairs: [] }), state: "x" });
  const top = Math.min(...rows);
  writeBlock(
    grid,
    top,
    Math.max(...rows) - top + 1,
    [latestColumn, codeColumn],
    (row, column) => (rows.indexOf(row) < 0 ? KEEP : exactText(column === codeColumn ? marked(row) : LATEST_REFRESH.notFound)),
    { known: read.values, knownFormulas: read.formulas },
  );
}
