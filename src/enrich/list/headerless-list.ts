// This file defines where a list without a header row has one, once its name and website columns
// are given by position: the row above the list (or a header the synonyms do not know), and, for a
// list that starts in row 1, the row inserted above it when an enrichment starts.
import { InvalidInputError } from "../../errors/user-error";
import { checkName, cleanText, normaliseWebsite } from "./normalise";
import { STATUS_HEADER } from "../../sheets/columns";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The header row of a list whose columns are given by position, where no row names them: the list
 * is the run of rows around `top` with something in the name or website column. Its first rows
 * that hold no business (a name and a website), down to `top` at most, are its header (a title, a
 * header the synonyms do not know, such as "Firma | Webseite"); when its first row is a business,
 * the list has no header and the row above it takes the result columns' headers (0: the list
 * starts in row 1). A first asked-for row with nothing in either column is the header row itself.
 */
export function headerOfList(values: readonly unknown[][], name: number, website: number, top: number): number {
  const cell = (row: number, column: number): unknown => values[row - 1]?.[column - 1];
  const filled = (row: number): boolean => cleanText(cell(row, name)) !== "" || cleanText(cell(row, website)) !== "";
  const isBusiness = (row: number): boolean => checkName(cell(row, name)).ok && normaliseWebsite(cell(row, website)).ok;
  if (!filled(top)) return top;
  let first = top;
  while (first > 1 && filled(first - 1)) first -= 1;
  let header = first - 1;
  for (let row = first; row <= top && !isBusiness(row); row += 1) header = row;
  return header;
}

/**
 * A list without a header that starts in row 1 has no row above it for the headers: starting the
 * enrichment inserts one. Refused where an enrichment has written to this sheet (its header is
 * there), since rows of its jobs still under way would move under them.
 */
export function checkRoomForHeader(values: readonly unknown[][], label: string): void {
  if (values.some((cells) => cells.some((cell) => cleanText(cell) === STATUS_HEADER))) {
    throw new InvalidInputError(
      `There is no row above row 1 for the headers of ${label}, and this sheet holds enrichment results whose rows must not move: insert ` +
        "an empty row above row 1, then check again.",
    );
  }
}

/** Inserts the row above row 1: "Name" and "Website" over the two columns (the result headers follow at the first write). */
export function insertHeaderRow(sheet: Sheet, values: unknown[][], name: number, website: number): void {
  // Both columns hold a business in row 1 (headerOfList), so they are within the data range's width.
  const headers = (first: number, length: number): unknown[] =>
    Array.from({ length }, (_, i) => (first + i === name ? "Name" : first + i === website ? "Website" : ""));
  sheet.insertRowsBefore(1, 1);
  const left = Math.min(name, website);
  sheet.getRange(1, left, 1, Math.abs(name - website) + 1).setValues([headers(left, Math.abs(name - website) + 1)]);
  values.unshift(headers(1, values[0]?.length ?? 0));
}
