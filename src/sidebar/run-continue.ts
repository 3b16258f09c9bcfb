// This file defines the words of a run line's "Continue with my key": when it is offered, the question with what the waiting rows cost,
// and what continuing did. Pure functions (unit-tested); the control is the run line's (jobs-panel.ts, runItem).
import type { AccountView } from "../ui/views";
import { businessCount, creditCount, groupDigits, plural, shortDateTime, spendLine } from "./format";
import type { RunView } from "./server";

/** Whether the line offers to continue: another editor sends the run, and rows of it wait. */
export const offersContinue = (run: RunView): boolean => !run.sentByMe && !run.stopped && run.rowsWaiting > 0;

/** The question before continuing: what is sent, by whom, and what it costs in the account's terms. */
export function continueQuestion(run: RunView, account: AccountView | null): string {
  const rows = `${plural(run.rowsWaiting, "waiting row", "waiting rows")} (${businessCount(run.businessesWaiting)})`;
  const cost = account
    ? `${spendLine(run.businessesWaiting, account.creditsRemaining)}.`
    : `They take up to ${creditCount(run.businessesWaiting)}.`;
  return `Send the ${rows} of “Enrich ${run.sheetName}” with your key from now on? ${cost}`;
}

/**
 * What continuing did: the rows now sent with the current key, and those held
 * for the other editor's chunk, until when (in the spreadsheet's `zone`).
 */
export function continuedText(run: RunView, held: { rowsHeld: number; heldUntil: string | null }, zone: string | null, now?: Date): string {
  const sent = `Your key now sends the ${plural(run.rowsWaiting, "waiting row", "waiting rows")} of “Enrich ${run.sheetName}”.`;
  if (held.rowsHeld === 0) return sent;
  const until = held.heldUntil ? ` until ${shortDateTime(held.heldUntil, zone, now)}` : "";
  return `${sent} ${groupDigits(held.rowsHeld)} of them wait${until} for a chunk the other editor's key may have sent.`;
}
