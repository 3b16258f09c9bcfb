// This file keeps the Contacts sheet current with no click: the pass runner calls it once after a pass's writes; it syncs the sheets whose
// job records changed since the last finished sync, costing no spreadsheet call when none did (or the document never built the sheet).
// A failure is the pass runner's to isolate: the state then says why (noteContactsProblem), until a sync finishes.
import type { JobsContext } from "../jobs/job-context";
import type { JobRecord } from "../jobs/job-record";
import { readContactsRules } from "./contacts-rules";
import { changedSheets, forgetContactsState, marksOf, readContactsState, saveContactsState } from "./contacts-state";
import { syncContacts, type SyncOutcome } from "./sync-contacts";

/** The spreadsheet's time zone as its latest job saw it: no spreadsheet call for it (a pass's cost stays as it was). */
function latestTimeZone(records: readonly JobRecord[]): string {
  const latest = records.reduce<JobRecord | null>((last, record) => (!last || record.createdAt > last.createdAt ? record : last), null);
  return latest?.timeZone ?? "Etc/UTC";
}

export function keepContactsCurrent(ctx: JobsContext, deadline: number): SyncOutcome | null {
  const state = readContactsState(ctx.properties);
  if (!state) return null;
  const records = ctx.store.all();
  const sheets = state.every ? undefined : changedSheets(state, records);
  if (sheets && sheets.size === 0) return null;
  const outcome = syncContacts({
    spreadsheet: ctx.spreadsheet,
    records,
    create: false,
    sheets,
    inTime: () => ctx.clock.now() < deadline,
    today: ctx.formatDay(ctx.clock.now(), latestTimeZone(records)),
    rules: readContactsRules(ctx.properties),
  });
  if (!outcome)
    forgetContactsState(ctx.properties); // the user deleted the sheet: nothing to keep
  else if (outcome.complete) saveContactsState(ctx.properties, { every: false, marks: marksOf(records) });
  return outcome;
}

/** The pass could not update the Contacts sheet this time: the state says why (the sidebar's Contacts view shows it). */
export function noteContactsProblem(ctx: JobsContext, problem: string): void {
  const state = readContactsState(ctx.properties);
  if (state) saveContactsState(ctx.properties, { ...state, problem });
}
