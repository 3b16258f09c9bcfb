// This file defines the counts the sidebar shows of the Contacts sheet: how many are ready to send,
// and why the others are not, grouped by the typed reason their `Ready to send` cell reads back as, and their words.
import { groupDigits, plural } from "../rules/numbers";
import { readReady, type ContactValues, type ReadyToSend } from "./contact-columns";

/** Why a contact is not ready, one group each. */
const NOT_READY_REASONS = [
  "bounced",
  "unsubscribed",
  "blocked",
  "doNotContact",
  "closed",
  "undeliverable",
  "marked",
  "formula",
  "checkResult",
  "notVerified",
  "unread",
] as const;
type NotReadyReason = (typeof NOT_READY_REASONS)[number];

export interface ContactsStatus {
  /** False when the document has no Contacts sheet yet. */
  exists: boolean;
  contacts: number;
  ready: number;
  /** Only the reasons that hold for at least one contact. */
  notReady: Partial<Record<NotReadyReason, number>>;
  /** The counts as the sidebar says them: "40 of 125 contacts ready to send.", "Not ready: 1 bounced · 35 undeliverable". */
  lines: string[];
}

/** A reason's words after its count, in the order they are said. */
const REASON_WORDS: Record<NotReadyReason, string> = {
  bounced: "bounced",
  unsubscribed: "unsubscribed",
  blocked: "blocked",
  doNotContact: "in Do not contact",
  closed: "closed for good",
  undeliverable: "undeliverable",
  marked: "marked No",
  formula: "start like a formula",
  checkResult: "to check",
  notVerified: "not verified",
  unread: "without Ready to send",
};

function linesOf(status: Omit<ContactsStatus, "lines">): string[] {
  if (!status.exists) return ["No Contacts sheet yet."];
  const reasons = NOT_READY_REASONS.flatMap((reason) => {
    const n = status.notReady[reason] ?? 0;
    return n > 0 ? [`${groupDigits(n)} ${REASON_WORDS[reason]}`] : [];
  });
  const ready = `${groupDigits(status.ready)} of ${plural(status.contacts, "contact", "contacts")} ready to send.`;
  return reasons.length > 0 ? [ready, `Not ready: ${reasons.join(" · ")}`] : [ready];
}

function reasonOf(ready: ReadyToSend | null): NotReadyReason | null {
  if (ready === null) return "unread";
  if (ready.kind === "yes") return null;
  if (ready.kind === "check")
    return ready.reason.kind === "formula" ? "formula" : ready.reason.kind === "result" ? "checkResult" : "notVerified";
  const reason = ready.reason;
  if (reason.kind === "status") return reason.status;
  if (reason.kind === "do-not-contact") return "doNotContact";
  return reason.kind;
}

/** The counts of these rows (null rows: no Contacts sheet). */
export function contactsStatusOf(rows: readonly ContactValues[] | null): ContactsStatus {
  const status: Omit<ContactsStatus, "lines"> = { exists: rows !== null, contacts: rows?.length ?? 0, ready: 0, notReady: {} };
  for (const values of rows ?? []) {
    const reason = reasonOf(readReady(values["Ready to send"]));
    if (reason === null) status.ready += 1;
    else status.notReady[reason] = (status.notReady[reason] ?? 0) + 1;
  }
  return { ...status, lines: linesOf(status) };
}
