// This file defines what makes the plainTextStopsFormulas variants differ: a row the user adds
// between the results, its Name cell formatted plain text "@", holding "=1+2" as they typed it.
// Whether "@" keeps that from being a formula is Google's undocumented choice (the variant); the
// add-on rewrites the rows around it on every pass and must leave the cell exactly as it was:
// text "=1+2" in one variant, the formula =1+2 in the other.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { columnOfHeader } from "../../dev/world";

export const USER_ROW_MARK = "my own row (plain text)";
const TYPED = "=1+2";

/** Adds the user's row as row 3 once the sheet has at least two result rows; returns whether it did. */
export function addPlainTextUserRow(runtime: FakeRuntime, sheetName: string): boolean {
  const testing = runtime.spreadsheetApp.testing;
  if (testing.values(sheetName).filter((row, i) => i > 0 && row[0] !== "").length < 2) return false;
  const name = columnOfHeader(runtime, sheetName, "Name");
  const category = columnOfHeader(runtime, sheetName, "Category");
  testing.userInsertRows(sheetName, 3, 1);
  testing.userSetNumberFormat(sheetName, `${name}3`, "@");
  testing.userType(sheetName, `${name}3`, TYPED);
  testing.userType(sheetName, `${category}3`, USER_ROW_MARK);
  return true;
}

/** The user's row, found again wherever sorting or upserts moved it: its Name cell as value and formula. */
export function plainTextUserRow(runtime: FakeRuntime, sheetName: string): Array<{ value: unknown; formula: string; format: string }> {
  const testing = runtime.spreadsheetApp.testing;
  const values = testing.values(sheetName);
  const formulas = testing.formulas(sheetName);
  const header = (values[0] ?? []).map(String);
  const name = header.indexOf("Name");
  const category = header.indexOf("Category");
  return values
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => row[category] === USER_ROW_MARK)
    .map(({ row, i }) => ({
      value: row[name],
      formula: formulas[i]?.[name] ?? "",
      format: testing.cell(sheetName, `${columnOfHeader(runtime, sheetName, "Name")}${i + 1}`).numberFormat,
    }));
}

/** What the user's cell must hold under each of Google's possible behaviours. */
export function expectedUserCell(plainTextStopsFormulas: boolean): { value?: unknown; formula: string; format: string } {
  return plainTextStopsFormulas ? { value: TYPED, formula: "", format: "@" } : { formula: TYPED, format: "@" };
}
