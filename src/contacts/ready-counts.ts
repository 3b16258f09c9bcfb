// This file defines the counts the sidebar shows of the Contacts sheet, as a download would decide them now (a status a mail merge
// wrote a moment ago counts at once): how many are ready to send, and for the others, each reason with what it means and what to do.
// Whether the sheet's own cells are older than that is said too.
import { groupDigits, plural } from "../rules/numbers";
import type { ReadyToSend } from "./contact-columns";
import type { RowNow } from "./ready-now";
import { listCell } from "./source-business";

export interface ContactsStatus {
  /** False when the document has no Contacts sheet yet. */
  exists: boolean;
  contacts: number;
  ready: number;
  /** Not ready, by reason code (`bounced`, `consent`, `check:accept_all`…): only the reasons that hold for at least one contact. */
  notReady: Record<string, number>;
  /**
   * Rows whose `Ready to send` cell is older than their statuses,
   * `Do not contact` or the consent countries: a download or Refresh writes them.
   */
  stale: number;
  /** A file was made from the sheet (a row says `Exported`): "New since the last file" is offered first. */
  exported: boolean;
  /** The sheets the addresses were found in (`Found in`), in the order first met: one campaign's file out of several. */
  sheets: string[];
  /**
   * The counts as the sidebar says them: "40 of 125 contacts ready to send.", "Not ready: 1 bounced · 35 undeliverable", the stale line.
   */
  lines: string[];
  /** What each reason not ready means and what to do, in the order of the summary. */
  meanings: string[];
}

/**
 * Each reason: its words after its count in the summary, and what it means and what to do. The meaning's
 * sentence opens with the words, capitalised ("Bounced: …"), so only the rest is written here.
 */
const REASONS: Record<string, [label: string, meaning: string]> = {
  bounced: ["bounced", "the mailbox refused a message. Never offered again."],
  unsubscribed: ["unsubscribed", "the person asked for no more email. Never offered again."],
  blocked: ["blocked", "a status column says so. Never offered again."],
  doNotContact: ["in Do not contact", "the address, its domain or its forgotten line is listed there. Never offered."],
  closed: ["closed for good", "every business with the address closed permanently. Not offered."],
  undeliverable: ["undeliverable", "the check found no such mailbox. Not offered: look for another address."],
  marked: ["marked No", "someone wrote No in Ready to send. Left as they wrote it."],
  consent: [
    "need prior consent",
    "cold email in that country needs it first (your team's list, in Settings). Note it in a column headed Consent to send.",
  ],
  formula: ["start like a formula", "a ' in front would change the address. Check them by hand."],
  "check:accept_all": [
    "accept-all domain",
    "the domain accepts every address, so the check cannot tell if this one exists. Send only if a bounce or two is fine.",
  ],
  "check:unknown": ["unknown", "the check could not tell (the mail server did not answer). Send with care, or check again later."],
  "check:risky": ["risky", "the check found signs of trouble (a full mailbox, a spam trap). Send with care."],
  notVerified: ["not verified", "no check yet. Enrich contacts to check them, or send with care."],
  unread: ["without Ready to send", "the cell is empty or holds other words. Click Refresh contacts to decide them."],
};

/** Check results the service may word otherwise that mean `accept_all`. */
const ACCEPT_ALL = /^(catch_?all|accept-?all)$/;

/** A not-ready row's reason code; null when it is ready. */
function reasonOf(ready: ReadyToSend | null): string | null {
  if (ready === null) return "unread";
  if (ready.kind === "yes") return null;
  if (ready.kind === "check") {
    const reason = ready.reason;
    if (reason.kind === "result") {
      const result = reason.result.toLowerCase();
      return `check:${ACCEPT_ALL.test(result) ? "accept_all" : result}`;
    }
    return reason.kind === "not-verified" ? "notVerified" : reason.kind;
  }
  const reason = ready.reason;
  if (reason.kind === "status") return reason.status;
  return reason.kind === "do-not-contact" ? "doNotContact" : reason.kind;
}

/** A reason's words: its label and meaning; a check result of another word said as that word. */
function reasonWords(code: string): { label: string; meaning: string } {
  const [label, rest] = REASONS[code] ?? [
    `“${code.slice("check:".length)}”`,
    "the check's own word, not a confirmed mailbox. Send with care, or check them in your own tool.",
  ];
  return { label, meaning: `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${rest}` };
}

function describe(status: Omit<ContactsStatus, "lines" | "meanings">): Pick<ContactsStatus, "lines" | "meanings"> {
  if (!status.exists) return { lines: ["No Contacts sheet yet."], meanings: [] };
  const ready = `${groupDigits(status.ready)} of ${plural(status.contacts, "contact", "contacts")} ready to send.`;
  const order = Object.keys(REASONS);
  // The reasons in their order (suppressions first); a check result of another word just before `not verified`.
  const rank = (code: string): number => (order.includes(code) ? order.indexOf(code) : order.indexOf("notVerified") - 0.5);
  const codes = Object.keys(status.notReady).sort((a, b) => rank(a) - rank(b));
  const reasons = codes.map((code) => `${groupDigits(status.notReady[code] ?? 0)} ${reasonWords(code).label}`);
  const lines = [ready, ...(reasons.length > 0 ? [`Not ready: ${reasons.join(" · ")}`] : [])];
  if (status.stale > 0)
    lines.push(
      `${plural(status.stale, "row", "rows")} changed since the sheet was updated (a status, Do not contact or Settings): counted as ` +
        "they are now; the next download or Refresh contacts writes them.",
    );
  return { lines, meanings: codes.map((code) => reasonWords(code).meaning) };
}

/** The counts of these rows, decided now (null: no Contacts sheet). */
export function contactsStatusOf(rows: readonly RowNow[] | null): ContactsStatus {
  const status: Omit<ContactsStatus, "lines" | "meanings"> = {
    exists: rows !== null,
    contacts: rows?.length ?? 0,
    ready: 0,
    notReady: {},
    stale: 0,
    exported: false,
    sheets: [],
  };
  for (const row of rows ?? []) {
    const values = row.row.values;
    const reason = reasonOf(row.ready);
    if (reason === null) status.ready += 1;
    else status.notReady[reason] = (status.notReady[reason] ?? 0) + 1;
    if (row.cell !== values["Ready to send"]) status.stale += 1;
    if (values.Exported.trim() !== "") status.exported = true;
    for (const name of listCell(values["Found in"], ";")) if (!status.sheets.includes(name)) status.sheets.push(name);
  }
  return { ...status, ...describe(status) };
}
