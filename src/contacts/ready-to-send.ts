// This file decides a contact's `Ready to send` (contract, "Contacts"): the first that holds of a
// suppression, an undeliverable check, a closed business, an address needing the formula guard, a
// deliverable check. A sticky `No` already in the cell stays: the cell is the suppression's memory.
import { isSticky, SUPPRESSING_STATUSES, type NoReason, type ReadyToSend, type SuppressingStatus } from "./contact-columns";
import { needsFormulaGuard } from "./formula-guard";

const UNDELIVERABLE = ["undeliverable", "invalid"] as const;
const DELIVERABLE = ["deliverable", "valid"];

/** Whether a header names a status column of a mail merge or a CRM (`Merge status`): it contains "status". */
export const isStatusHeader = (header: string): boolean => header.toLowerCase().includes("status");

/** The suppressing word a status cell holds (any case, also inside other text), else null. */
export function statusIn(text: string): SuppressingStatus | null {
  const lower = text.toLowerCase();
  return SUPPRESSING_STATUSES.find((status) => lower.includes(status)) ?? null;
}

/** The addresses and domains of the `Do not contact` sheet's column A, lower case. */
export class DoNotContact {
  private readonly addresses = new Set<string>();
  private readonly domains = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const text = entry.trim().toLowerCase();
      if (text === "") continue;
      if (/^[^@\s]+@[^@\s]+$/.test(text)) this.addresses.add(text);
      else this.domains.add(text.replace(/^@/, "").replace(/^www\./, ""));
    }
  }

  /** Why `address` is listed: itself, or its domain (or a domain it is under); null when it is not. */
  reasonFor(address: string): NoReason | null {
    const key = address.trim().toLowerCase();
    if (this.addresses.has(key)) return { kind: "do-not-contact", by: "address" };
    const host = key.slice(key.lastIndexOf("@") + 1);
    const parts = host.split(".");
    for (let i = 0; i < parts.length - 1; i += 1)
      if (this.domains.has(parts.slice(i).join("."))) return { kind: "do-not-contact", by: "domain" };
    return null;
  }
}

export interface ReadyInputs {
  email: string;
  /** The `Email check` cell. */
  check: string;
  closed: boolean;
  /** A suppression holding now: a status column's word or a `Do not contact` entry. */
  suppression: NoReason | null;
  /** What the cell says now (readReady), null when empty or not the add-on's words. */
  previous: ReadyToSend | null;
}

export function decideReady({ email, check, closed, suppression, previous }: ReadyInputs): ReadyToSend {
  if (previous && isSticky(previous)) return previous;
  if (suppression) return { kind: "no", reason: suppression };
  const result = check.trim().toLowerCase();
  const undeliverable = UNDELIVERABLE.find((word) => word === result);
  if (undeliverable) return { kind: "no", reason: { kind: "undeliverable", result: undeliverable } };
  if (closed) return { kind: "no", reason: { kind: "closed" } };
  if (needsFormulaGuard(email)) return { kind: "check", reason: { kind: "formula" } };
  if (DELIVERABLE.includes(result)) return { kind: "yes" };
  return { kind: "check", reason: check.trim() === "" ? { kind: "not-verified" } : { kind: "result", result: check.trim() } };
}
