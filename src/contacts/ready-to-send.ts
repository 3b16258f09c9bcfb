// This file decides `Ready to send` (contract, "Contacts"): the first rule that holds of a suppression, an undeliverable check, a business
// closed for good, the consent its country needs, an address needing the formula guard, a deliverable check; a sticky `No` stays (the
// cell is the suppression's memory). And the formula guard (the export's too): the texts a spreadsheet would run, and the `'` for them.
import { isDeliverableResult } from "../rules/email-check";
import { websiteDomain } from "../rules/website-key";
import { cellText } from "../sheets/cell-text";
import { isSticky, SUPPRESSING_STATUSES, type NoReason, type ReadyToSend, type SuppressingStatus } from "./contact-columns";
import { addressKey } from "./contacts-of";
import { sha256Hex } from "./sha256";

const UNDELIVERABLE = ["undeliverable", "invalid"] as const;
const SHA256_LINE = /^sha256:([0-9a-f]{64})$/;

/** Whether a header names a status column of a mail merge or a CRM (`Merge status`): it contains "status". */
export const isStatusHeader = (header: string): boolean => header.toLowerCase().includes("status");

/** Whether a header names a column recording consent (`Consent`, `Opt-in consent`): it contains "consent". */
const isConsentHeader = (header: string): boolean => header.toLowerCase().includes("consent");

/** The user's columns (1-based, none of `own`, the add-on's) headed as status columns, and as consent columns. */
export function userColumns(header: readonly unknown[], own: ReadonlySet<number>): { status: number[]; consent: number[] } {
  const headed = (test: (label: string) => boolean): number[] =>
    header.flatMap((cell, index) => (test(cellText(cell)) && !own.has(index + 1) ? [index + 1] : []));
  return { status: headed(isStatusHeader), consent: headed(isConsentHeader) };
}

/** Each suppressing word as a word of its own: no letter touching it (`EMAIL_BOUNCED`, `BOUNCED (hard)`; never `unblocked`). */
const STATUS_WORDS = SUPPRESSING_STATUSES.map((status) => ({ status, word: new RegExp(`(?<!\\p{L})${status}(?!\\p{L})`, "iu") }));

/** The suppressing word a status cell holds (any case, a word of its own), else null. */
export function statusIn(text: string): SuppressingStatus | null {
  return STATUS_WORDS.find(({ word }) => word.test(text))?.status ?? null;
}

/** Whether a consent cell records consent: anything but empty, `no` or `false` (any case). */
const recordsConsent = (text: string): boolean => !["", "no", "false"].includes(text.trim().toLowerCase());

/**
 * The `Do not contact` sheet's column A as people write it: an address, a domain (also `@domain`, or a website address such as
 * `https://www.acme.com/`, all through the one website key), or the `sha256:` line of an address forgotten for good.
 */
export class DoNotContact {
  private readonly addresses = new Set<string>();
  private readonly domains = new Set<string>();
  private readonly hashes = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const text = entry.trim().toLowerCase();
      const hash = SHA256_LINE.exec(text.replace(/\s+/g, ""));
      if (hash) this.hashes.add(hash[1] ?? "");
      else if (/^[^@\s/]+@[^@\s/]+$/.test(text)) this.addresses.add(text);
      else if (text !== "") this.domains.add(websiteDomain(text.replace(/^@/, "")));
    }
    this.domains.delete("");
  }

  /** Why `address` is listed: itself (or its hash), or its domain (or a domain it is under); null when it is not. */
  reasonFor(address: string): NoReason | null {
    const key = addressKey(address);
    if (this.addresses.has(key) || (this.hashes.size > 0 && this.hashes.has(sha256Hex(key))))
      return { kind: "do-not-contact", by: "address" };
    const parts = key.slice(key.lastIndexOf("@") + 1).split(".");
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
  /** The business's country code when cold email there needs prior consent and no consent column records it; else null. */
  consentNeeded: string | null;
  /** What the cell says now (readReady), null when empty or not the add-on's words. */
  previous: ReadyToSend | null;
}

export function decideReady({ email, check, closed, suppression, consentNeeded, previous }: ReadyInputs): ReadyToSend {
  if (previous && isSticky(previous)) return previous;
  if (suppression) return { kind: "no", reason: suppression };
  const result = check.trim().toLowerCase();
  const undeliverable = UNDELIVERABLE.find((word) => word === result);
  if (undeliverable) return { kind: "no", reason: { kind: "undeliverable", result: undeliverable } };
  if (closed) return { kind: "no", reason: { kind: "closed" } };
  if (consentNeeded) return { kind: "check", reason: { kind: "consent", country: consentNeeded } };
  if (needsFormulaGuard(email)) return { kind: "check", reason: { kind: "formula" } };
  if (isDeliverableResult(result)) return { kind: "yes" };
  return { kind: "check", reason: check.trim() === "" ? { kind: "not-verified" } : { kind: "result", result: check.trim() } };
}

/** The country a row needs prior consent for: its code when `countries` holds it and no consent cell records consent; else null. */
export function consentNeededFor(countryCode: string, countries: readonly string[], consentCells: readonly string[]): string | null {
  const code = countryCode.trim().toUpperCase();
  if (code === "" || !countries.includes(code)) return null;
  return consentCells.some(recordsConsent) ? null : code;
}

/** After `+` or `-`, these keep a text a number or a phone (`+1 512-555-0100`, `-3.5`). */
const NUMBER_LIKE = /^[0-9 .()[\]-]*$/;

/**
 * True when `text` begins with `=`, `@`, a tab or a carriage return, or with
 * `+`/`-` followed by anything but digits, spaces, dots, dashes and brackets.
 */
export function needsFormulaGuard(text: string): boolean {
  const first = text.charAt(0);
  if (first === "=" || first === "@" || first === "\t" || first === "\r") return true;
  if (first === "+" || first === "-") return !NUMBER_LIKE.test(text.slice(1));
  return false;
}

/** `text` with a `'` in front when a spreadsheet would run it as a formula, else as it is. */
export function guardFormula(text: string): string {
  return needsFormulaGuard(text) ? `'${text}` : text;
}
