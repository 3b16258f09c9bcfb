// This file defines the counters benchmarks and tests read: what an execution cost in requests,
// round trips, spreadsheet calls and (virtual) waiting.

export class Counters {
  /** Individual HTTP requests sent (fetchAll of n counts n). */
  fetchRequests = 0;
  /** UrlFetchApp calls: fetch = 1 round trip, fetchAll of n requests = 1 round trip. */
  roundTrips = 0;
  spreadsheetReads = 0;
  /** Cells returned by value reads (getValues, getFormulas, getDisplayValues and their one-cell forms). */
  cellsRead = 0;
  spreadsheetWrites = 0;
  /** Calls that need no document access (Sheet.getRange, getSheetId, Range geometry): counted for cost figures. */
  spreadsheetGetters = 0;
  /** SpreadsheetApp.flush() calls: they change no cell, but each is a call of its own. */
  spreadsheetFlushes = 0;
  /** Utilities.sleep calls and the virtual milliseconds they slept. */
  sleeps = 0;
  sleepMs = 0;
  /** Virtual milliseconds spent waiting in tryLock/waitLock. */
  lockWaitMs = 0;
  executions = 0;
  /** UrlFetchApp calls refused by a quota (nothing sent). */
  quotaRefusals = 0;
  /** PropertiesService reads and writes (each charged to the daily "Properties read/write" quota). */
  propertiesCalls = 0;
  /** Virtual milliseconds time-driven trigger executions ran (charged to "Triggers total runtime"). */
  triggerRuntimeMs = 0;

  /** Every SpreadsheetApp call: reads, writes, getters and flushes (what a pass's cost figures count). */
  snapshot(): Readonly<Record<CounterName | "spreadsheetCalls", number>> {
    return {
      fetchRequests: this.fetchRequests,
      roundTrips: this.roundTrips,
      spreadsheetReads: this.spreadsheetReads,
      cellsRead: this.cellsRead,
      spreadsheetWrites: this.spreadsheetWrites,
      spreadsheetGetters: this.spreadsheetGetters,
      spreadsheetFlushes: this.spreadsheetFlushes,
      spreadsheetCalls: this.spreadsheetReads + this.spreadsheetWrites + this.spreadsheetGetters + this.spreadsheetFlushes,
      sleeps: this.sleeps,
      sleepMs: this.sleepMs,
      lockWaitMs: this.lockWaitMs,
      executions: this.executions,
      quotaRefusals: this.quotaRefusals,
      propertiesCalls: this.propertiesCalls,
      triggerRuntimeMs: this.triggerRuntimeMs,
    };
  }

  reset(): void {
    for (const name of COUNTER_NAMES) this[name] = 0;
  }
}

export const COUNTER_NAMES = [
  "fetchRequests",
  "roundTrips",
  "spreadsheetReads",
  "cellsRead",
  "spreadsheetWrites",
  "spreadsheetGetters",
  "spreadsheetFlushes",
  "sleeps",
  "sleepMs",
  "lockWaitMs",
  "executions",
  "quotaRefusals",
  "propertiesCalls",
  "triggerRuntimeMs",
] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];
