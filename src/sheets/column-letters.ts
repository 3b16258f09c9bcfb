// This file defines how a column's number and its letters (A, Z, AA, AB…) map to each other, as
// A1 notation and the sidebar's column pickers write them.

/** 1-based column number → its letters: 28 → "AB". */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Column letters (A, AB, up to three) → 1-based number, or null when the text is not such letters. */
export function columnFromLetters(text: string): number | null {
  if (!/^[A-Za-z]{1,3}$/.test(text)) return null;
  let n = 0;
  for (const char of text.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}
