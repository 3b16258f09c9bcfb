// This file defines how the playground reads a formula that calls one of the add-on's custom
// functions: `=LEADS_NAME(arg, …)`, each argument a text in double quotes, a number, TRUE/FALSE,
// or a reference ("A2", "A2:A50", "'Other sheet'!B2:C9"). Sheets itself computes any formula; the
// playground computes only these (nested functions and operators are not computed here).
import { parseA1 } from "../fakes/spreadsheet/a1";

export type CallArgument =
  | { kind: "value"; value: string | number | boolean }
  | { kind: "reference"; sheetName: string | null; a1: string; single: boolean }
  | { kind: "omitted" };

export interface CustomCall {
  /** Upper case, as Sheets calls the script's function whatever case was typed. */
  name: string;
  args: CallArgument[];
}

export const CUSTOM_FUNCTION_PREFIX = "LEADS_";

export const UNSUPPORTED_ARGUMENTS =
  "The playground computes LEADS_ formulas whose arguments are text in quotes, numbers, TRUE/FALSE or cell references (A2, A2:A50, " +
  "'Sheet'!B2); nested functions and operators are computed only by Sheets.";

const NAME = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const BOOLEAN = /^(?:TRUE|FALSE)\b/i;
const REFERENCE = /^(?:'(?:[^']|'')+'!|[A-Za-z_][A-Za-z0-9_.]*!)?\$?[A-Za-z]{0,3}\$?\d*(?::\$?[A-Za-z]{0,3}\$?\d*)?/;

/**
 * The custom function call of `formula`, or null when it calls none of the add-on's functions
 * (`=1+1`, `=SUM(A1:A3)`), or `{ problem }` for a LEADS_ call the playground cannot compute.
 */
export function parseCustomCall(formula: string): CustomCall | { problem: string } | null {
  if (!formula.startsWith("=")) return null;
  const head = NAME.exec(formula.slice(1));
  if (head === null || !(head[1] ?? "").toUpperCase().startsWith(CUSTOM_FUNCTION_PREFIX)) return null;
  const name = (head[1] ?? "").toUpperCase();
  let rest = formula.slice(1 + head[0].length);
  const args: CallArgument[] = [];
  const skipSpace = (): void => {
    rest = rest.replace(/^\s+/, "");
  };
  skipSpace();
  if (rest.startsWith(")")) return finish(name, args, rest.slice(1));
  for (;;) {
    skipSpace();
    const argument = readArgument(rest);
    if (argument === null) return { problem: UNSUPPORTED_ARGUMENTS };
    args.push(argument.value);
    rest = argument.rest;
    skipSpace();
    if (rest.startsWith(",")) {
      rest = rest.slice(1);
      continue;
    }
    if (rest.startsWith(")")) return finish(name, args, rest.slice(1));
    return { problem: UNSUPPORTED_ARGUMENTS };
  }
}

function finish(name: string, args: CallArgument[], after: string): CustomCall | { problem: string } {
  return after.trim() === "" ? { name, args } : { problem: UNSUPPORTED_ARGUMENTS };
}

function readArgument(text: string): { value: CallArgument; rest: string } | null {
  if (text.startsWith(",") || text.startsWith(")")) return { value: { kind: "omitted" }, rest: text };
  if (text.startsWith('"')) {
    let value = "";
    for (let i = 1; i < text.length; i += 1) {
      if (text[i] !== '"') {
        value += text[i];
        continue;
      }
      if (text[i + 1] === '"') {
        value += '"';
        i += 1;
        continue;
      }
      return { value: { kind: "value", value }, rest: text.slice(i + 1) };
    }
    return null;
  }
  const number = NUMBER.exec(text);
  if (number !== null && !/^[A-Za-z:(]/.test(text.slice(number[0].length)))
    return { value: { kind: "value", value: Number(number[0]) }, rest: text.slice(number[0].length) };
  const boolean = BOOLEAN.exec(text);
  if (boolean !== null && !/^\s*[(!:]/.test(text.slice(boolean[0].length)))
    return { value: { kind: "value", value: boolean[0].toUpperCase() === "TRUE" }, rest: text.slice(boolean[0].length) };
  const reference = REFERENCE.exec(text);
  const parsed = reference === null || reference[0] === "" ? null : parseA1(reference[0]);
  if (reference === null || parsed === null || /^\s*\(/.test(text.slice(reference[0].length))) return null;
  const single =
    parsed.startRow !== null && parsed.startRow === parsed.endRow && parsed.startColumn !== null && parsed.startColumn === parsed.endColumn;
  return { value: { kind: "reference", sheetName: parsed.sheetName, a1: reference[0], single }, rest: text.slice(reference[0].length) };
}
