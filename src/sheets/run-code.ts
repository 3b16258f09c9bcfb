// This file defines a results row's run code, in its technical `Run code` cell: which run last wrote the row (a refresh's day, a
// territory's run number), what that run did to it, and for a territory which of its searches found it. The merges decide by it;
// `Latest refresh`, `Found by` and `Territory run` are words and figures made from it, a person's to retype or translate.

/** What a run did to a row: "" nothing said (a first run), new, updated, updated keeping an earlier value, no longer found. */
export type RunState = "" | "n" | "u" | "k" | "x";

export interface RunCode {
  /** The run: a search's refresh run by its day ("2026-11-27"), a territory's by its number ("3"). */
  run: string;
  state: RunState;
  /** A territory's: the searches of the run that found the row, by their index in the territory's order. */
  pairs: number[];
}

/** A code's text: the run, its state (one of RunState's letters, or none), the pairs if any. */
const CODE = /^([0-9A-Za-z-]+):([nukx]?)(?::([0-9.]*))?$/;

/** The code a cell holds, or null where it holds none (a row the add-on never merged, or a cell a person changed). */
export function readRunCode(text: string): RunCode | null {
  const match = CODE.exec(text.trim());
  if (!match) return null;
  const pairs = (match[3] ?? "")
    .split(".")
    .filter((part) => part !== "")
    .map(Number)
    .filter((index) => Number.isInteger(index) && index >= 0);
  return { run: match[1] ?? "", state: (match[2] ?? "") as RunState, pairs };
}

/** The cell's text of a code: "2026-11-27:u", "3:n:0.4.7". */
export function runCodeText(code: RunCode): string {
  const base = `${code.run}:${code.state}`;
  return code.pairs.length > 0 ? `${base}:${code.pairs.join(".")}` : base;
}
