// This file defines a results sheet's life: created with a unique name, a bold header row, frozen Name column and the technical block
// narrow and grey; found again by its sheet id (a rename does not lose it), or by the name stored ahead of its insertion.
import { BUSINESS_COLUMNS, headersOf, type ColumnSpec } from "./columns";
import { addMissingHeaders, ensureHeaders } from "./headers";
import { sizeToContent } from "./document-room";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const MAX_SHEET_NAME = 90;

/** A name no sheet of the document has yet, derived from the job's name. */
export function uniqueSheetName(spreadsheet: Spreadsheet, jobName: string): string {
  const taken = new Set(spreadsheet.getSheets().map((sheet) => sheet.getName().toLowerCase()));
  // Sheet names may not be empty; these characters are refused by some clients, so avoid them.
  const base = (
    jobName
      .replace(/[[\]*?/\\:]/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "Business Leads"
  ).slice(0, MAX_SHEET_NAME);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} (${n})`;
  return name;
}

/** Grey of the technical block: its header's background, its header's text, its cells' text. */
const TECHNICAL_STYLE = { headerBackground: "#f1f3f4", headerColor: "#5f6368", color: "#80868b" } as const;

/**
 * Creates the sheet with its header row: frozen, bold, columns sized (a territory's: TERRITORY_COLUMNS),
 * its grid `rows` rows (the header and the businesses it will hold: a search's most) by its columns,
 * not Google's 1,000 × 26 (every cell counts toward the document's 10,000,000).
 */
export function createResultSheet(
  spreadsheet: Spreadsheet,
  name: string,
  columns: readonly ColumnSpec[] = BUSINESS_COLUMNS,
  rows = 2,
): Sheet {
  const sheet = spreadsheet.insertSheet(name);
  layOut(sheet, columns, () => addMissingHeaders(sheet, 1, headersOf(columns), new Map(), 1), rows);
  return sheet;
}

/**
 * The results sheet a start or an import names before inserting it: by its id when it was made,
 * else a sheet of that name a killed execution left half-prepared (laid out again), else a new one.
 */
export function namedResultSheet(
  spreadsheet: Spreadsheet,
  name: string,
  sheetId: number | null,
  columns: readonly ColumnSpec[] = BUSINESS_COLUMNS,
  rows = 2,
): Sheet {
  const made = new SheetsById(spreadsheet).of({ sheetId, sheetName: null });
  if (made) return made;
  // A sheet of that name a killed execution left half-prepared, before its id was stored.
  const leftOver = spreadsheet.getSheetByName(name);
  if (!leftOver) return createResultSheet(spreadsheet, name, columns, rows);
  layOut(leftOver, columns, () => ensureHeaders(leftOver, headersOf(columns)), Math.max(rows, leftOver.getLastRow()));
  return leftOver;
}

/** Lays out a results sheet once `writeHeaders` made its header row; safe to repeat on a sheet a killed execution left half-prepared. */
function layOut(sheet: Sheet, columns: readonly ColumnSpec[], writeHeaders: () => void, rows: number): void {
  writeHeaders();
  sizeToContent(sheet, rows, columns.length);
  // Row 1 and the Name column stay in view while the user scrolls.
  sheet.setFrozenRows(1);
  sheet.setFrozenColumns(1);
  // One call per run of equal widths keeps creation cheap.
  for (let start = 0, end = 1; start < columns.length; start = end, end += 1) {
    const width = columns[start]?.width ?? 120;
    while (columns[end]?.width === width) end += 1;
    sheet.setColumnWidths(start + 1, end - start, width);
  }
  // The technical columns come last, together: grey, so the eye stops before them. Rows the
  // writer inserts below copy the last row's format, so they are grey too.
  const firstTechnical = columns.findIndex((column) => column.technical) + 1;
  if (firstTechnical > 0) {
    const count = columns.length - firstTechnical + 1;
    sheet.getRange(1, firstTechnical, 1, count).setBackground(TECHNICAL_STYLE.headerBackground).setFontColor(TECHNICAL_STYLE.headerColor);
    const rows = sheet.getMaxRows() - 1;
    if (rows > 0) sheet.getRange(2, firstTechnical, rows, count).setFontColor(TECHNICAL_STYLE.color);
  }
}

/** Where a record (a job's, a run's) says its sheet is: the sheet's id, and the name stored with it. */
interface SheetPlace {
  sheetId: number | null;
  sheetName?: string | null;
}

/** The document's sheets by id, each asked for once (one getSheetById call a sheet, however many records of it a pass resolves). */
export class SheetsById {
  private readonly sheets = new Map<number, Sheet | null>();

  constructor(private readonly spreadsheet: Spreadsheet) {}

  find(sheetId: number | null): Sheet | null {
    if (sheetId === null) return null;
    if (!this.sheets.has(sheetId)) this.sheets.set(sheetId, this.spreadsheet.getSheetById(sheetId));
    return this.sheets.get(sheetId) ?? null;
  }

  /**
   * The one resolver of a record's sheet: by its id, which survives a rename; a record stored
   * before its sheet was made (no id yet), by the name stored for it. Null: not there (deleted).
   */
  of(place: SheetPlace): Sheet | null {
    if (place.sheetId !== null) return this.find(place.sheetId);
    return place.sheetName ? this.spreadsheet.getSheetByName(place.sheetName) : null;
  }

  add(sheet: Sheet): void {
    this.sheets.set(sheet.getSheetId(), sheet);
  }
}
