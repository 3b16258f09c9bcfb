// This file keeps the full-scope build's ONE poll trigger per user, serving every document the user has jobs in by id
// (src/storage/user-documents.ts). It is found among the project's triggers, so a run with no current document can remove it.
import { createPollTrigger, POLL_HANDLER } from "./document-poll-trigger";
import { documentProperties } from "./property-snapshot";
import { readPollInterval, type PollInterval } from "./settings";

function userPollTriggers(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === POLL_HANDLER);
}

/** How many poll triggers the user has (full-scope build): one while any document has work left. */
export function userPollTriggerCount(): number {
  return userPollTriggers().length;
}

/** The interval the current document asks for; hourly where there is none (add-on triggers). */
function wantedInterval(): PollInterval {
  return documentProperties() ? readPollInterval() : 60;
}

/** Makes sure the user has exactly one poll trigger (a second one, if any, is deleted). */
export function ensureUserPollTrigger(): void {
  const [first, ...extra] = userPollTriggers();
  for (const trigger of extra) ScriptApp.deleteTrigger(trigger);
  if (!first) createPollTrigger(wantedInterval());
}

export function removeUserPollTrigger(): void {
  for (const trigger of userPollTriggers()) ScriptApp.deleteTrigger(trigger);
}
