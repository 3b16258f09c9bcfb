// This file keeps the one time-driven trigger that runs `pollJobs`. An add-on may have one trigger of each type per user per document,
// so ours is looked for among the user's triggers of this document ahead of creating one, and a second is never created.
import { activeSpreadsheet } from "./document-access";
import { userProperties } from "./property-snapshot";
import { readPollInterval, type PollInterval } from "./settings";
import { pollTriggerMinutesKey } from "../storage/keys";

/** The execution's document; these triggers exist only where it has one (the current-document build). */
function documentOfTrigger(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) throw new Error("The poll trigger is kept from a spreadsheet; this execution has none.");
  return spreadsheet;
}

export const POLL_HANDLER = "pollJobs";

function ownTriggers(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getUserTriggers(documentOfTrigger()).filter((t) => t.getHandlerFunction() === POLL_HANDLER);
}

/** How many poll triggers the user has in this document: one while work is left, else none. */
export function pollTriggerCount(): number {
  return ownTriggers().length;
}

function create(minutes: PollInterval): void {
  const builder = ScriptApp.newTrigger(POLL_HANDLER).timeBased();
  if (minutes === 60) {
    builder.everyHours(1).create();
    return;
  }
  try {
    builder.everyMinutes(minutes).create();
  } catch {
    // Installed as an add-on: time-driven triggers run at most hourly. Fall back to that.
    ScriptApp.newTrigger(POLL_HANDLER).timeBased().everyHours(1).create();
  }
}

/** Triggers are per user per document, so is the note of what ours was created for. */
function createdForKey(): string {
  return pollTriggerMinutesKey(documentOfTrigger().getId());
}

/**
 * Makes sure exactly one poll trigger exists for the configured interval. We remember the
 * interval it was created FOR (not what Apps Script granted), so an add-on that fell back to
 * hourly does not delete and recreate its trigger on every call.
 */
export function ensurePollTrigger(): void {
  const wanted = readPollInterval();
  const props = userProperties();
  const existing = ownTriggers();
  if (existing.length === 1 && props.getProperty(createdForKey()) === String(wanted)) return;
  for (const trigger of existing) ScriptApp.deleteTrigger(trigger);
  create(wanted);
  props.setProperty(createdForKey(), String(wanted));
}

export function removePollTrigger(): void {
  for (const trigger of ownTriggers()) ScriptApp.deleteTrigger(trigger);
  userProperties().deleteProperty(createdForKey());
}

export { create as createPollTrigger };
