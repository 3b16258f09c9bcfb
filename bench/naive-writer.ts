// This file is the baseline the import is compared with: a naive, row-by-row importer written
// the way a first Apps Script attempt would be. It reads the job's status and then each results
// page with one UrlFetchApp.fetch per page, one after another (no fetchAll, no validation), and
// writes every business with its own call: `sheet.appendRow(row)`, or one `setValues` per row.
// It runs through the same fake services (runtime.globals()), so the same counters count it.
import type { Business } from "../src/api/schemas";
import { exactText } from "../src/sheets/cell-text";
import type { ColumnValue } from "../src/sheets/cell-text";
import { BUSINESS_COLUMNS } from "../src/sheets/columns";
import type { FakeRuntime } from "../dev/fakes/runtime";

export type NaiveMode = "appendRow" | "setValuesPerRow";

const toCell = (value: ColumnValue): string | number => (value === null ? "" : typeof value === "number" ? value : exactText(value));

/** A results sheet with its header row, made outside any execution (not counted). */
export function prepareNaiveSheet(runtime: FakeRuntime, name: string): void {
  const sheet = runtime.spreadsheetApp.getActiveSpreadsheet().insertSheet(name);
  const headers = BUSINESS_COLUMNS.map((c) => c.header);
  if (sheet.getMaxColumns() < headers.length) sheet.insertColumnsAfter(sheet.getMaxColumns(), headers.length - sheet.getMaxColumns());
  sheet.getRange(1, 1, 1, headers.length).setValues([headers.map(exactText)]);
}

/** Imports a completed search into `sheetName`; returns the number of rows written. */
export function naiveImport(
  runtime: FakeRuntime,
  baseUrl: string,
  apiKey: string,
  jobId: string,
  sheetName: string,
  mode: NaiveMode,
): number {
  const g = runtime.globals("FULL");
  try {
    const params = { headers: { "x-api-key": apiKey }, muteHttpExceptions: true };
    const status = JSON.parse(g.UrlFetchApp.fetch(`${baseUrl}/api/v1/searches/${jobId}`, params).getContentText()) as { status: string };
    if (status.status !== "completed") throw new Error(`naive import: job is ${status.status}`);
    const sheet = g.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
    if (sheet === null) throw new Error(`naive import: no sheet ${sheetName}`);
    let written = 0;
    for (let page = 1; page <= 100; page += 1) {
      const response = g.UrlFetchApp.fetch(`${baseUrl}/api/v1/searches/${jobId}/results?page=${page}&page_size=500`, params);
      const body = JSON.parse(response.getContentText()) as { items: Business[]; has_more: boolean };
      for (const business of body.items) {
        const row = BUSINESS_COLUMNS.map((column) => toCell(column.value(business)));
        if (mode === "appendRow") sheet.appendRow(row);
        else sheet.getRange(2 + written, 1, 1, row.length).setValues([row]);
        written += 1;
      }
      if (!body.has_more || body.items.length === 0) break;
    }
    return written;
  } finally {
    runtime.endAmbient();
  }
}
