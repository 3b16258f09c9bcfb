// This file defines where a job's results go when a pass writes them: its results sheet as the record says, or, if the user deleted it,
// a new one whose name is saved in the record ahead of any write, so a pass killed after this finds that sheet instead of making another.
import { BUSINESS_COLUMNS, type ColumnSpec } from "../sheets/columns";
import { createResultSheet, uniqueSheetName, type SheetsById } from "../sheets/result-sheet";
import type { JobsContext } from "./job-context";
import type { JobRecord } from "./job-record";
import { lastingNote } from "./record-note";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Who recreates it, as the job's note says: "it was recreated", "the refresh recreated it". */
type RecreatedBy = "it was recreated" | "the refresh recreated it";

/** `columns`: what a new sheet is laid out with (a territory's: TERRITORY_COLUMNS). */
export function resultSheetOf<R extends JobRecord>(
  ctx: JobsContext,
  record: R,
  sheets: SheetsById,
  recreatedBy: RecreatedBy,
  columns: readonly ColumnSpec[] = BUSINESS_COLUMNS,
): { sheet: Sheet; record: R } {
  const found = sheets.of(record);
  // Found by the name stored before its id (a start or an import killed in between): its id kept from now on.
  if (found) return { sheet: found, record: record.sheetId === null ? { ...record, sheetId: found.getSheetId() } : record };
  const name = uniqueSheetName(ctx.spreadsheet, record.sheetName ?? record.name);
  // Its grid: the header and the rows it held (the pass writes them all again), not Google's 1,000 × 26.
  const sheet = createResultSheet(ctx.spreadsheet, name, columns, Math.max(record.rowsWritten, record.leadCount ?? 0) + 1);
  sheets.add(sheet);
  const note = record.sheetId === null ? null : lastingNote(`The results sheet was deleted; ${recreatedBy} as "${name}".`);
  const recreated: R = { ...record, sheetId: sheet.getSheetId(), sheetName: name, note };
  ctx.store.save(recreated);
  ctx.store.flush();
  return { sheet, record: recreated };
}
