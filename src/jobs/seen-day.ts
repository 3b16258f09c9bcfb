// This file defines the day a results sheet dates its rows by (`First seen`, `Last seen`): the date in the spreadsheet's time zone,
// kept in the record when the job starts (an older record gets it on read: job-record-versions.ts). Words with times use the same zone.
import type { JobsContext } from "./job-context";
import type { JobRecord } from "./job-record";

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
  return `The refresh due ${timeOf(ctx, record.timeZone, due)} was not run`;
}
