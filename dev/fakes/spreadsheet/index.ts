// Defines FakeSpreadsheetApp, the in-memory stand-in for Apps Script's SpreadsheetApp global, and the fake's exports.

import { DeveloperMetadataVisibility } from "./developer-metadata";
import { DocModel, type FakeSpreadsheetAppOptions } from "./document";
import { messages } from "./errors";
import type { FakeRange } from "./range";
import type { FakeRangeList } from "./range-list";
import { FakeRichTextValueBuilder } from "./rich-text";
import type { FakeSheet } from "./sheet";
import { FakeSpreadsheet } from "./spreadsheet";
import { SpreadsheetTesting } from "./testing";
import { FakeUi } from "./ui";

export type { CallKind, FakeSpreadsheetAppOptions } from "./document";
export { defaultErrorFactory, type ErrorFactory, messages } from "./errors";
export { PARSE_ERROR_VALUE, UNEVALUATED_FORMULA_VALUE } from "./formula";
export { AUTO_FORMATS, DEFAULT_NUMBER_FORMAT, PLAIN_TEXT_FORMAT } from "./number-format";
export { FakeRange } from "./range";
export { FakeRangeList } from "./range-list";
export { FakeDeveloperMetadata, METADATA_CHARS_PER_LOCATION } from "./developer-metadata";
export { FakeRichTextValue, FakeRichTextValueBuilder } from "./rich-text";
export { FakeSheet } from "./sheet";
export { FakeSpreadsheet } from "./spreadsheet";
export type { CellSnapshot, FormulaCell, SheetSnapshot, SpreadsheetTesting } from "./testing";
export { FORMULA_ERROR_VALUE, SPILL_ERROR_VALUE, type ComputedFormula, type ComputedResult, type ComputedValue } from "./formula-results";
export { Button, ButtonSet, FakeMenu, FakeUi, type MenuRecord, type UiRecorder } from "./ui";

const WrapStrategy = { WRAP: "WRAP", OVERFLOW: "OVERFLOW", CLIP: "CLIP" } as const;
const BorderStyle = {
  DOTTED: "DOTTED",
  DASHED: "DASHED",
  SOLID: "SOLID",
  SOLID_MEDIUM: "SOLID_MEDIUM",
  SOLID_THICK: "SOLID_THICK",
  DOUBLE: "DOUBLE",
} as const;

export class FakeSpreadsheetApp {
  readonly WrapStrategy = WrapStrategy;
  readonly BorderStyle = BorderStyle;
  readonly DeveloperMetadataVisibility = DeveloperMetadataVisibility;
  /** Test helpers; not part of Apps Script. */
  readonly testing: SpreadsheetTesting;
  private readonly doc: DocModel;

  constructor(options: FakeSpreadsheetAppOptions = {}) {
    this.doc = new DocModel(options);
    this.testing = new SpreadsheetTesting(this.doc);
  }

  getActiveSpreadsheet(): FakeSpreadsheet {
    this.doc.call("read", "SpreadsheetApp.getActiveSpreadsheet");
    return new FakeSpreadsheet(this.doc);
  }

  getActive(): FakeSpreadsheet {
    this.doc.call("read", "SpreadsheetApp.getActive");
    return new FakeSpreadsheet(this.doc);
  }

  getActiveSheet(): FakeSheet {
    return this.getActiveSpreadsheet().getActiveSheet();
  }

  getActiveRange(): FakeRange {
    return this.getActiveSpreadsheet().getActiveRange();
  }

  getActiveRangeList(): FakeRangeList {
    return this.getActiveSpreadsheet().getActiveRangeList();
  }

  /** Only the fake's own document opens; any other id fails as a missing or unshared file would. */
  openById(id: string): FakeSpreadsheet {
    this.doc.call("read", "SpreadsheetApp.openById");
    if (id !== this.doc.id) throw this.doc.error(messages.openByIdMissing);
    return new FakeSpreadsheet(this.doc);
  }

  /** This document's id, without a call (tests route executions by it). */
  get documentId(): string {
    return this.doc.id;
  }

  /**
   * "Applies all pending Spreadsheet changes": the current execution's writes to this document are
   * committed (document.ts). A runtime with several documents flushes every one (spreadsheet-app-view.ts).
   */
  flush(): void {
    this.doc.call("flush", "SpreadsheetApp.flush");
    const exec = this.doc.options.execution?.();
    if (exec !== undefined) this.doc.commit(exec);
  }

  /** flush() as a call that commits nothing (RuntimeOptions.flushCommits false); not Apps Script. */
  countFlush(): void {
    this.doc.call("flush", "SpreadsheetApp.flush");
  }

  /** Commits an execution's pending writes (flush, or the end of the execution); not Apps Script. */
  commitWrites(exec: object): void {
    this.doc.commit(exec);
  }

  /** Whether an execution wrote to this document since its last flush; not Apps Script. */
  hasPendingWrites(exec: object): boolean {
    return this.doc.hasPending(exec);
  }

  getUi(): FakeUi {
    if (this.doc.options.uiAvailable === false) throw this.doc.error(messages.uiUnavailable);
    return new FakeUi(this.doc.ui);
  }

  newRichTextValue(): FakeRichTextValueBuilder {
    return new FakeRichTextValueBuilder();
  }

  /** This object typed as the Apps Script global, for installing into a vm context. */
  asGlobal(): GoogleAppsScript.Spreadsheet.SpreadsheetApp {
    return this as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  }
}
