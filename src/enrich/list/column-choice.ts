// This file defines what the user picks from when no header row names the name and website columns: the asked rows' filled columns
// (each with its first value), the likely pair, and the error that carries them to the preview. Its words name only those rows and columns.
import { InvalidInputError } from "../../errors/user-error";
import { columnLetters } from "../../sheets/column-letters";
import { checkName, cleanText, normaliseWebsite } from "./normalise";
import { ENRICH_HEADERS, STATUS_HEADER } from "../../sheets/columns";
import { headerKey } from "../../sheets/headers";

/** How the name and website columns of a list without a header row are chosen (`previewEnrichment`'s `columnChoice`). */
export interface ColumnChoice {
  /** The rows asked for, in words: "rows 20–22 of Sheet1". */
  rowsLabel: string;
  /** The columns of those rows that hold something, left to right, each with its first value (cut short). */
  candidates: Array<{ column: string; sample: string }>;
  /** The chosen columns' letters, or, before a choice, the ones that look like the names and the websites (null when none does). */
  nameColumn: string | null;
  websiteColumn: string | null;
  /**
   * The list starts in row 1: starting the enrichment inserts a row above it for the headers ("Name", "Website" and the result columns).
   */
  addsHeaderRow: boolean;
}

/** Columns offered at most (a list without a header is a few columns wide). */
const MAX_CANDIDATES = 26;
const SAMPLE_LENGTH = 28;
/** Rows the guess looks at, at most: the first ones asked for. */
const GUESS_ROWS = 500;

const sampleOf = (text: string): string => (text.length > SAMPLE_LENGTH ? `${text.slice(0, SAMPLE_LENGTH - 1)}…` : text);

/**
 * The share (at least half suggests it: a header row the synonyms do not know may be among the rows) of a column's filled cells (in `rows`)
 * that `test` accepts; 0 for an empty column.
 */
function share(values: readonly unknown[][], rows: readonly number[], column: number, test: (cell: unknown) => boolean): number {
  const filled = rows.map((row) => values[row - 1]?.[column - 1]).filter((cell) => cleanText(cell) !== "");
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
}

const isWebsite = (cell: unknown): boolean => normaliseWebsite(cell).ok;
/** A name: text, not a web address, not a number. */
const isName = (cell: unknown): boolean =>
  checkName(cell).ok && !isWebsite(cell) && typeof cell !== "number" && !/^[\d\s.,%+-]+$/.test(cleanText(cell));

/**
 * The add-on's own columns among these rows and above them: in each row holding `Enrichment
 * status` (the header row of an earlier enrichment's results), that cell and the result headers
 * right of it (`Enrichment status` … `Enriched for`). Those rows are no rows of the list either.
 */
function ourResultColumns(values: readonly unknown[][], lastRow: number): { columns: Set<number>; rows: Set<number> } {
  const columns = new Set<number>();
  const rows = new Set<number>();
  const ours = new Set(ENRICH_HEADERS.map(headerKey));
  for (let row = 1; row <= Math.min(lastRow, values.length); row += 1) {
    const cells = (values[row - 1] ?? []).map(headerKey);
    const from = cells.indexOf(headerKey(STATUS_HEADER));
    if (from < 0) continue;
    rows.add(row);
    cells.forEach((text, index) => index >= from && ours.has(text) && columns.add(index + 1));
  }
  return { columns, rows };
}

/**
 * The name and website columns, by their values: the pair with the most rows holding a name and a
 * website (a notes block above the list has few or none), the selected columns first where two
 * pairs hold as many; where no row holds both, the first column mostly of websites and the first
 * other mostly of names.
 */
function guessColumns(
  values: readonly unknown[][],
  rows: readonly number[],
  ordered: readonly number[],
): { name?: number; website?: number; listRows: number[] } {
  const sample = rows.slice(0, GUESS_ROWS);
  const cell = (row: number, column: number): unknown => values[row - 1]?.[column - 1];
  const names = new Map(ordered.map((column) => [column, sample.map((row) => isName(cell(row, column)))]));
  let best: { name: number; website: number; listRows: number[] } | null = null;
  for (const website of ordered) {
    const sites = sample.map((row) => isWebsite(cell(row, website)));
    if (!sites.some(Boolean)) continue;
    for (const name of ordered) {
      const listRows = name === website ? [] : sample.filter((_, i) => sites[i] && names.get(name)?.[i]);
      if (listRows.length > (best?.listRows.length ?? 0)) best = { name, website, listRows };
    }
  }
  if (best) return best;
  const website = ordered.find((column) => share(values, rows, column, isWebsite) >= 0.5);
  const name = ordered.find((column) => column !== website && share(values, rows, column, isName) >= 0.5);
  return { ...(name === undefined ? {} : { name }), ...(website === undefined ? {} : { website }), listRows: [] };
}

/**
 * The choice over `rows` (1-based, ascending) of `values`. Columns the user selected are
 * suggested before the others; `chosen` are columns given by position, shown as they are; the
 * add-on's own result columns (ourResultColumns) are not offered. Each column shows its first
 * value in the list's rows (those where the suggested columns hold a name and a website).
 */
export function columnChoiceOf(
  values: readonly unknown[][],
  rows: readonly number[],
  rowsLabel: string,
  options: { selectedColumns?: readonly number[]; chosen?: { name: number; website: number }; addsHeaderRow?: boolean } = {},
): ColumnChoice {
  const ours = ourResultColumns(values, rows[rows.length - 1] ?? 0);
  const listed = rows.filter((row) => !ours.rows.has(row));
  const width = values.reduce((most, cells) => Math.max(most, cells.length), 0);
  const filled: number[] = [];
  for (let column = 1; column <= width && filled.length < MAX_CANDIDATES; column += 1) {
    if (!ours.columns.has(column) && listed.some((row) => cleanText(values[row - 1]?.[column - 1]) !== "")) filled.push(column);
  }
  const selected = new Set(options.selectedColumns ?? []);
  const ordered = [...filled.filter((c) => selected.has(c)), ...filled.filter((c) => !selected.has(c))];
  const guess = guessColumns(values, listed, ordered);
  const name = options.chosen?.name ?? guess.name;
  const website = options.chosen?.website ?? guess.website;
  const firstValue = (column: number): string =>
    [...guess.listRows, ...listed].map((row) => cleanText(values[row - 1]?.[column - 1])).find((text) => text !== "") ?? "";
  return {
    rowsLabel,
    candidates: filled.map((column) => ({ column: columnLetters(column), sample: sampleOf(firstValue(column)) })),
    nameColumn: name === undefined ? null : columnLetters(name),
    websiteColumn: website === undefined ? null : columnLetters(website),
    addsHeaderRow: options.addsHeaderRow ?? false,
  };
}

/**
 * No header row names the columns of the rows asked for. The message is for a start from the menu
 * (it says where the columns are chosen); the sidebar, which offers the choice, says `prompt`.
 */
export class HeaderNotFoundError extends InvalidInputError {
  constructor(
    message: string,
    readonly prompt: string,
    readonly choice: ColumnChoice,
  ) {
    super(message);
    this.name = "HeaderNotFoundError";
  }
}

/** What a preview shows when the rows cannot be read: the sentence, and the columns to choose from when that is the cause. */
export function unreadArea(error: InvalidInputError): { problem: string; rowsLabel: string | null; columnChoice: ColumnChoice | null } {
  if (!(error instanceof HeaderNotFoundError)) return { problem: error.message, rowsLabel: null, columnChoice: null };
  return { problem: error.prompt, rowsLabel: error.choice.rowsLabel, columnChoice: error.choice };
}
