// This file defines how enrichment sees a sheet: its data range read in ONE getValues, the rows asked for, the header row, the name and
// website columns (by header synonyms or given) and the result columns, re-found on every read so inserted columns break nothing.
import { InvalidInputError } from "../../errors/user-error";
import type { EnrichTarget } from "../../jobs/enrich-target";
import { NAME_HEADERS, WEBSITE_HEADERS } from "./row-words";
import { ENRICH_HEADERS, STATUS_HEADER } from "../../sheets/columns";
import { columnChoiceOf, HeaderNotFoundError, type ColumnChoice } from "./column-choice";
import { checkRoomForHeader, headerOfList, insertHeaderRow } from "./headerless-list";
import { checkName, cleanText, normaliseWebsite } from "./normalise";
import { columnFromLetters, columnLetters } from "../../sheets/column-letters";
import { columnOfHeader, headerKey } from "../../sheets/headers";
import { describeRows, rowSpan } from "./row-list";
import { selectedColumns, selectedRows } from "./selection";

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
  /** Where the columns were chosen by position for a list no header row names: the choice, for the preview; else null. */
  columnChoice: ColumnChoice | null;
  /**
   * Set where only some cells were read (a pass's reads, src/enrich/list/list-rows.ts):
   * whether a cell is in `values`. Unset: every cell is.
   */
  loaded?: (row: number, column: number) => boolean;
}

/** The result headers present: looked for from `Enrichment status` rightwards only. */
function findResultColumns(header: readonly unknown[]): Map<string, number> {
  const positions = new Map<string, number>();
  const start = columnOfHeader(header, STATUS_HEADER) - 1;
  if (start < 0) return positions;
  for (let index = start; index < header.length; index += 1) {
    const key = headerKey(header[index]);
    const ours = ENRICH_HEADERS.find((h) => headerKey(h) === key);
    if (ours !== undefined && !positions.has(ours)) positions.set(ours, index + 1);
  }
  return positions;
}

/** Columns from `first` to `last`, inclusive. */
type Span = { first: number; last: number };

/** The last column where a synonym may name the user's column: left of our result block, if there is one. */
function lastUserColumn(header: readonly unknown[], within: Span): number {
  const resultsFrom = columnOfHeader(header, STATUS_HEADER) - 1;
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
  within: Span,
): FoundColumn | null {
  // A header the text spells first, then a position (letters or a number).
  const byHeader = typeof explicit === "string" ? columnOfHeader(header, explicit) : 0;
  if (byHeader > 0) return { column: byHeader, byText: true };
  if (explicit !== undefined) {
    const column = positionOf(explicit);
    return column === null ? null : { column, byText: false };
  }
  const last = lastUserColumn(header, within);
  for (const synonym of synonyms) {
    const column = columnOfHeader(header, synonym, within.first);
    if (column > 0 && column <= last) return { column, byText: true };
  }
  return null;
}

/** The column, or an error that says what the header row has and what it needs. */
function pickColumn(
  header: readonly unknown[],
  explicit: string | number | undefined,
  synonyms: readonly string[],
  within: Span,
  what: string,
  headerRow: number,
): number {
  if (typeof explicit === "number" && (!Number.isInteger(explicit) || explicit < 1)) {
    throw new InvalidInputError(`The ${what} column must be a column letter or a header; ${explicit} is not.`);
  }
  const found = findColumn(header, explicit, synonyms, within);
  if (found) return found.column;
  if (explicit !== undefined) throw new InvalidInputError(`Row ${headerRow} has no column headed "${String(explicit)}" for the ${what}.`);
  const quoted = (texts: readonly string[]): string => texts.map((text) => `"${text}"`).join(", ");
  const seen = header
    .slice(within.first - 1, lastUserColumn(header, within))
    .map(cleanText)
    .filter((h) => h !== "");
  const listed = seen.length > 0 ? `it has ${quoted(seen.slice(0, 8))}` : "it is empty";
  throw new InvalidInputError(
    `Could not find the ${what} column: the header row (row ${headerRow}) needs a column named ` +
      `${quoted(synonyms.slice(0, 4))}… and ${listed}. Name the column, or give nameColumn and websiteColumn.`,
  );
}

/**
 * Whether a row is a header row: it names a name column and a website column (by the synonyms, or
 * by the headers the caller chose). Columns chosen by letter or number name nothing, so at least
 * one of the two must be found by its text.
 */
function isHeaderRow(header: readonly unknown[], args: AreaArgs, within: Span): boolean {
  const name = findColumn(header, args.nameColumn, NAME_HEADERS, within);
  const website = findColumn(header, args.websiteColumn, WEBSITE_HEADERS, within);
  return name !== null && website !== null && name.column !== website.column && (name.byText || website.byText);
}

/**
 * The nearest header row at or above `top`, else the first one below it down to
 * `bottom` (a selection that starts on a title above its header); null when none.
 */
function findHeaderRow(values: readonly unknown[][], args: AreaArgs, within: Span, top: number, bottom: number): number | null {
  const qualifies = (row: number) => isHeaderRow(values[row - 1] ?? [], args, within);
  for (let row = Math.min(top, values.length); row >= 1; row -= 1) if (qualifies(row)) return row;
  for (let row = top + 1; row <= Math.min(bottom, values.length); row += 1) if (qualifies(row)) return row;
  return null;
}

/** A column given by position (a number, or letters that no header cell spells): its number, else null. */
function positionOf(explicit: string | number | undefined): number | null {
  if (typeof explicit === "number") return Number.isInteger(explicit) && explicit >= 1 ? explicit : null;
  return explicit === undefined ? null : columnFromLetters(explicit.trim());
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

/** How the rows asked for are found: a range's, the selection's, or the sheet's. */
interface Asked {
  scope: SheetArea["scope"];
  /** The rows asked for, header included where the selection holds it. */
  rows: number[];
  /** The selection's columns (the columns to suggest first when no header row names the list's). */
  columns: number[];
}

/** The rows asked for: the selection's (with its columns), else the sheet's rows that hold something. */
function rowsAsked(spreadsheet: Spreadsheet, sheet: Sheet, args: AreaArgs, values: readonly unknown[][]): Asked {
  const selected = args.sheetName !== undefined ? null : selectedRows(spreadsheet, sheet);
  if (selected) return { scope: "selection", rows: selected, columns: selectedColumns(spreadsheet, sheet) };
  return { scope: "sheet", rows: filledRows(values, rowSpan(1, values.length)), columns: [] };
}

/**
 * The header row where no row names the columns: for columns given by position, the row above
 * the list (headerOfList); otherwise an error that offers the columns of the rows asked for.
 */
function headerWithoutNames(sheet: Sheet, values: readonly unknown[][], args: AreaArgs, asked: Asked): number {
  const name = positionOf(args.nameColumn);
  const website = positionOf(args.websiteColumn);
  const sheetName = sheet.getName();
  if (name !== null && website !== null) {
    // Over the whole sheet, the list starts at its first business (a notes block above it is not the list).
    const at = (row: number, column: number): unknown => values[row - 1]?.[column - 1];
    const firstBusiness = asked.rows.find((row) => checkName(at(row, name)).ok && normaliseWebsite(at(row, website)).ok);
    const firstFilled = asked.rows.find((row) => cleanText(at(row, name)) !== "" || cleanText(at(row, website)) !== "");
    return headerOfList(values, name, website, asked.scope === "selection" ? (asked.rows[0] ?? 1) : (firstBusiness ?? firstFilled ?? 1));
  }
  const inRows = filledRows(values, asked.rows);
  if (asked.rows.length === 0)
    throw new InvalidInputError(
      `The sheet "${sheetName}" is empty: type or paste the businesses to enrich, a name and a website a row, then check again.`,
    );
  if (inRows.length === 0)
    throw new InvalidInputError(
      `The ${asked.scope === "selection" ? "selected " : ""}${describeRows(asked.rows, sheetName)} are empty: ${WHOLE_SHEET_HINT}.`,
    );
  const label = describeRows(inRows, sheetName);
  const where = asked.scope === "selection" ? `at or above ${label}` : `of ${sheetName}`;
  // A header the caller named: the sentence names it, not the cells of a row the user may not see.
  const named = args.nameColumn ?? args.websiteColumn;
  const [what, other] = args.nameColumn !== undefined ? ["business name", "website"] : ["website", "business name"];
  const missing =
    named !== undefined
      ? `No row ${where} has the column headed "${String(named)}" for the ${what} together with the ${other} column`
      : `No row ${where} names the business name and website columns (headers such as "Company" and "Website")`;
  return offerColumns(values, asked, inRows, label, missing, `No header row names the columns of ${label}`);
}

function filledRows(values: readonly unknown[][], rows: readonly number[]): number[] {
  return rows.filter((row) => row <= values.length && (values[row - 1] ?? []).some((cell) => cleanText(cell) !== ""));
}

/** Throws the error that offers the columns of `rows` (`why`: the start's sentence, `prompt`: the sidebar's). */
function offerColumns(
  values: readonly unknown[][],
  asked: Asked,
  rows: readonly number[],
  label: string,
  why: string,
  prompt: string,
): never {
  throw new HeaderNotFoundError(
    `${why}. Choose the two columns in the sidebar: Enrich rows, then Check selection.`,
    `${prompt}: choose the name column and the website column.`,
    columnChoiceOf(values, rows, label, { selectedColumns: asked.columns }),
  );
}

/**
 * Selected rows that hold something, none of it in the columns the header row above names: they
 * are another list (typed beside it, without a header), so their columns are offered.
 */
function checkSelectionUnderHeader(
  sheet: Sheet,
  values: readonly unknown[][],
  asked: Asked,
  rows: readonly number[],
  name: number,
  website: number,
): void {
  const filled = filledRows(values, rows);
  const inColumns = (row: number) => cleanText(values[row - 1]?.[name - 1]) !== "" || cleanText(values[row - 1]?.[website - 1]) !== "";
  if (filled.length === 0 || filled.some(inColumns)) return;
  const label = describeRows(filled, sheet.getName());
  const names = `The header row above ${label} names columns ${columnLetters(name)} and ${columnLetters(website)}, which are empty`;
  offerColumns(values, asked, filled, label, `${names} in those rows`, `${names} there`);
}

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
 * Where no row names the columns, columns given by position take the row above the list
 * (headerOfList), and without them a HeaderNotFoundError offers the columns to choose from. A list
 * without a header that starts in row 1 gets a row inserted above it when `addHeaderRow` (a start,
 * not a preview) is set.
 */
export function readArea(spreadsheet: Spreadsheet, args: AreaArgs, options: { addHeaderRow?: boolean } = {}): SheetArea {
  const { sheet, range } = findSheet(spreadsheet, args);
  const values = sheet.getDataRange().getValues();
  const width = values[0]?.length ?? 0;
  const wholeRows = { first: 1, last: width };
  let headerRow: number;
  let rows: number[];
  let within = wholeRows;
  let scope: SheetArea["scope"];
  let choice: ColumnChoice | null = null;
  let asked: Asked | null = null;
  if (range) {
    scope = "range";
    headerRow = range.getRow();
    const column = range.getColumn();
    within = { first: column, last: Math.min(width, column + range.getNumColumns() - 1) };
    rows = rowSpan(headerRow + 1, Math.min(values.length, headerRow + range.getNumRows() - 1));
    if (values.length < headerRow || (values[headerRow - 1] ?? []).every((cell) => cleanText(cell) === "")) {
      throw new InvalidInputError(
        `The range ${args.rangeA1 ?? ""} starts on an empty row (row ${headerRow}): its first row must be the header row, with headers ` +
          `such as "Company" and "Website".`,
      );
    }
  } else {
    asked = rowsAsked(spreadsheet, sheet, args, values);
    scope = asked.scope;
    const top = asked.rows[0] ?? 1;
    headerRow =
      findHeaderRow(values, args, wholeRows, top, asked.rows[asked.rows.length - 1] ?? top) ??
      headerWithoutNames(sheet, values, args, asked);
    const below = headerRow;
    rows = scope === "selection" ? asked.rows.filter((row) => row > below && row <= values.length) : rowSpan(headerRow + 1, values.length);
  }
  const header = values[headerRow - 1] ?? [];
  const nameColumn = pickColumn(header, args.nameColumn, NAME_HEADERS, within, "business name", headerRow);
  const websiteColumn = pickColumn(header, args.websiteColumn, WEBSITE_HEADERS, within, "website", headerRow);
  if (nameColumn === websiteColumn) throw new InvalidInputError("The name and the website must be two different columns.");
  if (asked?.scope === "selection" && args.nameColumn === undefined && args.websiteColumn === undefined)
    checkSelectionUnderHeader(sheet, values, asked, rows, nameColumn, websiteColumn);
  if (asked?.scope === "selection" && rows.length === 0) {
    const below = asked.rows.filter((row) => row > headerRow);
    throw new InvalidInputError(
      below.length > 0
        ? `The selected ${describeRows(below, sheet.getName())} are empty: ${WHOLE_SHEET_HINT}.`
        : `The selection holds only the header row (row ${headerRow}) of "${sheet.getName()}": ${WHOLE_SHEET_HINT}.`,
    );
  }
  if (asked && positionOf(args.nameColumn) !== null && positionOf(args.websiteColumn) !== null) {
    // Columns chosen by position, which no row names: the preview says which rows of which columns.
    const label = describeRows(rows, sheet.getName());
    const chosen = { name: nameColumn, website: websiteColumn };
    choice = columnChoiceOf(values, rows, label, { selectedColumns: asked.columns, chosen, addsHeaderRow: headerRow === 0 });
    if (headerRow === 0) checkRoomForHeader(values, label);
    if (headerRow === 0 && options.addHeaderRow) {
      insertHeaderRow(sheet, values, nameColumn, websiteColumn);
      headerRow = 1;
      rows = rows.map((row) => row + 1);
    }
  }
  const headerCells = values[headerRow - 1] ?? [];
  return {
    sheet,
    values,
    target: {
      headerRow,
      nameHeader: cleanText(headerCells[nameColumn - 1]),
      nameColumn,
      websiteHeader: cleanText(headerCells[websiteColumn - 1]),
      websiteColumn,
    },
    rows,
    scope,
    results: findResultColumns(headerCells),
    columnChoice: choice,
  };
}

/** The same rows again in a later pass: the header row re-read, the two columns re-found by header. */
export function rereadArea(sheet: Sheet, target: EnrichTarget): SheetArea {
  return areaIn(sheet, sheet.getDataRange().getValues(), target);
}

/**
 * Whether a header row holds both of the list's column headers (where
 * the list's header row still is); any row does for a list without them.
 */
export function holdsHeaders(cells: readonly unknown[] | undefined, target: EnrichTarget): boolean {
  if (target.nameHeader === "" || target.websiteHeader === "") return true;
  const keys = (cells ?? []).map(headerKey);
  return keys.includes(headerKey(target.nameHeader)) && keys.includes(headerKey(target.websiteHeader));
}

/**
 * Where the header row is now: rows inserted or deleted above the list move it. It is the row
 * nearest to where it was that still holds both column headers (the same row when it does).
 */
function headerRowNow(values: unknown[][], target: EnrichTarget): number {
  const holds = (row: number) => holdsHeaders(values[row - 1], target);
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
  const refind = (text: string, fallback: number): number => (text === "" ? 0 : columnOfHeader(header, text)) || fallback;
  const current = {
    ...target,
    nameColumn: refind(target.nameHeader, target.nameColumn),
    websiteColumn: refind(target.websiteHeader, target.websiteColumn),
  };
  return {
    sheet,
    values,
    target: current,
    rows: rowSpan(target.headerRow + 1, values.length),
    scope: "sheet",
    results: findResultColumns(header),
    columnChoice: null,
  };
}

export const cellAt = (area: SheetArea, row: number, column: number): unknown => area.values[row - 1]?.[column - 1] ?? "";
