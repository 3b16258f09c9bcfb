// This file keeps the Contacts sheet current with no click: the pass runner wraps a pass's writes
// in keepingContacts, which notes the job records before them and, after them, syncs the sheets of
// the records the pass changed (every source when an earlier sync did not finish). Nothing is read
// of the spreadsheet when the pass changed no record and no sync waits; a document without a
// Contacts sheet costs one lookup of it. A failure here never stops the pass: the sync is marked
// unfinished and the next pass repeats it over every source.
import type { JobsContext } from "../jobs/job-context";
import type { JobRecord } from "../jobs/job-record";
import { syncContacts, CONTACTS_PENDING_KEY, type ContactsCounts } from "./sync-contacts";

const marksOf = (records: readonly JobRecord[]): Map<string, string> => new Map(records.map((record) => [record.id, JSON.stringify(record)]));

/** The sheets of the records that differ from `before` (new ones included). */
function changedSheets(before: ReadonlyMap<string, string>, after: readonly JobRecord[]): Set<number> {
  const sheets = new Set<number>();
  for (const record of after) {
    if (record.sheetId !== null && before.get(record.id) !== JSON.stringify(record)) sheets.add(record.sheetId);
  }
  return sheets;
}

/** Runs `pass` (its writes), then adds their new addresses to the Contacts sheet, if the document has one. */
export function keepingContacts<T>(ctx: JobsContext, deadline: number, pass: () => T): T {
  const before = marksOf(ctx.store.all());
  const outcome = pass();
  keepContactsCurrent(ctx, before, deadline);
  return outcome;
}

function keepContactsCurrent(ctx: JobsContext, before: ReadonlyMap<string, string>, deadline: number): ContactsCounts | null {
  try {
    const records = ctx.store.all();
    const sheetIds = changedSheets(before, records);
    if (sheetIds.size === 0 && ctx.properties.getProperty(CONTACTS_PENDING_KEY) === null) return null;
    return syncContacts({ spreadsheet: ctx.spreadsheet, records, store: ctx.properties, create: false, sheetIds, inTime: () => ctx.clock.now() < deadline });
  } catch (error) {
    try {
      ctx.properties.setProperty(CONTACTS_PENDING_KEY, "1");
    } catch {
      // The store refuses too: the next sync of these sheets repairs what this one left.
    }
    console.warn(`Business Leads could not update the Contacts sheet this time: ${(error as Error).message}`);
    return null;
  }
}
