// This file plans what a sync changes in the Contacts sheet, from the sheet as read and the
// contacts the sources give: for each row found by its Email cell, its `Found in` joined with the
// new sheets, its own columns by the refresh rule (an empty new value never blanks a filled cell;
// a filled one changes only from the business the row takes its columns from, the first sheet of
// its `Found in`), its `Ready to send` decided again; each new address a row to append.
import { CONTACT_HEADERS, isSuppressed, readReady, readyWords, type ContactValues, type ReadyToSend } from "./contact-columns";
import { addressKey, type ContactFound, type ContactCells } from "./contacts-of";
import { cellAt, rowValues, type ContactsRead } from "./contacts-sheet";
import { decideReady, isStatusHeader, statusIn, type DoNotContact } from "./ready-to-send";

export const FOUND_IN_SEPARATOR = "; ";

export interface ContactsPlan {
  updates: Map<number, ContactValues>;
  appends: ContactValues[];
  /** Every row's `Ready to send` after the sync (rows with an address, and the new ones). */
  readiness: ReadyToSend[];
}

/** Sheet names joined in the document's order (`rank`), names no longer in it after, as they were. */
export function joinFoundIn(names: readonly string[], rank: (name: string) => number): string {
  const unique = names.filter((name, index) => name !== "" && names.indexOf(name) === index);
  const ordered = unique.map((name, index) => ({ name, index, rank: rank(name) })).sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ordered.map((entry) => entry.name).join(FOUND_IN_SEPARATOR);
}

const splitFoundIn = (text: string): string[] => text.split(FOUND_IN_SEPARATOR.trim()).map((name) => name.trim()).filter((name) => name !== "");

/** The suppression a row's status columns (the user's, headed `…status…`) hold, else null. */
function statusReason(read: ContactsRead, row: number, statusColumns: readonly number[]): ReadyToSend | null {
  for (const column of statusColumns) {
    const status = statusIn(cellAt(read, row, column));
    if (status) return { kind: "no", reason: { kind: "status", status } };
  }
  return null;
}

/** A found contact's cells merged into the row's: filled from it where it is the row's first source, else only where empty. */
function mergedCells(current: ContactValues, found: ContactFound | undefined, fromFirst: boolean): ContactValues {
  if (!found) return { ...current };
  const merged = { ...current };
  for (const header of Object.keys(found.cells) as Array<keyof ContactCells>) {
    if (header === "Email") continue;
    const value = found.cells[header];
    if (value !== "" && (fromFirst || current[header] === "")) merged[header] = value;
  }
  return merged;
}

interface PlanInputs {
  read: ContactsRead;
  found: ReadonlyMap<string, ContactFound>;
  rank: (name: string) => number;
  doNotContact: DoNotContact;
}

function planRow(inputs: PlanInputs, row: number, found: ContactFound | undefined, statusColumns: readonly number[]): ContactValues {
  const { read, rank, doNotContact } = inputs;
  const current = rowValues(read, row);
  const foundIn = joinFoundIn([...splitFoundIn(current["Found in"]), ...(found?.foundIn ?? [])], rank);
  const fromFirst = found !== undefined && splitFoundIn(foundIn)[0] === found.foundIn[0];
  const merged = mergedCells(current, found, fromFirst);
  const previous = readReady(current["Ready to send"]);
  const wasClosed = previous?.kind === "no" && previous.reason.kind === "closed";
  const status = statusReason(read, row, statusColumns);
  const ready = decideReady({
    email: current.Email,
    check: merged["Email check"],
    closed: found && fromFirst ? found.closed : wasClosed,
    suppression: status?.kind === "no" ? status.reason : doNotContact.reasonFor(current.Email),
    previous,
  });
  return { ...merged, "Found in": foundIn, "Ready to send": readyWords(ready) };
}

const changed = (a: ContactValues, b: ContactValues): boolean => CONTACT_HEADERS.some((header) => a[header] !== b[header]);

export function planContacts(inputs: PlanInputs): ContactsPlan {
  const { read, found, rank, doNotContact } = inputs;
  const emailColumn = read.columns.get("Email");
  const statusColumns = [...read.headers].filter(([column, header]) => isStatusHeader(header) && ![...read.columns.values()].includes(column)).map(([column]) => column);
  const plan: ContactsPlan = { updates: new Map(), appends: [], readiness: [] };
  const rowsOf = new Set<string>();
  for (let row = 2; row <= read.lastRow; row += 1) {
    const key = addressKey(cellAt(read, row, emailColumn));
    if (key === "") continue;
    const first = !rowsOf.has(key);
    rowsOf.add(key);
    const next = planRow(inputs, row, first ? found.get(key) : undefined, statusColumns);
    if (changed(next, rowValues(read, row))) plan.updates.set(row, next);
    plan.readiness.push(readReady(next["Ready to send"]) ?? { kind: "check", reason: { kind: "not-verified" } });
  }
  for (const [key, contact] of found) {
    if (rowsOf.has(key)) continue;
    const ready = decideReady({ email: contact.email, check: contact.cells["Email check"], closed: contact.closed, suppression: doNotContact.reasonFor(contact.email), previous: null });
    plan.appends.push({ ...contact.cells, "Found in": joinFoundIn(contact.foundIn, rank), "Ready to send": readyWords(ready) });
    plan.readiness.push(ready);
  }
  return plan;
}

/** The contract's counts of a sheet after `plan`: its rows, those appended, ready and suppressed. */
export function countsOf(plan: ContactsPlan, added: number): { contacts: number; added: number; ready: number; suppressed: number } {
  const written = plan.readiness.length - (plan.appends.length - added);
  const kept = plan.readiness.slice(0, written);
  return { contacts: written, added, ready: kept.filter((ready) => ready.kind === "yes").length, suppressed: kept.filter(isSuppressed).length };
}
