// This file defines what forgetting an address does to one cell of a column the add-on writes: the address taken out of a ", "-joined
// list (`Emails`, `Owner emails`…), of `Email verifications`' "; "-joined entries, of `Key contacts`' list, and `Email status`'s count
// said again for the addresses left; the rest of every cell kept. Plain code: the sheets are forget-contact.ts's.
import { addressKey } from "./contacts-of";
import { listCell } from "./source-business";

/** How a column's cells hold addresses, by its header as the column table writes it (src/sheets/columns.ts). */
export const FORGET_COLUMNS = {
  Emails: "list",
  "Verified emails": "list",
  "Owner emails": "list",
  "Decision maker emails": "list",
  "Email verifications": "entries",
  "Key contacts": "json",
} as const;
export type ForgetHeader = keyof typeof FORGET_COLUMNS;

/** The count `Email status` says beside a completed check ("1 of 2 verified"): said again when the addresses it counts change. */
const VERIFIED_COUNT = /^(\d+) of (\d+) verified$/;

/** Whether a text names the address (any case), quickly: most cells do not. */
export const mentions = (text: string, key: string): boolean => text.toLowerCase().includes(key);

const withoutInList = (text: string, key: string): string =>
  listCell(text)
    .filter((item) => addressKey(item) !== key)
    .join(", ");

function withoutInEntries(text: string, key: string): string {
  const entries = listCell(text, ";");
  return entries.filter((entry) => addressKey(entry.slice(0, Math.max(0, entry.lastIndexOf(": ")))) !== key).join("; ");
}

function withoutInJson(text: string, key: string): string {
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return text;
    const kept = list.filter((entry) => !mentions(JSON.stringify(entry) ?? "", key));
    return kept.length === 0 ? "" : JSON.stringify(kept);
  } catch {
    return text; // not the add-on's JSON: a person's text, left as it is
  }
}

/** The cell without the address (`key`: trimmed, lower case); the same text when it does not hold it. */
export function cellWithout(header: ForgetHeader, text: string, key: string): string {
  if (!mentions(text, key)) return text;
  const how = FORGET_COLUMNS[header];
  return how === "list" ? withoutInList(text, key) : how === "entries" ? withoutInEntries(text, key) : withoutInJson(text, key);
}

/** `Email status` once its row's `Emails` hold `listed` addresses, `verified` of them verified: its count said again; other words kept. */
export function statusAfter(text: string, listed: number, verified: number | null): string {
  const count = VERIFIED_COUNT.exec(text.trim());
  if (!count) return text;
  const known = verified ?? Math.min(Number(count[1]), listed);
  return listed === 0 ? "No emails (completed)" : `${Math.min(known, listed)} of ${listed} verified`;
}
