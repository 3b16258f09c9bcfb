// This file defines the cell helpers every writer shares: writing a text so it lands as that exact text, and comparing a cell read back.
// Sheets parses script-written strings like typed input (`=…`, `0042`, `1/2`), and the one documented escape is a leading apostrophe
// (Google does not document whether the plain-text format `@` stops a formula, so it is not relied on).

/** Sheets' limit for one cell. */
export const MAX_CELL_CHARS = 50000;
const TRUNCATION_MARK = " …[truncated]";

/** What a column gives for a business: text, a number (a rating), or nothing. */
export type ColumnValue = string | number | null;

type CellInput = string | number | boolean;

/** A cell as read, as trimmed text ("" for an empty cell): ids and headers are compared so. */
export const cellText = (value: unknown): string => (value === null || value === undefined ? "" : String(value).trim());

/** What to pass to setValues for a text value: "" stays an empty cell, anything else is quoted. */
export function exactText(text: string): string {
  if (text === "") return "";
  // The apostrophe itself is not counted by Sheets, so the value may use the full limit.
  const fitted = text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS - TRUNCATION_MARK.length) + TRUNCATION_MARK : text;
  return "'" + fitted;
}

/**
 * Re-writes a value read from a cell so that writing it back changes nothing: strings are quoted
 * (a text "0042" read back must not become 42), formulas are kept as formulas.
 */
export function unchangedCellInput(value: unknown, formula: string): CellInput | Date {
  if (formula) return formula;
  if (typeof value === "string") return exactText(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  // Not `instanceof`: a value from another realm (the test fakes) is still a Date.
  if (Object.prototype.toString.call(value) === "[object Date]") return value as Date;
  return "";
}

/** What to pass to setValues for a column's value: text exact, a number as a number, nothing as "". */
export const cellInput = (value: ColumnValue): string | number => (typeof value === "number" ? value : exactText(value ?? ""));

/** What a cell reads after `input` is written: text without its quote prefix. */
export const readsAs = (input: string | number): string | number =>
  typeof input === "string" && input.startsWith("'") ? input.slice(1) : input;

/** Whether writing `input` (from cellInput or exactText) would leave a cell reading `current` as it is. */
export function writesSame(input: string | number, current: unknown): boolean {
  const text = readsAs(input);
  if (typeof text === "number" || typeof current === "string") return current === text;
  return text === "" && (current ?? "") === "";
}
