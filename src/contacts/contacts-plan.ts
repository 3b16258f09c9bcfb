// This file plans what a sync changes in the Contacts sheet: the sources' rows updated by the refresh rule, Ready to send decided again,
// suppressions kept and the sheets that hold each address recomputed on other rows, and new addresses appended.
import {
  CONTACT_HEADERS,
  isSticky,
  isSuppressed,
  readReady,
  readyWords,
  type ContactValues,
  type NoReason,
  type ReadyToSend,
} from "./contact-columns";
import { addressKey, firstPlaces, type ContactFound, type ContactCells } from "./contacts-of";
import { cellAt, rowValues, type ContactsRead, type RowMarks } from "./contacts-sheet";
import { consentNeededFor, decideReady, statusIn, type DoNotContact } from "./ready-to-send";
import { listCell } from "./source-business";

/** What joins the sheets of `Found in`, and the sources of `Source`. */
const SEPARATOR = "; ";
const NOT_VERIFIED: ReadyToSend = { kind: "check", reason: { kind: "not-verified" } };

export interface ContactsPlan {
  /** Rows whose address the sources hold: their own columns. */
  updates: Map<number, ContactValues>;
  /** Other rows whose `Ready to send` (a suppression) or `Found in` (a sheet read no longer holds them) changes. */
  marks: Map<number, RowMarks>;
  appends: ContactValues[];
  /** Every row's `Ready to send` after the sync (rows with an address, and the new ones). */
  readiness: ReadyToSend[];
}

/** Sheet names joined in the document's order (`sheets`), names no longer in it after, as they were. */
function joinFoundIn(names: readonly string[], sheets: readonly string[]): string {
  const unique = names.filter((name, index) => name !== "" && names.indexOf(name) === index);
  const rank = (name: string): number => (sheets.includes(name) ? sheets.indexOf(name) : sheets.length);
  const ordered = unique.map((name, index) => ({ name, index, rank: rank(name) })).sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ordered.map((entry) => entry.name).join(SEPARATOR);
}

const splitFoundIn = (text: string): string[] => listCell(text, SEPARATOR.trim());

/** The suppression that holds on a row now: its status columns' (the user's, headed `…status…`), else `Do not contact`'s. */
function suppressionOf(inputs: PlanInputs, row: number, email: string): NoReason | null {
  for (const column of inputs.read.statusColumns) {
    const status = statusIn(cellAt(inputs.read, row, column));
    if (status) return { kind: "status", status };
  }
  return inputs.doNotContact.reasonFor(email);
}

/** A found contact's cells merged into the row's: filled from it where it is the row's first source, else only where empty. */
function mergedCells(current: ContactValues, found: ContactFound, fromFirst: boolean): ContactValues {
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
  /** The day of this sync (yyyy-MM-dd, the spreadsheet's time zone): `First found` of a new row, `Last found` of every row found. */
  today: string;
  /** The country codes where cold email needs prior consent (contacts-rules.ts). */
  consentCountries: readonly string[];
  /** An address forgotten for good: its row (a forgetContact killed before it removed it) is never written. */
  forgotten: (address: string) => boolean;
  /** The names of the document's sheets, in its order. */
  sheetNames: readonly string[];
  /** The sheets this sync read: a name of them in `Found in` stays only where the sheet holds the address. */
  readSheets: ReadonlySet<string>;
  doNotContact: DoNotContact;
}

/**
 * `Found in` by the refresh rule: the sheets the cell names that this sync did not read (and the
 * document still has), and the sheets read that hold the address (`holding`); the cell as it is when that is empty.
 */
function foundInNow(inputs: PlanInputs, cell: string, holding: readonly string[]): string {
  const unread = splitFoundIn(cell).filter((name) => !inputs.readSheets.has(name) && inputs.sheetNames.includes(name));
  const names = joinFoundIn([...unread, ...holding], inputs.sheetNames);
  return names === "" ? cell : names;
}

/** The sources found, once each in `Found in` order; a sheet not read keeps what the cell said of it (its parts first). */
function sourceNow(cell: string, found: ContactFound, allRead: boolean): string {
  const parts = (text: string): string[] => listCell(text, SEPARATOR.trim());
  const known = allRead ? [] : parts(cell);
  const all = [...known, ...found.sources.flatMap(parts)].filter((part, i, list) => list.indexOf(part) === i);
  return all.join(SEPARATOR);
}

/** The consent cells of a row: the user's columns headed with `consent`. */
const consentCells = (read: ContactsRead, row: number): string[] => read.consentColumns.map((column) => cellAt(read, row, column));

function planRow(inputs: PlanInputs, row: number, found: ContactFound): ContactValues {
  const { read } = inputs;
  const current = rowValues(read, row);
  const foundIn = foundInNow(inputs, current["Found in"], found.foundIn);
  const allRead = splitFoundIn(foundIn).every((name) => inputs.readSheets.has(name));
  const fromFirst = splitFoundIn(foundIn)[0] === found.foundIn[0];
  const merged = mergedCells(current, found, fromFirst);
  const previous = readReady(current["Ready to send"]);
  const wasClosed = previous?.kind === "no" && previous.reason.kind === "closed";
  const ready = decideReady({
    email: current.Email,
    check: merged["Email check"],
    // A shared inbox is closed only when every business with it is: a sheet this sync did not read keeps what was decided of it.
    closed: found.closed && (allRead || wasClosed),
    suppression: suppressionOf(inputs, row, current.Email),
    consentNeeded: consentNeededFor(merged["Country code"], inputs.consentCountries, consentCells(read, row)),
    previous,
  });
  return {
    ...merged,
    "Found in": foundIn,
    "Ready to send": readyWords(ready),
    Source: sourceNow(current.Source, found, allRead),
    "First found": current["First found"] || inputs.today,
    "Last found": inputs.today,
  };
}

const changed = (a: ContactValues, b: ContactValues): boolean => CONTACT_HEADERS.some((header) => a[header] !== b[header]);

/** Each address's row (its first, where a person copied it): those of the sources' addresses are the rows a sync updates. */
export function rowsByAddress(read: ContactsRead): Map<string, number> {
  const emails = Array.from({ length: read.lastRow - 1 }, (_, index) => cellAt(read, index + 2, read.columns.get("Email")));
  return firstPlaces(emails, 2);
}

/** `rows`: rowsByAddress' answer, the own columns of the sources' addresses' rows loaded. */
export function planContacts(inputs: PlanInputs, rows: ReadonlyMap<string, number>): ContactsPlan {
  const { read, found, sheetNames, doNotContact, today } = inputs;
  const emailColumn = read.columns.get("Email");
  const readyColumn = read.columns.get("Ready to send");
  const foundInColumn = read.columns.get("Found in");
  const plan: ContactsPlan = { updates: new Map(), marks: new Map(), appends: [], readiness: [] };
  for (let row = 2; row <= read.lastRow; row += 1) {
    const email = cellAt(read, row, emailColumn);
    const key = addressKey(email);
    if (key === "" || inputs.forgotten(email)) continue;
    const contact = rows.get(key) === row ? found.get(key) : undefined;
    if (contact) {
      const next = planRow(inputs, row, contact);
      if (changed(next, rowValues(read, row))) plan.updates.set(row, next);
      plan.readiness.push(readReady(next["Ready to send"]) ?? NOT_VERIFIED);
      continue;
    }
    const readyCell = cellAt(read, row, readyColumn);
    const foundInCell = cellAt(read, row, foundInColumn);
    // A row the sources do not hold: a suppression holding now turns it No (a sticky No stays).
    const previous = readReady(readyCell);
    const suppression = suppressionOf(inputs, row, email);
    const ready: ReadyToSend = suppression && !isSticky(previous) ? { kind: "no", reason: suppression } : (previous ?? NOT_VERIFIED);
    const marks: RowMarks = {
      "Ready to send": previous === null && ready.kind !== "no" ? readyCell : readyWords(ready),
      "Found in": foundInNow(inputs, foundInCell, []),
    };
    if (marks["Ready to send"] !== readyCell || marks["Found in"] !== foundInCell) plan.marks.set(row, marks);
    plan.readiness.push(ready);
  }
  for (const [key, contact] of found) {
    if (rows.has(key)) continue;
    const ready = decideReady({
      email: contact.email,
      check: contact.cells["Email check"],
      closed: contact.closed,
      suppression: doNotContact.reasonFor(contact.email),
      consentNeeded: consentNeededFor(contact.cells["Country code"], inputs.consentCountries, []),
      previous: null,
    });
    plan.appends.push({
      ...contact.cells,
      "Found in": joinFoundIn(contact.foundIn, sheetNames),
      "Ready to send": readyWords(ready),
      Source: sourceNow("", contact, true),
      "First found": today,
      "Last found": today,
      Exported: "",
    });
    plan.readiness.push(ready);
  }
  return plan;
}

/** The contract's counts of a sheet after `plan`: its rows, those appended, ready and suppressed. */
export function countsOf(plan: ContactsPlan, added: number): { contacts: number; added: number; ready: number; suppressed: number } {
  const written = plan.readiness.length - (plan.appends.length - added);
  const kept = plan.readiness.slice(0, written);
  return {
    contacts: written,
    added,
    ready: kept.filter((ready) => ready.kind === "yes").length,
    suppressed: kept.filter(isSuppressed).length,
  };
}
