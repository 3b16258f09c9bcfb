// This file defines how a set of rows is named for a sales person: "rows 11–20 of Target accounts",
// "rows 3–5 and 9 of …", with long lists cut short ("… and 40 more rows").

/** Runs shown at most; the rest are counted. */
const MAX_RUNS = 6;

/** Consecutive rows as [first, last] runs; `rows` ascending. */
function runsOf(rows: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && row === last[1] + 1) last[1] = row;
    else runs.push([row, row]);
  }
  return runs;
}

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
