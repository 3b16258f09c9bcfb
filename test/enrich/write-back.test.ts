// Write-back of enrichment results into the user's rows (src/enrich/poll.ts) on the spreadsheet
// fake: rows are found by their own (name, website), duplicates all get the result, the user's
// columns are untouched, and a result whose title the service cleaned up still finds its row
// through its position in the submitted list. Rows marked as sent for a pair (their `Enriched for`)
// are the ones that asked: another row with the same pair, not selected, stays as it is.
import { BusinessSchema, type Business } from "../../src/api/schemas";
import type { JobsContext } from "../../src/jobs/job-context";
import type { JobRecord } from "../../src/jobs/job-record";
import { JobStore } from "../../src/jobs/job-store";
import type { KeyValueStore } from "../../src/storage/key-value-store";
import { SheetsById } from "../../src/sheets/result-sheet";
import { writeEnrichmentResults } from "../../src/enrich/write-back/write-results";
import { FakeSpreadsheetApp } from "../../dev/fakes/spreadsheet";
import { fixedFacts } from "../storage/map-store";
import { RECORD_KINDS } from "../../src/app/record-kinds";

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getProperty: (k) => map.get(k) ?? null,
    getProperties: () => Object.fromEntries(map),
    setProperty: (k, v) => map.set(k, v),
    deleteProperty: (k) => map.delete(k),
  };
}

function business(position: number, title: string, website: string, emails: string[]): Business {
  const parsed = BusinessSchema.safeParse({
    id: `b${position}`,
    search_id: "job-1",
    position,
    title,
    website,
    emails,
    enrichment_status: "completed",
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data as Business;
}

describe("writeEnrichmentResults", () => {
  it("fills the rows that asked, by their own name and website, and nothing else", () => {
    const app = new FakeSpreadsheetApp({});
    const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
    const sheet = spreadsheet.getActiveSheet();
    const rows = [
      ["Company", "Website", "Notes"],
      ["Beta", "beta.io", "keep me"],
      ["Acme", "acme.com", "0042"],
      ["ACME ", "https://acme.com/", "=dup"],
      ["Gamma", "gamma.org", "not sent"],
    ];
    sheet.getRange(1, 1, rows.length, 3).setValues(rows.map((r) => r.map((v) => (v.startsWith("=") || v === "0042" ? `'${v}` : v))));
    const properties = memoryStore();
    const store = new JobStore(properties, fixedFacts(), RECORD_KINDS);
    const ctx = { store, properties, spreadsheet } as unknown as JobsContext;
    const record: JobRecord = {
      id: "job-1",
      kind: "enrichment",
      name: "Enrich",
      sheetId: sheet.getSheetId(),
      sheetName: sheet.getName(),
      status: "completed",
      leadCount: 2,
      enrichedCount: 2,
      creditsCharged: 2,
      rowsWritten: 0,
      settled: false,
      error: null,
      note: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      finishedAt: null,
      startKey: null,
      timeZone: "Etc/UTC",
      enrichment: { headerRow: 1, nameHeader: "Company", nameColumn: 1, websiteHeader: "Website", websiteColumn: 2 },
    };
    const sent = [
      { business_name: "Acme", website_url: "https://acme.com" },
      { business_name: "Beta", website_url: "https://beta.io" },
    ];
    // The service returned a cleaned-up title for Acme: its position finds it.
    const results = [
      business(1, "ACME Incorporated", "https://acme.com/", ["info@acme.com"]),
      business(2, "Beta", "https://beta.io", ["hi@beta.io"]),
    ];
    const matched = writeEnrichmentResults(ctx, new SheetsById(spreadsheet), [{ record, businesses: results, final: true, sent }]);
    expect(matched).toBe(3);

    const values = sheet.getDataRange().getValues();
    const header = values[0]?.map(String) ?? [];
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(0, 3)).toEqual(["Company", "Website", "Notes"]);
    expect(values.slice(1).map((r) => [r[col("Enrichment status")], r[col("Emails")], r[col("Enriched for")]])).toEqual([
      ["completed", "hi@beta.io", "Beta | https://beta.io"],
      ["completed", "info@acme.com", "Acme | https://acme.com"],
      ["completed", "info@acme.com", "Acme | https://acme.com"],
      ["", "", ""],
    ]);
    expect(values.slice(1).map((r) => r[2])).toEqual(["keep me", "0042", "=dup", "not sent"]);
    expect(store.get("job-1")?.settled).toBe(true);
  });

  it("writes only into the rows whose Enriched for says they were sent; an unselected row with the same pair stays as it is", () => {
    const app = new FakeSpreadsheetApp({});
    const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
    const sheet = spreadsheet.getActiveSheet();
    const rows = [
      ["Company", "Website", "Enrichment status", "Enriched for"],
      ["Acme", "acme.com", "Sent: waiting for results", "Acme | https://acme.com"],
      ["Beta", "beta.io", "", ""],
      ["ACME", "https://acme.com/", "", ""], // the same pair, not selected
    ];
    sheet.getRange(1, 1, rows.length, 4).setValues(rows);
    const properties = memoryStore();
    const store = new JobStore(properties, fixedFacts(), RECORD_KINDS);
    const ctx = { store, properties, spreadsheet } as unknown as JobsContext;
    const record: JobRecord = {
      id: "job-2",
      kind: "enrichment",
      name: "Enrich",
      sheetId: sheet.getSheetId(),
      sheetName: sheet.getName(),
      status: "completed",
      leadCount: 1,
      enrichedCount: 1,
      creditsCharged: 1,
      rowsWritten: 0,
      settled: false,
      error: null,
      note: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      finishedAt: null,
      startKey: null,
      timeZone: "Etc/UTC",
      enrichment: { headerRow: 1, nameHeader: "Company", nameColumn: 1, websiteHeader: "Website", websiteColumn: 2 },
    };
    const sent = [{ business_name: "Acme", website_url: "https://acme.com" }];
    const matched = writeEnrichmentResults(ctx, new SheetsById(spreadsheet), [
      { record, businesses: [business(1, "Acme", "https://acme.com", ["info@acme.com"])], final: true, sent },
    ]);
    expect(matched).toBe(1);
    const values = sheet.getDataRange().getValues();
    const header = values[0]?.map(String) ?? [];
    const col = (name: string) => header.indexOf(name);
    expect(values.slice(1).map((r) => [r[col("Enrichment status")], r[col("Emails")]])).toEqual([
      ["completed", "info@acme.com"],
      ["", ""],
      ["", ""],
    ]);
  });
});
