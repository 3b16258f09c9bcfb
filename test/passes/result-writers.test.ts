// Checks where a pass writes a search's results, on the spreadsheet fake: into its results sheet,
// one row per business by Business ID, the record checkpointed (rows written, settled once final);
// a deleted sheet recreated; a write that fails notes it on the job and writes nothing.
import { writeResults } from "../../src/passes/result-writers";
import { PassReads } from "../../src/enrich/list/list-rows";
import { SheetsById } from "../../src/sheets/result-sheet";
import { BusinessSchema, type Business } from "../../src/api/schemas";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import { sampleSearchBusiness } from "../api/helpers";
import { unitJobsContext } from "./jobs-context";
import { noteWords } from "../../src/jobs/record-note";

const business = (id: string, title: string): Business => BusinessSchema.parse(sampleSearchBusiness({ id, title }));
const A = business("11111111-2222-4333-8444-000000000001", "Acme Plumbing");
const B = business("11111111-2222-4333-8444-000000000002", "Best Pipes");

function setUp() {
  const unit = unitJobsContext();
  const sheet = unit.spreadsheet.insertSheet("Plumbers");
  const record = newJobRecord({
    id: "job-1",
    kind: "search",
    name: "Plumbers",
    sheetId: sheet.getSheetId(),
    sheetName: "Plumbers",
    status: "running",
    createdAt: "2026-11-21T08:00:00.000Z",
    timeZone: "UTC",
  });
  unit.ctx.store.save(record);
  return { ...unit, sheet, record };
}

const ids = (sheet: GoogleAppsScript.Spreadsheet.Sheet): string[] => {
  const values = sheet.getDataRange().getValues();
  const column = (values[0] ?? []).indexOf("Business ID");
  return values.slice(1).map((row) => String(row[column]));
};

describe("writeResults for a search", () => {
  it("writes one row per business and checkpoints the record, settled once final", () => {
    const { ctx, sheet, record, spreadsheet } = setUp();
    const written = writeResults(
      ctx,
      new SheetsById(spreadsheet),
      [{ record, businesses: [A, B, A], final: true, pair: null, failed: false }],
      new PassReads(),
    );
    expect(ids(sheet).sort()).toEqual([A.id, B.id]);
    expect(written).toBeGreaterThanOrEqual(2);
    expect(ctx.store.get("job-1")).toMatchObject({ rowsWritten: 2, settled: true, sheetName: "Plumbers" });
  });

  it("a running job's snapshot leaves it unsettled; its final write drops rows no longer in its results", () => {
    const { ctx, sheet, record, spreadsheet } = setUp();
    writeResults(
      ctx,
      new SheetsById(spreadsheet),
      [{ record, businesses: [A, B], final: false, pair: null, failed: false }],
      new PassReads(),
    );
    expect(ctx.store.get("job-1")).toMatchObject({ rowsWritten: 2, settled: false });
    const after = ctx.store.get("job-1") as JobRecord;
    writeResults(
      ctx,
      new SheetsById(spreadsheet),
      [{ record: after, businesses: [B], final: true, pair: null, failed: false }],
      new PassReads(),
    );
    expect(ids(sheet)).toEqual([B.id]);
  });

  it("recreates a deleted results sheet and refills it", () => {
    const { ctx, sheet, record, spreadsheet } = setUp();
    spreadsheet.deleteSheet(sheet);
    writeResults(ctx, new SheetsById(spreadsheet), [{ record, businesses: [A], final: true, pair: null, failed: false }], new PassReads());
    const saved = ctx.store.get("job-1") as JobRecord;
    const again = spreadsheet.getSheetByName(saved.sheetName ?? "");
    expect(again).not.toBeNull();
    expect(ids(again as GoogleAppsScript.Spreadsheet.Sheet)).toEqual([A.id]);
  });

  it("a failed write notes it on the job and counts no rows", () => {
    const { ctx, record, spreadsheet } = setUp();
    const broken = {
      ...spreadsheet,
      getSheetByName: () => {
        throw new Error("Service Spreadsheets failed");
      },
      getSheets: () => {
        throw new Error("Service Spreadsheets failed");
      },
      getSheetById: () => {
        throw new Error("Service Spreadsheets failed");
      },
    } as unknown as typeof spreadsheet;
    ctx.spreadsheet = broken;
    expect(
      writeResults(ctx, new SheetsById(broken), [{ record, businesses: [A], final: true, pair: null, failed: false }], new PassReads()),
    ).toBe(0);
    const saved = ctx.store.get("job-1") as JobRecord;
    expect(noteWords(saved.note)).toContain("Service Spreadsheets failed");
    expect(saved.settled).toBe(false);
  });
});
