// This file defines what the add-on takes of Apps Script's Utilities: the clock (with Utilities.sleep as its wait, the only wait Apps
// Script has), UUIDs, and a date or time in a time zone. Everything above reads the time through this clock or one handed down from it.
import { timeNow, type Clock } from "../rules/clock";

/** Waits of at most 5 minutes: Apps Script's limit for one Utilities.sleep. */
const LONGEST_SLEEP_MS = 300000;

/** The one clock of the add-on in Apps Script (the tests hand in virtual clocks of the same shape). */
export const appsScriptClock: Clock = {
  now: timeNow,
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.min(Math.round(ms), LONGEST_SLEEP_MS))),
};

/** A new random UUID (idempotency keys, probe names, the editor's id). */
export const newUuid = (): string => Utilities.getUuid();

/** The day `ms` falls on in `timeZone`, as yyyy-MM-dd. */
export const formatDay = (ms: number, timeZone: string): string => Utilities.formatDate(new Date(ms), timeZone, "yyyy-MM-dd");

/** The day and time `ms` falls on in `timeZone`, as yyyy-MM-dd HH:mm (24-hour). */
export const formatTime = (ms: number, timeZone: string): string => Utilities.formatDate(new Date(ms), timeZone, "yyyy-MM-dd HH:mm");
