// Defines A1-notation parsing and printing: column letters, "'My Sheet'!A1:C3", open ranges "A:C", "2:5", "A2:C".

/** A parsed A1 reference; a null bound is open (runs to the sheet's edge). */
export interface A1Reference {
  sheetName: string | null;
  startRow: number | null;
  startColumn: number | null;
  endRow: number | null;
  endColumn: number | null;
}

/** 1 → "A", 27 → "AA". */
export function columnToLetters(column: number): string {
  let n = column;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "A" → 1, "aa" → 27. */
export function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Quotes a sheet name for A1 notation when it needs quoting; an inner quote doubles. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

const PART = /^\$?([A-Za-z]{1,3})?\$?([0-9]+)?$/;

interface Part {
  column: number | null;
  row: number | null;
}

function parsePart(text: string): Part | null {
  const m = PART.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const row = m[2] === undefined ? null : Number(m[2]);
  if (row !== null && row < 1) return null;
  return { column: m[1] === undefined ? null : lettersToColumn(m[1]), row };
}

/** Splits "'It''s'!A1" into sheet name and reference; null when the quoting is broken. */
function splitSheet(a1: string): { sheetName: string | null; ref: string } | null {
  if (a1.startsWith("'")) {
    let i = 1;
    let name = "";
    for (;;) {
      if (i >= a1.length) return null;
      const ch = a1[i];
      if (ch === "'") {
        if (a1[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += ch;
      i += 1;
    }
    if (a1[i + 1] !== "!") return null;
    return { sheetName: name, ref: a1.slice(i + 2) };
  }
  const bang = a1.lastIndexOf("!");
  if (bang < 0) return { sheetName: null, ref: a1 };
  return { sheetName: a1.slice(0, bang), ref: a1.slice(bang + 1) };
}

/**
 * Parses A1 notation as Sheets accepts it: a cell ("B2"), a box ("A1:C3", either corner first),
 * whole columns ("A:C"), whole rows ("2:5") or a box open at the bottom ("A2:C"). Null when invalid.
 */
export function parseA1(a1: string): A1Reference | null {
  const split = splitSheet(a1.trim());
  if (!split || split.sheetName === "") return null;
  const pieces = split.ref.split(":");
  if (pieces.length > 2) return null;
  const start = parsePart(pieces[0] ?? "");
  if (!start) return null;
  if (pieces.length === 1) {
    if (start.row === null || start.column === null) return null;
    return { sheetName: split.sheetName, startRow: start.row, startColumn: start.column, endRow: start.row, endColumn: start.column };
  }
  const end = parsePart(pieces[1] ?? "");
  if (!end) return null;
  const full = (p: Part): boolean => p.row !== null && p.column !== null;
  const columnOnly = (p: Part): boolean => p.row === null && p.column !== null;
  const rowOnly = (p: Part): boolean => p.row !== null && p.column === null;
  const ok =
    (full(start) && full(end)) ||
    (columnOnly(start) && columnOnly(end)) ||
    (rowOnly(start) && rowOnly(end)) ||
    (full(start) && columnOnly(end));
  if (!ok) return null;
  const order = (a: number | null, b: number | null): [number | null, number | null] =>
    a !== null && b !== null && b < a ? [b, a] : [a, b];
  const [startRow, endRow] = order(start.row, end.row);
  const [startColumn, endColumn] = order(start.column, end.column);
  return { sheetName: split.sheetName, startRow, startColumn, endRow, endColumn };
}

/** Prints a range in A1 notation; open bounds print as Sheets prints them ("A:C", "2:5", "A2:C"). */
export function formatA1(
  row: number,
  column: number,
  numRows: number,
  numColumns: number,
  open: { rows: boolean; columns: boolean; bottom: boolean } = { rows: false, columns: false, bottom: false },
): string {
  const endRow = row + numRows - 1;
  const endColumn = column + numColumns - 1;
  if (open.rows) return `${columnToLetters(column)}:${columnToLetters(endColumn)}`;
  if (open.columns) return `${row}:${endRow}`;
  if (open.bottom) return `${columnToLetters(column)}${row}:${columnToLetters(endColumn)}`;
  const first = `${columnToLetters(column)}${row}`;
  return numRows === 1 && numColumns === 1 ? first : `${first}:${columnToLetters(endColumn)}${endRow}`;
}

/** Which bounds of a range were open in its A1 notation (for printing it back). */
export interface OpenBounds {
  rows: boolean;
  columns: boolean;
  bottom: boolean;
}

/** Resolves a parsed reference against a sheet's size: open bounds run to its last row or column. */
export function resolveA1(
  ref: A1Reference,
  maxRows: number,
  maxColumns: number,
): { row: number; column: number; numRows: number; numColumns: number; open: OpenBounds } {
  const row = ref.startRow ?? 1;
  const column = ref.startColumn ?? 1;
  const endRow = ref.endRow ?? maxRows;
  const endColumn = ref.endColumn ?? maxColumns;
  return {
    row,
    column,
    numRows: Math.max(1, endRow - row + 1),
    numColumns: Math.max(1, endColumn - column + 1),
    open: {
      rows: ref.startRow === null && ref.endRow === null,
      columns: ref.startColumn === null && ref.endColumn === null,
      bottom: ref.startRow !== null && ref.endRow === null && ref.startColumn !== null,
    },
  };
}
