// Rows held for another editor's chunk (src/enrich/run/stop-continue.ts) are that chunk's: the run's own
// sender, settling a chunk of its own with the same business while that chunk is stored, leaves
// them held; the editor whose chunk they wait for marks them "Sent".
import { PendingChunks, pendingChunksOf } from "../../../src/enrich/run/pending";
import { runStoreOf, type RunRecord } from "../../../src/enrich/run/run-record";
import { ListRows } from "../../../src/enrich/list/list-rows";
import { rereadArea } from "../../../src/enrich/list/sheet-area";
import { chunkIdempotencyKey, chunkStartKey, sendWaitingRows } from "../../../src/enrich/run/send-chunks";
import type { EnrichTarget } from "../../../src/jobs/enrich-target";
import { ENRICH_HEADERS, ENRICHED_FOR_HEADER, ROW_STATE_HEADER, STATUS_HEADER } from "../../../src/sheets/columns";
import { json } from "../../api/helpers";
import { mapStore } from "../../storage/map-store";
import { unitJobsContext } from "../../passes/jobs-context";

const TARGET: EnrichTarget = { headerRow: 1, nameHeader: "Company", nameColumn: 1, websiteHeader: "Website", websiteColumn: 2 };
const WAITING = "Waiting to be sent";
const HELD = "Waiting: held for another editor's chunk that may be on its way; sent once it is settled or expires";
const SENT = "Sent: waiting for results";
const FOR = "Acme | https://acme.example";

/**
 * A list of two rows of one business: row 2 in the current editor's stored chunk (its answer lost), row 3 held for another editor's chunk.
 */
function setUp(senderOfRun: string, othersChunkStored = senderOfRun === "editor-1") {
  const world = unitJobsContext();
  const { ctx, spreadsheet } = world;
  const sheet = spreadsheet.getActiveSheet();
  // Each row's status words, its code (what the add-on decides by) and what it was sent as, under their headers.
  const cellsOf: Record<string, (status: string, code: string) => string> = {
    [STATUS_HEADER]: (status) => status,
    [ROW_STATE_HEADER]: (_status, code) => code,
    [ENRICHED_FOR_HEADER]: () => FOR,
  };
  const row = (status: string, code: string) => ["Acme", "acme.example", ...ENRICH_HEADERS.map((h) => cellsOf[h]?.(status, code) ?? "")];
  const values = [["Company", "Website", ...ENRICH_HEADERS], row(WAITING, "waiting"), row(HELD, "held")];
  sheet.getRange(1, 1, values.length, values[0]?.length ?? 0).setValues(values);
  const run: RunRecord = {
    runId: "run-1",
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    target: TARGET,
    editorId: senderOfRun,
    createdAt: new Date(ctx.clock.now()).toISOString(),
    perJob: 700,
    rows: 2,
    rowsWaiting: 2,
    businessesWaiting: 1,
    rowsDropped: 0,
    chunksMade: 1,
    jobsPlanned: 1,
    stopped: false,
  };
  runStoreOf(ctx).save(run);
  const body = { name: `Enrich ${sheet.getName()}`, businesses: [{ business_name: "Acme", website_url: "https://acme.example" }] };
  const startKey = chunkStartKey(body);
  const head = {
    startKey,
    idempotencyKey: chunkIdempotencyKey(ctx, startKey),
    sheetId: run.sheetId,
    sheetName: run.sheetName,
    target: TARGET,
    createdAt: run.createdAt,
    index: 0,
    runId: run.runId,
  };
  pendingChunksOf(ctx).save(head, body);
  if (othersChunkStored) {
    // The other editor's chunk the held row waits for, stored in their properties.
    const theirs = { ...body, name: `${body.name} (1 of 2)` };
    const their = new PendingChunks(ctx.properties, mapStore(), ctx.documentId, "editor-2");
    their.save({ ...head, startKey: chunkStartKey(theirs), idempotencyKey: "their-key" }, theirs);
  }
  world.transport.reply(json(201, { job_id: "job-1", status: "enriching", businesses_submitted: 1, credits_reserved: 1 }));
  const statuses = () =>
    sheet
      .getRange(2, 3, 2, 1)
      .getValues()
      .map((cells) => String(cells[0]));
  const send = () =>
    sendWaitingRows(
      ctx,
      run,
      () => ListRows.ofArea(rereadArea(sheet as unknown as GoogleAppsScript.Spreadsheet.Sheet, TARGET)),
      ctx.clock.now() + 60_000,
    );
  return { statuses, send };
}

describe("rows held for another editor's chunk", () => {
  it("stay held when the run's sender settles a chunk of its own with the same business", () => {
    const { statuses, send } = setUp("editor-1");
    expect(send().jobs.map((job) => job.id)).toEqual(["job-1"]);
    expect(statuses()).toEqual([SENT, HELD]);
  });

  it("say Sent when the editor they wait for settles its chunk", () => {
    const { statuses, send } = setUp("editor-2");
    expect(send().jobs.map((job) => job.id)).toEqual(["job-1"]);
    expect(statuses()).toEqual([SENT, SENT]);
  });

  it("say Sent when the run came back to the editor they wait for, and no other editor's chunk is stored", () => {
    const { statuses, send } = setUp("editor-1", false);
    expect(send().jobs.map((job) => job.id)).toEqual(["job-1"]);
    expect(statuses()).toEqual([SENT, SENT]);
  });
});
