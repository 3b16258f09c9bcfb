// Defines date arithmetic: Sheets' date serial numbers and wall-clock time in the spreadsheet's time zone.

const DAY_MS = 86_400_000;

/** True for Dates of any realm: the add-on runs in a node:vm context whose Date is not this one. */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === "[object Date]";
}
/** Sheets counts days from 1899-12-30 00:00 (wall clock), so serial 1 is 1899-12-31. */
const EPOCH_WALL_MS = Date.UTC(1899, 11, 30);

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number; // 0 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
      era: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall clock in `timeZone` at the instant `epochMs`. */
export function toWallClock(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(epochMs))) parts[p.type] = p.value;
  const yearOfEra = Number(parts.year);
  return {
    year: parts.era === "BC" ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((epochMs % 1000) + 1000) % 1000,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Sun"),
  };
}

function wallMs(w: Omit<WallClock, "weekday">): number {
  const d = new Date(Date.UTC(2000, 0, 1, w.hour, w.minute, w.second, w.millisecond));
  d.setUTCFullYear(w.year, w.month - 1, w.day); // keeps years below 100 as they are
  return d.getTime();
}

/** The instant at which the wall clock in `timeZone` reads `w` (the earlier one when clocks fall back). */
export function fromWallClock(w: Omit<WallClock, "weekday">, timeZone: string): number {
  const target = wallMs(w);
  let guess = target;
  // Two corrections settle the offset, also across a DST change.
  for (let i = 0; i < 3; i++) {
    const offset = wallMs(toWallClock(guess, timeZone)) - guess;
    guess = target - offset;
  }
  return guess;
}

/** The date serial Sheets stores for instant `date` in a spreadsheet whose zone is `timeZone`. */
export function dateToSerial(date: Date, timeZone: string): number {
  return (wallMs(toWallClock(date.getTime(), timeZone)) - EPOCH_WALL_MS) / DAY_MS;
}

/** The wall clock a date serial stands for (no time zone involved). */
export function serialToWallClock(serial: number): WallClock {
  const d = new Date(EPOCH_WALL_MS + Math.round(serial * DAY_MS));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

/** The Date getValue() returns for a date serial: that wall clock in the spreadsheet's zone. */
export function serialToDate(serial: number, timeZone: string): Date {
  return new Date(fromWallClock(serialToWallClock(serial), timeZone));
}

/** The serial of a calendar date plus a fraction of a day. */
export function calendarSerial(year: number, month: number, day: number, dayFraction = 0): number {
  return (wallMs({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }) - EPOCH_WALL_MS) / DAY_MS + dayFraction;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // leap year 2000: Feb has 29
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return day <= (leap ? 29 : 28);
  }
  return day <= daysInMonth;
}
