// Defines number formats: the automatic default, what Sheets applies on parsed input, and display formatting.

import { serialToWallClock } from "./dates";

/** What getNumberFormat() reports for a cell whose format is still "Automatic". */
export const DEFAULT_NUMBER_FORMAT = "0.###############";
export const PLAIN_TEXT_FORMAT = "@";

/** Formats Sheets applies by itself when typed input is a date, a percentage, money… (en_US). */
export const AUTO_FORMATS = {
  date: "M/d/yyyy",
  dateTime: "M/d/yyyy H:mm:ss",
  time: "h:mm:ss am/pm",
  percent: "0%",
  percentDecimals: "0.00%",
  currency: '"$"#,##0.00',
  grouped: "#,##0",
  groupedDecimals: "#,##0.00",
  scientific: "0.00E+00",
} as const;

/** Drops quoted literals and [bracketed] parts so the pattern's letters can be inspected. */
function stripLiterals(format: string): string {
  return format
    .replace(/"[^"]*"/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\\./g, "");
}

/** True when a number in this format reads back as a Date (getValue returns Date objects for these). */
export function isDateFormat(format: string): boolean {
  if (format === PLAIN_TEXT_FORMAT) return false;
  return /[dmyhs]/i.test(stripLiterals(format).replace(/am\/pm|a\/p/gi, ""));
}

/** Sheets' display of a number under the automatic format: up to 15 significant digits. */
export function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs >= 1e15 || abs < 1e-9) {
    const [mantissa = "0", exponent = "0"] = value.toExponential(2).split("e");
    const exp = Number(exponent);
    return `${mantissa}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(Number(value.toPrecision(15)));
}

/** Splits a format on unquoted ";" into its sections (positive;negative;zero;text). */
function sections(format: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of format) {
    if (ch === '"') quoted = !quoted;
    if (ch === ";" && !quoted) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out;
}

function addGrouping(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats a number with a numeric pattern such as "#,##0.00", "0%", '"$"#,##0.00' or "0.00E+00". */
export function formatNumber(value: number, format: string): string {
  if (format === DEFAULT_NUMBER_FORMAT || format === "" || /^general$/i.test(format)) return formatGeneral(value);
  const parts = sections(format);
  const useNegative = value < 0 && parts.length > 1;
  const section = (useNegative ? parts[1] : value === 0 && parts.length > 2 ? parts[2] : parts[0]) ?? "";
  // Literal text around the number: quoted strings, \x escapes and characters outside the digit run.
  const core = /[#0?,.]*[#0?](?:[#0?,.]*)(?:E[+-]0+)?/i.exec(section.replace(/"[^"]*"/g, (m) => " ".repeat(m.length)));
  if (!core) return formatGeneral(value);
  const prefix = section
    .slice(0, core.index)
    .replace(/"([^"]*)"/g, "$1")
    .replace(/\\(.)/g, "$1");
  const suffix = section
    .slice(core.index + core[0].length)
    .replace(/"([^"]*)"/g, "$1")
    .replace(/\\(.)/g, "$1");
  const percent = (prefix + suffix).includes("%");
  let n = Math.abs(value) * (percent ? 100 : 1);
  const [mantissaPattern = "", exponentPattern] = core[0].split(/E/i);
  const [intPattern = "", fracPattern = ""] = mantissaPattern.split(".");
  const minFrac = (fracPattern.match(/0/g) ?? []).length;
  const maxFrac = (fracPattern.match(/[0#?]/g) ?? []).length;
  const minInt = (intPattern.match(/0/g) ?? []).length;
  let exponentText = "";
  if (exponentPattern !== undefined) {
    const exp = n === 0 ? 0 : Math.floor(Math.log10(n));
    n = n / 10 ** exp;
    const expDigits = (exponentPattern.match(/0/g) ?? []).length;
    exponentText = `E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(expDigits, "0")}`;
  }
  let [intDigits = "0", fracDigits = ""] = n.toFixed(maxFrac).split(".");
  while (fracDigits.length > minFrac && fracDigits.endsWith("0")) fracDigits = fracDigits.slice(0, -1);
  intDigits = intDigits.replace(/^0+/, "").padStart(minInt, "0");
  if (intPattern.includes(",")) intDigits = addGrouping(intDigits);
  const sign = value < 0 && !useNegative && (intDigits + fracDigits).replace(/[0,]/g, "") !== "" ? "-" : "";
  const body = fracDigits.length > 0 ? `${intDigits}.${fracDigits}` : intDigits;
  return `${sign}${prefix}${body}${exponentText}${suffix}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Formats a date serial with a date/time pattern ("M/d/yyyy", "yyyy-MM-dd", "H:mm:ss", "h:mm am/pm"…). */
export function formatDateSerial(serial: number, format: string): string {
  const w = serialToWallClock(serial);
  const tokens = format.match(/"[^"]*"|\\.|am\/pm|a\/p|y+|m+|d+|h+|s+|./gi) ?? [];
  const twelveHour = /am\/pm|a\/p/i.test(format);
  const isHour = (t: string | undefined): boolean => t !== undefined && /^h+$/i.test(t);
  const isSecond = (t: string | undefined): boolean => t !== undefined && /^s+$/i.test(t);
  const letterTokens = tokens.filter((t) => /^[a-z]/i.test(t));
  let out = "";
  tokens.forEach((t) => {
    const at = letterTokens.indexOf(t);
    const lower = t.toLowerCase();
    if (t.startsWith('"')) out += t.slice(1, -1);
    else if (t.startsWith("\\")) out += t.slice(1);
    else if (/^y+$/.test(lower)) out += lower.length <= 2 ? String(w.year % 100).padStart(2, "0") : String(w.year);
    else if (/^d+$/.test(lower)) {
      if (lower.length >= 4) out += DAYS[w.weekday] ?? "";
      else if (lower.length === 3) out += (DAYS[w.weekday] ?? "").slice(0, 3);
      else out += lower.length === 2 ? String(w.day).padStart(2, "0") : String(w.day);
    } else if (/^h+$/.test(lower)) {
      const h = twelveHour ? ((w.hour + 11) % 12) + 1 : w.hour;
      out += lower.length >= 2 ? String(h).padStart(2, "0") : String(h);
    } else if (/^s+$/.test(lower)) out += lower.length >= 2 ? String(w.second).padStart(2, "0") : String(w.second);
    else if (/^m+$/.test(lower)) {
      // "m" after an hour or before a second means minutes, as in Sheets.
      const minutes = isHour(letterTokens[at - 1]) || isSecond(letterTokens[at + 1]);
      if (minutes && lower.length <= 2) out += lower.length === 2 ? String(w.minute).padStart(2, "0") : String(w.minute);
      else if (lower.length >= 4) out += MONTHS[w.month - 1] ?? "";
      else if (lower.length === 3) out += (MONTHS[w.month - 1] ?? "").slice(0, 3);
      else out += lower.length === 2 ? String(w.month).padStart(2, "0") : String(w.month);
    } else if (lower === "am/pm") out += w.hour < 12 ? "AM" : "PM";
    else if (lower === "a/p") out += w.hour < 12 ? "A" : "P";
    else out += t;
  });
  return out;
}

/** The text Sheets shows for a stored value under a number format. */
export function displayValue(value: string | number | boolean | null, format: string): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (format === PLAIN_TEXT_FORMAT) return formatGeneral(value);
  if (isDateFormat(format)) return formatDateSerial(value, format);
  return formatNumber(value, format);
}
