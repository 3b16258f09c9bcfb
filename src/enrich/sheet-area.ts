// This file defines how enrichment sees a sheet: the whole data range read in ONE getValues (the
// user's columns and our result columns together), the header row, the name and website columns
// found by header synonyms or given explicitly, and where the result columns are. Column
// positions are re-found from the header row on every read, so inserted columns break nothing.
import { InvalidInputError } from "../errors/user-error";
import type { EnrichTarget } from "../jobs/enrich-target";
import { ENRICH_HEADERS, NAME_HEADERS, STATUS_HEADER, WEBSITE_HEADERS } from "./columns";
import { cleanText } from "./normalise";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface SheetArea {
  sheet: Sheet;
  /** The data range's values from A1: values[row - 1][column - 1]. */
  values: unknown[][];
  target: EnrichTarget;
  /** The data rows to consider (1-based, inclusive). */
  firstRow: number;
  lastRow: number;
  /** Result header → column, for the result headers already present. */
  results: Map<string, number>;
}

const headerKey = (value: unknown): string => cleanText(value).toLowerCase();

/** Column letters (A, AB) → 1-based number, or null. */
function columnFromLetters(text: string): number | null {
  if (!/^[A-Za-z]{1,3}$/.test(text)) return null;
  let n = 0;
  for (const char of text.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

/** The result headers present: looked for from `Enrichment status` rightwards only. */
export function findResultColumns(header: readonly unknown[]): Map<string, number> {
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

/** A column by explicit choice (a header text, a column letter or number) or by synonyms. */
function pickColumn(
  header: readonly unknown[],
  explicit: string | number | undefined,
  synonyms: readonly string[],
  within: { first: number; last: number },
  what: string,
  headerRow: number,
): number {
  if (typeof explicit === "number") {
    if (!Number.isInteger(explicit) || explicit < 1) throw new InvalidInputError(`The ${what} column must be a column letter or a header; ${explicit} is not.`);
    return explicit;
  }
  if (explicit !== undefined) {
    const wanted = headerKey(explicit);
    const byHeader = header.findIndex((cell) => headerKey(cell) === wanted);
    if (byHeader >= 0) return byHeader + 1;
    const byLetter = columnFromLetters(explicit.trim());
    if (byLetter !== null) return byLetter;
    throw new InvalidInputError(`Row ${headerRow} has no column headed "${explicit}" for the ${what}.`);
  }
  const resultsFrom = header.findIndex((cell) => headerKey(cell) === STATUS_HEADER.toLowerCase());
  const last = resultsFrom >= 0 ? Math.min(within.last, resultsFrom) : within.last;
  for (const synonym of synonyms) {
    for (let column = within.first; column <= last; column += 1) {
      if (headerKey(header[column - 1]) === synonym) return column;
    }
  }
  const seen = header.slice(within.first - 1, last).map(cleanText).filter((h) => h !== "");
  const listed = seen.length > 0 ? `it has ${seen.slice(0, 8).map((h) => `"${h}"`).join(", ")}` : "it is empty";
  throw new InvalidInputError(
    `Could not find the ${what} column: the header row (row ${headerRow}) needs a column named ` +
      `${synonyms.slice(0, 4).map((s) => `"${s}"`).join(", ")}… and ${listed}. Rename the header or choose the column.`,
  );
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

/** Reads the rows to enrich: one getValues of the sheet's data range, whatever the selection. */
export function readArea(spreadsheet: Spreadsheet, args: AreaArgs): SheetArea {
  const { sheet, range } = findSheet(spreadsheet, args);
  const values = sheet.getDataRange().getValues();
  const height = values.length;
  const width = values[0]?.length ?? 0;
  let headerRow = 1;
  let lastRow = height;
  let within = { first: 1, last: width };
  if (range) {
    headerRow = range.getRow();
    const column = range.getColumn();
    lastRow = Math.min(height, headerRow + range.getNumRows() - 1);
    within = { first: column, last: Math.min(width, column + range.getNumColumns() - 1) };
  }
  const header = values[headerRow - 1] ?? [];
  if (height < headerRow || header.every((cell) => cleanText(cell) === "")) {
    throw new InvalidInputError(`The sheet "${sheet.getName()}" has no header row at row ${headerRow}: put headers such as "Company" and "Website" above the rows to enrich.`);
  }
  const nameColumn = pickColumn(header, args.nameColumn, NAME_HEADERS, within, "business name", headerRow);
  const websiteColumn = pickColumn(header, args.websiteColumn, WEBSITE_HEADERS, within, "website", headerRow);
  if (nameColumn === websiteColumn) throw new InvalidInputError("The name and the website must be two different columns.");
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
    firstRow: headerRow + 1,
    lastRow,
    results: findResultColumns(header),
  };
}

/** The same rows again in a later pass: the header row re-read, the two columns re-found by header. */
export function rereadArea(sheet: Sheet, target: EnrichTarget): SheetArea {
  return areaIn(sheet, sheet.getDataRange().getValues(), target);
}

/** The rows of `target` in values already read from the sheet (several jobs share one read). */
export function areaIn(sheet: Sheet, values: unknown[][], target: EnrichTarget): SheetArea {
  const header = values[target.headerRow - 1] ?? [];
  const refind = (text: string, fallback: number): number => {
    if (text === "") return fallback;
    const index = header.findIndex((cell) => headerKey(cell) === text.toLowerCase());
    return index >= 0 ? index + 1 : fallback;
  };
  const current = { ...target, nameColumn: refind(target.nameHeader, target.nameColumn), websiteColumn: refind(target.websiteHeader, target.websiteColumn) };
  return { sheet, values, target: current, firstRow: target.headerRow + 1, lastRow: values.length, results: findResultColumns(header) };
}

export const cellAt = (area: SheetArea, row: number, column: number): unknown => area.values[row - 1]?.[column - 1] ?? "";
