// Defines the error messages the fake throws, worded as Apps Script words them, and how they are built.

/** Builds the Error thrown to the add-on; the runtime may swap it to create errors in its vm realm. */
export type ErrorFactory = (message: string) => Error;

/** Apps Script service errors print as "Exception: …": an Error whose name is "Exception". */
export const defaultErrorFactory: ErrorFactory = (message) => {
  const error = new Error(message);
  error.name = "Exception";
  return error;
};

/** Largest text a single cell accepts, in characters. */
export const MAX_CELL_CHARS = 50000;
/** Largest number of cells a spreadsheet may hold, across all its sheets. */
export const MAX_SPREADSHEET_CELLS = 10_000_000;
/** Widest a sheet can be (column ZZZ). */
export const MAX_COLUMNS = 18278;

export const messages = {
  rowsMismatch: (data: number, range: number): string =>
    `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`,
  columnsMismatch: (data: number, range: number): string =>
    `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`,
  startRowTooSmall: "The starting row of the range is too small.",
  startColumnTooSmall: "The starting column of the range is too small.",
  numRowsTooSmall: "The number of rows in the range must be at least 1.",
  numColumnsTooSmall: "The number of columns in the range must be at least 1.",
  rangeNotFound: "Range not found",
  outsideSheet: "The coordinates of the range are outside the dimensions of the sheet.",
  sheetExists: (name: string): string => `A sheet with the name "${name}" already exists. Please enter another name.`,
  tooManyChars: `Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`,
  cellLimit: `This action would increase the number of cells in the workbook above the limit of ${MAX_SPREADSHEET_CELLS} cells.`,
  deleteAllRows: "Sorry, it is not possible to delete all non-frozen rows.",
  deleteAllColumns: "Sorry, it is not possible to delete all non-frozen columns.",
  deleteLastSheet: "You can't remove all the sheets in a document.",
  rowsOutOfBounds: "Those rows are out of bounds.",
  /** openById of a file that does not exist (or was deleted for good). */
  openByIdMissing: "Unexpected error while getting the method or property openById on object SpreadsheetApp.",
  /** Google's wording for the Spreadsheet service's transient failures. */
  serviceFailed: (id: string): string => `Service Spreadsheets failed while accessing document with id ${id}.`,
  columnsOutOfBounds: "Those columns are out of bounds.",
  // What Sheets shows on hover over an error value (its UI's wording; no script reads these).
  formulaParseError: "Formula parse error.",
  spillBlocked: (a1: string): string => `Array result was not expanded because it would overwrite data in ${a1}.`,
  spillPastEdge: (count: number, what: "rows" | "columns"): string =>
    `Result was not automatically expanded, please insert more ${what} (${count}).`,
  // Guessed wordings (Google documents none of these): kept in one place so they are easy to correct.
  sheetDeleted: "This sheet has been deleted. Get it again with getSheetByName().",
  sheetNameTooLong: "The sheet name cannot be longer than 100 characters.",
  sheetNameEmpty: "The sheet name cannot be empty.",
  notAnInteger: (value: unknown): string => `Cannot convert '${String(value)}' to int.`,
  uiUnavailable: "Cannot call SpreadsheetApp.getUi() from this context.",
  /** openById of a file the user can no longer open (its owner stopped sharing it). */
  openByIdNoAccess: "You do not have permission to access the requested document.",
  signature: (args: readonly unknown[], method: string): string =>
    `The parameters (${args.map(describeArgType).join(",")}) don't match the method signature for ${method}.`,
};

/** Names a JavaScript value's type the way Apps Script's signature errors do ("String[]", "number", "null"). */
export function describeArgType(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return "number";
  if (typeof value === "string") return "String";
  if (typeof value === "boolean") return "Boolean";
  if (Object.prototype.toString.call(value) === "[object Date]") return "Date";
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return value.length === 0 ? "Object[]" : `${describeArgType(first)}[]`;
  }
  return "Object";
}
