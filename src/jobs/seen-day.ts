// This file defines the day a results sheet dates its rows by (`First seen`, `Last seen`): the date in the spreadsheet's time zone,
// kept in the record when the job starts (an older record gets it on read: job-record-versions.ts). Words with times use the same zone.
import type { JobsContext } from "./job-context";
import type { JobRecord } from "./job-record";

/** An instant (an ISO timestamp or ms) in ms; now when it is no date. */
function msOf(ctx: JobsContext, when: string | number): number {
  const ms = typeof when === "number" ? when : Date.parse(when);
  return Number.isNaN(ms) ? ctx.clock.now() : ms;
}

/** The date, in the record's time zone, of an instant (an ISO timestamp or ms). */
export const dayOf = (ctx: JobsContext, timeZone: string, when: string | number): string => ctx.formatDay(msOf(ctx, when), timeZone);

/** A skipped refresh's words: "The refresh due 2026-11-28 07:46 was not run", its time in the record's time zone. */
export const refreshNotRun = (ctx: JobsContext, record: JobRecord, due: string | number): string =>
  `The refresh due ${ctx.formatTime(msOf(ctx, due), record.timeZone)} was not run`;
