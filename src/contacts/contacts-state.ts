// This file defines what the document's store remembers of the Contacts sheet: that a build made it, and a short hash of each source
// sheet's job records as the last finished sync saw them, so a sync killed anywhere is repeated by the next pass.
import * as z from "zod/mini";
import type { JobRecord } from "../jobs/job-record";
import type { KeyValueStore } from "../storage/key-value-store";
import { KEYS } from "../storage/keys";
import { currentShape, readStored, storedText } from "../storage/stored-json";
import { sheetKeyOf } from "./source-sheets";

export const CONTACTS_STATE_KEY = KEYS.contactsSynced;

export interface ContactsState {
  every: boolean;
  /** A sheet's key (sheetKeyOf) → a hash of its job records as the last finished sync saw them. */
  marks: Record<string, string>;
  /** Why the last pass could not update the sheet (its step failed), until a sync finishes. */
  problem?: string;
}

const STATE_SHAPE = {
  ...currentShape<ContactsState>(
    z.lazy(() => z.object({ every: z.boolean(), marks: z.record(z.string(), z.string()), problem: z.optional(z.string()) })),
  ),
  versioned: true,
} as const;

/** The state; null when the document has no Contacts sheet to keep; a damaged one reads as "sync every source". */
export function readContactsState(store: KeyValueStore): ContactsState | null {
  const text = store.getProperty(CONTACTS_STATE_KEY);
  if (text === null) return null;
  return readStored(STATE_SHAPE, text) ?? { every: true, marks: {} };
}

export function saveContactsState(store: KeyValueStore, state: ContactsState): void {
  store.setProperty(CONTACTS_STATE_KEY, storedText(STATE_SHAPE, state));
}

export function forgetContactsState(store: KeyValueStore): void {
  store.deleteProperty(CONTACTS_STATE_KEY);
}

/** A short hash of a text (FNV-1a, 32 bits): it changes whenever the text does. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Each sheet's mark: its records as stored, in id order. */
export function marksOf(records: readonly JobRecord[]): Record<string, string> {
  const texts = new Map<string, string[]>();
  for (const record of [...records].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const key = sheetKeyOf(record);
    if (key !== null) texts.set(key, [...(texts.get(key) ?? []), JSON.stringify(record)]);
  }
  return Object.fromEntries([...texts].map(([key, jsons]) => [key, hashOf(jsons.join("\n"))]));
}

/** The keys of the sheets whose records' mark differs from `state`'s (new ones included). */
export function changedSheets(state: ContactsState, records: readonly JobRecord[]): Set<string> {
  const now = marksOf(records);
  return new Set(Object.keys(now).filter((key) => state.marks[key] !== now[key]));
}
