// This file defines what the document's store remembers of the Contacts sheet: that the document
// has one (buildContacts made it), and a mark of each job record as of the last finished sync, so
// a pass syncs the sheets of the records changed since (a sync killed anywhere leaves the marks as
// they were: the next pass repeats it). `every`: the next sync reads every source (a build not finished).
import * as z from "zod/mini";
import type { JobRecord } from "../jobs/job-record";
import type { KeyValueStore } from "../storage/key-value-store";
import { currentShape, readStored } from "../storage/stored-json";

export const CONTACTS_STATE_KEY = "contacts:synced";

export interface ContactsState {
  every: boolean;
  /** Job record id → a hash of the record as the last finished sync saw it. */
  marks: Record<string, string>;
}

const STATE_SHAPE = currentShape<ContactsState>(z.object({ every: z.boolean(), marks: z.record(z.string(), z.string()) }));

/** The state; null when the document has no Contacts sheet to keep; a damaged one reads as "sync every source". */
export function readContactsState(store: KeyValueStore): ContactsState | null {
  const text = store.getProperty(CONTACTS_STATE_KEY);
  if (text === null) return null;
  return readStored(STATE_SHAPE, text) ?? { every: true, marks: {} };
}

export function saveContactsState(store: KeyValueStore, state: ContactsState): void {
  store.setProperty(CONTACTS_STATE_KEY, JSON.stringify(state));
}

export function forgetContactsState(store: KeyValueStore): void {
  store.deleteProperty(CONTACTS_STATE_KEY);
}

/** A short hash of the record as stored (FNV-1a, 32 bits): it changes whenever the record does. */
function markOf(record: JobRecord): string {
  const text = JSON.stringify(record);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export function marksOf(records: readonly JobRecord[]): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const record of records) marks[record.id] = markOf(record);
  return marks;
}

/** The sheets of the records whose mark differs from `state`'s (new records included). */
export function changedSheets(state: ContactsState, records: readonly JobRecord[]): Set<number> {
  const now = marksOf(records);
  const sheets = new Set<number>();
  for (const record of records) if (record.sheetId !== null && state.marks[record.id] !== now[record.id]) sheets.add(record.sheetId);
  return sheets;
}
