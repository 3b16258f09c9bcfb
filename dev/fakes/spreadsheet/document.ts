// Defines the spreadsheet document model: its sheets, identity, options, call hook and Ui records, and
// when a script's writes reach it. Google's Lock.releaseLock(): "call SpreadsheetApp.flush() prior to
// releasing the lock, to commit all pending changes to the spreadsheet while you still have exclusive
// access to it": a script's writes are pending until it flushes or its execution ends. So each
// execution writes into its own view (the committed document and its pending writes, replayed in
// order); flush() or the execution's end commits them; every other execution, and a person at the
// keyboard, sees the committed document only. A pending write lands by position where it lands on
// commit, as Sheets applies it then, whatever a person or another execution changed meanwhile.

import type { WriteContext } from "./cell";
import { toWallClock } from "./dates";
import { defaultErrorFactory, type ErrorFactory, MAX_SPREADSHEET_CELLS, messages } from "./errors";
import type { MetadataEntry } from "./developer-metadata";
import { SheetModel } from "./sheet-model";
import { UiRecorder } from "./ui";

/**
 * "getter": a call that needs no document access (geometry, ids); counted apart, never failed or killed.
 * "flush": SpreadsheetApp.flush(), which commits the execution's writes and changes no cell itself.
 */
export type CallKind = "read" | "write" | "getter" | "flush";

export interface FakeSpreadsheetAppOptions {
  /**
   * Called at the start of every method that reads or writes the document
   * (`cells`: how many a value read returns); may throw to fail the call.
   */
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
  /**
   * The execution making the current call (any object that identifies it), or undefined where no
   * script runs (a test or a person acting on the document): then writes are committed at once.
   */
  execution?: () => object | undefined;
}

/** One version of the document's content: the committed one, or an execution's view of it. */
export class DocState {
  /** Sheets this state copied from the one it was forked from: only those may be changed in place. */
  private readonly owned = new Set<number>();

  constructor(
    public sheets: SheetModel[],
    public metadata: MetadataEntry[],
    public name: string,
    public timeZone: string,
    public locale: string,
    public activeSheetId: number,
  ) {}

  /** A state that starts equal to this one and shares its sheets until it writes to them. */
  fork(): DocState {
    const metadata = this.metadata.map((entry) => ({ ...entry }));
    return new DocState([...this.sheets], metadata, this.name, this.timeZone, this.locale, this.activeSheetId);
  }

  /** The sheet `id` as this state's own copy, made on its first write here. */
  own(id: number): void {
    if (this.owned.has(id)) return;
    const at = this.sheets.findIndex((sheet) => sheet.id === id);
    if (at < 0) return;
    this.sheets[at] = (this.sheets[at] as SheetModel).clone();
    this.owned.add(id);
  }

  adopt(sheet: SheetModel): void {
    this.owned.add(sheet.id);
  }
}

/** An execution's writes not committed yet: its view, and the writes to replay onto the committed document. */
interface PendingWrites {
  state: DocState;
  writes: Array<() => void>;
  /** The committed document changed since `state` was made: remade at its next use. */
  stale: boolean;
}

export class DocModel {
  readonly ui = new UiRecorder();
  readonly id: string;
  private committed: DocState;
  private readonly pending = new Map<object, PendingWrites>();
  /** The state every call reads and writes while writes are replayed or a person acts. */
  private target: DocState | null = null;
  /** Sheets no state holds any more, as their handles still see them. */
  private readonly tombstones = new Map<number, SheetModel>();
  private idSeed = 20240101;
  private metadataIdSeed = 0;

  constructor(readonly options: FakeSpreadsheetAppOptions) {
    this.id = options.id ?? "1FakeSpreadsheetId0123456789abcdefghijklmnopq";
    // Sheets gives the first sheet gid 0.
    this.committed = new DocState(
      [],
      [],
      options.name ?? "Untitled spreadsheet",
      options.timeZone ?? "America/New_York",
      options.locale ?? "en_US",
      0,
    );
    this.committed.sheets.push(new SheetModel(0, "Sheet1", this));
  }

  // ---- which version of the document a call sees ----

  /** What the current call sees: the replay's or person's target, else its execution's view, else the committed document. */
  view(): DocState {
    if (this.target !== null) return this.target;
    const exec = this.options.execution?.();
    const mine = exec === undefined ? undefined : this.pending.get(exec);
    if (mine === undefined) return this.committed;
    if (mine.stale) this.remake(mine);
    return mine.state;
  }

  private remake(mine: PendingWrites): void {
    mine.state = this.committed.fork();
    mine.stale = false;
    this.replayOnto(mine.state, mine.writes);
  }

  private replayOnto(state: DocState, writes: ReadonlyArray<() => void>): void {
    const before = this.target;
    this.target = state;
    try {
      for (const write of writes) {
        try {
          write();
        } catch {
          // A write that fails now (its sheet deleted meanwhile) fails on Google's side too: it is dropped.
        }
      }
    } finally {
      this.target = before;
    }
  }

  private committedChanged(except?: PendingWrites): void {
    for (const other of this.pending.values()) if (other !== except) other.stale = true;
  }

  /**
   * A write call is about to change the document (`sheetId`: the sheet it changes, if one): the
   * caller's execution gets its own view on its first write, and `replay` is kept to be applied
   * to the committed document when it commits.
   */
  private beginWrite(replay: (() => void) | undefined, sheetId: number | undefined): void {
    if (this.target !== null) {
      if (this.target !== this.committed && sheetId !== undefined) this.target.own(sheetId);
      return;
    }
    const exec = this.options.execution?.();
    if (exec === undefined || replay === undefined) {
      this.committedChanged();
      return;
    }
    let mine = this.pending.get(exec);
    if (mine === undefined) {
      mine = { state: this.committed.fork(), writes: [], stale: false };
      this.pending.set(exec, mine);
    } else if (mine.stale) this.remake(mine);
    if (sheetId !== undefined) mine.state.own(sheetId);
    mine.writes.push(replay);
  }

  /** SpreadsheetApp.flush(), or the end of an execution: its pending writes reach the committed document. */
  commit(exec: object): void {
    const mine = this.pending.get(exec);
    if (mine === undefined) return;
    this.pending.delete(exec);
    if (mine.writes.length === 0) return;
    if (mine.stale) this.replayOnto(this.committed, mine.writes);
    else this.committed = mine.state;
    this.committedChanged(mine);
  }

  /** Whether an execution has writes that no other execution sees yet. */
  hasPending(exec: object): boolean {
    return (this.pending.get(exec)?.writes.length ?? 0) > 0;
  }

  /** Runs what a person does at the keyboard (or a test inspects): on the committed document, seen by every execution from then on. */
  asPerson<T>(action: () => T, changes = true): T {
    const before = this.target;
    this.target = this.committed;
    try {
      return action();
    } finally {
      this.target = before;
      if (changes) this.committedChanged();
    }
  }

  /** The sheet `id` as the current call sees it; a sheet deleted there is a deleted handle. */
  sheetFor(id: number, handle: SheetModel): SheetModel {
    const sheets = this.view().sheets;
    for (const sheet of sheets) if (sheet.id === id) return sheet;
    let tomb = this.tombstones.get(id);
    if (tomb === undefined) {
      tomb = handle.clone();
      tomb.deleted = true;
      this.tombstones.set(id, tomb);
    }
    return tomb;
  }

  get sheets(): SheetModel[] {
    return this.view().sheets;
  }

  get metadata(): MetadataEntry[] {
    return this.view().metadata;
  }

  get name(): string {
    return this.view().name;
  }

  set name(value: string) {
    this.view().name = value;
  }

  /** setSpreadsheetTimeZone and setSpreadsheetLocale change them. */
  get timeZone(): string {
    return this.view().timeZone;
  }

  set timeZone(value: string) {
    this.view().timeZone = value;
  }

  get locale(): string {
    return this.view().locale;
  }

  set locale(value: string) {
    this.view().locale = value;
  }

  get activeSheetId(): number {
    return this.view().activeSheetId;
  }

  set activeSheetId(value: number) {
    this.view().activeSheetId = value;
  }

  nextMetadataId(): number {
    this.metadataIdSeed += 1;
    return 7_000_000 + this.metadataIdSeed;
  }

  /**
   * Every document access starts here. A write also says how to replay it (`replay`: the same call
   * again, on whatever the document is then) and which sheet it changes; the call hook runs first
   * (it may refuse the call), except while writes are replayed or a person acts.
   */
  call(kind: CallKind, method: string, cells = 0, replay?: () => void, sheetId?: number): void {
    if (this.target === null) this.options.onCall?.(kind, method, cells);
    if (kind === "write") this.beginWrite(replay, sheetId);
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

  /** Adds a sheet at `index` (0-based; default right after the active sheet) and activates it; `id` is a replayed sheet's own. */
  addSheet(name: string | null, index: number | null, id?: number): SheetModel {
    let finalName = name;
    if (finalName === null) {
      let n = this.sheets.length + 1;
      while (this.sheetByName(`Sheet${n}`)) n += 1;
      finalName = `Sheet${n}`;
    }
    this.checkNewName(finalName, null);
    if (this.totalCells() + 1000 * 26 > MAX_SPREADSHEET_CELLS) throw this.error(messages.cellLimit);
    const sheet = new SheetModel(id ?? this.nextSheetId(), finalName, this);
    this.view().adopt(sheet);
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
    if (this.activeSheetId === sheet.id) this.activeSheetId = (this.sheets[Math.max(0, at - 1)] ?? this.activeSheet()).id;
  }
}
