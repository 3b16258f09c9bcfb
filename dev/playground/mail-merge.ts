// This file defines the playground's mail merge: what YAMM does to the sheet it sends from after a
// campaign, done to the Contacts sheet as a user's edit would be: a `Merge status` column (made
// when missing) saying EMAIL_SENT on the rows ready to send, and BOUNCED on `bounced` of them.
import type { FakeRuntime } from "../fakes/runtime";
import { columnToLetters } from "../fakes/spreadsheet/a1";

const MERGE_STATUS = "Merge status";

interface MergeOutcome {
  sent: number;
  /** The addresses marked BOUNCED. */
  bounced: string[];
}

/** Marks the Contacts sheet's ready rows as a mail merge would after sending to them; the first `bounced` bounced. */
export function mailMergeSent(runtime: FakeRuntime, bounced = 2): MergeOutcome {
  const testing = runtime.spreadsheetApp.testing;
  if (!testing.sheetNames().includes("Contacts"))
    throw new Error("No Contacts sheet yet: open the sidebar's Contacts tab and press Build contacts first.");
  const [header = [], ...rows] = testing.values("Contacts").map((row) => row.map((cell) => String(cell ?? "")));
  const email = header.indexOf("Email");
  const ready = header.indexOf("Ready to send");
  let status = header.indexOf(MERGE_STATUS);
  if (status < 0) {
    status = header.length;
    testing.userSeed("Contacts", `${columnToLetters(status + 1)}1`, [[MERGE_STATUS]]);
  }
  const letter = columnToLetters(status + 1);
  const outcome: MergeOutcome = { sent: 0, bounced: [] };
  rows.forEach((row, index) => {
    if (row[ready] !== "Yes" || (row[status] !== undefined && row[status] !== "")) return;
    const bounce = outcome.bounced.length < bounced;
    testing.userSeed("Contacts", `${letter}${index + 2}`, [[bounce ? "BOUNCED" : "EMAIL_SENT"]]);
    outcome.sent += 1;
    if (bounce) outcome.bounced.push(row[email] ?? "");
  });
  return outcome;
}
