// This file defines the counts the sidebar shows of the Contacts sheet: how many are ready to send,
// and why the others are not, grouped by the typed reason their `Ready to send` cell reads back as.
import { readReady, type ContactValues, type ReadyToSend } from "./contact-columns";

/** Why a contact is not ready, one group each. */
export const NOT_READY_REASONS = ["bounced", "unsubscribed", "blocked", "doNotContact", "closed", "undeliverable", "marked", "formula", "checkResult", "notVerified", "unread"] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

export interface ContactsStatus {
  /** False when the document has no Contacts sheet yet. */
  exists: boolean;
  contacts: number;
  ready: number;
  /** Only the reasons that hold for at least one contact. */
  notReady: Partial<Record<NotReadyReason, number>>;
}

function reasonOf(ready: ReadyToSend | null): NotReadyReason | null {
  if (ready === null) return "unread";
  if (ready.kind === "yes") return null;
  if (ready.kind === "check") return ready.reason.kind === "formula" ? "formula" : ready.reason.kind === "result" ? "checkResult" : "notVerified";
  const reason = ready.reason;
  if (reason.kind === "status") return reason.status;
  if (reason.kind === "do-not-contact") return "doNotContact";
  return reason.kind;
}

/** The counts of these rows (null rows: no Contacts sheet). */
export function contactsStatusOf(rows: readonly ContactValues[] | null): ContactsStatus {
  const status: ContactsStatus = { exists: rows !== null, contacts: rows?.length ?? 0, ready: 0, notReady: {} };
  for (const values of rows ?? []) {
    const reason = reasonOf(readReady(values["Ready to send"]));
    if (reason === null) status.ready += 1;
    else status.notReady[reason] = (status.notReady[reason] ?? 0) + 1;
  }
  return status;
}
