// Defines a cell's stored state and how values move in and out of it (typed values, formulas, formats, links).

import { parseInput } from "./cell-input";
import { dateToSerial, isDate, serialToDate } from "./dates";
import { MAX_CELL_CHARS, messages } from "./errors";
import { evaluateFormula, PARSE_ERROR_VALUE } from "./formula";
import { AUTO_FORMATS, DEFAULT_NUMBER_FORMAT, displayValue, isDateFormat, PLAIN_TEXT_FORMAT } from "./number-format";
import type { RichText } from "./rich-text";

/** What Range.getValues() yields for one cell: "" for empty, Dates for date-formatted numbers. */
export type OutputValue = string | number | boolean | Date;

export interface Cell {
  /** Stored value; numbers include date serials; null is empty. For a formula: its computed value. */
  value: string | number | boolean | null;
  /** "=…" or "" when the cell holds no formula. */
  formula: string;
  /** Text written with a leading apostrophe: the apostrophe marked it as text and is not in `value`. */
  quotePrefix: boolean;
  numberFormat: string;
  /** Link runs of a text value set through rich text; null for plain values. */
  richText: RichText | null;
  fontWeight: "normal" | "bold";
  /** The text colour as `#rrggbb` (Sheets' default text is black). */
  fontColor: string;
  background: string;
  horizontalAlignment: string | null;
  wrap: boolean;
  /** The message Sheets shows when the pointer rests on this cell's error value; no script can read it. */
  errorMessage: string | null;
  /** The value was spilled here by an array result of a formula in another cell (formula-results.ts). */
  spilled: boolean;
}

export function emptyCell(): Cell {
  return {
    value: null,
    formula: "",
    quotePrefix: false,
    numberFormat: DEFAULT_NUMBER_FORMAT,
    richText: null,
    fontWeight: "normal",
    fontColor: "#000000",
    background: "#ffffff",
    horizontalAlignment: null,
    wrap: true,
    errorMessage: null,
    spilled: false,
  };
}

/** A cell with only its formatting, as inserted rows and cleared cells keep it. */
export function formatOnly(cell: Cell): Cell {
  return { ...cell, value: null, formula: "", quotePrefix: false, richText: null, errorMessage: null, spilled: false };
}

export function hasContent(cell: Cell | undefined): boolean {
  return cell !== undefined && (cell.value !== null || cell.formula !== "");
}

export function clearContent(cell: Cell): void {
  cell.value = null;
  cell.formula = "";
  cell.quotePrefix = false;
  cell.richText = null;
  cell.errorMessage = null;
  cell.spilled = false;
}

/** Clears a cell's contents, its formats, or both, as Range.clear(options) does. */
export function clearCell(cell: Cell, contents: boolean, formats: boolean): void {
  const fresh = emptyCell();
  if (contents) clearContent(cell);
  if (formats) {
    cell.numberFormat = fresh.numberFormat;
    cell.fontWeight = fresh.fontWeight;
    cell.fontColor = fresh.fontColor;
    cell.background = fresh.background;
    cell.horizontalAlignment = fresh.horizontalAlignment;
    cell.wrap = fresh.wrap;
  }
}

/** Builds the Date objects getValues() returns; a vm runtime passes its context's Date. */
export type DateFactory = (epochMs: number) => Date;
export const hostDate: DateFactory = (epochMs) => new Date(epochMs);

export interface WriteContext {
  timeZone: string;
  currentYear: number;
  plainTextStopsFormulas: boolean;
  error: (message: string) => Error;
}

/** The content a value will give a cell; computed before any cell changes so a bad value writes nothing. */
export type PreparedWrite = (cell: Cell) => void;

function applyAutoFormat(cell: Cell, format: string | null): void {
  if (format !== null && cell.numberFormat === DEFAULT_NUMBER_FORMAT) cell.numberFormat = format;
}

/** Prepares a value passed to setValue/setValues (or typed by a user) for writing into a cell. */
export function prepareWrite(input: unknown, ctx: WriteContext, forceFormula = false): PreparedWrite {
  if (input === null || input === undefined || input === "") return (cell) => clearContent(cell);
  if (typeof input === "boolean") return (cell) => setPlain(cell, input);
  if (typeof input === "number") {
    // Sheets cannot hold NaN or infinities; they arrive as the error a formula would show.
    if (!Number.isFinite(input)) return (cell) => setPlain(cell, "#NUM!");
    return (cell) => setPlain(cell, input);
  }
  if (isDate(input)) {
    const serial = dateToSerial(input, ctx.timeZone);
    if (Number.isNaN(serial)) return (cell) => setPlain(cell, "#NUM!");
    return (cell) => {
      setPlain(cell, serial);
      if (!isDateFormat(cell.numberFormat)) cell.numberFormat = AUTO_FORMATS.dateTime;
    };
  }
  // Anything else arrives as its text, as Apps Script converts it for the cell.
  const text = typeof input === "string" ? input : String(input);
  if (text.length > MAX_CELL_CHARS) throw ctx.error(messages.tooManyChars);
  return (cell) => {
    const parsed =
      forceFormula && text.startsWith("=")
        ? ({ kind: "formula", formula: text } as const)
        : parseInput(text, {
            plainText: cell.numberFormat === PLAIN_TEXT_FORMAT,
            plainTextStopsFormulas: ctx.plainTextStopsFormulas,
            currentYear: ctx.currentYear,
          });
    switch (parsed.kind) {
      case "empty":
        clearContent(cell);
        return;
      case "text":
        setPlain(cell, parsed.text);
        cell.quotePrefix = parsed.quotePrefix;
        return;
      case "boolean":
        setPlain(cell, parsed.value);
        return;
      case "number":
        setPlain(cell, parsed.value);
        applyAutoFormat(cell, parsed.format);
        return;
      case "formula":
        clearContent(cell);
        cell.formula = parsed.formula;
        cell.value = evaluateFormula(parsed.formula);
        if (cell.value === PARSE_ERROR_VALUE) cell.errorMessage = messages.formulaParseError;
        return;
    }
  };
}

function setPlain(cell: Cell, value: string | number | boolean): void {
  clearContent(cell);
  cell.value = value;
}

/** The value getValue() returns for a cell. */
export function outputValue(cell: Cell | undefined, timeZone: string, makeDate: DateFactory = hostDate): OutputValue {
  if (!cell || cell.value === null) return "";
  if (typeof cell.value === "number" && isDateFormat(cell.numberFormat)) return makeDate(serialToDate(cell.value, timeZone).getTime());
  return cell.value;
}

/** The text getDisplayValue() returns for a cell. */
export function outputDisplay(cell: Cell | undefined): string {
  if (!cell) return "";
  return displayValue(cell.value, cell.numberFormat);
}
