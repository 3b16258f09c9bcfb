// This file defines buildContacts' work (contract, "Contacts"): one sync of the document's
// Contacts sheet over every source, made when missing, the store told that the document keeps one
// (so the passes keep it current), and the words its counts are said in.
import type { KeyValueStore } from "../storage/key-value-store";
import { groupDigits, plural } from "../rules/numbers";
import { readContactsRules } from "./contacts-rules";
import { marksOf, saveContactsState } from "./contacts-state";
import { syncContacts, type ContactsCounts, type SyncInputs } from "./sync-contacts";

/** What buildContacts returns: the contract's counts, and whether every new address is written yet. */
export interface ContactsBuilt extends ContactsCounts {
  /** False when the time ran out first: the next build or background pass writes the rest. */
  complete: boolean;
}

/** A sync's inputs (the document's job records: the sources the sheet is made from), with the store the rules and state are kept in. */
type BuildInputs = Pick<SyncInputs, "spreadsheet" | "records" | "inTime" | "today"> & { store: KeyValueStore };

export function buildContacts({ spreadsheet, store, records, inTime, today }: BuildInputs): ContactsBuilt {
  // Before any write: a build killed part-way is finished by the next pass, over every source.
  saveContactsState(store, { every: true, marks: {} });
  const outcome = syncContacts({ spreadsheet, records, create: true, inTime, today, rules: readContactsRules(store) });
  if (!outcome) throw new Error("The Contacts sheet could not be made.");
  if (outcome.complete) saveContactsState(store, { every: false, marks: marksOf(records) });
  return { ...outcome.counts, complete: outcome.complete };
}

/** The counts as a person reads them (the menu's toast): "Contacts: 1,200 addresses, 35 new. 800 ready to send, 4 suppressed." */
export function contactsSummary(built: ContactsBuilt): string {
  const added = built.added === 0 ? "none new" : `${groupDigits(built.added)} new`;
  const suppressed = built.suppressed > 0 ? `, ${groupDigits(built.suppressed)} suppressed` : "";
  const more = built.complete ? "" : " More are on their way: the next background update or Contacts click writes them.";
  const ready = `${groupDigits(built.ready)} ready to send${suppressed}.`;
  return `${built.sheetName}: ${plural(built.contacts, "address", "addresses")}, ${added}. ${ready}${more}`;
}
