// This file decides each row's `Ready to send` as it stands now, from the sheet as read (the export and the sidebar's counts): a status
// a mail merge wrote a moment ago, a `Do not contact` line, the consent countries as set, by the same rules as a sync; no source is read.
import { readReady, readyWords, type ReadyToSend } from "./contact-columns";
import type { ContactsRules } from "./contacts-rules";
import type { TableRow } from "./contacts-table";
import { Forgotten } from "./forgotten";
import { consentNeededFor, decideReady, statusIn, type DoNotContact } from "./ready-to-send";

/** A row with its `Ready to send` now: the cell's words after (unchanged unless the rules say otherwise) and what they read as. */
export interface RowNow {
  row: TableRow;
  cell: string;
  ready: ReadyToSend | null;
}

/** What rules a row's readiness is decided by now. */
type RulesNow = { doNotContact: DoNotContact; rules: ContactsRules };

/** The cell's words now: the rules' decision, except that words a person wrote which are no `No` of theirs stay unless the rules say No. */
function readyCellNow(row: TableRow, { doNotContact, rules }: RulesNow): string {
  const { values } = row;
  const cell = values["Ready to send"];
  const previous = readReady(cell);
  const status = row.statuses.map(statusIn).find((found) => found !== null) ?? null;
  const decided = decideReady({
    email: values.Email,
    check: values["Email check"],
    // Whether every business with it is closed is the sources' to say: a sync's `No` stays until the next one.
    closed: previous?.kind === "no" && previous.reason.kind === "closed",
    suppression: status ? { kind: "status", status } : doNotContact.reasonFor(values.Email),
    consentNeeded: consentNeededFor(values["Country code"], rules.consent, row.consents),
    previous,
  });
  return previous === null && cell.trim() !== "" && decided.kind !== "no" ? cell : readyWords(decided);
}

/** Every row's readiness now, without the rows of forgotten addresses (never exported, never counted). */
export function rowsNow(rows: readonly TableRow[], now: RulesNow): RowNow[] {
  const forgotten = new Forgotten(now.rules.forgotten);
  return rows
    .filter((row) => !forgotten.has(row.values.Email))
    .map((row) => {
      const cell = readyCellNow(row, now);
      return { row, cell, ready: readReady(cell) };
    });
}
