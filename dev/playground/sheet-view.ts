// This file defines what the playground's grid shows of the emulated spreadsheet (sheet tabs,
// the active sheet's cells as Sheets displays them, formulas and error messages, the selection)
// and the things a person does to it from the page: select, type into a cell, clear cells, paste a
// list, sort, switch sheets. All of it goes through the same SpreadsheetApp fake the add-on uses,
// as a user acting in the Sheets UI would; after each, the LEADS_ formulas are recalculated.
import type { FakeRuntime } from "../fakes/runtime";
import { columnToLetters, parseA1 } from "../fakes/spreadsheet/a1";
import type { CustomFormulas } from "./custom-formulas";
import type { GridState, PastedList, RowSpan } from "./grid-state";

interface RowsRead {
  cells: string[][];
  inputs: Record<string, string>;
  quoted: string[];
  numbers: string[];
}

export type { PastedList };

export class SheetView {
  constructor(
    private readonly runtime: FakeRuntime,
    private readonly formulas: CustomFormulas,
  ) {}

  private get testing() {
    return this.runtime.spreadsheetApp.testing;
  }

  /**
   * What the grid shows of the active sheet: the rows of `window` (the page's view and a margin)
   * and the frozen rows, or every row when no window is given; and the sheet's size either way.
   */
  state(window?: RowSpan): GridState {
    const app = this.runtime.spreadsheetApp;
    const activeSheet = this.testing.activeSheetName();
    const info = this.testing.sheetInfo(activeSheet);
    const rows =
      window === undefined ? { first: 1, last: info.lastRow } : { first: window.first, last: Math.min(window.last, info.maxRows) };
    // A window's answer names quote-prefixed text cells only in `quoted` (most of a results sheet's
    // cells: their texts would double its size); the whole sheet's has them in `inputs` as well, as before.
    const shape = { lastColumn: info.lastColumn, quotedInInputs: window === undefined };
    const frozen = this.readRows(activeSheet, 1, Math.min(info.frozenRows, info.lastRow), shape);
    const sent = this.readRows(activeSheet, rows.first, Math.min(rows.last, info.lastRow), shape);
    const isSent = (row: number): boolean => row <= info.frozenRows || (row >= rows.first && row <= rows.last);
    const errors: Record<string, string> = {};
    for (const f of this.testing.formulaCells(activeSheet)) {
      if (f.errorMessage !== null && isSent(f.row)) errors[`${columnToLetters(f.column)}${f.row}`] = f.errorMessage;
    }
    return {
      sheets: this.testing.sheetNames(),
      activeSheet,
      selection: app.getActiveRange().getA1Notation(),
      rows,
      cells: sent.cells,
      frozenCells: frozen.cells,
      inputs: { ...frozen.inputs, ...sent.inputs },
      quoted: [...new Set([...frozen.quoted, ...sent.quoted])],
      numbers: [...new Set([...frozen.numbers, ...sent.numbers])],
      errors,
      totalRows: info.lastRow,
      totalColumns: info.lastColumn,
      frozenRows: info.frozenRows,
      frozenColumns: info.frozenColumns,
      maxRows: info.maxRows,
      maxColumns: info.maxColumns,
    };
  }

  /**
   * Rows first to last (none when last < first): display values, the formula-bar texts that differ
   * (quote-prefixed text named in `quoted` instead, unless `quotedInInputs`), and the cells holding
   * numbers.
   */
  private readRows(sheetName: string, first: number, last: number, shape: { lastColumn: number; quotedInInputs: boolean }): RowsRead {
    if (last < first || shape.lastColumn === 0) return { cells: [], inputs: {}, quoted: [], numbers: [] };
    const area = `A${first}:${columnToLetters(shape.lastColumn)}${last}`;
    const read: RowsRead = { cells: this.testing.displayValues(sheetName, area), inputs: {}, quoted: [], numbers: [] };
    const a1 = (r: number, c: number): string => `${columnToLetters(c + 1)}${first + r}`;
    this.testing.editTexts(sheetName, area).forEach((row, r) =>
      row.forEach((text, c) => {
        const display = read.cells[r]?.[c] ?? "";
        if (text === display) return;
        if (text === `'${display}` && !shape.quotedInInputs) read.quoted.push(a1(r, c));
        else read.inputs[a1(r, c)] = text;
      }),
    );
    this.testing.values(sheetName, area).forEach((row, r) =>
      row.forEach((value, c) => {
        if (typeof value === "number" || value instanceof Date) read.numbers.push(a1(r, c));
      }),
    );
    return read;
  }

  select(sheetName: string, a1: string): void {
    this.testing.setActiveRange(sheetName, a1);
  }

  /**
   * Types `text` into one cell and presses Enter: parsed as Sheets parses typing (a formula, a
   * number, a date, text); a LEADS_ formula runs then, even when it was there already.
   */
  enter(sheetName: string, a1: string, text: string): void {
    const ref = parseA1(a1);
    if (
      ref === null ||
      ref.startRow === null ||
      ref.startColumn === null ||
      ref.startRow !== ref.endRow ||
      ref.startColumn !== ref.endColumn
    ) {
      throw new Error(`Type into one cell (got ${JSON.stringify(a1)}).`);
    }
    this.testing.userType(sheetName, a1, text);
    this.formulas.recalculate({ sheetName, row: ref.startRow, column: ref.startColumn });
  }

  /** Delete: empties every cell of `a1` (formats stay). */
  clear(sheetName: string, a1: string): void {
    this.testing.userType(sheetName, a1, "");
    this.formulas.recalculate();
  }

  showSheet(sheetName: string): void {
    this.testing.setActiveSheet(sheetName);
  }

  /** Sort sheet by one column (Data › Sort sheet): the rows below the frozen header move. */
  sort(sheetName: string, column: number, ascending: boolean): void {
    this.testing.userSortSheet(sheetName, column, ascending);
    this.formulas.recalculate();
  }

  /** Insert › Column left or right of `column` (a context action of the grid): the cells right of it move one column right. */
  insertColumn(sheetName: string, column: number, side: "left" | "right"): void {
    if (!Number.isInteger(column) || column < 1) throw new Error(`Insert beside a column of the sheet (got ${String(column)}).`);
    this.testing.userInsertColumns(sheetName, side === "left" ? column : column + 1, 1);
    this.formulas.recalculate();
  }

  /**
   * Pastes `text` (one business a line: name, then website, separated by a tab or a comma) as a
   * new sheet with a "Name | Website" header, frozen as a person would, and selects it all, so
   * "Enrich rows" finds it. Values land as typed text, never parsed into formulas. Without
   * `header`, the list starts in row 1 with no header row, as many pasted lists do, every line
   * kept as typed; with it, a header line of the text's own is replaced by the one put.
   */
  pasteList(text: string, options: { header: boolean } = { header: true }): PastedList {
    const lines = parseLines(text);
    const own = options.header && isHeaderLine(lines[0]) ? lines[0] : undefined;
    const rows = own === undefined ? lines : lines.slice(1);
    if (rows.length === 0) throw new Error("Paste at least one line: a business name, then its website.");
    const sheetName = this.freeSheetName("Pasted list");
    this.testing.userAddSheet(sheetName);
    const values = options.header ? [["Name", "Website"], ...rows] : rows;
    this.testing.userSeed(sheetName, "A1", values);
    if (options.header) this.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName)?.setFrozenRows(1);
    const rangeA1 = `A1:B${values.length}`;
    this.testing.setActiveRange(sheetName, rangeA1);
    this.formulas.recalculate();
    return {
      sheetName,
      rangeA1,
      rows: rows.length,
      replacedHeader: own === undefined ? null : own.filter((cell) => cell !== "").join(", "),
    };
  }

  /** Sheets' "+": a new empty sheet at the end ("Sheet2", as Sheets names it), shown. Its name is returned. */
  addSheet(): string {
    this.testing.userAddSheet();
    const name = this.testing.sheetNames().at(-1) ?? "";
    this.testing.setActiveSheet(name);
    return name;
  }

  /** A tab's Rename: Sheets refuses an empty name or one another sheet has, and says so. */
  renameSheet(sheetName: string, newName: string): string {
    const name = newName.trim();
    if (name === "") throw new Error("Type the sheet's new name.");
    this.testing.userRenameSheet(sheetName, name);
    this.formulas.recalculate();
    return name;
  }

  private freeSheetName(base: string): string {
    const taken = new Set(this.testing.sheetNames());
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
  }
}

/** "Name<TAB>site" or "Name, site" per line; a line without a separator is a name with no website. */
function parseLines(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const at = line.includes("\t") ? line.lastIndexOf("\t") : line.lastIndexOf(",");
      return at < 0 ? [line, ""] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    });
}

/** A line that names the columns ("Name, Website", "Company\tURL"). */
const isHeaderLine = (line: readonly string[] | undefined): line is string[] =>
  line !== undefined && /^((business )?name|company)$/i.test(line[0] ?? "") && /^(website|url|domain)$/i.test(line[1] ?? "");

/** The list's businesses: every line but a header line at the top. */
export function parseList(text: string): string[][] {
  const lines = parseLines(text);
  return isHeaderLine(lines[0]) ? lines.slice(1) : lines;
}
