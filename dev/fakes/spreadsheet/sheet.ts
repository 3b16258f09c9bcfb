// Defines FakeSheet: Apps Script's Sheet over a SheetModel (ranges, size, rows and columns, freezing, sorting).

import { parseA1, resolveA1 } from "./a1";
import { clearCell, outputDisplay, prepareWrite } from "./cell";
import type { CallKind, DocModel } from "./document";
import { messages } from "./errors";
import { clearScope, FakeRange, replayCall } from "./range";
import { FakeRangeList } from "./range-list";
import type { SheetModel } from "./sheet-model";
import { FakeSpreadsheet } from "./spreadsheet";

export class FakeSheet {
  constructor(
    private readonly doc: DocModel,
    /** The sheet as this handle was made on. */
    private readonly handle: SheetModel,
  ) {}

  /** The stored sheet as the current call sees it (document.ts); exposed for the fake's own classes, not part of Apps Script. */
  get model(): SheetModel {
    return this.doc.sheetFor(this.handle.id, this.handle);
  }

  /** A write passes its arguments, so that it can be replayed where it lands (document.ts). */
  private begin(kind: CallKind, method: string, args?: readonly unknown[]): void {
    const replay = args === undefined ? undefined : replayCall(() => new FakeSheet(this.doc, this.handle), method, args);
    this.doc.call(kind, `Sheet.${method}`, 0, replay, this.handle.id);
    this.checkAlive();
  }

  private checkAlive(): void {
    if (this.model.deleted) throw this.doc.error(messages.sheetDeleted);
  }

  private integer(value: unknown, args: readonly unknown[], method: string): number {
    if (typeof value !== "number") throw this.doc.error(messages.signature(args, `SpreadsheetApp.Sheet.${method}`));
    if (!Number.isInteger(value)) throw this.doc.error(messages.notAnInteger(value));
    return value;
  }

  private range(row: number, column: number, numRows: number, numColumns: number): FakeRange {
    return new FakeRange(this.doc, this.handle, { row, column, numRows, numColumns });
  }

  // ---- identity ----

  /** The sheet's gid: fixed for its life, so it needs no document access. */
  getSheetId(): number {
    this.doc.call("getter", "Sheet.getSheetId");
    return this.handle.id;
  }

  getParent(): FakeSpreadsheet {
    return new FakeSpreadsheet(this.doc);
  }

  getName(): string {
    this.begin("read", "getName");
    return this.model.name;
  }

  setName(name: string): FakeSheet {
    this.begin("write", "setName", [name]);
    this.doc.renameSheet(this.model, String(name));
    return this;
  }

  /** 1-based position among the spreadsheet's sheets. */
  getIndex(): number {
    this.begin("read", "getIndex");
    return this.doc.sheets.indexOf(this.model) + 1;
  }

  activate(): FakeSheet {
    this.begin("write", "activate", []);
    this.doc.activeSheetId = this.model.id;
    return this;
  }

  // ---- ranges ----

  /**
   * getRange(a1) | getRange(row, column) | getRange(row, column, numRows) | getRange(row, column, numRows, numColumns).
   * Building a range object needs no document access, so it does not count as a call.
   */
  getRange(...args: unknown[]): FakeRange {
    this.doc.call("getter", "Sheet.getRange");
    this.checkAlive();
    const method = "SpreadsheetApp.Sheet.getRange";
    if (args.length === 1 && typeof args[0] === "string") {
      const ref = parseA1(args[0]);
      if (!ref || (ref.sheetName !== null && ref.sheetName.toLowerCase() !== this.model.name.toLowerCase()))
        throw this.doc.error(messages.rangeNotFound);
      const r = resolveA1(ref, this.model.maxRows, this.model.maxColumns);
      return new FakeRange(this.doc, this.handle, r, r.open);
    }
    if (args.length < 2 || args.length > 4 || args.some((a) => typeof a !== "number"))
      throw this.doc.error(messages.signature(args, method));
    const [row, column, numRows = 1, numColumns = 1] = args.map((a) => this.integer(a, args, "getRange"));
    if (row === undefined || column === undefined) throw this.doc.error(messages.signature(args, method));
    if (row < 1) throw this.doc.error(messages.startRowTooSmall);
    if (column < 1) throw this.doc.error(messages.startColumnTooSmall);
    if (numRows < 1) throw this.doc.error(messages.numRowsTooSmall);
    if (numColumns < 1) throw this.doc.error(messages.numColumnsTooSmall);
    return this.range(row, column, numRows, numColumns);
  }

  /** The range from A1 to the last row and column with content (A1 alone on an empty sheet). */
  getDataRange(): FakeRange {
    this.begin("read", "getDataRange");
    return this.range(1, 1, Math.max(1, this.model.lastRow()), Math.max(1, this.model.lastColumn()));
  }

  getLastRow(): number {
    this.begin("read", "getLastRow");
    return this.model.lastRow();
  }

  getLastColumn(): number {
    this.begin("read", "getLastColumn");
    return this.model.lastColumn();
  }

  getMaxRows(): number {
    this.begin("read", "getMaxRows");
    return this.model.maxRows;
  }

  getMaxColumns(): number {
    this.begin("read", "getMaxColumns");
    return this.model.maxColumns;
  }

  getActiveRange(): FakeRange {
    this.begin("read", "getActiveRange");
    const s = this.model.selection;
    return this.range(s.row, s.column, s.numRows, s.numColumns);
  }

  getActiveCell(): FakeRange {
    this.begin("read", "getActiveCell");
    return this.range(this.model.selection.row, this.model.selection.column, 1, 1);
  }

  /** Every selected range of this sheet, the active one last (a single range is a list of one). */
  getActiveRangeList(): FakeRangeList {
    this.begin("read", "getActiveRangeList");
    return new FakeRangeList(this.doc, this.handle, this.model.selections);
  }

  /** getRangeList(["A1:B2", "D4"]): ranges of this sheet; building it needs no document access. */
  getRangeList(a1Notations: unknown): FakeRangeList {
    this.doc.call("getter", "Sheet.getRangeList");
    this.checkAlive();
    if (!Array.isArray(a1Notations) || a1Notations.length === 0 || a1Notations.some((a) => typeof a !== "string")) {
      throw this.doc.error(messages.signature([a1Notations], "SpreadsheetApp.Sheet.getRangeList"));
    }
    const boxes = (a1Notations as string[]).map((a1) => {
      const range = this.getRange(a1);
      return { row: range.getRowIndex(), column: range.getColumnIndex(), numRows: range.getHeight(), numColumns: range.getWidth() };
    });
    return new FakeRangeList(this.doc, this.handle, boxes);
  }

  /** Selects the list's ranges on this sheet; the last becomes the active range. */
  setActiveRangeList(rangeList: FakeRangeList): FakeRangeList {
    this.begin("write", "setActiveRangeList", [rangeList]);
    if (!(rangeList instanceof FakeRangeList))
      throw this.doc.error(messages.signature([rangeList], "SpreadsheetApp.Sheet.setActiveRangeList"));
    return rangeList.activate();
  }

  setActiveRange(range: FakeRange): FakeRange {
    this.begin("write", "setActiveRange", [range]);
    if (!(range instanceof FakeRange) || range.getGridId() !== this.model.id)
      throw this.doc.error(messages.signature([range], "SpreadsheetApp.Sheet.setActiveRange"));
    this.doc.activeSheetId = this.model.id;
    this.model.selection = {
      row: range.getRow(),
      column: range.getColumn(),
      numRows: range.getNumRows(),
      numColumns: range.getNumColumns(),
    };
    return range;
  }

  /** Writes a row after the last row with content, parsing values like setValues. */
  appendRow(rowContents: unknown[]): FakeSheet {
    this.begin("write", "appendRow", [rowContents]);
    if (!Array.isArray(rowContents)) throw this.doc.error(messages.signature([rowContents], "SpreadsheetApp.Sheet.appendRow"));
    const ctx = this.doc.writeContext();
    const prepared = rowContents.map((v) => prepareWrite(v, ctx));
    const box = { row: this.model.lastRow() + 1, column: 1, numRows: 1, numColumns: Math.max(1, rowContents.length) };
    this.model.growToFit(box);
    prepared.forEach((write, j) => write(this.model.ensure(box.row, j + 1)));
    return this;
  }

  // ---- rows and columns ----

  private checkRowPosition(position: number, method: string): void {
    this.integer(position, [position], method);
    if (position < 1 || position > this.model.maxRows) throw this.doc.error(messages.rowsOutOfBounds);
  }

  private checkColumnPosition(position: number, method: string): void {
    this.integer(position, [position], method);
    if (position < 1 || position > this.model.maxColumns) throw this.doc.error(messages.columnsOutOfBounds);
  }

  private count(howMany: number, method: string): number {
    const n = this.integer(howMany, [howMany], method);
    if (n < 1)
      throw this.doc.error(
        method.startsWith("insertRow") || method.startsWith("deleteRow") ? messages.rowsOutOfBounds : messages.columnsOutOfBounds,
      );
    return n;
  }

  insertRowAfter(afterPosition: number): FakeSheet {
    return this.insertRowsAfter(afterPosition, 1);
  }

  insertRowsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.begin("write", "insertRowsAfter", [afterPosition, howMany]);
    this.checkRowPosition(afterPosition, "insertRowsAfter");
    this.model.insertRows(afterPosition + 1, this.count(howMany, "insertRowsAfter"), afterPosition);
    return this;
  }

  insertRowBefore(beforePosition: number): FakeSheet {
    return this.insertRowsBefore(beforePosition, 1);
  }

  insertRowsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.begin("write", "insertRowsBefore", [beforePosition, howMany]);
    this.checkRowPosition(beforePosition, "insertRowsBefore");
    this.model.insertRows(beforePosition, this.count(howMany, "insertRowsBefore"), beforePosition);
    return this;
  }

  insertRows(rowIndex: number, numRows = 1): void {
    this.insertRowsBefore(rowIndex, numRows);
  }

  insertColumnAfter(afterPosition: number): FakeSheet {
    return this.insertColumnsAfter(afterPosition, 1);
  }

  insertColumnsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.begin("write", "insertColumnsAfter", [afterPosition, howMany]);
    this.checkColumnPosition(afterPosition, "insertColumnsAfter");
    this.model.insertColumns(afterPosition + 1, this.count(howMany, "insertColumnsAfter"), afterPosition);
    return this;
  }

  insertColumnBefore(beforePosition: number): FakeSheet {
    return this.insertColumnsBefore(beforePosition, 1);
  }

  insertColumnsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.begin("write", "insertColumnsBefore", [beforePosition, howMany]);
    this.checkColumnPosition(beforePosition, "insertColumnsBefore");
    this.model.insertColumns(beforePosition, this.count(howMany, "insertColumnsBefore"), beforePosition);
    return this;
  }

  insertColumns(columnIndex: number, numColumns = 1): void {
    this.insertColumnsBefore(columnIndex, numColumns);
  }

  deleteRow(rowPosition: number): FakeSheet {
    return this.deleteRows(rowPosition, 1);
  }

  deleteRows(rowPosition: number, howMany: number): FakeSheet {
    this.begin("write", "deleteRows", [rowPosition, howMany]);
    this.model.deleteRows(
      this.integer(rowPosition, [rowPosition, howMany], "deleteRows"),
      this.integer(howMany, [rowPosition, howMany], "deleteRows"),
    );
    return this;
  }

  deleteColumn(columnPosition: number): FakeSheet {
    return this.deleteColumns(columnPosition, 1);
  }

  deleteColumns(columnPosition: number, howMany: number): FakeSheet {
    this.begin("write", "deleteColumns", [columnPosition, howMany]);
    this.model.deleteColumns(
      this.integer(columnPosition, [columnPosition, howMany], "deleteColumns"),
      this.integer(howMany, [columnPosition, howMany], "deleteColumns"),
    );
    return this;
  }

  // ---- freezing and widths ----

  getFrozenRows(): number {
    this.begin("read", "getFrozenRows");
    return this.model.frozenRows;
  }

  setFrozenRows(rows: number): void {
    this.begin("write", "setFrozenRows", [rows]);
    const n = this.integer(rows, [rows], "setFrozenRows");
    if (n < 0 || n >= this.model.maxRows) throw this.doc.error(messages.rowsOutOfBounds);
    this.model.frozenRows = n;
  }

  getFrozenColumns(): number {
    this.begin("read", "getFrozenColumns");
    return this.model.frozenColumns;
  }

  setFrozenColumns(columns: number): void {
    this.begin("write", "setFrozenColumns", [columns]);
    const n = this.integer(columns, [columns], "setFrozenColumns");
    if (n < 0 || n >= this.model.maxColumns) throw this.doc.error(messages.columnsOutOfBounds);
    this.model.frozenColumns = n;
  }

  getColumnWidth(columnPosition: number): number {
    this.begin("read", "getColumnWidth");
    return this.model.columnWidth(columnPosition);
  }

  setColumnWidth(columnPosition: number, width: number): FakeSheet {
    this.begin("write", "setColumnWidth", [columnPosition, width]);
    this.checkColumnPosition(columnPosition, "setColumnWidth");
    this.model.setColumnWidth(columnPosition, width);
    return this;
  }

  setColumnWidths(startColumn: number, numColumns: number, width: number): FakeSheet {
    this.begin("write", "setColumnWidths", [startColumn, numColumns, width]);
    this.checkColumnPosition(startColumn, "setColumnWidths");
    for (let c = startColumn; c < startColumn + numColumns; c++) this.model.setColumnWidth(c, width);
    return this;
  }

  /** Fits columns to their longest displayed text (about 7 px a character); empty columns keep their width. */
  autoResizeColumns(startColumn: number, numColumns: number): FakeSheet {
    this.begin("write", "autoResizeColumns", [startColumn, numColumns]);
    this.checkColumnPosition(startColumn, "autoResizeColumns");
    const model = this.model;
    const last = model.lastRow();
    for (let c = startColumn; c < startColumn + numColumns; c++) {
      let longest = 0;
      for (let r = 1; r <= last; r++) longest = Math.max(longest, outputDisplay(model.get(r, c)).length);
      if (longest > 0) model.setColumnWidth(c, Math.max(21, Math.ceil(longest * 7 + 10)));
    }
    return this;
  }

  autoResizeColumn(columnPosition: number): FakeSheet {
    return this.autoResizeColumns(columnPosition, 1);
  }

  // ---- clearing and sorting ----

  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): FakeSheet {
    this.begin("write", "clear", [options]);
    const { contents, formats } = clearScope(options);
    for (const cell of this.model.existingCells()) clearCell(cell, contents, formats);
    return this;
  }

  clearContents(): FakeSheet {
    return this.clear({ contentsOnly: true });
  }

  clearFormats(): FakeSheet {
    return this.clear({ formatOnly: true });
  }

  /** Sorts the rows below the frozen rows by a column, as the Sheets menu's "Sort sheet" does. */
  sort(columnPosition: number, ascending = true): FakeSheet {
    this.begin("write", "sort", [columnPosition, ascending]);
    this.checkColumnPosition(columnPosition, "sort");
    sortSheet(this.model, columnPosition, ascending);
    return this;
  }
}

/** Sheet-wide sort shared by Sheet.sort and the simulated user action. */
export function sortSheet(model: SheetModel, column: number, ascending: boolean): void {
  const first = model.frozenRows + 1;
  const last = model.lastRow();
  if (last < first) return;
  model.sortBox({ row: first, column: 1, numRows: last - first + 1, numColumns: model.maxColumns }, column, ascending);
}
