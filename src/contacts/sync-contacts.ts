// This file defines one sync of the Contacts sheet, which buildContacts and the passes both run: read
// the sources, Do not contact and Contacts, then write. Rows are found by address, so a sync repeated
// after a kill or a stop by the deadline completes the sheet and never duplicates a row.
import type { JobRecord } from "../jobs/job-record";
import { columnTexts } from "./column-writes";
import { DO_NOT_CONTACT_SHEET } from "./contact-columns";
import { contactsOf } from "./contacts-of";
import { countsOf, rowsByAddress, planContacts } from "./contacts-plan";
import { appendRows, contactsSheet, freezeEmailColumn, loadRows, readContacts, writeUpdates } from "./contacts-sheet";
import type { ContactsRules } from "./contacts-rules";
import { Forgotten } from "./forgotten";
import { DoNotContact } from "./ready-to-send";
import { orderedSources, readSource, sourceRefs } from "./source-sheets";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export type ContactsCounts = { sheetName: string } & ReturnType<typeof countsOf>;

export interface SyncInputs {
  spreadsheet: Spreadsheet;
  records: readonly JobRecord[];
  /** Make the sheet when the document has none (buildContacts); a pass only keeps an existing one. */
  create: boolean;
  /** Only these sheets' businesses (a pass's: their sheetKeyOf); absent: every source. */
  sheets?: ReadonlySet<string>;
  /** False once the execution should stop starting writes: the rest is left for the next sync. */
  inTime(): boolean;
  /** The day of this sync, yyyy-MM-dd in the spreadsheet's time zone (`First found`, `Last found`). */
  today: string;
  /** The document's consent countries and forgotten addresses (contacts-rules.ts). */
  rules: ContactsRules;
}

/** A sync's counts, and whether it wrote every new address (false: the time ran out first). */
export interface SyncOutcome {
  counts: ContactsCounts;
  complete: boolean;
}

/** The `Do not contact` sheet's column A (read in one getValues), as its one matcher. */
export function doNotContact(spreadsheet: Spreadsheet): DoNotContact {
  const sheet = spreadsheet.getSheetByName(DO_NOT_CONTACT_SHEET);
  return new DoNotContact(sheet ? columnTexts(sheet, 1, 1, sheet.getLastRow()) : []);
}

/** One sync; null when there is no Contacts sheet to keep (and `create` is false). */
export function syncContacts(inputs: SyncInputs): SyncOutcome | null {
  const { spreadsheet } = inputs;
  const sheet = contactsSheet(spreadsheet, inputs.create);
  if (!sheet) return null;
  const sheets = spreadsheet.getSheets();
  const names = sheets.map((each) => each.getName());
  const sources = orderedSources(sheets, names, sourceRefs(inputs.records, inputs.sheets));
  const forgotten = new Forgotten(inputs.rules.forgotten);
  const isForgotten = (address: string): boolean => forgotten.has(address);
  const found = contactsOf(sources.map(readSource), isForgotten);
  const read = readContacts(sheet);
  if (inputs.create) freezeEmailColumn(read);
  const rows = rowsByAddress(read);
  loadRows(
    read,
    [...found.keys()].flatMap((key) => rows.get(key) ?? []),
  );
  const plan = planContacts(
    {
      read,
      found,
      sheetNames: names,
      readSheets: new Set(sources.map((source) => source.name)),
      doNotContact: doNotContact(spreadsheet),
      today: inputs.today,
      consentCountries: inputs.rules.consent,
      forgotten: isForgotten,
    },
    rows,
  );
  writeUpdates(read, plan.updates, plan.marks);
  const added = plan.appends.length === 0 ? 0 : appendRows(read, plan.appends, inputs.inTime);
  return { counts: { sheetName: sheet.getName(), ...countsOf(plan, added) }, complete: added === plan.appends.length };
}
