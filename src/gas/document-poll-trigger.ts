// This file keeps the time-driven trigger that runs `pollJobs`. Default build: one per user per document (an add-on may have one of
// each type there, so ours is looked for before one is created, never a second). Full build: ONE per user, serving every document the
// user has jobs in by id (src/storage/user-documents.ts), found among the project's triggers so a run with no document can remove it.
import { activeSpreadsheet } from "./document-access";
import { documentProperties, userProperties } from "./property-snapshot";
import { readPollInterval, type PollInterval } from "./settings";
import { pollTriggerMinutesKey } from "../storage/keys";

/** The execution's document; these triggers exist only where it has one (the current-document build). */
function documentOfTrigger(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  const spreadsheet = activeSpreadsheet();
  if (!spreadsheet) throw new Error("The poll trigger is kept from a spreadsheet; this execution has none.");
  return spreadsheet;
}

const POLL_HANDLER = "pollJobs";

const pollTriggers = (triggers: GoogleAppsScript.Script.Trigger[]): GoogleAppsScript.Script.Trigger[] =>
  triggers.filter((t) => t.getHandlerFunction() === POLL_HANDLER);

const ownTriggers = (): GoogleAppsScript.Script.Trigger[] => pollTriggers(ScriptApp.getUserTriggers(documentOfTrigger()));

/** How many poll triggers the user has in this document: one while work is left, else none. */
export const pollTriggerCount = (): number => ownTriggers().length;

function createPollTrigger(minutes: PollInterval): void {
  if (minutes !== 60) {
    try {
      ScriptApp.newTrigger(POLL_HANDLER).timeBased().everyMinutes(minutes).create();
      return;
    } catch {
      // Installed as an add-on: time-driven triggers run at most hourly. Fall back to that.
    }
  }
  ScriptApp.newTrigger(POLL_HANDLER).timeBased().everyHours(1).create();
}

/** Triggers are per user per document, so is the note of what ours was created for. */
const createdForKey = (): string => pollTriggerMinutesKey(documentOfTrigger().getId());

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
  createPollTrigger(wanted);
  props.setProperty(createdForKey(), String(wanted));
}

export function removePollTrigger(): void {
  for (const trigger of ownTriggers()) ScriptApp.deleteTrigger(trigger);
  userProperties().deleteProperty(createdForKey());
}

// ---- the full-scope build: one per user ---------------------------------------------------------

const userPollTriggers = (): GoogleAppsScript.Script.Trigger[] => pollTriggers(ScriptApp.getProjectTriggers());

/** How many poll triggers the user has (full-scope build): one while any document has work left. */
export const userPollTriggerCount = (): number => userPollTriggers().length;

/** Makes sure the user has exactly one poll trigger (a second one, if any, is deleted). */
export function ensureUserPollTrigger(): void {
  const [first, ...extra] = userPollTriggers();
  for (const trigger of extra) ScriptApp.deleteTrigger(trigger);
  // The interval the current document asks for; hourly where there is none (add-on triggers).
  if (!first) createPollTrigger(documentProperties() ? readPollInterval() : 60);
}

export function removeUserPollTrigger(): void {
  for (const trigger of userPollTriggers()) ScriptApp.deleteTrigger(trigger);
}
