// This file defines where the Contacts sheet's businesses come from: every sheet a job record names
// (a results sheet: header row 1; an enriched list: its header row, name and website columns and
// enrichment's block), each read in one getValues by header labels, in the document's sheet order.
import type { EnrichTarget } from "../jobs/enrich-target";
import { enrichmentOf, searchOf, type JobRecord } from "../jobs/job-record";
import { searchedWords } from "../rules/searched";
import { ENRICH_HEADERS, STATUS_HEADER } from "../sheets/columns";
import { CONTACTS_SHEET } from "./contact-columns";
import type { SourceSheet } from "./contacts-of";
import { SOURCE_HEADERS, sourceBusiness, type SourceField } from "./source-business";
import { columnOfHeader } from "../sheets/headers";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** A sheet to read: a results sheet (`list` null) or a user's list with its enrichment target. */
interface SourceRef {
  /** sheetKeyOf its record. */
  key: string;
  list: EnrichTarget | null;
  /** Where its businesses were found (`Source`): a search's query and place, a job's name; null for a list (`list <sheet name>`). */
  source: string | null;
}

/**
 * What a record's sheet says its businesses were found by: a search's
 * query and place, else the job's name (a territory's rows say their own).
 */
function sourceOf(record: JobRecord): string {
  const searched = searchOf(record)?.searched;
  return searched ? searchedWords(searched) : record.name;
}

/** Which sheet a record writes into: its sheet id, or the name of a record written before it kept the id; null: none yet. */
export function sheetKeyOf(record: Pick<JobRecord, "sheetId" | "sheetName">): string | null {
  if (record.sheetId !== null) return `#${record.sheetId}`;
  return record.sheetName ? `name:${record.sheetName}` : null;
}

/** The sheets `records` write into (only those of `keys` when given), once each (a list once per header row). */
export function sourceRefs(records: readonly JobRecord[], keys?: ReadonlySet<string>): SourceRef[] {
  const refs = new Map<string, SourceRef>();
  for (const record of records) {
    const key = sheetKeyOf(record);
    if (key === null || (keys && !keys.has(key))) continue;
    const list = enrichmentOf(record)?.enrichment ?? null;
    const id = `${key}:${list ? list.headerRow : "results"}`;
    if (!refs.has(id)) refs.set(id, { key, list, source: list ? null : sourceOf(record) });
  }
  return [...refs.values()];
}

/** The 0-based column of the first header cell that is `label` by the one header rule (headers.ts), from `from` on; -1 for none. */
const columnOf = (header: readonly unknown[], label: string, from = 0): number =>
  label === "" ? -1 : columnOfHeader(header, label, from + 1) - 1;

/**
 * Each field's column (0-based) in a header row: a results sheet's, the first cell with its label; an enriched list's, its name and
 * website columns (by header, else where they were) and the block's from `Enrichment status` on.
 */
function columnsOf(header: readonly unknown[], target: EnrichTarget | null): Map<SourceField, number> {
  const columns = new Map<SourceField, number>();
  const start = target ? columnOf(header, STATUS_HEADER) : 0;
  for (const field of Object.keys(SOURCE_HEADERS) as SourceField[]) {
    const label = SOURCE_HEADERS[field];
    const inBlock = start >= 0 && field !== "company" && field !== "website" && ENRICH_HEADERS.includes(label);
    const at = !target || inBlock ? columnOf(header, label, start) : -1;
    if (at >= 0) columns.set(field, at);
  }
  if (!target) return columns;
  const named = (text: string, fallback: number): number => {
    const at = columnOf(header, text);
    return at >= 0 ? at : fallback - 1;
  };
  columns.set("company", named(target.nameHeader, target.nameColumn));
  columns.set("website", named(target.websiteHeader, target.websiteColumn));
  return columns;
}

/** A source sheet of the document: the sheet, its name, and its ref's list and source. */
type SourceAt = Omit<SourceRef, "key"> & { sheet: Sheet; name: string };

/** One source sheet's businesses, read in one getValues from its header row to its last row. */
export function readSource({ sheet, name, list, source }: SourceAt): SourceSheet {
  const headerRow = list ? list.headerRow : 1;
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  if (lastRow <= headerRow || lastColumn === 0) return { name, businesses: [] };
  const values = sheet.getRange(headerRow, 1, lastRow - headerRow + 1, lastColumn).getValues();
  const columns = columnsOf(values[0] ?? [], list);
  const found = source ?? `list ${name}`;
  const businesses = values.slice(1).map((row) =>
    sourceBusiness((field) => {
      const at = columns.get(field);
      return at === undefined ? "" : row[at];
    }, found),
  );
  return { name, businesses };
}

/**
 * The sheets of `refs` present in the document, in its sheet order (`names`:
 * each sheet's, in that order; the Contacts sheet never one of them).
 */
export function orderedSources(sheets: readonly Sheet[], names: readonly string[], refs: readonly SourceRef[]): SourceAt[] {
  return sheets.flatMap((sheet, index) => {
    const name = names[index] ?? "";
    if (name === CONTACTS_SHEET) return [];
    const id = `#${sheet.getSheetId()}`;
    const mine = [...refs.filter((ref) => ref.key === id), ...refs.filter((ref) => ref.key === `name:${name}`)];
    return mine.map((ref) => ({ sheet, name, list: ref.list, source: ref.source }));
  });
}
