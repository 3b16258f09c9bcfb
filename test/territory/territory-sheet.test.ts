// Checks what a pass does with a territory's ended searches, on the spreadsheet fake: their
// businesses merged into its one sheet (one row per business, a business two searches found counted
// once), each search marked done or failed, and the run ended only when its last search has.
import { writeEndedSearches } from "../../src/territory/territory-sheet";
import { SheetsById } from "../../src/sheets/result-sheet";
import { BusinessSchema, type Business } from "../../src/api/schemas";
import type { TerritoryRecord } from "../../src/jobs/job-record";
import { sampleSearchBusiness } from "../api/helpers";
import { unitJobsContext } from "../passes/jobs-context";
import { territory } from "./territory-fixture";

const business = (n: number, title: string): Business =>
  BusinessSchema.parse(
    sampleSearchBusiness({
      id: `11111111-2222-4333-8444-00000000000${n}`,
      title,
      phone: `+1 512-555-010${n}`,
      website: `https://d${n}.example`,
      emails: [`info@d${n}.example`],
      phone_types: {},
      email_verifications: {},
      maps_url: `https://maps.example/?cid=${n}`,
    }),
  );
const A = business(1, "Acme Dental");
const B = business(2, "Bright Smiles");

function setUp() {
  const unit = unitJobsContext();
  const sheet = unit.spreadsheet.insertSheet("Dentists");
  const record = territory({
    sheetId: sheet.getSheetId(),
    sheetName: "Dentists",
    pairs: [
      ["job-a", "r", 100],
      ["job-b", "r", 100],
    ],
  });
  unit.ctx.store.save(record);
  return { ...unit, sheet, record };
}

const column = (sheet: GoogleAppsScript.Spreadsheet.Sheet, header: string): string[] => {
  const values = sheet.getDataRange().getValues();
  const at = (values[0] ?? []).indexOf(header);
  return values.slice(1).map((row) => String(row[at]));
};

describe("writeEndedSearches", () => {
  it("merges one ended search, marks it done, and the territory runs on", () => {
    const { ctx, sheet, record, spreadsheet } = setUp();
    expect(writeEndedSearches(ctx, new SheetsById(spreadsheet), record, [{ pair: 0, businesses: [A, B], failed: false }])).toBe(2);
    expect(column(sheet, "Business ID").sort()).toEqual([A.id, B.id]);
    const saved = ctx.store.get("t-1") as TerritoryRecord;
    expect(saved).toMatchObject({
      pairs: [
        ["job-a", "d", 100],
        ["job-b", "r", 100],
      ],
      status: "running",
      settled: false,
      leadCount: 2,
      foundByMore: 0,
    });
  });

  it("the last search ends the run: a business both found is one row, counted as found by more", () => {
    const { ctx, sheet, record, spreadsheet, clock } = setUp();
    writeEndedSearches(ctx, new SheetsById(spreadsheet), record, [{ pair: 0, businesses: [A, B], failed: false }]);
    const after = ctx.store.get("t-1") as TerritoryRecord;
    writeEndedSearches(ctx, new SheetsById(spreadsheet), after, [{ pair: 1, businesses: [B], failed: true }]);
    expect(column(sheet, "Business ID").sort()).toEqual([A.id, B.id]);
    const saved = ctx.store.get("t-1") as TerritoryRecord;
    expect(saved).toMatchObject({
      pairs: [
        ["job-a", "d", 100],
        ["job-b", "f", 100],
      ],
      status: "completed",
      settled: true,
      foundByMore: 1,
      leadCount: 2,
      finishedAt: new Date(clock.now()).toISOString(),
    });
  });

  it("every search failed: the territory failed", () => {
    const { ctx, record, spreadsheet } = setUp();
    writeEndedSearches(ctx, new SheetsById(spreadsheet), record, [
      { pair: 0, businesses: [], failed: true },
      { pair: 1, businesses: [], failed: true },
    ]);
    expect(ctx.store.get("t-1")).toMatchObject({ status: "failed", settled: true });
  });
});
