// This file defines Utilities.formatDate's pattern language, a subset of Java's SimpleDateFormat
// (https://docs.oracle.com/javase/7/docs/api/java/text/SimpleDateFormat.html), which is what
// Apps Script documents for it: y M d H h k K m s S E u a z Z X and 'quoted text'.
import { toWallClock } from "./spreadsheet/dates";

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  offsetMinutes: number;
  zoneName: string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The short name of the zone at that instant ("PST", "GMT+1"). */
function zoneName(time: number, timeZone: string): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    zoneNames.set(timeZone, format);
  }
  return format.formatToParts(time).find((p) => p.type === "timeZoneName")?.value ?? "";
}

/** Throws RangeError for an unknown time zone (Intl does). */
function partsIn(time: number, timeZone: string): Parts {
  const { year, month, day, hour, minute, second, weekday } = toWallClock(time, timeZone);
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wallClock - (time - (((time % 1000) + 1000) % 1000))) / 60_000);
  return { year, month, day, hour, minute, second, weekday, offsetMinutes, zoneName: zoneName(time, timeZone) };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function offset(minutes: number, withColon: boolean, zForZero: boolean): string {
  if (minutes === 0 && zForZero) return "Z";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}${withColon ? ":" : ""}${pad(abs % 60, 2)}`;
}

function field(letter: string, count: number, p: Parts, millis: number): string {
  switch (letter) {
    case "y":
      return count === 2 ? pad(p.year % 100, 2) : pad(p.year, count);
    case "M":
      return count >= 4 ? (MONTHS[p.month - 1] ?? "") : count === 3 ? (MONTHS[p.month - 1] ?? "").slice(0, 3) : pad(p.month, count);
    case "d":
      return pad(p.day, count);
    case "H":
      return pad(p.hour, count);
    case "k":
      return pad(p.hour === 0 ? 24 : p.hour, count);
    case "h":
      return pad(p.hour % 12 === 0 ? 12 : p.hour % 12, count);
    case "K":
      return pad(p.hour % 12, count);
    case "m":
      return pad(p.minute, count);
    case "s":
      return pad(p.second, count);
    case "S":
      return pad(millis, count);
    case "E":
      return count >= 4 ? (DAYS[p.weekday] ?? "") : (DAYS[p.weekday] ?? "").slice(0, 3);
    case "u":
      return String(p.weekday === 0 ? 7 : p.weekday);
    case "a":
      return p.hour < 12 ? "AM" : "PM";
    case "z":
      return p.zoneName;
    case "Z":
      return offset(p.offsetMinutes, false, false);
    case "X":
      return count === 1
        ? offset(p.offsetMinutes, false, true).slice(0, p.offsetMinutes === 0 ? 1 : 3)
        : offset(p.offsetMinutes, count >= 3, true);
    default:
      throw new Error(`Illegal pattern character '${letter}'`);
  }
}

export function formatDate(time: number, timeZone: string, pattern: string): string {
  const parts = partsIn(time, timeZone);
  const millis = ((time % 1000) + 1000) % 1000;
  let out = "";
  for (let i = 0; i < pattern.length; ) {
    const c = pattern.charAt(i);
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) {
        out += "'";
        i += 2;
        continue;
      }
      if (end < 0) throw new Error("Unterminated quote");
      out += pattern.slice(i + 1, end);
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern.charAt(j) === c) j++;
      out += field(c, j - i, parts, millis);
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
