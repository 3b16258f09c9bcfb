// This file defines the merge of a refresh run into a search's sheet (merge-engine.ts): a business keeps its row (same `maps_url`, else
// place id) and takes the new values, a new one is appended, a missing one keeps its row; `Latest refresh`, `First seen` and
// `Last seen` say what the run did. A merge killed half-way finds its rows by Business ID and completes without duplicates.
import type { Business } from "../api/schemas";
import { BUSINESS_COLUMNS, LATEST_REFRESH, LATEST_REFRESH_HEADER, RUN_CODE_HEADER } from "./columns";
import { runCodeText, type RunState } from "./run-code";
import type { Grid } from "./grid";
import { mergeIntoSheet, type SheetRead } from "./merge-engine";

export interface MergeResult {
  /** Businesses of the run that were not in the sheet before it: appended. */
  added: number;
  /** Businesses of the run that kept their row, with the run's values. */
  updated: number;
  /** Rows of businesses this run no longer found (found until this run): kept, and marked "No longer found". */
  notFound: number;
  /** Rows holding a Business ID after the merge. */
  businessRows: number;
  /** Of the updated rows, those that kept an earlier value the run returned empty. */
  keptEarlier: number;
}

/**
 * `runDay`: the run's date as the sheet shows it ("2026-11-27"), its new rows' `First seen`, and the
 * run as the rows' run codes name it: the rows it found and this run no longer finds are this run's
 * "no longer found" even when a merge killed half-way marked them.
 */
export function mergeBusinesses(grid: Grid, businesses: readonly Business[], runDay: string): MergeResult {
  /** Whether this same run's code in the row says `state` (whatever its words say now). */
  const byThisRun = (read: SheetRead, row: number, state: RunState): boolean => {
    const code = read.code(row);
    return code !== null && code.run === runDay && code.state === state;
  };
  const notFoundCells = new Map([
    [LATEST_REFRESH_HEADER, LATEST_REFRESH.notFound],
    [RUN_CODE_HEADER, runCodeText({ run: runDay, state: "x", pairs: [] })],
  ]);
  let gone: number[] = [];
  let markedByThisRun = 0;
  const merge = mergeIntoSheet(grid, businesses, {
    table: BUSINESS_COLUMNS,
    runDay,
    runId: runDay,
    // A kept row appended by this same run before a kill is still new.
    addedThisRun: (read, row) => byThisRun(read, row, "n"),
    keepInAddedRows: false,
    firstRun: false,
    // The rows of businesses the run no longer returned: marked once. Read before the write (the
    // block writer keeps the read current); a row marked by this run's merge killed half-way was
    // last seen by the run before (never counted twice on one day).
    otherRows: ({ read, target, businessRows }) => {
      gone = businessRows.filter((row) => !target.has(row) && read.code(row)?.state !== "x");
      // Marked by this same run before a kill: its own "no longer found", counted once.
      markedByThisRun = businessRows.filter((row) => !target.has(row) && byThisRun(read, row, "x")).length;
      return new Map(gone.map((row) => [row, notFoundCells]));
    },
  });
  const { read, target, businessRows, kept } = merge;
  const claimed = [...target.keys()].filter((row) => row <= read.lastRow);
  const keptNew = claimed.filter((row) => byThisRun(read, row, "n")).length;
  const appended = target.size - claimed.length;
  return {
    added: appended + keptNew,
    updated: claimed.length - keptNew,
    notFound: gone.length + markedByThisRun,
    businessRows: businessRows.length + appended,
    keptEarlier: [...kept.values()].filter((keeps) => keeps.emails || keeps.others.length > 0).length,
  };
}
