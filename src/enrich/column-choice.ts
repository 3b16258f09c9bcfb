// This file defines what the user picks from when no header row names the name and website
// columns of the rows asked for: the columns of those rows that hold something (each with its
// first value, so the user recognises it), which two look like the names and the websites, and
// the error that carries them to the preview. Its sentences name only the rows asked for and the
// columns the user may pick: never a cell elsewhere on the sheet.
import { InvalidInputError } from "../errors/user-error";
import { columnLetters } from "../sheets/column-letters";
import { checkName, cleanText, normaliseWebsite } from "./normalise";

/** How the name and website columns of a list without a header row are chosen (`previewEnrichment`'s `columnChoice`). */
export interface ColumnChoice {
  /** The rows asked for, in words: "rows 20–22 of Sheet1". */
  rowsLabel: string;
  /** The columns of those rows that hold something, left to right, each with its first value (cut short). */
  candidates: Array<{ column: string; sample: string }>;
  /** The chosen columns' letters, or, before a choice, the ones that look like the names and the websites (null when none does). */
  nameColumn: string | null;
  websiteColumn: string | null;
  /** The list starts in row 1: starting the enrichment inserts a row above it for the headers ("Name", "Website" and the result columns). */
  addsHeaderRow: boolean;
}

/** Columns offered at most (a list without a header is a few columns wide). */
const MAX_CANDIDATES = 26;
const SAMPLE_LENGTH = 28;

const sampleOf = (text: string): string => (text.length > SAMPLE_LENGTH ? `${text.slice(0, SAMPLE_LENGTH - 1)}…` : text);

/** The share (at least half suggests it: a header row the synonyms do not know may be among the rows) of a column's filled cells (in `rows`) that `test` accepts; 0 for an empty column. */
function share(values: readonly unknown[][], rows: readonly number[], column: number, test: (cell: unknown) => boolean): number {
  const filled = rows.map((row) => values[row - 1]?.[column - 1]).filter((cell) => cleanText(cell) !== "");
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
}

const isWebsite = (cell: unknown): boolean => normaliseWebsite(cell).ok;
/** A name: text, not a web address, not a number. */
const isName = (cell: unknown): boolean => checkName(cell).ok && !isWebsite(cell) && typeof cell !== "number" && !/^[\d\s.,%+-]+$/.test(cleanText(cell));

/**
 * The choice over `rows` (1-based, ascending) of `values`. Columns the user selected are
 * suggested before the others; `chosen` are columns given by position, shown as they are; columns
 * from `before` on are not offered.
 */
export function columnChoiceOf(
  values: readonly unknown[][],
  rows: readonly number[],
  rowsLabel: string,
  options: { selectedColumns?: readonly number[]; chosen?: { name: number; website: number }; addsHeaderRow?: boolean; before?: number } = {},
): ColumnChoice {
  // Columns from `before` on are an earlier enrichment's results, not the list's.
  const width = Math.min(values.reduce((most, cells) => Math.max(most, cells.length), 0), (options.before ?? Infinity) - 1);
  const candidates: Array<{ column: number; sample: string }> = [];
  for (let column = 1; column <= width && candidates.length < MAX_CANDIDATES; column += 1) {
    const first = rows.map((row) => cleanText(values[row - 1]?.[column - 1])).find((text) => text !== "");
    if (first !== undefined) candidates.push({ column, sample: sampleOf(first) });
  }
  const selected = new Set(options.selectedColumns ?? []);
  const ordered = [...candidates.filter((c) => selected.has(c.column)), ...candidates.filter((c) => !selected.has(c.column))].map((c) => c.column);
  const website = options.chosen?.website ?? ordered.find((column) => share(values, rows, column, isWebsite) >= 0.5);
  const name = options.chosen?.name ?? ordered.find((column) => column !== website && share(values, rows, column, isName) >= 0.5);
  return {
    rowsLabel,
    candidates: candidates.map((c) => ({ column: columnLetters(c.column), sample: c.sample })),
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
