// Defines FakeSpreadsheet: Apps Script's Spreadsheet over the DocModel (sheets, active sheet, A1 ranges, toast).

import { parseA1, resolveA1 } from "./a1";
import { addDeveloperMetadata, FakeDeveloperMetadataFinder, getDeveloperMetadata, type FakeDeveloperMetadata } from "./developer-metadata";
import type { CallKind, DocModel } from "./document";
import { messages } from "./errors";
import { FakeRange, replayCall } from "./range";
import { FakeRangeList } from "./range-list";
import { FakeSheet } from "./sheet";

export class FakeSpreadsheet {
  constructor(private readonly doc: DocModel) {}

  /** A write passes its arguments, so that it can be replayed where it lands (document.ts). */
  private begin(kind: CallKind, method: string, args?: readonly unknown[]): void {
    this.doc.call(
      kind,
      `Spreadsheet.${method}`,
      0,
      args === undefined ? undefined : replayCall(() => new FakeSpreadsheet(this.doc), method, args),
    );
  }

  private sheet(model: DocModel["sheets"][number]): FakeSheet {
    return new FakeSheet(this.doc, model);
  }

  /** Fixed for the document's life: no document access. */
  getId(): string {
    return this.doc.id;
  }

  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.doc.id}/edit`;
  }

  getName(): string {
    this.begin("read", "getName");
    return this.doc.name;
  }

  rename(name: string): void {
    this.begin("write", "rename", [name]);
    this.doc.name = String(name);
  }

  getSpreadsheetTimeZone(): string {
    this.begin("read", "getSpreadsheetTimeZone");
    return this.doc.timeZone;
  }

  /** Google: "Sets the time zone for the spreadsheet"; dates read and written from then on are in it. */
  setSpreadsheetTimeZone(timezone: string): void {
    this.begin("write", "setSpreadsheetTimeZone", [timezone]);
    this.doc.timeZone = String(timezone);
  }

  /** "en_US", "de_DE": a language and a country joined by an underscore. */
  getSpreadsheetLocale(): string {
    this.begin("read", "getSpreadsheetLocale");
    return this.doc.locale;
  }

  /** Google: "Sets the spreadsheet locale"; getSpreadsheetLocale then returns it. */
  setSpreadsheetLocale(locale: string): void {
    this.begin("write", "setSpreadsheetLocale", [locale]);
    this.doc.locale = String(locale);
  }

  getSheets(): FakeSheet[] {
    this.begin("read", "getSheets");
    return this.doc.sheets.map((s) => this.sheet(s));
  }

  getNumSheets(): number {
    this.begin("read", "getNumSheets");
    return this.doc.sheets.length;
  }

  getSheetByName(name: string): FakeSheet | null {
    this.begin("read", "getSheetByName");
    const model = this.doc.sheetByName(String(name));
    return model ? this.sheet(model) : null;
  }

  getSheetById(id: number): FakeSheet | null {
    this.begin("read", "getSheetById");
    const model = this.doc.sheetById(Number(id));
    return model ? this.sheet(model) : null;
  }

  /**
   * insertSheet() | insertSheet(name) | insertSheet(name, index) | insertSheet(index) (with an ignored options
   * object allowed last). `index` is 0-based; without one the sheet goes right after the active sheet.
   * The new sheet becomes the active sheet.
   */
  insertSheet(...args: unknown[]): FakeSheet {
    // Replayed with the id it was given: the script may already keep it.
    let made: number | undefined;
    this.doc.call("write", "Spreadsheet.insertSheet", 0, () => void this.doc.addSheet(name, index, made));
    const rest = args.length > 0 && typeof args[args.length - 1] === "object" && args[args.length - 1] !== null ? args.slice(0, -1) : args;
    let name: string | null = null;
    let index: number | null = null;
    const [first, second] = rest;
    if (rest.length === 1 && typeof first === "string") name = first;
    else if (rest.length === 1 && typeof first === "number") index = first;
    else if (rest.length === 2 && typeof first === "string" && typeof second === "number") {
      name = first;
      index = second;
    } else if (rest.length !== 0) throw this.doc.error(messages.signature(args, "SpreadsheetApp.Spreadsheet.insertSheet"));
    if (index !== null && !Number.isInteger(index)) throw this.doc.error(messages.notAnInteger(index));
    const model = this.doc.addSheet(name, index);
    made = model.id;
    return this.sheet(model);
  }

  deleteSheet(sheet: FakeSheet): void {
    this.begin("write", "deleteSheet", [sheet]);
    if (!(sheet instanceof FakeSheet)) throw this.doc.error(messages.signature([sheet], "SpreadsheetApp.Spreadsheet.deleteSheet"));
    if (sheet.model.deleted) throw this.doc.error(messages.sheetDeleted);
    this.doc.deleteSheet(sheet.model);
  }

  getActiveSheet(): FakeSheet {
    this.begin("read", "getActiveSheet");
    return this.sheet(this.doc.activeSheet());
  }

  setActiveSheet(sheet: FakeSheet): FakeSheet {
    this.begin("write", "setActiveSheet", [sheet]);
    if (!(sheet instanceof FakeSheet)) throw this.doc.error(messages.signature([sheet], "SpreadsheetApp.Spreadsheet.setActiveSheet"));
    if (sheet.model.deleted) throw this.doc.error(messages.sheetDeleted);
    this.doc.activeSheetId = sheet.model.id;
    return sheet;
  }

  getActiveRange(): FakeRange {
    this.begin("read", "getActiveRange");
    const model = this.doc.activeSheet();
    return new FakeRange(this.doc, model, { ...model.selection });
  }

  /**
   * "The list of active ranges in the active sheet"; with a single range selected it is that range
   * alone, as getActiveRange() returns it (Google's null for "no active ranges" never happens here:
   * a sheet always has a current cell).
   */
  getActiveRangeList(): FakeRangeList {
    this.begin("read", "getActiveRangeList");
    const model = this.doc.activeSheet();
    return new FakeRangeList(this.doc, model, model.selections);
  }

  getActiveCell(): FakeRange {
    this.begin("read", "getActiveCell");
    const model = this.doc.activeSheet();
    return new FakeRange(this.doc, model, { ...model.selection, numRows: 1, numColumns: 1 });
  }

  /** getRange("'My Sheet'!A1:C3"); without a sheet name the active sheet is meant. */
  getRange(a1Notation: string): FakeRange {
    this.begin("read", "getRange");
    if (typeof a1Notation !== "string") throw this.doc.error(messages.signature([a1Notation], "SpreadsheetApp.Spreadsheet.getRange"));
    const ref = parseA1(a1Notation);
    const model = ref && (ref.sheetName === null ? this.doc.activeSheet() : this.doc.sheetByName(ref.sheetName));
    if (!ref || !model) throw this.doc.error(messages.rangeNotFound);
    const r = resolveA1(ref, model.maxRows, model.maxColumns);
    return new FakeRange(this.doc, model, r, r.open);
  }

  /** Shows a toast in the Sheets window; the fake records it. */
  toast(message: string, title = "", timeoutSeconds = 5): void {
    // Shown at once, and not again when the execution's writes are committed.
    this.doc.call("write", "Spreadsheet.toast", 0, () => undefined);
    this.doc.ui.toasts.push({ message: String(message), title: String(title), timeoutSeconds });
  }

  /** Metadata at the spreadsheet location (developer-metadata.ts). */
  addDeveloperMetadata(...args: unknown[]): FakeSpreadsheet {
    addDeveloperMetadata(this.doc, args);
    return this;
  }

  getDeveloperMetadata(): FakeDeveloperMetadata[] {
    return getDeveloperMetadata(this.doc);
  }

  createDeveloperMetadataFinder(): FakeDeveloperMetadataFinder {
    return new FakeDeveloperMetadataFinder(this.doc);
  }
}
