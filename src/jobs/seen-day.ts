// This file defines the day a results sheet dates its rows by (`First seen`, `Last seen`): the
// date in the spreadsheet's time zone, as the people reading the sheet read dates. The zone is
// read when a job starts and kept in its record, so a pass writing many jobs reads no zone; a
// record of an earlier version reads it when first needed and keeps it from then on. Times the
// add-on writes in words (a refresh that was not run) are in the same zone.
import type { JobsContext } from "./job-context";
import type { JobRecord } from "./job-record";

/** The record's time zone, read from the spreadsheet when the record has none. */
export function recordTimeZone(ctx: JobsContext, record: JobRecord): string {
  return record.timeZone ?? ctx.spreadsheet.getSpreadsheetTimeZone();
}

/** The date, in the record's time zone, of an instant (an ISO timestamp or ms). */
export function dayOf(ctx: JobsContext, timeZone: string, when: string | number): string {
  const ms = typeof when === "number" ? when : Date.parse(when);
  return ctx.formatDay(Number.isNaN(ms) ? ctx.clock.now() : ms, timeZone);
}

/** The day and time, in the record's time zone, of an instant: "2026-11-28 07:46". */
function timeOf(ctx: JobsContext, timeZone: string, when: string | number): string {
  const ms = typeof when === "number" ? when : Date.parse(when);
  return ctx.formatTime(Number.isNaN(ms) ? ctx.clock.now() : ms, timeZone);
}

/** A skipped refresh's words: "The refresh due 2026-11-28 07:46 was not run", its time in the record's time zone. */
export function refreshNotRun(ctx: JobsContext, record: JobRecord, due: string | number): string {
  return `The refresh due ${timeOf(ctx, recordTimeZone(ctx, record), due)} was not run`;
}
