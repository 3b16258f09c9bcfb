// Defines the test-only helpers of the fake (not Apps Script API): inspect the grid, simulate what a user does.

import { parseA1, resolveA1 } from "./a1";
import { type Cell, clearContent, type OutputValue, outputDisplay, outputValue, prepareWrite } from "./cell";
import { dateToSerial, isDate } from "./dates";
import type { DocModel } from "./document";
import { type ComputedFormula, showComputedFormulas } from "./formula-results";
import { DEFAULT_NUMBER_FORMAT, isDateFormat } from "./number-format";
import { FakeRichTextValue, plainRichText } from "./rich-text";
import type { Box, SheetModel } from "./sheet-model";
import { sortSheet } from "./sheet";
import type { ButtonName, UiRecorder } from "./ui";

/** Everything known about one cell, for assertions. */
export interface CellSnapshot {
  value: OutputValue;
  displayValue: string;
  formula: string;
  numberFormat: string;
  quotePrefix: boolean;
  /** The link of the whole text, if it has one. */
  linkUrl: string | null;
  fontWeight: string;
  fontColor: string;
  background: string;
  horizontalAlignment: string | null;
  wrap: boolean;
  /** What Sheets shows on hover over an error value (#ERROR!, #REF!); null for other cells. */
  errorMessage: string | null;
}

/** A cell holding a formula, where it is now. */
export interface FormulaCell {
  row: number;
  column: number;
  formula: string;
  /** The message of its error value, if it shows one. */
  errorMessage: string | null;
}

export interface SheetSnapshot {
  name: string;
  id: number;
  index: number;
  maxRows: number;
  maxColumns: number;
  lastRow: number;
  lastColumn: number;
  frozenRows: number;
  frozenColumns: number;
}

/** Helpers that change the document (a person's actions); the others only look at it. */
const CHANGES = /^(user|setActive|showComputed)/;

export class SpreadsheetTesting {
  constructor(private readonly doc: DocModel) {
    // A person sees and changes the committed document, never a running script's pending writes;
    // what they change, every script sees from its next call (document.ts).
    const proto = SpreadsheetTesting.prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method: unknown = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name === "constructor" || typeof method !== "function") continue;
      Object.defineProperty(this, name, {
        value: (...args: unknown[]) => doc.asPerson(() => (method as (...a: unknown[]) => unknown).apply(this, args), CHANGES.test(name)),
      });
    }
  }

  /** What the Ui showed: menus, sidebars, dialogs, alerts, prompts, toasts. */
  get ui(): UiRecorder {
    return this.doc.ui;
  }

  private sheet(name: string): SheetModel {
    const sheet = this.doc.sheetByName(name);
    if (!sheet) throw new Error(`fake spreadsheet: no sheet named ${JSON.stringify(name)} (have ${this.sheetNames().join(", ")})`);
    return sheet;
  }

  private box(sheet: SheetModel, a1: string | undefined): Box {
    if (a1 === undefined) return { row: 1, column: 1, numRows: sheet.lastRow(), numColumns: sheet.lastColumn() };
    const ref = parseA1(a1);
    if (!ref) throw new Error(`fake spreadsheet: bad A1 ${JSON.stringify(a1)}`);
    return resolveA1(ref, sheet.maxRows, sheet.maxColumns);
  }

  private grid<T>(sheetName: string, a1: string | undefined, f: (cell: Cell | undefined) => T): T[][] {
    const sheet = this.sheet(sheetName);
    const box = this.box(sheet, a1);
    if (box.numRows === 0 || box.numColumns === 0) return [];
    return Array.from({ length: box.numRows }, (_, i) =>
      Array.from({ length: box.numColumns }, (_, j) => f(sheet.get(box.row + i, box.column + j))),
    );
  }

  // ---- inspecting ----

  sheetNames(): string[] {
    return this.doc.sheets.map((s) => s.name);
  }

  /** The developer metadata at the spreadsheet, as stored (no call is counted). */
  developerMetadata(): Array<{ key: string; value: string | null; visibility: string }> {
    return this.doc.metadata.map(({ key, value, visibility }) => ({ key, value, visibility }));
  }

  activeSheetName(): string {
    return this.doc.activeSheet().name;
  }

  sheetInfo(name: string): SheetSnapshot {
    const s = this.sheet(name);
    return {
      name: s.name,
      id: s.id,
      index: this.doc.sheets.indexOf(s) + 1,
      maxRows: s.maxRows,
      maxColumns: s.maxColumns,
      lastRow: s.lastRow(),
      lastColumn: s.lastColumn(),
      frozenRows: s.frozenRows,
      frozenColumns: s.frozenColumns,
    };
  }

  /** Values as getValues() returns them; without `a1`, the whole data range ([] for an empty sheet). */
  values(sheetName: string, a1?: string): OutputValue[][] {
    return this.grid(sheetName, a1, (c) => outputValue(c, this.doc.timeZone));
  }

  displayValues(sheetName: string, a1?: string): string[][] {
    return this.grid(sheetName, a1, outputDisplay);
  }

  formulas(sheetName: string, a1?: string): string[][] {
    return this.grid(sheetName, a1, (c) => c?.formula ?? "");
  }

  cell(sheetName: string, a1: string): CellSnapshot {
    const sheet = this.sheet(sheetName);
    const box = this.box(sheet, a1);
    const c = sheet.get(box.row, box.column);
    const rich = c && typeof c.value === "string" ? new FakeRichTextValue(c.richText ?? plainRichText(c.value)) : null;
    return {
      value: outputValue(c, this.doc.timeZone),
      displayValue: outputDisplay(c),
      formula: c?.formula ?? "",
      numberFormat: c?.numberFormat ?? DEFAULT_NUMBER_FORMAT,
      quotePrefix: c?.quotePrefix ?? false,
      linkUrl: rich?.getLinkUrl() ?? null,
      fontWeight: c?.fontWeight ?? "normal",
      fontColor: c?.fontColor ?? "#000000",
      background: c?.background ?? "#ffffff",
      horizontalAlignment: c?.horizontalAlignment ?? null,
      wrap: c?.wrap ?? true,
      errorMessage: c?.errorMessage ?? null,
    };
  }

  /** What the formula bar shows for each cell: its formula, text with its quote prefix, else what the cell displays. */
  editTexts(sheetName: string, a1?: string): string[][] {
    return this.grid(sheetName, a1, (c) =>
      c === undefined ? "" : c.formula !== "" ? c.formula : c.quotePrefix ? `'${outputDisplay(c)}` : outputDisplay(c),
    );
  }

  /** Every cell of the sheet holding a formula, row by row. */
  formulaCells(sheetName: string): FormulaCell[] {
    const sheet = this.sheet(sheetName);
    const found: FormulaCell[] = [];
    const lastColumn = sheet.lastColumn();
    const lastRow = sheet.lastRow();
    for (let row = 1; row <= lastRow; row += 1) {
      for (let column = 1; column <= lastColumn; column += 1) {
        const c = sheet.get(row, column);
        if (c !== undefined && c.formula !== "") found.push({ row, column, formula: c.formula, errorMessage: c.errorMessage });
      }
    }
    return found;
  }

  columnWidth(sheetName: string, column: number): number {
    return this.sheet(sheetName).columnWidth(column);
  }

  // ---- what Sheets computes ----

  /**
   * Shows the results of formulas the fake does not compute (custom functions, run by the caller):
   * values spill as Sheets spills them, errors show with their hover message (formula-results.ts).
   * Pass every such formula of the sheet each time: spills of formulas left out are withdrawn.
   */
  showComputedFormulas(sheetName: string, computed: readonly ComputedFormula[]): void {
    showComputedFormulas(this.sheet(sheetName), computed, this.doc.writeContext());
  }

  // ---- simulated user actions (no onCall: the user, not the script, does them) ----

  setActiveSheet(name: string): void {
    this.doc.activeSheetId = this.sheet(name).id;
  }

  /** Selects a range, which also activates its sheet. */
  setActiveRange(sheetName: string, a1: string): void {
    const sheet = this.sheet(sheetName);
    this.doc.activeSheetId = sheet.id;
    sheet.selection = this.box(sheet, a1);
  }

  /** Selects several ranges at once (Ctrl-click), which also activates their sheet; the last is the active range. */
  setActiveRanges(sheetName: string, a1s: readonly string[]): void {
    const sheet = this.sheet(sheetName);
    this.doc.activeSheetId = sheet.id;
    sheet.selectRanges(a1s.map((a1) => this.box(sheet, a1)));
  }

  /** Types `text` into every cell of `a1`, parsed as Sheets parses typing. */
  userType(sheetName: string, a1: string, text: string): void {
    const sheet = this.sheet(sheetName);
    const box = this.box(sheet, a1);
    sheet.growToFit(box);
    const write = prepareWrite(text, this.doc.writeContext());
    for (const { cell } of sheet.cellsOf(box)) write(cell);
  }

  /**
   * Puts values into cells exactly as given, with no parsing (like pasting plain data or importing):
   * strings stay text, numbers numbers, Dates dates, null/"" empty.
   */
  userSeed(sheetName: string, a1: string, values: (string | number | boolean | Date | null)[][]): void {
    const sheet = this.sheet(sheetName);
    const start = this.box(sheet, a1);
    const box = { row: start.row, column: start.column, numRows: values.length, numColumns: Math.max(1, ...values.map((r) => r.length)) };
    sheet.growToFit(box);
    values.forEach((row, i) =>
      row.forEach((v, j) => {
        const cell = sheet.ensure(box.row + i, box.column + j);
        clearContent(cell);
        if (v === null || v === "") return;
        if (isDate(v)) {
          cell.value = dateToSerial(v, this.doc.timeZone);
          if (!isDateFormat(cell.numberFormat)) cell.numberFormat = "M/d/yyyy H:mm:ss";
        } else cell.value = v;
      }),
    );
  }

  userSetNumberFormat(sheetName: string, a1: string, format: string): void {
    const sheet = this.sheet(sheetName);
    const box = this.box(sheet, a1);
    sheet.growToFit(box);
    for (const { cell } of sheet.cellsOf(box)) cell.numberFormat = format;
  }

  /** "Sort sheet" from the Data menu: rows below the frozen ones, by one column. */
  userSortSheet(sheetName: string, column: number, ascending = true): void {
    sortSheet(this.sheet(sheetName), column, ascending);
  }

  userInsertColumns(sheetName: string, beforeColumn: number, count = 1): void {
    this.sheet(sheetName).insertColumns(beforeColumn, count, null);
  }

  /** Drags `count` columns from `start` to before column `destination` (counted before the move). */
  userMoveColumns(sheetName: string, start: number, count: number, destination: number): void {
    this.sheet(sheetName).moveColumns(start, count, destination);
  }

  userDeleteColumns(sheetName: string, column: number, count = 1): void {
    this.sheet(sheetName).deleteColumns(column, count);
  }

  userInsertRows(sheetName: string, beforeRow: number, count = 1): void {
    this.sheet(sheetName).insertRows(beforeRow, count, null);
  }

  userDeleteRows(sheetName: string, row: number, count = 1): void {
    this.sheet(sheetName).deleteRows(row, count);
  }

  userAddSheet(name?: string, index?: number): void {
    this.doc.addSheet(name ?? null, index ?? this.doc.sheets.length);
  }

  userDeleteSheet(name: string): void {
    this.doc.deleteSheet(this.sheet(name));
  }

  userRenameSheet(oldName: string, newName: string): void {
    this.doc.renameSheet(this.sheet(oldName), newName);
  }

  /** The answer the next alert() gets (default: the first button of its set). */
  queueAlertAnswer(button: ButtonName): void {
    this.doc.ui.alertAnswers.push(button);
  }

  queuePromptAnswer(button: ButtonName, text: string): void {
    this.doc.ui.promptAnswers.push({ button, text });
  }
}
