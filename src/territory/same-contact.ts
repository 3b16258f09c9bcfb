// This file defines the same-contact marker of a territory's sheet: a sales person should not write to one inbox four times, so every
// row sharing a website's domain or an email with an earlier row names that row's business and row ("Cedar Creek Vet (row 12)").
import { websiteDomain } from "../rules/website-key";

/** What a row offers to share: its business name, website and the addresses of its email columns. */
export interface ContactRow {
  row: number;
  name: string;
  website: string;
  /** Every address of the row's email columns (Emails, Owner emails, Decision maker emails). */
  emails: readonly string[];
}

/** Each row's marker: "" for a row that is the first with its domain and addresses, else the first such row's name and row. */
export function sameContactMarkers(rows: readonly ContactRow[]): Map<number, string> {
  const holder = new Map<string, ContactRow>();
  const markers = new Map<number, string>();
  for (const row of [...rows].sort((a, b) => a.row - b.row)) {
    const domain = websiteDomain(row.website);
    const keys = [
      ...(domain === "" ? [] : [`domain:${domain}`]),
      ...row.emails.map((email) => `email:${email.trim().toLowerCase()}`).filter((key) => key !== "email:"),
    ];
    const first = keys.flatMap((key) => holder.get(key) ?? []).sort((a, b) => a.row - b.row)[0];
    // Sharing a contact with `first`: "Cedar Creek Vet (row 12)", the row as the sheet stands when written.
    markers.set(row.row, first ? `${first.name} (row ${first.row})` : "");
    for (const key of keys) if (!holder.has(key)) holder.set(key, row);
  }
  return markers;
}
