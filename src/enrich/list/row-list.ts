// This file defines how a set of rows is named for a sales person: "rows 11–20 of Target accounts",
// "rows 3–5 and 9 of …", with long lists cut short ("… and 40 more rows"); and rows as spans, which a pass's reads share.

/** Runs shown at most; the rest are counted. */
const MAX_RUNS = 6;

/** Sorted rows as [first, last] spans, those at most `gap` rows apart joined, at most `most` spans. */
export function spansOf(rows: readonly number[], gap: number, most: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const row of rows) {
    const last = spans[spans.length - 1];
    if (last && row - last[1] - 1 <= gap) last[1] = Math.max(last[1], row);
    else spans.push([row, row]);
  }
  while (spans.length > Math.max(1, most)) {
    let at = 0;
    for (let i = 1; i < spans.length - 1; i += 1) {
      if ((spans[i + 1]?.[0] ?? 0) - (spans[i]?.[1] ?? 0) < (spans[at + 1]?.[0] ?? 0) - (spans[at]?.[1] ?? 0)) at = i;
    }
    const [left, right] = [spans[at], spans[at + 1]];
    if (!left || !right) break;
    spans.splice(at, 2, [left[0], right[1]]);
  }
  return spans;
}

/** Sorted rows (or columns), each once, as [first, last] runs of consecutive ones. */
export const runsOf = (rows: readonly number[]): Array<[number, number]> => spansOf(rows, 0, Number.POSITIVE_INFINITY);

/** The rows from `first` to `last`, inclusive. */
export const rowSpan = (first: number, last: number): number[] =>
  Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);

const runText = ([first, last]: [number, number]): string => (first === last ? String(first) : `${first}–${last}`);

/** "row 7", "rows 11–20", "rows 3–5 and 9", "rows 3–5, 9, 12–14 and 20", then "of <sheet>". `rows` ascending. */
export function describeRows(rows: readonly number[], sheetName: string): string {
  const runs = runsOf(rows);
  const shown = runs.slice(0, MAX_RUNS).map(runText);
  const rest = runs.slice(MAX_RUNS).reduce((n, [first, last]) => n + last - first + 1, 0);
  const noun = rows.length === 1 ? "row" : "rows";
  let list: string;
  if (rest > 0) list = `${shown.join(", ")} and ${rest} more ${rest === 1 ? "row" : "rows"}`;
  else if (shown.length <= 1) list = shown.join("");
  else list = `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1] ?? ""}`;
  return rows.length === 0 ? `no rows of ${sheetName}` : `${noun} ${list} of ${sheetName}`;
}
