// This file defines how enrichment sees a sheet: the whole data range read in ONE getValues (the
// user's columns and our result columns together), which rows are asked for (the selection's, a
// range's or the whole sheet's), the header row, the name and website columns found by header
// synonyms or given explicitly, and where the result columns are. Column positions are re-found
// from the header row on every read, so inserted columns break nothing.
import { InvalidInputError } from "../errors/user-error";
import type { EnrichTarget } from "../jobs/enrich-target";
import { ENRICH_HEADERS, NAME_HEADERS, STATUS_HEADER, WEBSITE_HEADERS } from "./result-columns";
import { cleanText } from "./normalise";
import { describeRows } from "./row-list";
import { selectedRows } from "./selection";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface SheetArea {
  sheet: Sheet;
  /** The data range's values from A1: values[row - 1][column - 1]. */
  values: unknown[][];
  target: EnrichTarget;
  /** The data rows to consider: 1-based, ascending, each below the header row. */
  rows: number[];
  /** Where the rows came from: the user's selection, a range given by A1, or the whole sheet. */
  scope: "selection" | "range" | "sheet";
  /** Result header → column, for the result headers already present. */
  results: Map<string, number>;
}

/** The rows from `first` to `last`, inclusive. */
const rowSpan = (first: number, last: number): number[] => Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);

const headerKey = (value: unknown): string => cleanText(value).toLowerCase();

/** Column letters (A, AB) → 1-based number, or null. */
function columnFromLetters(text: string): number | null {
  if (!/^[A-Za-z]{1,3}$/.test(text)) return null;
  let n = 0;
  for (const char of text.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

/** The result headers present: looked for from `Enrichment status` rightwards only. */
function findResultColumns(header: readonly unknown[]): Map<string, number> {
  const positions = new Map<string, number>();
  const start = header.findIndex((cell) => headerKey(cell) === STATUS_HEADER.toLowerCase());
  if (start < 0) return positions;
  for (let index = start; index < header.length; index += 1) {
    const text = cleanText(header[index]);
    const ours = ENRICH_HEADERS.find((h) => h.toLowerCase() === text.toLowerCase());
    if (ours !== undefined && !positions.has(ours)) positions.set(ours, index + 1);
  }
  return positions;
}

/** The last column where a synonym may name the user's column: left of our result block, if there is one. */
function lastUserColumn(header: readonly unknown[], within: { first: number; last: number }): number {
  const resultsFrom = header.findIndex((cell) => headerKey(cell) === STATUS_HEADER.toLowerCase());
  return resultsFrom >= 0 ? Math.min(within.last, resultsFrom) : within.last;
}

/** A column by explicit choice (a header text, a column letter or number) or by synonyms, if this header row has it. */
interface FoundColumn {
  column: number;
  /** Found by its header text (explicit or a synonym), not given as a position: it names the header row. */
  byText: boolean;
}

function findColumn(
  header: readonly unknown[],
  explicit: string | number | undefined,
  synonyms: readonly string[],
  within: { first: number; last: number },
): FoundColumn | null {
  if (typeof explicit === "number") return Number.isInteger(explicit) && explicit >= 1 ? { column: explicit, byText: false } : null;
  if (explicit !== undefined) {
    const wanted = headerKey(explicit);
    const byHeader = header.findIndex((cell) => headerKey(cell) === wanted);
    if (byHeader >= 0) return { column: byHeader + 1, byText: true };
    const byLetter = columnFromLetters(explicit.trim());
    return byLetter === null ? null : { column: byLetter, byText: false };
  }
  const last = lastUserColumn(header, within);
  for (const synonym of synonyms) {
    for (let column = within.first; column <= last; column += 1) {
      if (headerKey(header[column - 1]) === synonym) return { column, byText: true };
    }
  }
  return null;
}

/** The column, or an error that says what the header row has and what it needs. */
function pickColumn(
  header: readonly unknown[],
  explicit: string | number | undefined,
  synonyms: readonly string[],
  within: { first: number; last: number },
  what: string,
  headerRow: number,
): number {
  if (typeof explicit === "number" && (!Number.isInteger(explicit) || explicit < 1)) {
    throw new InvalidInputError(`The ${what} column must be a column letter or a header; ${explicit} is not.`);
  }
  const found = findColumn(header, explicit, synonyms, within);
  if (found) return found.column;
  if (explicit !== undefined) throw new InvalidInputError(`Row ${headerRow} has no column headed "${String(explicit)}" for the ${what}.`);
  const seen = header.slice(within.first - 1, lastUserColumn(header, within)).map(cleanText).filter((h) => h !== "");
  const listed = seen.length > 0 ? `it has ${seen.slice(0, 8).map((h) => `"${h}"`).join(", ")}` : "it is empty";
  throw new InvalidInputError(
    `Could not find the ${what} column: the header row (row ${headerRow}) needs a column named ` +
      `${synonyms.slice(0, 4).map((s) => `"${s}"`).join(", ")}… and ${listed}. Rename the header or choose the column.`,
  );
}

/**
 * Whether a row is a header row: it names a name column and a website column (by the synonyms, or
 * by the headers the caller chose). Columns chosen by letter or number name nothing, so at least
 * one of the two must be found by its text.
 */
function isHeaderRow(header: readonly unknown[], args: AreaArgs, within: { first: number; last: number }): boolean {
  const name = findColumn(header, args.nameColumn, NAME_HEADERS, within);
  const website = findColumn(header, args.websiteColumn, WEBSITE_HEADERS, within);
  return name !== null && website !== null && name.column !== website.column && (name.byText || website.byText);
}

/**
 * The header row of rows starting at `top`: the nearest header row at or above `top`, else the
 * first one below it down to `bottom` (a selection that starts on a title above its header).
 * Where no row qualifies (the columns are given by letter, or the headers are not recognised),
 * the sheet's first non-empty row: the columns are then taken, or refused with a clear message,
 * from that row.
 */
function findHeaderRow(values: readonly unknown[][], args: AreaArgs, within: { first: number; last: number }, top: number, bottom: number): number {
  const qualifies = (row: number) => isHeaderRow(values[row - 1] ?? [], args, within);
  for (let row = Math.min(top, values.length); row >= 1; row -= 1) if (qualifies(row)) return row;
  for (let row = top + 1; row <= Math.min(bottom, values.length); row += 1) if (qualifies(row)) return row;
  const firstNonEmpty = values.findIndex((cells) => cells.some((cell) => cleanText(cell) !== ""));
  return firstNonEmpty >= 0 ? firstNonEmpty + 1 : 1;
}

export interface AreaArgs {
  sheetName?: string;
  rangeA1?: string;
  nameColumn?: string | number;
  websiteColumn?: string | number;
}

function findSheet(spreadsheet: Spreadsheet, args: AreaArgs): { sheet: Sheet; range: GoogleAppsScript.Spreadsheet.Range | null } {
  if (args.rangeA1 !== undefined && args.rangeA1.indexOf("!") >= 0) {
    let range: GoogleAppsScript.Spreadsheet.Range;
    try {
      range = spreadsheet.getRange(args.rangeA1);
    } catch {
      throw new InvalidInputError(`"${args.rangeA1}" is not a range of this spreadsheet.`);
    }
    return { sheet: range.getSheet(), range };
  }
  const sheet = args.sheetName !== undefined ? spreadsheet.getSheetByName(args.sheetName) : spreadsheet.getActiveSheet();
  if (!sheet) throw new InvalidInputError(`There is no sheet named "${args.sheetName ?? ""}".`);
  if (args.rangeA1 === undefined) return { sheet, range: null };
  try {
    return { sheet, range: sheet.getRange(args.rangeA1) };
  } catch {
    throw new InvalidInputError(`"${args.rangeA1}" is not a range (use A1 notation, e.g. A1:C200).`);
  }
}

const WHOLE_SHEET_HINT = "select the rows to enrich, or a single cell to enrich the whole sheet";

/**
 * Reads the rows to enrich: one getValues of the sheet's data range, whatever is asked for.
 * - `rangeA1`: its first row is the header row, and the name and website columns are looked for
 *   among its columns.
 * - otherwise, on the active sheet (no `sheetName`), a selection of more than one cell: the rows
 *   it covers (all its ranges, whatever their columns). The header row is the nearest row at or
 *   above the selection's top that names a name column and a website column (or the chosen
 *   columns), else the first such row inside the selection; selected rows at or above it (the
 *   header itself, a title) are not sent.
 * - otherwise (one cell selected, or `sheetName`): every row below the sheet's first such row.
 */
export function readArea(spreadsheet: Spreadsheet, args: AreaArgs): SheetArea {
  const { sheet, range } = findSheet(spreadsheet, args);
  const values = sheet.getDataRange().getValues();
  const height = values.length;
  const width = values[0]?.length ?? 0;
  const wholeRows = { first: 1, last: width };
  let headerRow: number;
  let rows: number[];
  let within = wholeRows;
  let scope: SheetArea["scope"];
  const selected = range || args.sheetName !== undefined ? null : selectedRows(spreadsheet, sheet);
  if (range) {
    scope = "range";
    headerRow = range.getRow();
    const column = range.getColumn();
    within = { first: column, last: Math.min(width, column + range.getNumColumns() - 1) };
    rows = rowSpan(headerRow + 1, Math.min(height, headerRow + range.getNumRows() - 1));
  } else if (selected) {
    scope = "selection";
    const top = selected[0] ?? 1;
    headerRow = findHeaderRow(values, args, wholeRows, top, selected[selected.length - 1] ?? top);
    rows = selected.filter((row) => row > headerRow && row <= height);
  } else {
    scope = "sheet";
    headerRow = findHeaderRow(values, args, wholeRows, 1, height);
    rows = rowSpan(headerRow + 1, height);
  }
  const header = values[headerRow - 1] ?? [];
  if (height < headerRow || header.every((cell) => cleanText(cell) === "")) {
    throw new InvalidInputError(`The sheet "${sheet.getName()}" has no header row at row ${headerRow}: put headers such as "Company" and "Website" above the rows to enrich.`);
  }
  const nameColumn = pickColumn(header, args.nameColumn, NAME_HEADERS, within, "business name", headerRow);
  const websiteColumn = pickColumn(header, args.websiteColumn, WEBSITE_HEADERS, within, "website", headerRow);
  if (nameColumn === websiteColumn) throw new InvalidInputError("The name and the website must be two different columns.");
  if (selected && rows.length === 0) {
    const below = selected.some((row) => row > headerRow);
    throw new InvalidInputError(
      below
        ? `The selected ${describeRows(selected.filter((row) => row > headerRow), sheet.getName())} are empty: ${WHOLE_SHEET_HINT}.`
        : `The selection holds only the header row (row ${headerRow}) of "${sheet.getName()}": ${WHOLE_SHEET_HINT}.`,
    );
  }
  return {
    sheet,
    values,
    target: {
      headerRow,
      nameHeader: cleanText(header[nameColumn - 1]),
      nameColumn,
      websiteHeader: cleanText(header[websiteColumn - 1]),
      websiteColumn,
    },
    rows,
    scope,
    results: findResultColumns(header),
  };
}

/** The same rows again in a later pass: the header row re-read, the two columns re-found by header. */
export function rereadArea(sheet: Sheet, target: EnrichTarget): SheetArea {
  return areaIn(sheet, sheet.getDataRange().getValues(), target);
}

/**
 * Where the header row is now: rows inserted or deleted above the list move it. It is the row
 * nearest to where it was that still holds both column headers (the same row when it does).
 */
function headerRowNow(values: unknown[][], target: EnrichTarget): number {
  if (target.nameHeader === "" || target.websiteHeader === "") return target.headerRow;
  const wanted = [target.nameHeader.toLowerCase(), target.websiteHeader.toLowerCase()];
  const holds = (row: number) => {
    const keys = (values[row - 1] ?? []).map(headerKey);
    return wanted.every((text) => keys.includes(text));
  };
  for (let distance = 0; distance < values.length; distance += 1) {
    if (holds(target.headerRow + distance)) return target.headerRow + distance;
    if (distance > 0 && target.headerRow - distance >= 1 && holds(target.headerRow - distance)) return target.headerRow - distance;
  }
  return target.headerRow;
}

/** The rows of `target` in values already read from the sheet (several jobs share one read). */
export function areaIn(sheet: Sheet, values: unknown[][], stored: EnrichTarget): SheetArea {
  const target = { ...stored, headerRow: headerRowNow(values, stored) };
  const header = values[target.headerRow - 1] ?? [];
  const refind = (text: string, fallback: number): number => {
    if (text === "") return fallback;
    const index = header.findIndex((cell) => headerKey(cell) === text.toLowerCase());
    return index >= 0 ? index + 1 : fallback;
  };
  const current = { ...target, nameColumn: refind(target.nameHeader, target.nameColumn), websiteColumn: refind(target.websiteHeader, target.websiteColumn) };
  return { sheet, values, target: current, rows: rowSpan(target.headerRow + 1, values.length), scope: "sheet", results: findResultColumns(header) };
}

export const cellAt = (area: SheetArea, row: number, column: number): unknown => area.values[row - 1]?.[column - 1] ?? "";
