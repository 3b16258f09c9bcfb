// This file defines the formula guard (contract, "Contacts", Export): which texts a spreadsheet opening
// a file would run as a formula, and the `'` that keeps them text. An address needing it is never `Yes`.

/** After `+` or `-`, these keep a text a number or a phone (`+1 512-555-0100`, `-3.5`). */
const NUMBER_LIKE = /^[0-9 .()[\]-]*$/;

/**
 * True when `text` begins with `=`, `@`, a tab or a carriage return, or with
 * `+`/`-` followed by anything but digits, spaces, dots, dashes and brackets.
 */
export function needsFormulaGuard(text: string): boolean {
  const first = text.charAt(0);
  if (first === "=" || first === "@" || first === "\t" || first === "\r") return true;
  if (first === "+" || first === "-") return !NUMBER_LIKE.test(text.slice(1));
  return false;
}

/** `text` with a `'` in front when a spreadsheet would run it as a formula, else as it is. */
export function guardFormula(text: string): string {
  return needsFormulaGuard(text) ? `'${text}` : text;
}
