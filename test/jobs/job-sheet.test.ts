// Checks where a job's results go on the spreadsheet fake: its sheet as the record says; the sheet
// found by its stored name when the id was never kept; a deleted sheet made again under a unique
// name, the record saved with it first and saying what happened.
import { resultSheetOf } from "../../src/jobs/job-sheet";
import { SheetsById } from "../../src/sheets/result-sheet";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import { unitJobsContext } from "../passes/jobs-context";

const record = (sheetId: number | null, sheetName: string): JobRecord =>
  newJobRecord({
    id: "job-1",
    kind: "search",
    name: "Plumbers",
    sheetId,
    sheetName,
    status: "running",
    createdAt: "2026-11-21T08:00:00.000Z",
    timeZone: "UTC",
  });

describe("resultSheetOf", () => {
  it("is the record's sheet, nothing saved", () => {
    const { ctx, spreadsheet } = unitJobsContext();
    const sheet = spreadsheet.insertSheet("Plumbers");
    const found = resultSheetOf(ctx, record(sheet.getSheetId(), "Plumbers"), new SheetsById(spreadsheet), "it was recreated");
    expect(found.sheet.getSheetId()).toBe(sheet.getSheetId());
    expect(ctx.store.get("job-1")).toBeNull();
  });

  it("finds the sheet by the name stored before its id, and keeps the id from now on", () => {
    const { ctx, spreadsheet } = unitJobsContext();
    const sheet = spreadsheet.insertSheet("Plumbers");
    const found = resultSheetOf(ctx, record(null, "Plumbers"), new SheetsById(spreadsheet), "it was recreated");
    expect(found.record.sheetId).toBe(sheet.getSheetId());
  });

  it("makes a deleted sheet again under a name no sheet has, saved and saying so", () => {
    const { ctx, spreadsheet } = unitJobsContext();
    const sheet = spreadsheet.insertSheet("Plumbers");
    const id = sheet.getSheetId();
    spreadsheet.deleteSheet(sheet);
    spreadsheet.insertSheet("Plumbers"); // another sheet took the name meanwhile
    const found = resultSheetOf(ctx, record(id, "Plumbers"), new SheetsById(spreadsheet), "the refresh recreated it");
    expect(found.record.sheetName).not.toBe("Plumbers");
    expect(found.sheet.getName()).toBe(found.record.sheetName);
    expect(found.record.note).toEqual({
      kind: "lasting",
      text: `The results sheet was deleted; the refresh recreated it as "${found.record.sheetName}".`,
    });
    expect(ctx.store.get("job-1")).toMatchObject({ sheetId: found.sheet.getSheetId(), sheetName: found.record.sheetName });
  });
});
