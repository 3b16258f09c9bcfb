// This file defines the Contacts sheet's words (contract, "Contacts: one row per address"): its
// name, its header labels, and `Ready to send` as a typed value whose words are made by one function
// and read back by one reader (the cell is the memory of a suppression, so every text ever written there reads back).

export const CONTACTS_SHEET = "Contacts";
/** The sheet whose column A lists addresses or domains never to write to. */
export const DO_NOT_CONTACT_SHEET = "Do not contact";

/** The Contacts sheet's header labels, in the order the add-on writes them. */
export const CONTACT_HEADERS = [
  "Email",
  "Role",
  "Name",
  "First name",
  "Last name",
  "Company",
  "Domain",
  "Website",
  "Phone",
  "City",
  "Country code",
  "Email check",
  "Ready to send",
  "Found in",
  "Business ID",
  "Maps URL",
  // "Contacts you can defend": where and when the address was found, what kind it is, which tools it went out to.
  "Source",
  "First found",
  "Last found",
  "Address type",
  "Exported",
] as const;

export type ContactHeader = (typeof CONTACT_HEADERS)[number];

/** One contact's values by header (text, as found). */
export type ContactValues = Record<ContactHeader, string>;

export const CONTACT_ROLES = { owner: "Owner", decisionMaker: "Decision maker", general: "General" } as const;
export type ContactRole = (typeof CONTACT_ROLES)[keyof typeof CONTACT_ROLES];

/** A status column's words that suppress an address (a mail merge's `Merge status`), lower case. */
export const SUPPRESSING_STATUSES = ["bounced", "unsubscribed", "blocked"] as const;
export type SuppressingStatus = (typeof SUPPRESSING_STATUSES)[number];

/** Why an address is `No`. `status`, `do-not-contact` and `marked` (a `No…` a person typed) stick for good. */
export type NoReason =
  | { kind: "status"; status: SuppressingStatus }
  | { kind: "do-not-contact"; by: "address" | "domain" }
  | { kind: "closed" }
  | { kind: "undeliverable"; result: "undeliverable" | "invalid" }
  | { kind: "marked"; text: string };

/** Why an address is `Check`: prior consent its country needs, it starts like a formula, its check's own text, or it was never checked. */
type CheckReason =
  | { kind: "consent"; country: string }
  | { kind: "formula" }
  | { kind: "result"; result: string }
  | { kind: "not-verified" };

export type ReadyToSend = { kind: "yes" } | { kind: "check"; reason: CheckReason } | { kind: "no"; reason: NoReason };

const CHECK_WORDS = { formula: "starts like a formula", "not-verified": "not verified" } as const;
const CONSENT_WORDS = "prior consent needed";

function noWords(reason: NoReason): string {
  switch (reason.kind) {
    case "marked":
      return reason.text;
    case "status":
      return `No: ${reason.status}`;
    case "do-not-contact":
      return `No: ${reason.by} in ${DO_NOT_CONTACT_SHEET}`;
    case "closed":
      return "No: business closed permanently";
    case "undeliverable":
      return `No: ${reason.result} address`;
  }
}

function checkWords(reason: CheckReason): string {
  if (reason.kind === "consent") return `Check: ${CONSENT_WORDS} (${reason.country})`;
  return `Check: ${reason.kind === "result" ? reason.result : CHECK_WORDS[reason.kind]}`;
}

/** The `Ready to send` cell's words: "Yes", "Check: …" or "No: …". */
export function readyWords(ready: ReadyToSend): string {
  if (ready.kind === "yes") return "Yes";
  return ready.kind === "check" ? checkWords(ready.reason) : noWords(ready.reason);
}

/** Every `No` words the add-on writes, with the reason they stand for. */
function ourNoReasons(): NoReason[] {
  return [
    ...SUPPRESSING_STATUSES.map((status): NoReason => ({ kind: "status", status })),
    { kind: "do-not-contact", by: "address" },
    { kind: "do-not-contact", by: "domain" },
    { kind: "closed" },
    { kind: "undeliverable", result: "undeliverable" },
    { kind: "undeliverable", result: "invalid" },
  ];
}

function readNo(text: string): ReadyToSend {
  const lower = text.toLowerCase();
  const ours = ourNoReasons().find((reason) => noWords(reason).toLowerCase() === lower);
  return { kind: "no", reason: ours ?? { kind: "marked", text } };
}

function readCheck(rest: string): ReadyToSend {
  const lower = rest.toLowerCase();
  const consent = new RegExp(`^${CONSENT_WORDS} \\(([a-z]{2})\\)$`).exec(lower);
  if (consent) return { kind: "check", reason: { kind: "consent", country: (consent[1] ?? "").toUpperCase() } };
  const ours = (["formula", "not-verified"] as const).find((kind) => CHECK_WORDS[kind] === lower);
  if (ours || rest === "") return { kind: "check", reason: { kind: ours ?? "not-verified" } };
  return { kind: "check", reason: { kind: "result", result: rest } };
}

/**
 * The one reader of a `Ready to send` cell: every text the add-on writes maps back to its state, and a
 * `No…` a person typed reads as a sticky `No` keeping their text. Anything else (empty, other words) is null.
 */
export function readReady(cell: string): ReadyToSend | null {
  const text = cell.trim();
  const lower = text.toLowerCase();
  if (lower === "yes") return { kind: "yes" };
  if (lower.startsWith("check:")) return readCheck(text.slice("check:".length).trim());
  if (/^no\b/.test(lower)) return readNo(text);
  return null;
}

/** A `No` that stays `No` whatever later holds: a suppression the sheet remembers. */
export function isSticky(ready: ReadyToSend | null): boolean {
  return ready?.kind === "no" && ["status", "do-not-contact", "marked"].includes(ready.reason.kind);
}

/** A `No` for a reason other than the address's own check (the contract's `suppressed` count). */
export function isSuppressed(ready: ReadyToSend | null): boolean {
  return ready !== null && ready.kind === "no" && ready.reason.kind !== "undeliverable";
}
