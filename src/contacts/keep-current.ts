// This file keeps the Contacts sheet current with no click: the pass runner calls it once after a
// pass's writes; it syncs the sheets whose job records changed since the last finished sync, and costs
// no spreadsheet call when none did (or the document never built the sheet). A failure is the pass
// runner's to isolate: the state then says why (noteContactsProblem), until a sync finishes.
import type { JobsContext } from "../jobs/job-context";
import { changedSheets, forgetContactsState, marksOf, readContactsState, saveContactsState } from "./contacts-state";
import { syncContacts, type SyncOutcome } from "./sync-contacts";

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
