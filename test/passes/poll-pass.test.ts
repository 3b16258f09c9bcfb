// Unit tests of the poll-and-write pass (src/passes/poll-pass.ts, result-writers.ts) on src/ with a
// scripted service, the job store on a plain map and the spreadsheet fake: every status in one
// round trip, the pages of all jobs in one more, each job's results where they go (its results
// sheet, or the rows of an enrichment), a terminal job read to the end and settled, and a job whose
// status or pages could not be read left for the next pass and saying so.
import type { HttpRequest } from "../../src/api/transport";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import { runPass as runPollPass } from "../../src/passes/pass-steps";
import { createResultSheet } from "../../src/sheets/result-sheet";
import {
  ENRICH_ID,
  SEARCH_ID,
  error,
  json,
  pathOf,
  sampleEnrichmentBusiness,
  sampleJob,
  sampleSearchBusiness,
  type Reply,
} from "../api/helpers";
import { KEY_DIGEST, unitJobsContext } from "./jobs-context";

const OTHER_SEARCH = "6e8c9d2f-3a4b-4c5d-8e7f-9a0b1c2d3e4f";

function searchRecord(ctx: ReturnType<typeof unitJobsContext>["ctx"], id: string, sheetName: string): JobRecord {
  const sheet = createResultSheet(ctx.spreadsheet, sheetName);
  return newJobRecord({
    id,
    kind: "search",
    name: sheetName,
    sheetId: sheet.getSheetId(),
    sheetName,
    status: "queued",
    createdAt: "2026-11-21T09:00:00.000Z",
    createdBy: KEY_DIGEST,
    seenBy: [KEY_DIGEST],
    timeZone: "Etc/UTC",
  });
}

function page(jobId: string, items: Array<Record<string, unknown>>, hasMore = false): Reply {
  return json(200, { job_id: jobId, status: "completed", items, total: items.length, page: 1, page_size: 500, has_more: hasMore });
}

/** Answers by path: statuses and first pages as given. */
function route(transport: ReturnType<typeof unitJobsContext>["transport"], answers: Record<string, Reply>): void {
  transport.route = (request: HttpRequest) => {
    const answer = answers[pathOf(request.url)];
    if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
    return answer;
  };
}

const business = (jobId: string, n: number) =>
  sampleSearchBusiness({
    id: `${jobId.slice(0, 8)}-b${n}`,
    search_id: jobId,
    position: n,
    title: `Shop ${n}`,
    maps_url: `https://maps.example/?cid=${n}`,
  });

describe("runPollPass", () => {
  it("reads every status in one round trip and every page in one more, writes each search's sheet and settles the finished ones", () => {
    const { ctx, transport, app } = unitJobsContext();
    ctx.store.save(searchRecord(ctx, SEARCH_ID, "Plumbers"));
    ctx.store.save(searchRecord(ctx, OTHER_SEARCH, "Bakers"));
    route(transport, {
      [`/api/v1/searches/${SEARCH_ID}`]: json(200, sampleJob({ id: SEARCH_ID, status: "completed", lead_count: 2 })),
      [`/api/v1/searches/${OTHER_SEARCH}`]: json(200, sampleJob({ id: OTHER_SEARCH, status: "running", lead_count: 1 })),
      [`/api/v1/searches/${SEARCH_ID}/results`]: page(SEARCH_ID, [business(SEARCH_ID, 1), business(SEARCH_ID, 2)]),
      [`/api/v1/searches/${OTHER_SEARCH}/results`]: page(OTHER_SEARCH, [business(OTHER_SEARCH, 1)], true),
    });
    const report = runPollPass(ctx, ctx.clock.now() + 60_000);
    expect(transport.rounds.map((round) => [round.via, round.requests.length])).toEqual([
      ["fetchAll", 2],
      ["fetchAll", 2],
    ]);
    expect(report).toMatchObject({ jobsPolled: 2, pagesRead: 2, rowsWritten: 3, stoppedEarly: false });
    expect(
      app.testing
        .values("Plumbers")
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(["Shop 1", "Shop 2"]);
    expect(
      app.testing
        .values("Bakers")
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(["Shop 1"]);
    expect(ctx.store.get(SEARCH_ID)).toMatchObject({ status: "completed", settled: true, rowsWritten: 2, leadCount: 2 });
    expect(ctx.store.get(OTHER_SEARCH)).toMatchObject({ status: "running", settled: false, rowsWritten: 1 });
  });

  it("leaves a job whose pages failed for the next pass, saying so, and writes the others", () => {
    const { ctx, transport, app } = unitJobsContext();
    ctx.store.save(searchRecord(ctx, SEARCH_ID, "Plumbers"));
    ctx.store.save(searchRecord(ctx, OTHER_SEARCH, "Bakers"));
    route(transport, {
      [`/api/v1/searches/${SEARCH_ID}`]: json(200, sampleJob({ id: SEARCH_ID, status: "completed", lead_count: 1 })),
      [`/api/v1/searches/${OTHER_SEARCH}`]: json(200, sampleJob({ id: OTHER_SEARCH, status: "completed", lead_count: 1 })),
      [`/api/v1/searches/${SEARCH_ID}/results`]: error(400, "page out of range"),
      [`/api/v1/searches/${OTHER_SEARCH}/results`]: page(OTHER_SEARCH, [business(OTHER_SEARCH, 1)]),
    });
    runPollPass(ctx, ctx.clock.now() + 60_000);
    expect(ctx.store.get(SEARCH_ID)).toMatchObject({
      settled: false,
      note: { kind: "passFailed", step: "results", message: expect.any(String) },
    });
    expect(app.testing.values("Plumbers")).toHaveLength(1);
    expect(ctx.store.get(OTHER_SEARCH)).toMatchObject({ settled: true, rowsWritten: 1 });
  });

  it("writes an enrichment of rows back into them, and a job the key may not see (404) is left to its creator", () => {
    const { ctx, transport, app, spreadsheet } = unitJobsContext();
    const sheet = spreadsheet.getActiveSheet();
    sheet.getRange(1, 1, 2, 2).setValues([
      ["Company", "Website"],
      ["Acme Plumbing", "https://acme.example"],
    ]);
    ctx.store.save(
      newJobRecord({
        id: ENRICH_ID,
        kind: "enrichment",
        name: "Enrich",
        sheetId: sheet.getSheetId(),
        sheetName: sheet.getName(),
        status: "enriching",
        createdAt: "2026-11-21T09:00:00.000Z",
        enrichment: { headerRow: 1, nameHeader: "Company", nameColumn: 1, websiteHeader: "Website", websiteColumn: 2 },
        createdBy: KEY_DIGEST,
        seenBy: [KEY_DIGEST],
        timeZone: "Etc/UTC",
      }),
    );
    ctx.store.save(searchRecord(ctx, OTHER_SEARCH, "Someone else's"));
    // Another editor, whose key has not tried yet, may be its creator's.
    ctx.editors.register("editor-2", "fedcba9876543210", ctx.clock.now());
    route(transport, {
      [`/api/v1/enrichments/${ENRICH_ID}`]: json(
        200,
        sampleJob({
          id: ENRICH_ID,
          status: "completed",
          lead_count: 1,
          actor_input: { businesses: [{ business_name: "Acme Plumbing", website_url: "https://acme.example" }] },
        }),
      ),
      [`/api/v1/searches/${OTHER_SEARCH}`]: error(404, "not found"),
      [`/api/v1/enrichments/${ENRICH_ID}/results`]: page(ENRICH_ID, [
        sampleEnrichmentBusiness({ emails: ["info@acme.example"], enrichment_status: "completed" }),
      ]),
    });
    runPollPass(ctx, ctx.clock.now() + 60_000);
    const values = app.testing.values(sheet.getName());
    const header = (values[0] ?? []).map(String);
    expect(header.slice(0, 3)).toEqual(["Company", "Website", "Enrichment status"]);
    expect(values[1]?.[header.indexOf("Emails")]).toBe("info@acme.example");
    expect(ctx.store.get(ENRICH_ID)).toMatchObject({ settled: true, rowsWritten: 1 });
    expect(ctx.store.get(OTHER_SEARCH)).toMatchObject({ settled: false, hiddenFrom: [KEY_DIGEST] });
  });
});
