// This file defines how the add-on reaches a spreadsheet and its job store, by the build's scope: with `spreadsheets.currentonly` the
// jobs live in document properties; with `spreadsheets` in developer metadata, so a trigger with no current document opens it by id.
import type { KeyValueStore } from "../storage/key-value-store";
import { DeveloperMetadataStore } from "./developer-metadata-store";
import type { StoreClaims } from "../storage/write-claim";
import { documentProperties } from "./property-snapshot";
import { NO_DOCUMENT_MESSAGE, UserFacingError } from "../errors/user-error";

export interface DocumentAccess {
  id: string;
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  /** Where the document's jobs live. */
  store: KeyValueStore;
  /** True when it is the execution's current document (its document lock exists). */
  current: boolean;
  /**
   * Full-scope build: the write claim an execution takes before it changes the store (see
   * DeveloperMetadataStore.claim). Document properties need none: each key is written alone.
   */
  claims?: StoreClaims;
}

export class NoDocumentError extends UserFacingError {
  constructor() {
    super(NO_DOCUMENT_MESSAGE);
  }
}

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** undefined until asked: the execution's document (null where it has none). */
let active: Spreadsheet | null | undefined;

/**
 * The execution's own spreadsheet, asked of SpreadsheetApp once per execution: a call costs as
 * much as any other, and a sidebar refresh wanted it four times (the pass, the trigger's two
 * checks, the job list). Apps Script evaluates the script afresh for every execution, so this
 * module's state never outlives the execution, and an execution's document never changes.
 */
export function activeSpreadsheet(): Spreadsheet | null {
  if (active === undefined) active = SpreadsheetApp.getActiveSpreadsheet() as Spreadsheet | null;
  return active;
}

/** undefined until asked: the execution's document and its store (null where it has none). */
let currentAccess: DocumentAccess | null | undefined;

/**
 * The execution's own document, or null where Google gave it none (a trigger without a document).
 * One per execution, like the spreadsheet: its store is read once (again when its claim is taken),
 * so the sidebar's job list after a pass costs no second reading.
 */
export function currentDocument(): DocumentAccess | null {
  if (currentAccess === undefined) currentAccess = openCurrentDocument();
  return currentAccess;
}

function openCurrentDocument(): DocumentAccess | null {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) return null;
  // Read in place so the default build's bundle leaves the developer-metadata store out (src/build-constants.d.ts).
  if (BUSINESS_LEADS_SPREADSHEET_SCOPE === "full") return metadataDocument(spreadsheet.getId(), spreadsheet, true);
  const properties = documentProperties();
  return properties ? { id: spreadsheet.getId(), spreadsheet, store: properties, current: true } : null;
}

/**
 * The current document's properties, where formulas read what is shared with them (the key, the forgotten addresses): in the
 * default build the job store itself, in the full build beside it (custom functions may read document properties in either).
 */
export function sharedWithFormulas(doc: DocumentAccess): KeyValueStore {
  const properties = doc.current ? documentProperties() : null;
  if (!properties) throw new NoDocumentError();
  return properties;
}

/**
 * The document's store read again from the document, never from this execution's copy (for
 * diagnose(), which reads back what it wrote to prove the store kept it).
 */
export function storeReadAfresh(doc: DocumentAccess): KeyValueStore {
  if (BUSINESS_LEADS_SPREADSHEET_SCOPE === "full" || !doc.current) return doc.store;
  return (PropertiesService.getDocumentProperties() as GoogleAppsScript.Properties.Properties | null) ?? doc.store;
}

/** Full-scope build only: a document by id (throws when it is gone or no longer shared). */
export function openDocument(id: string): DocumentAccess {
  return metadataDocument(id, SpreadsheetApp.openById(id), false);
}

function metadataDocument(id: string, spreadsheet: Spreadsheet, isCurrent: boolean): DocumentAccess {
  const store = new DeveloperMetadataStore(spreadsheet);
  return { id, spreadsheet, store, current: isCurrent, claims: store };
}
