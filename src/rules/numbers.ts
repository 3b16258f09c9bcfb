// This file defines how a figure is written in a sentence, the same on the server and in the
// sidebar (and in every browser locale): digits grouped by commas, a noun that agrees with it.

/** 1200 → "1,200": the same in every browser locale, like the service's own figures. */
export function groupDigits(n: number): string {
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.abs(Math.round(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 1 → "1 row", 1200 → "1,200 rows". */
export function plural(n: number, one: string, many: string): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}
