// This file defines the CSV text of a table (RFC 4180): fields separated by commas, records ended by
// CRLF, a field holding a comma, a quote or a line break quoted with its quotes doubled.

const NEEDS_QUOTES = /[",\r\n]/;

/** One field as RFC 4180 writes it. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as one CSV text, every record (the last one too) ended by CRLF. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
