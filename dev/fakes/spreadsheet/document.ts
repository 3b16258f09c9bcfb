// Defines the spreadsheet document model: its sheets, identity, options, call hook and Ui records.

import type { WriteContext } from "./cell";
import { toWallClock } from "./dates";
import { defaultErrorFactory, type ErrorFactory, MAX_SPREADSHEET_CELLS, messages } from "./errors";
import type { MetadataEntry } from "./developer-metadata";
import { SheetModel } from "./sheet-model";
import { UiRecorder } from "./ui";

/** "getter": a call that needs no document access (geometry, ids); counted apart, never failed or killed. */
export type CallKind = "read" | "write" | "getter";

export interface FakeSpreadsheetAppOptions {
  /** Called at the start of every method that reads or writes the document (`cells`: how many a value read returns); may throw to fail the call. */
  onCall?: (kind: CallKind, method: string, cells: number) => void;
  /** Whether the plain-text format "@" keeps a written "=…" as text (undocumented by Google; default false). */
  plainTextStopsFormulas?: boolean;
  /** The spreadsheet's name (default "Untitled spreadsheet"). */
  name?: string;
  id?: string;
  /** IANA zone of the spreadsheet (default "America/New_York"); date values are read and written in it. */
  timeZone?: string;
  /** The spreadsheet's locale as getSpreadsheetLocale says it (default "en_US"). */
  locale?: string;
  /** The clock used for dates typed without a year (default: the real clock). */
  now?: () => Date;
  /** Builds thrown errors; a vm runtime can pass one that makes errors of its own realm. */
  makeError?: ErrorFactory;
  /** The Date constructor of the add-on's realm, so `value instanceof Date` holds there (default: this realm's). */
  dateConstructor?: DateConstructor;
  /** False where Apps Script has no Ui (custom functions, time-driven triggers): getUi() throws. */
  uiAvailable?: boolean;
}

export class DocModel {
  readonly sheets: SheetModel[] = [];
  readonly ui = new UiRecorder();
  readonly id: string;
  name: string;
  /** setSpreadsheetTimeZone and setSpreadsheetLocale change them. */
  timeZone: string;
  locale: string;
  activeSheetId = 0;
  /** Developer metadata at the spreadsheet location (developer-metadata.ts). */
  readonly metadata: MetadataEntry[] = [];
  private idSeed = 20240101;
  private metadataIdSeed = 0;

  constructor(readonly options: FakeSpreadsheetAppOptions) {
    this.id = options.id ?? "1FakeSpreadsheetId0123456789abcdefghijklmnopq";
    this.name = options.name ?? "Untitled spreadsheet";
    this.timeZone = options.timeZone ?? "America/New_York";
    this.locale = options.locale ?? "en_US";
    // Sheets gives the first sheet gid 0.
    this.sheets.push(new SheetModel(0, "Sheet1", this));
  }

  nextMetadataId(): number {
    this.metadataIdSeed += 1;
    return 7_000_000 + this.metadataIdSeed;
  }

  call(kind: CallKind, method: string, cells = 0): void {
    this.options.onCall?.(kind, method, cells);
  }

  /** A Date for getValues(), made in the add-on's realm when the runtime gave its constructor. */
  makeDate(epochMs: number): Date {
    const DateClass = this.options.dateConstructor ?? Date;
    return new DateClass(epochMs);
  }

  error(message: string): Error {
    return (this.options.makeError ?? defaultErrorFactory)(message);
  }

  totalCells(): number {
    return this.sheets.reduce((sum, s) => sum + s.maxRows * s.maxColumns, 0);
  }

  writeContext(): WriteContext {
    const now = this.options.now?.() ?? new Date();
    return {
      timeZone: this.timeZone,
      currentYear: toWallClock(now.getTime(), this.timeZone).year,
      plainTextStopsFormulas: this.options.plainTextStopsFormulas ?? false,
      error: (m) => this.error(m),
    };
  }

  /** Sheet names are unique regardless of case, and looked up regardless of case. */
  sheetByName(name: string): SheetModel | undefined {
    const lower = String(name).toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  sheetById(id: number): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  activeSheet(): SheetModel {
    const active = this.sheetById(this.activeSheetId) ?? this.sheets[0];
    if (!active) throw new Error("fake spreadsheet has no sheets");
    return active;
  }

  private checkNewName(name: string, except: SheetModel | null): void {
    if (name.length === 0) throw this.error(messages.sheetNameEmpty);
    if (name.length > 100) throw this.error(messages.sheetNameTooLong);
    const clash = this.sheetByName(name);
    if (clash && clash !== except) throw this.error(messages.sheetExists(name));
  }

  /** Stable, unique, non-sequential ids like Sheets' gids (deterministic, so tests are repeatable). */
  private nextSheetId(): number {
    let id = 0;
    while (id === 0 || this.sheetById(id)) {
      this.idSeed = (this.idSeed * 1103515245 + 12345) % 2147483648;
      id = this.idSeed;
    }
    return id;
  }

  /** Adds a sheet at `index` (0-based; default right after the active sheet) and activates it. */
  addSheet(name: string | null, index: number | null): SheetModel {
    let finalName = name;
    if (finalName === null) {
      let n = this.sheets.length + 1;
      while (this.sheetByName(`Sheet${n}`)) n += 1;
      finalName = `Sheet${n}`;
    }
    this.checkNewName(finalName, null);
    if (this.totalCells() + 1000 * 26 > MAX_SPREADSHEET_CELLS) throw this.error(messages.cellLimit);
    const sheet = new SheetModel(this.nextSheetId(), finalName, this);
    const at = index === null ? this.sheets.indexOf(this.activeSheet()) + 1 : Math.max(0, Math.min(index, this.sheets.length));
    this.sheets.splice(at, 0, sheet);
    this.activeSheetId = sheet.id;
    return sheet;
  }

  renameSheet(sheet: SheetModel, name: string): void {
    this.checkNewName(name, sheet);
    sheet.name = name;
  }

  deleteSheet(sheet: SheetModel): void {
    const at = this.sheets.indexOf(sheet);
    if (at < 0) return;
    if (this.sheets.length === 1) throw this.error(messages.deleteLastSheet);
    this.sheets.splice(at, 1);
    sheet.deleted = true;
    if (this.activeSheetId === sheet.id) this.activeSheetId = (this.sheets[Math.max(0, at - 1)] ?? this.activeSheet()).id;
  }
}
