// Defines FakeRange: Apps Script's Range over a SheetModel (values, formulas, formats, rich text, styles).

import { formatA1, type OpenBounds } from "./a1";
import { type Cell, clearCell, clearContent, type OutputValue, outputDisplay, outputValue, prepareWrite, type PreparedWrite } from "./cell";
import type { CallKind, DocModel } from "./document";
import { MAX_CELL_CHARS, messages } from "./errors";
import { DEFAULT_NUMBER_FORMAT } from "./number-format";
import { FakeRichTextValue, plainRichText } from "./rich-text";
import type { Box, SheetModel } from "./sheet-model";
import { FakeSheet } from "./sheet";

const NOT_OPEN: OpenBounds = { rows: false, columns: false, bottom: false };
/** The reads that return cells' values or formulas (counted in cells: Counters.cellsRead): every cell of the range's. */
const VALUE_READS = new Set(["getValues", "getDisplayValues", "getFormulas"]);
/** The reads that return the range's top-left cell only. */
const CELL_READS = new Set(["getValue", "getDisplayValue", "getFormula"]);

export class FakeRange {
  constructor(
    private readonly doc: DocModel,
    /** The sheet as this range was made on; each call sees the sheet of that id as its execution sees it. */
    private readonly handle: SheetModel,
    private readonly box: Box,
    private readonly open: OpenBounds = NOT_OPEN,
  ) {}

  // ---- plumbing ----

  private get sheet(): SheetModel {
    return this.doc.sheetFor(this.handle.id, this.handle);
  }

  /**
   * Every document access starts here: the call hook first, then the checks. A write passes its
   * arguments, so that it can be replayed where it lands (document.ts).
   */
  private begin(kind: CallKind, method: string, args?: readonly unknown[]): void {
    // A value read is counted by its cells too: what a pass reads of a long list is its cost.
    const cells = kind !== "read" ? 0 : VALUE_READS.has(method) ? this.box.numRows * this.box.numColumns : CELL_READS.has(method) ? 1 : 0;
    const replay =
      args === undefined ? undefined : replayCall(() => new FakeRange(this.doc, this.handle, this.box, this.open), method, args);
    this.doc.call(kind, `Range.${method}`, cells, replay, this.handle.id);
    const sheet = this.sheet;
    if (sheet.deleted) throw this.doc.error(messages.sheetDeleted);
    if (kind === "read" && !sheet.isInside(this.box)) throw this.doc.error(messages.outsideSheet);
  }

  private beginWrite(method: string, args: readonly unknown[]): void {
    this.begin("write", method, args);
    this.sheet.growToFit(this.box);
  }

  private map<T>(f: (cell: Cell | undefined) => T): T[][] {
    const sheet = this.sheet;
    return Array.from({ length: this.box.numRows }, (_, i) =>
      Array.from({ length: this.box.numColumns }, (_, j) => f(sheet.get(this.box.row + i, this.box.column + j))),
    );
  }

  /** Checks a 2-D argument against the range's shape with Apps Script's wording. */
  private checkGrid(data: unknown, method: string): unknown[][] {
    if (!Array.isArray(data) || !data.every((row) => Array.isArray(row)))
      throw this.doc.error(messages.signature([data], `SpreadsheetApp.Range.${method}`));
    const rows = data as unknown[][];
    if (rows.length !== this.box.numRows) throw this.doc.error(messages.rowsMismatch(rows.length, this.box.numRows));
    for (const row of rows)
      if (row.length !== this.box.numColumns) throw this.doc.error(messages.columnsMismatch(row.length, this.box.numColumns));
    return rows;
  }

  private checkArgs(args: readonly unknown[], count: number, method: string): void {
    if (args.length < count) throw this.doc.error(messages.signature(args, `SpreadsheetApp.Range.${method}`));
  }

  /** Applies prepared writes only once every value was accepted: a bad value writes nothing. */
  private applyAll(prepared: PreparedWrite[][]): void {
    for (const { cell, i, j } of this.sheet.cellsOf(this.box)) prepared[i]?.[j]?.(cell);
  }

  private forEachCell(f: (cell: Cell, i: number, j: number) => void): void {
    for (const { cell, i, j } of this.sheet.cellsOf(this.box)) f(cell, i, j);
  }

  // ---- geometry (no document access) ----

  getRow(): number {
    this.doc.call("getter", "Range.getRow");
    return this.box.row;
  }
  getRowIndex(): number {
    return this.box.row;
  }
  getColumn(): number {
    this.doc.call("getter", "Range.getColumn");
    return this.box.column;
  }
  getColumnIndex(): number {
    return this.box.column;
  }
  getNumRows(): number {
    this.doc.call("getter", "Range.getNumRows");
    return this.box.numRows;
  }
  getHeight(): number {
    return this.box.numRows;
  }
  getNumColumns(): number {
    this.doc.call("getter", "Range.getNumColumns");
    return this.box.numColumns;
  }
  getWidth(): number {
    return this.box.numColumns;
  }
  /** The range's own last row (not the sheet's last row with content). */
  getLastRow(): number {
    return this.box.row + this.box.numRows - 1;
  }
  getLastColumn(): number {
    return this.box.column + this.box.numColumns - 1;
  }
  getA1Notation(): string {
    return formatA1(this.box.row, this.box.column, this.box.numRows, this.box.numColumns, this.open);
  }
  getGridId(): number {
    return this.handle.id;
  }
  getSheet(): FakeSheet {
    this.doc.call("getter", "Range.getSheet");
    return new FakeSheet(this.doc, this.handle);
  }

  /** The cell at a 1-based position inside this range. */
  getCell(row: number, column: number): FakeRange {
    if (row < 1 || column < 1 || row > this.box.numRows || column > this.box.numColumns)
      throw this.doc.error("Cell reference out of range");
    return new FakeRange(this.doc, this.handle, {
      row: this.box.row + row - 1,
      column: this.box.column + column - 1,
      numRows: 1,
      numColumns: 1,
    });
  }

  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): FakeRange {
    const box: Box = {
      row: this.box.row + rowOffset,
      column: this.box.column + columnOffset,
      numRows: numRows ?? this.box.numRows,
      numColumns: numColumns ?? this.box.numColumns,
    };
    if (box.row < 1) throw this.doc.error(messages.startRowTooSmall);
    if (box.column < 1) throw this.doc.error(messages.startColumnTooSmall);
    if (box.numRows < 1) throw this.doc.error(messages.numRowsTooSmall);
    if (box.numColumns < 1) throw this.doc.error(messages.numColumnsTooSmall);
    return new FakeRange(this.doc, this.handle, box);
  }

  // ---- values ----

  getValues(): OutputValue[][] {
    this.begin("read", "getValues");
    return this.map((c) => outputValue(c, this.doc.timeZone, (ms) => this.doc.makeDate(ms)));
  }

  getValue(): OutputValue {
    this.begin("read", "getValue");
    return outputValue(this.sheet.get(this.box.row, this.box.column), this.doc.timeZone, (ms) => this.doc.makeDate(ms));
  }

  getDisplayValues(): string[][] {
    this.begin("read", "getDisplayValues");
    return this.map(outputDisplay);
  }

  getDisplayValue(): string {
    this.begin("read", "getDisplayValue");
    return outputDisplay(this.sheet.get(this.box.row, this.box.column));
  }

  /** Writes every value as Sheets parses script input; the data must match the range's shape exactly. */
  setValues(values: unknown[][]): FakeRange {
    this.begin("write", "setValues", [values]);
    const rows = this.checkGrid(values, "setValues");
    const ctx = this.doc.writeContext();
    const prepared = rows.map((row) => row.map((v) => prepareWrite(v, ctx)));
    this.sheet.growToFit(this.box);
    this.applyAll(prepared);
    return this;
  }

  /** Writes one value into every cell of the range. */
  setValue(...args: unknown[]): FakeRange {
    this.begin("write", "setValue", args);
    this.checkArgs(args, 1, "setValue");
    const prepared = prepareWrite(args[0], this.doc.writeContext());
    this.sheet.growToFit(this.box);
    this.forEachCell((cell) => prepared(cell));
    return this;
  }

  isBlank(): boolean {
    this.begin("read", "isBlank");
    return this.map((c) => c === undefined || (c.value === null && c.formula === "")).every((row) => row.every(Boolean));
  }

  // ---- formulas ----

  getFormulas(): string[][] {
    this.begin("read", "getFormulas");
    return this.map((c) => c?.formula ?? "");
  }

  getFormula(): string {
    this.begin("read", "getFormula");
    return this.sheet.get(this.box.row, this.box.column)?.formula ?? "";
  }

  setFormula(formula: string): FakeRange {
    this.begin("write", "setFormula", [formula]);
    const prepared = prepareWrite(String(formula), this.doc.writeContext(), true);
    this.sheet.growToFit(this.box);
    this.forEachCell((cell) => prepared(cell));
    return this;
  }

  setFormulas(formulas: string[][]): FakeRange {
    this.begin("write", "setFormulas", [formulas]);
    const rows = this.checkGrid(formulas, "setFormulas");
    const ctx = this.doc.writeContext();
    const prepared = rows.map((row) => row.map((f) => prepareWrite(f, ctx, true)));
    this.sheet.growToFit(this.box);
    this.applyAll(prepared);
    return this;
  }

  // ---- number formats ----

  getNumberFormats(): string[][] {
    this.begin("read", "getNumberFormats");
    return this.map((c) => c?.numberFormat ?? DEFAULT_NUMBER_FORMAT);
  }

  getNumberFormat(): string {
    this.begin("read", "getNumberFormat");
    return this.sheet.get(this.box.row, this.box.column)?.numberFormat ?? DEFAULT_NUMBER_FORMAT;
  }

  /** Changes how values display and parse later; stored values are not converted. */
  setNumberFormat(format: string): FakeRange {
    this.beginWrite("setNumberFormat", [format]);
    this.forEachCell((cell) => {
      cell.numberFormat = String(format);
    });
    return this;
  }

  setNumberFormats(formats: string[][]): FakeRange {
    this.begin("write", "setNumberFormats", [formats]);
    const rows = this.checkGrid(formats, "setNumberFormats");
    this.sheet.growToFit(this.box);
    this.forEachCell((cell, i, j) => {
      cell.numberFormat = String(rows[i]?.[j] ?? DEFAULT_NUMBER_FORMAT);
    });
    return this;
  }

  // ---- rich text ----

  getRichTextValues(): (FakeRichTextValue | null)[][] {
    this.begin("read", "getRichTextValues");
    return this.map(richTextOf);
  }

  getRichTextValue(): FakeRichTextValue | null {
    this.begin("read", "getRichTextValue");
    return richTextOf(this.sheet.get(this.box.row, this.box.column));
  }

  /** Rich text is written as text exactly: Sheets does not parse it. */
  setRichTextValue(value: FakeRichTextValue): FakeRange {
    this.begin("write", "setRichTextValue", [value]);
    if (!(value instanceof FakeRichTextValue)) throw this.doc.error(messages.signature([value], "SpreadsheetApp.Range.setRichTextValue"));
    if (value.getText().length > MAX_CELL_CHARS) throw this.doc.error(messages.tooManyChars);
    this.sheet.growToFit(this.box);
    this.forEachCell((cell) => writeRichText(cell, value));
    return this;
  }

  setRichTextValues(values: FakeRichTextValue[][]): FakeRange {
    this.begin("write", "setRichTextValues", [values]);
    const rows = this.checkGrid(values, "setRichTextValues");
    for (const row of rows) {
      for (const v of row) {
        if (!(v instanceof FakeRichTextValue)) throw this.doc.error(messages.signature([values], "SpreadsheetApp.Range.setRichTextValues"));
        if (v.getText().length > MAX_CELL_CHARS) throw this.doc.error(messages.tooManyChars);
      }
    }
    this.sheet.growToFit(this.box);
    this.forEachCell((cell, i, j) => {
      const v = rows[i]?.[j];
      if (v instanceof FakeRichTextValue) writeRichText(cell, v);
    });
    return this;
  }

  // ---- styles (recorded, readable) ----

  getFontWeights(): string[][] {
    this.begin("read", "getFontWeights");
    return this.map((c) => c?.fontWeight ?? "normal");
  }

  getFontWeight(): string {
    this.begin("read", "getFontWeight");
    return this.sheet.get(this.box.row, this.box.column)?.fontWeight ?? "normal";
  }

  setFontWeight(weight: string | null): FakeRange {
    this.beginWrite("setFontWeight", [weight]);
    this.forEachCell((cell) => {
      cell.fontWeight = weight === "bold" ? "bold" : "normal";
    });
    return this;
  }

  setFontWeights(weights: (string | null)[][]): FakeRange {
    this.begin("write", "setFontWeights", [weights]);
    const rows = this.checkGrid(weights, "setFontWeights");
    this.sheet.growToFit(this.box);
    this.forEachCell((cell, i, j) => {
      cell.fontWeight = rows[i]?.[j] === "bold" ? "bold" : "normal";
    });
    return this;
  }

  /** Deprecated by Google in favour of getFontColorObject, still served: the colour as `#rrggbb`. */
  getFontColor(): string {
    this.begin("read", "getFontColor");
    return this.sheet.get(this.box.row, this.box.column)?.fontColor ?? "#000000";
  }

  getFontColors(): string[][] {
    this.begin("read", "getFontColors");
    return this.map((c) => c?.fontColor ?? "#000000");
  }

  /** `color` in CSS notation (`#rrggbb`, as the add-on writes it); null resets it to black. */
  setFontColor(color: string | null): FakeRange {
    this.beginWrite("setFontColor", [color]);
    this.forEachCell((cell) => {
      cell.fontColor = color === null ? "#000000" : color.toLowerCase();
    });
    return this;
  }

  getBackground(): string {
    this.begin("read", "getBackground");
    return this.sheet.get(this.box.row, this.box.column)?.background ?? "#ffffff";
  }

  getBackgrounds(): string[][] {
    this.begin("read", "getBackgrounds");
    return this.map((c) => c?.background ?? "#ffffff");
  }

  setBackground(color: string | null): FakeRange {
    this.beginWrite("setBackground", [color]);
    this.forEachCell((cell) => {
      cell.background = color ?? "#ffffff";
    });
    return this;
  }

  getHorizontalAlignment(): string {
    this.begin("read", "getHorizontalAlignment");
    return this.sheet.get(this.box.row, this.box.column)?.horizontalAlignment ?? "general";
  }

  setHorizontalAlignment(alignment: string | null): FakeRange {
    this.beginWrite("setHorizontalAlignment", [alignment]);
    this.forEachCell((cell) => {
      cell.horizontalAlignment = alignment;
    });
    return this;
  }

  getWrap(): boolean {
    this.begin("read", "getWrap");
    return this.sheet.get(this.box.row, this.box.column)?.wrap ?? true;
  }

  setWrap(wrap: boolean): FakeRange {
    this.beginWrite("setWrap", [wrap]);
    this.forEachCell((cell) => {
      cell.wrap = Boolean(wrap);
    });
    return this;
  }

  setWrapStrategy(strategy: string): FakeRange {
    this.beginWrite("setWrapStrategy", [strategy]);
    this.forEachCell((cell) => {
      cell.wrap = strategy === "WRAP";
    });
    return this;
  }

  // ---- clearing, sorting, selection ----

  clearContent(): FakeRange {
    this.beginWrite("clearContent", []);
    this.forEachCell(clearContent);
    return this;
  }

  clearFormat(): FakeRange {
    this.beginWrite("clearFormat", []);
    this.forEachCell((cell) => clearCell(cell, false, true));
    return this;
  }

  /** clear() empties values and formats; {contentsOnly} or {formatOnly} narrow it. */
  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): FakeRange {
    this.beginWrite("clear", [options]);
    const { contents, formats } = clearScope(options);
    this.forEachCell((cell) => clearCell(cell, contents, formats));
    return this;
  }

  /** Range.sort(column) or sort({column, ascending}); the column is absolute, as in Apps Script. */
  sort(spec: number | { column: number; ascending?: boolean }): FakeRange {
    this.beginWrite("sort", [spec]);
    const column = typeof spec === "number" ? spec : spec.column;
    const ascending = typeof spec === "number" ? true : spec.ascending !== false;
    if (column < this.box.column || column > this.getLastColumn()) throw this.doc.error("The column index is out of range.");
    this.sheet.sortBox(this.box, column, ascending);
    return this;
  }

  activate(): FakeRange {
    this.begin("write", "activate", []);
    this.doc.activeSheetId = this.sheet.id;
    this.sheet.selection = { ...this.box };
    return this;
  }
}

/**
 * A write of `method` with `args` on a range (or sheet, spreadsheet) that `receiver` makes anew: how
 * the write is replayed where it lands. Arrays are copied, so a caller that reuses its array later
 * does not change what was written.
 */
export function replayCall(receiver: () => object, method: string, args: readonly unknown[]): () => void {
  const kept = args.map(copyArrays);
  return () => {
    const target = receiver();
    const fn = Reflect.get(target, method) as (...a: unknown[]) => unknown;
    fn.apply(target, kept.map(copyArrays));
  };
}

function copyArrays(value: unknown): unknown {
  return Array.isArray(value) ? value.map(copyArrays) : value;
}

function richTextOf(cell: Cell | undefined): FakeRichTextValue | null {
  if (!cell || typeof cell.value !== "string") return null;
  return new FakeRichTextValue(cell.richText ?? plainRichText(cell.value));
}

function writeRichText(cell: Cell, value: FakeRichTextValue): void {
  clearContent(cell);
  const stored = value.toStored();
  if (stored.text === "") return;
  cell.value = stored.text;
  cell.richText = stored;
}

/** What clear(options) removes: both by default; contentsOnly / formatOnly narrow it. */
export function clearScope(options?: { contentsOnly?: boolean; formatOnly?: boolean }): { contents: boolean; formats: boolean } {
  return {
    contents: !options?.formatOnly || Boolean(options.contentsOnly),
    formats: !options?.contentsOnly || Boolean(options.formatOnly),
  };
}
