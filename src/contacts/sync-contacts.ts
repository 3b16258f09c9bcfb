// This file defines one sync of the Contacts sheet, which buildContacts and the passes both run:
// read the sources (all of them, or the sheets a pass wrote), the `Do not contact` sheet and the
// Contacts sheet, then one update block and the appends. A sync in progress is marked in the
// document's store before its first write and unmarked after its last: a sync killed or stopped by
// the deadline is finished by the next pass, which then reads every source (resumable, and rows are
// found by address, so repeating a sync never duplicates one).
import type { JobRecord } from "../jobs/job-record";
import type { KeyValueStore } from "../storage/key-value-store";
import { cellText } from "../sheets/cell-text";
import { DO_NOT_CONTACT_SHEET } from "./contact-columns";
import { contactsOf } from "./contacts-of";
import { countsOf, planContacts } from "./contacts-plan";
import { appendRows, contactsSheet, readContacts, writeUpdates } from "./contacts-sheet";
import { DoNotContact } from "./ready-to-send";
import { orderedSources, readSource, sourceRefs } from "./source-sheets";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The store key marking a sync not finished: the next pass reads every source. */
export const CONTACTS_PENDING_KEY = "contacts:pending";

export interface ContactsCounts {
  sheetName: string;
  contacts: number;
  added: number;
  ready: number;
  suppressed: number;
}

export interface SyncInputs {
  spreadsheet: Spreadsheet;
  records: readonly JobRecord[];
  store: KeyValueStore;
  /** Make the sheet when the document has none (buildContacts); a pass only keeps an existing one. */
  create: boolean;
  /** Only these sheets' businesses (a pass's); absent: every source. */
  sheetIds?: ReadonlySet<number>;
  /** False once the execution should stop starting writes: the rest is left for the next pass. */
  inTime(): boolean;
}

function doNotContact(spreadsheet: Spreadsheet): DoNotContact {
  const sheet = spreadsheet.getSheetByName(DO_NOT_CONTACT_SHEET);
  const lastRow = sheet ? sheet.getLastRow() : 0;
  if (!sheet || lastRow === 0) return new DoNotContact([]);
  return new DoNotContact(sheet.getRange(1, 1, lastRow, 1).getValues().map((row) => cellText(row[0])));
}

/** One sync; null when there is no Contacts sheet to keep (and `create` is false). */
export function syncContacts(inputs: SyncInputs): ContactsCounts | null {
  const { spreadsheet, store } = inputs;
  const pending = store.getProperty(CONTACTS_PENDING_KEY) !== null;
  const sheet = contactsSheet(spreadsheet, inputs.create);
  if (!sheet) {
    if (pending) store.deleteProperty(CONTACTS_PENDING_KEY);
    return null;
  }
  const sheets = spreadsheet.getSheets();
  const names = sheets.map((each) => each.getName());
  const rank = (name: string): number => {
    const at = names.indexOf(name);
    return at < 0 ? names.length : at;
  };
  const everySource = pending || inputs.sheetIds === undefined;
  const refs = sourceRefs(inputs.records).filter((ref) => everySource || inputs.sheetIds?.has(ref.sheetId));
  const sources = orderedSources(sheets, refs).map(({ sheet: source, list }) => readSource(source, list));
  const found = contactsOf(sources);
  const read = readContacts(sheet);
  const plan = planContacts({ read, found, rank, doNotContact: doNotContact(spreadsheet) });
  if (plan.updates.size === 0 && plan.appends.length === 0) {
    if (pending) store.deleteProperty(CONTACTS_PENDING_KEY);
    return { sheetName: sheet.getName(), ...countsOf(plan, 0) };
  }
  if (!pending) store.setProperty(CONTACTS_PENDING_KEY, "1");
  writeUpdates(read, plan.updates);
  const added = appendRows(read, plan.appends, inputs.inTime);
  if (added === plan.appends.length) store.deleteProperty(CONTACTS_PENDING_KEY);
  return { sheetName: sheet.getName(), ...countsOf(plan, added) };
}
