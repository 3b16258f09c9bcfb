// This file defines the Contacts command: buildContacts, from the sidebar or the menu (where a
// toast says the counts), under the document lock as the passes that keep the sheet current.
import { buildContacts as buildContactsSheet, contactsSummary, type ContactsBuilt } from "../contacts/build-contacts";
import { currentDocument, NoDocumentError } from "../gas/document-access";
import { appsScriptClock } from "../gas/utilities";
import { commandWith } from "./command";
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
