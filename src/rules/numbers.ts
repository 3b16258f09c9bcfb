// This file defines how a figure is written in a sentence: digits grouped by commas, the same on
// the server and in every browser locale, unless the sidebar sets the spreadsheet's locale
// ("de-DE": "4.577"); a noun that agrees with it.

/** The locale figures are grouped in (BCP-47), or null: commas, like the service's own figures. */
let digitsLocale: string | null = null;

export function setDigitsLocale(locale: string | null): void {
  digitsLocale = locale;
}

/** 1200 → "1,200" (or as the locale set says it). */
export function groupDigits(n: number): string {
  if (digitsLocale) return Math.round(n).toLocaleString(digitsLocale);
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.abs(Math.round(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 1 → "1 row", 1200 → "1,200 rows". */
export const plural = (n: number, one: string, many: string): string => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** The nouns most sentences count, written once: 1 → "1 credit", 1200 → "1,200 credits". */
export function creditCount(n: number): string {
  return plural(n, "credit", "credits");
}
export function businessCount(n: number): string {
  return plural(n, "business", "businesses");
}
export function searchCount(n: number): string {
  return plural(n, "search", "searches");
}
