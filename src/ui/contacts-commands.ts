// This file defines the Contacts commands: buildContacts, from the sidebar or the menu (where a
// toast says the counts), under the document lock as the passes that keep the sheet current; the
// sidebar's counts (contactsStatus) and its downloads (contactsCsv), which change nothing.
import { buildContacts as buildContactsSheet, contactsSummary, type ContactsBuilt } from "../contacts/build-contacts";
import { currentDocument, NoDocumentError } from "../gas/document-access";
import { appsScriptClock, formatDay } from "../gas/utilities";
import { contactsFile, type ContactsFile } from "../contacts/contacts-csv";
import { contactsTableOrThrow, readContactsTable } from "../contacts/contacts-table";
import { contactsStatusOf, type ContactsStatus } from "../contacts/ready-counts";
import { command, commandWith } from "./command";
import type { ArgsIn } from "./entry-args";

/** A build stops starting writes this long after it began (Apps Script ends a call at 6 min); the passes finish it. */
const BUILD_BUDGET_MS = 4 * 60 * 1000;

export function buildContacts(raw?: ArgsIn<"buildContacts">): ContactsBuilt {
  return commandWith("buildContacts", { lock: true }, (): ContactsBuilt => {
    const deadline = appsScriptClock.now() + BUILD_BUDGET_MS;
    const doc = currentDocument();
    if (!doc) throw new NoDocumentError();
    const built = buildContactsSheet({ spreadsheet: doc.spreadsheet, store: doc.store, inTime: () => appsScriptClock.now() < deadline });
    if (raw === undefined) doc.spreadsheet.toast(contactsSummary(built), "Business Leads");
    return built;
  })(raw);
}

/** The Contacts sheet's rows as one tool's import file; changes nothing. */
export const contactsCsv = commandWith("contactsCsv", {}, (args): ContactsFile => {
  const doc = currentDocument();
  if (!doc) throw new NoDocumentError();
  const day = formatDay(appsScriptClock.now(), doc.spreadsheet.getSpreadsheetTimeZone());
  return contactsFile(contactsTableOrThrow(doc.spreadsheet), args.format, args.include, day);
});

/** How many contacts are ready to send, and why the others are not (the sidebar's Contacts view). */
export const contactsStatus = command({}, (): ContactsStatus => {
  const doc = currentDocument();
  if (!doc) throw new NoDocumentError();
  return contactsStatusOf(readContactsTable(doc.spreadsheet));
});
