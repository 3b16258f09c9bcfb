// This file defines the room left under Google's limit of 10,000,000 cells a spreadsheet (every sheet's rows × columns, filled or not):
// how much a document uses, whether a start that would grow it fits (asked before anything is spent), the sentences that say so, and
// how the add-on trims a sheet it makes to what it holds. Past the limit, Google refuses any write that adds cells.
import { UserFacingError } from "../errors/user-error";
import { CELL_LIMIT, CELLS_WARNING_SHARE, NEW_SHEET_CELLS } from "../rules/platform-limits";
import { groupDigits as formatCount } from "../rules/numbers";
import { BUSINESS_COLUMNS, TERRITORY_COLUMNS } from "./columns";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** What a document's sheets take of the limit. */
export interface DocumentRoom {
  used: number;
  left: number;
}

/** Every sheet's grid, as Google counts it: rows × columns, filled or not (one call for the sheets, two a sheet). */
export function documentRoom(spreadsheet: Spreadsheet): DocumentRoom {
  let used = 0;
  for (const sheet of spreadsheet.getSheets()) used += sheet.getMaxRows() * sheet.getMaxColumns();
  return { used, left: Math.max(0, CELL_LIMIT - used) };
}

/** Cells a new sheet of `rows` × `columns` needs at most: Google makes its 1,000 × 26 grid first, trimmed at once. */
export const newSheetCells = (rows: number, columns: number): number => Math.max(NEW_SHEET_CELLS, rows * columns);

/**
 * Cells a search's new sheet takes at most: its header and `maxResults` rows (a territory's: every one of its searches'), by its columns.
 */
export function resultSheetCells(searches: number, maxResults: number): number {
  const columns = searches > 1 ? TERRITORY_COLUMNS.length : BUSINESS_COLUMNS.length;
  return newSheetCells(searches * maxResults + 1, columns);
}

/** A start the document has no room for: refused before anything is sent or charged. */
class NoRoomError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = "NoRoomError";
  }
}

/** The sentence for `what` needing `needed` cells where `room` has fewer left: the limit, the room left, the room needed. */
export function noRoomSentence(room: DocumentRoom, needed: number, what: string): string {
  return (
    `This spreadsheet is near Google's limit of ${formatCount(CELL_LIMIT)} cells (every sheet's rows × columns, filled or not): ` +
    `${formatCount(room.used)} are in use and ${formatCount(room.left)} are left, but ${what} needs up to ${formatCount(needed)}. ` +
    "Nothing was started or charged. Delete sheets you no longer need, or empty rows and columns, or use another spreadsheet."
  );
}

/** Throws NoRoomError when `needed` more cells do not fit. */
export function checkRoom(room: DocumentRoom, needed: number, what: string): void {
  if (needed > room.left) throw new NoRoomError(noRoomSentence(room, needed, what));
}

/** The sentence a preview and the self-check show once the document is past 80 % of the limit; null before. */
export function roomNotice(room: DocumentRoom): string | null {
  if (room.used < CELLS_WARNING_SHARE * CELL_LIMIT) return null;
  const share = Math.floor((100 * room.used) / CELL_LIMIT);
  return (
    `This spreadsheet uses ${share} % of Google's limit of ${formatCount(CELL_LIMIT)} cells (${formatCount(room.left)} left): ` +
    "new results sheets may not fit. Delete sheets you no longer need, or empty rows and columns."
  );
}

/** Whether an error is Google's refusal of a write past the cell limit ("…above the limit of 10000000 cells."). */
const isCellLimitError = (error: unknown): boolean =>
  /above the limit of [\d,.]+ cells/i.test(error instanceof Error ? error.message : String(error));

/**
 * `error` as a click shows it: Google's refusal at the cell limit as a
 * sentence of `what` could not be written (writeProblem), else as it is.
 */
export function clickWriteError(error: unknown, what: string): unknown {
  return isCellLimitError(error) ? new NoRoomError(`${what} could not be finished: ${writeProblem(error)}.`) : error;
}

/**
 * Why a write failed, in words a person acts on: Google's cell limit said plainly (where to make room,
 * and that the next update writes it then), else the error's own message.
 */
export function writeProblem(error: unknown): string {
  if (!isCellLimitError(error)) return error instanceof Error ? error.message : String(error);
  return (
    `this spreadsheet has reached Google's limit of ${formatCount(CELL_LIMIT)} cells (every sheet's rows × columns). ` +
    "Delete sheets you no longer need, or empty rows and columns: the next update writes it then"
  );
}

/**
 * Sizes a sheet the add-on just made to what it will hold: `rows` rows (at least 2: Sheets keeps one
 * row below a frozen header) and `columns` columns, not Google's 1,000 × 26. Writes past it grow it.
 */
export function sizeToContent(sheet: Sheet, rows: number, columns: number): void {
  const keepRows = Math.max(rows, 2);
  const maxRows = sheet.getMaxRows();
  if (maxRows > keepRows) sheet.deleteRows(keepRows + 1, maxRows - keepRows);
  else if (maxRows < keepRows) sheet.insertRowsAfter(maxRows, keepRows - maxRows);
  const maxColumns = sheet.getMaxColumns();
  if (maxColumns > columns) sheet.deleteColumns(columns + 1, maxColumns - columns);
}
