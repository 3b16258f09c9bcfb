// This file defines the Contacts commands: buildContacts (sidebar or menu, a toast says the counts there) under the document lock as the
// passes; contactsStatus, which changes nothing; contactsCsv, which writes `Ready to send` and `Exported` under the lock; the consent
// countries; forgetContact, from the sidebar (which asked first) or the menu (which asks here, then says what changed).
import { buildContacts as buildContactsSheet, contactsSummary, type ContactsBuilt } from "../contacts/build-contacts";
import { readContactsRules, saveConsentCountries } from "../contacts/contacts-rules";
import { readContactsState, saveContactsState } from "../contacts/contacts-state";
import { readContactsTable } from "../contacts/contacts-table";
import { exportContacts, type ContactsExport } from "../contacts/export-contacts";
import { forgetContact as forgetAddress, type Forgot } from "../contacts/forget-contact";
import { rowsNow } from "../contacts/ready-now";
import { contactsStatusOf, type ContactsStatus } from "../contacts/ready-counts";
import { doNotContact } from "../contacts/sync-contacts";
import { sharedWithFormulas, type DocumentAccess } from "../gas/document-access";
import { spreadsheetUi } from "../gas/spreadsheet-ui";
import { appsScriptClock, formatDay } from "../gas/utilities";
import { plural } from "../rules/numbers";
import { clickWriteError } from "../sheets/document-room";
import { ADDON_NAME } from "./build-defaults";
import { command, commandWith } from "./command";
import { documentOrThrow, jobStoreOf } from "../app/jobs-context";
import type { ArgsIn } from "./entry-args";

/** A build stops starting writes this long after it began (Apps Script ends a call at 6 min); the passes finish it. */
const BUILD_BUDGET_MS = 4 * 60 * 1000;

/** Today in the spreadsheet's time zone, as its sheets' dates say it. */
const todayIn = (doc: DocumentAccess): string => formatDay(appsScriptClock.now(), doc.spreadsheet.getSpreadsheetTimeZone());

export function buildContacts(raw?: ArgsIn<"buildContacts">): ContactsBuilt {
  return commandWith("buildContacts", { lock: true }, (): ContactsBuilt => {
    const deadline = appsScriptClock.now() + BUILD_BUDGET_MS;
    const doc = documentOrThrow();
    let built: ContactsBuilt;
    try {
      built = buildContactsSheet({
        spreadsheet: doc.spreadsheet,
        store: doc.store,
        records: jobStoreOf(doc).all(),
        inTime: () => appsScriptClock.now() < deadline,
        today: todayIn(doc),
      });
    } catch (error) {
      throw clickWriteError(error, "The Contacts sheet");
    }
    if (raw === undefined) doc.spreadsheet.toast(contactsSummary(built), ADDON_NAME);
    return built;
  })(raw);
}

/** The Contacts sheet's chosen rows as one tool's import file; writes `Ready to send` where it changed now, and `Exported`. */
export const contactsCsv = commandWith("contactsCsv", { lock: true }, (args): ContactsExport => {
  const doc = documentOrThrow();
  return exportContacts({ spreadsheet: doc.spreadsheet, store: doc.store, choice: args, today: todayIn(doc) });
});

/** How many contacts are ready to send now, and why the others are not (the sidebar's Contacts view); changes nothing. */
export const contactsStatus = command({}, (): ContactsStatus => {
  const doc = documentOrThrow();
  const table = readContactsTable(doc.spreadsheet);
  const now = table && rowsNow(table.rows, { doNotContact: doNotContact(doc.spreadsheet), rules: readContactsRules(doc.store) });
  return contactsStatusOf(now);
});

/** The consent countries, stored with the document; the next pass decides `Ready to send` again over every source. */
export const setConsentCountries = commandWith("setConsentCountries", { lock: true }, (args): string[] => {
  const doc = documentOrThrow();
  const stored = saveConsentCountries(doc.store, args.countries);
  const state = readContactsState(doc.store);
  if (state) saveContactsState(doc.store, { ...state, every: true });
  return stored;
});

/** What forgetContact returns: the contract's counts, and them in words. */
interface Forgotten extends Forgot {
  /** "Forgot anna@example.com: 4 cells in 3 sheets changed." */
  said: string;
}

/** forgetContact's work under the document lock: no pass writes between its steps. */
const forgetUnderLock = commandWith("forgetContact", { lock: true }, (args): Forgotten => {
  const doc = documentOrThrow();
  const forgot = forgetAddress({
    spreadsheet: doc.spreadsheet,
    store: doc.store,
    records: jobStoreOf(doc).all(),
    shared: sharedWithFormulas(doc),
    email: args.email,
    today: todayIn(doc),
  });
  return { ...forgot, said: `Forgot ${args.email.trim()}: ${forgottenWords(forgot)}` };
});

/** What forgetting does, as the menu's confirmation says it. */
const FORGET_WHAT =
  "It is removed from every results sheet, enriched list and the Contacts sheet of this document, its row in Contacts with your notes " +
  "beside it. Do not contact keeps only its sha256 line and today's date, so no refresh or download brings it back. This cannot be undone.";

/** From the menu (no argument): asks for the address and confirms first, then says what changed. From the sidebar: forgets at once. */
export function forgetContact(raw?: ArgsIn<"forgetContact">): Forgotten | null {
  if (raw !== undefined) return forgetUnderLock(raw);
  const ui = spreadsheetUi();
  const asked = ui.prompt("Forget an address", "The address to erase for good (an erasure request):", ui.ButtonSet.OK_CANCEL);
  const email = asked.getResponseText().trim();
  if (asked.getSelectedButton() !== ui.Button.OK || email === "") return null;
  if (ui.alert(`Forget ${email}?`, FORGET_WHAT, ui.ButtonSet.YES_NO) !== ui.Button.YES) return null;
  try {
    const forgot = forgetUnderLock({ email });
    ui.alert(`${email} is forgotten`, forgot.said, ui.ButtonSet.OK);
    return forgot;
  } catch (error) {
    // What it did is kept (the address is out of every writer's reach from its first step): a second run finishes the rest.
    ui.alert(
      `${email} is not forgotten yet`,
      `${(error as Error).message} Forget an address again finishes what it began.`,
      ui.ButtonSet.OK,
    );
    return null;
  }
}

/** "3 cells in 2 sheets changed." or "nothing was left to change: it was forgotten already." */
function forgottenWords(forgot: Forgot): string {
  if (forgot.cells === 0) return "nothing was left to change: it was forgotten already.";
  return `${plural(forgot.cells, "cell", "cells")} in ${plural(forgot.sheets, "sheet", "sheets")} changed.`;
}
