// Defines how a string written by a script or typed by a user becomes a cell's content, as Sheets parses it (en_US).

import { calendarSerial, isValidCalendarDate } from "./dates";
import { AUTO_FORMATS } from "./number-format";

/** What a string turns into; `format` is the number format Sheets applies to an Automatic cell. */
export type ParsedInput =
  | { kind: "empty" }
  | { kind: "text"; text: string; quotePrefix: boolean }
  | { kind: "number"; value: number; format: string | null }
  | { kind: "boolean"; value: boolean }
  | { kind: "formula"; formula: string };

export interface ParseOptions {
  /** The cell's number format is plain text "@": no numbers, dates or booleans are recognised. */
  plainText: boolean;
  /** Whether "@" also keeps "=…" from becoming a formula (undocumented by Google, so configurable). */
  plainTextStopsFormulas: boolean;
  /** The current year, in the spreadsheet's zone, for dates typed without one ("1/2"). */
  currentYear: number;
}

/**
 * Parses `raw` as Sheets parses typed input:
 * - a leading apostrophe is the quote prefix: the rest is text and the apostrophe is not part of it;
 * - "=…" is a formula; so is "+…" or "-…" that is no number ("+1 512-555-0100" → a formula that fails to parse);
 * - numbers ("0042" → 42, "1,234", "1.5e3", "12%" → 0.12, "$5"), booleans (any case), dates and times;
 * - anything else stays text.
 */
export function parseInput(raw: string, options: ParseOptions): ParsedInput {
  if (raw === "") return { kind: "empty" };
  if (raw.startsWith("'")) return { kind: "text", text: raw.slice(1), quotePrefix: true };
  if (raw.startsWith("=")) {
    if (options.plainText && options.plainTextStopsFormulas) return { kind: "text", text: raw, quotePrefix: false };
    return { kind: "formula", formula: raw };
  }
  if (options.plainText) return { kind: "text", text: raw, quotePrefix: false };
  const number = parseNumber(raw);
  if (number) return { kind: "number", ...number };
  const upper = raw.trim().toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return { kind: "boolean", value: upper === "TRUE" };
  const date = parseDateTime(raw.trim(), options.currentYear);
  if (date) return { kind: "number", ...date };
  // Sheets reads a leading sign as the start of a formula once the text is no number.
  if (/^[+-]./s.test(raw)) return { kind: "formula", formula: `=${raw}` };
  return { kind: "text", text: raw, quotePrefix: false };
}

const PLAIN_DIGITS = /^(?:\d+\.?\d*|\.\d+)$/;
const GROUPED_DIGITS = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** Numbers as en_US input: sign, "$", thousands separators, exponent, trailing "%". */
export function parseNumber(raw: string): { value: number; format: string | null } | null {
  let s = raw.trim();
  let negative = false;
  let currency = false;
  const takeSign = (): void => {
    if (s.startsWith("-") || s.startsWith("+")) {
      if (s.startsWith("-")) negative = !negative;
      s = s.slice(1);
    }
  };
  takeSign();
  if (s.startsWith("$")) {
    currency = true;
    s = s.slice(1);
    if (!negative) takeSign();
  }
  let percent = false;
  if (!currency && s.endsWith("%")) {
    percent = true;
    s = s.slice(0, -1);
  }
  let exponent = 0;
  const exp = /[eE]([+-]?\d+)$/.exec(s);
  if (exp && !currency && !percent) {
    exponent = Number(exp[1]);
    s = s.slice(0, exp.index);
  }
  const grouped = GROUPED_DIGITS.test(s);
  if (!grouped && !PLAIN_DIGITS.test(s)) return null;
  if (exp && grouped) return null;
  const digits = s.replace(/,/g, "");
  // Shifting the decimal point in the text avoids float noise (12% is exactly 0.12).
  let value = exp ? Number(`${digits}e${exponent}`) : percent ? Number(`${digits}e-2`) : Number(digits);
  if (negative) value = -value;
  const hasDecimals = /\.\d/.test(s);
  let format: string | null = null;
  if (percent) format = hasDecimals ? AUTO_FORMATS.percentDecimals : AUTO_FORMATS.percent;
  else if (currency) format = AUTO_FORMATS.currency;
  else if (exp) format = AUTO_FORMATS.scientific;
  else if (grouped) format = hasDecimals ? AUTO_FORMATS.groupedDecimals : AUTO_FORMATS.grouped;
  return { value: value === 0 ? 0 : value, format };
}

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function monthFromName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, "");
  const full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
  const i = full.indexOf(lower);
  if (i >= 0) return i + 1;
  const j = MONTH_NAMES.indexOf(lower === "sept" ? "sep" : lower);
  return j >= 0 ? j + 1 : null;
}

/** Two-digit years: 00–29 are 20xx, 30–99 are 19xx (as Sheets reads them). */
function fullYear(text: string): number {
  const y = Number(text);
  if (text.length > 2) return y;
  return y < 30 ? 2000 + y : 1900 + y;
}

const MONTH_WORD = "([A-Za-z]{3,9}\\.?)";

/** Calendar dates as en_US input; null when the text is no valid date. */
function parseDate(s: string, currentYear: number): { year: number; month: number; day: number } | null {
  let m = /^(\d{1,2})[/-](\d{1,2})(?:[/-](\d{4}|\d{2}))?$/.exec(s);
  if (m) return checked(m[3] === undefined ? currentYear : fullYear(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(s);
  if (m) return checked(Number(m[1]), Number(m[2]), Number(m[3]));
  m = new RegExp(`^${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?$`, "i").exec(s);
  if (m) return named(m[1], m[3] === undefined ? currentYear : Number(m[3]), Number(m[2]));
  m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_WORD}(?:,?\\s+(\\d{4}))?$`, "i").exec(s);
  if (m) return named(m[2], m[3] === undefined ? currentYear : Number(m[3]), Number(m[1]));
  m = new RegExp(`^${MONTH_WORD}\\s+(\\d{4})$`, "i").exec(s);
  if (m) return named(m[1], Number(m[2]), 1);
  return null;

  function named(name: string | undefined, year: number, day: number): { year: number; month: number; day: number } | null {
    const month = monthFromName(name ?? "");
    return month === null ? null : checked(year, month, day);
  }
  function checked(year: number, month: number, day: number): { year: number; month: number; day: number } | null {
    return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
  }
}

/** Times of day: "14:30", "9:05:10", "2:30 pm"; returns the fraction of a day. */
function parseTime(s: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(s);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = m[3] === undefined ? 0 : Number(m[3]);
  if (minute > 59 || second > 59) return null;
  if (m[4] !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[4].toLowerCase() === "pm" ? 12 : 0);
  } else if (hour > 23) return null;
  return (hour * 3600 + minute * 60 + second) / 86400;
}

/** Dates, times and "date time" as a serial number with the format Sheets applies. */
export function parseDateTime(s: string, currentYear: number): { value: number; format: string } | null {
  const date = parseDate(s, currentYear);
  if (date) return { value: calendarSerial(date.year, date.month, date.day), format: AUTO_FORMATS.date };
  const time = parseTime(s);
  if (time !== null) return { value: time, format: AUTO_FORMATS.time };
  const split = /^(.*\S)\s+(\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?)$/.exec(s);
  if (split) {
    const d = parseDate(split[1] ?? "", currentYear);
    const t = parseTime(split[2] ?? "");
    if (d && t !== null) return { value: calendarSerial(d.year, d.month, d.day, t), format: AUTO_FORMATS.dateTime };
  }
  return null;
}
