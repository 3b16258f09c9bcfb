// This file defines the words a refresh gives a row whose contact data changed, for its `Latest refresh` ("1 email fewer"),
// so a row the service downgraded or dropped an address of says so; cells a refresh keeps did not change and say nothing.
import type { Business } from "../api/schemas";
import { plural } from "../rules/numbers";
import { cellText } from "./cell-text";
import { EMAILS_HEADER, type ColumnSpec } from "./columns";

/** The contact columns of lists: an item's noun is the header in lower case ("owner names"), without its last "s" for one. */
const LISTS = [EMAILS_HEADER, "Owner names", "Owner emails", "Decision maker names", "Decision maker emails"];
const VERIFIED_HEADER = "Verified emails";

/** The cells of the sheet as the merge read them (merge-engine.ts SheetRead). */
interface RowText {
  text(row: number, header: string): string;
}

const items = (text: string): string[] =>
  text
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== "");

/** How a list changed: "1 email fewer", "2 new emails", "1 email replaced", "2 new emails, 1 gone"; "" when it did not. */
function listChange(before: string[], after: string[], one: string, many: string): string {
  const gone = before.filter((item) => after.indexOf(item) < 0).length;
  const added = after.filter((item) => before.indexOf(item) < 0).length;
  if (gone > 0 && gone === added) return `${plural(gone, one, many)} replaced`;
  if (gone > 0 && added > 0) return `${plural(added, `new ${one}`, `new ${many}`)}, ${gone} gone`;
  if (gone > 0) return `${plural(gone, one, many)} fewer`;
  return added > 0 ? plural(added, `new ${one}`, `new ${many}`) : "";
}

/** What the service says now of an address that was verified: "unknown" where it says nothing. */
function verificationNow(business: Business, address: string): string {
  if (business.email_verification_status === "processing") return "in progress";
  const result = Object.entries(business.email_verifications ?? {}).find(([known]) => known.toLowerCase() === address)?.[1]?.result;
  return business.email_verification_status === "completed" && typeof result === "string" && result !== ""
    ? result.toLowerCase()
    : "unknown";
}

/** Verified addresses still listed but verified no more: "verification now unknown", "2 verifications now risky". */
function verificationChanges(business: Business, before: string[], after: string[], listed: string[]): string[] {
  const byResult = new Map<string, number>();
  for (const address of before.filter((item) => after.indexOf(item) < 0 && listed.indexOf(item) >= 0)) {
    const now = verificationNow(business, address);
    byResult.set(now, (byResult.get(now) ?? 0) + 1);
  }
  return [...byResult].map(([now, count]) => `${count === 1 ? "verification" : `${count} verifications`} now ${now}`);
}

/**
 * How a refresh changes the row's contact columns: `business` is what the run returned for it,
 * `writes(column)` whether the merge writes that column (false where it keeps the cell).
 */
export function contactChanges(
  business: Business,
  row: number,
  read: RowText,
  columns: readonly ColumnSpec[],
  writes: (column: ColumnSpec) => boolean,
): string[] {
  const after = (header: string): string | null => {
    const column = columns.find((spec) => spec.header === header);
    return column && writes(column) ? cellText(column.value(business)) : null;
  };
  const changes: string[] = [];
  const phone = after("Phone");
  if (phone !== null && phone !== "" && read.text(row, "Phone") !== "" && phone !== read.text(row, "Phone")) changes.push("phone changed");
  for (const header of LISTS) {
    const now = after(header);
    const many = header.toLowerCase();
    const change = now === null ? "" : listChange(items(read.text(row, header)), items(now), many.slice(0, -1), many);
    if (change !== "") changes.push(change);
  }
  const verified = after(VERIFIED_HEADER);
  const emails = after(EMAILS_HEADER);
  if (verified !== null && emails !== null)
    changes.push(...verificationChanges(business, items(read.text(row, VERIFIED_HEADER)), items(verified), items(emails)));
  return changes;
}
