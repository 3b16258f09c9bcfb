// Checks starting a territory on the unit jobs context: nothing sent or stored when the account
// cannot cover every search; else one record, its sheet, its searches created with the run's key;
// an identical start while it runs returns it, and nothing is started or charged twice.
import { previewSearch, startTerritory } from "../../src/territory/start-territory";
import type { TerritoryRecord } from "../../src/jobs/job-record";
import { InvalidInputError } from "../../src/errors/user-error";
import { json, sampleAccount } from "../api/helpers";
import { unitJobsContext } from "../passes/jobs-context";

const FOREVER = Number.MAX_SAFE_INTEGER;
const input = {
  queries: ["dentists", "orthodontists"],
  places: [{ label: "Austin, Texas, United States", countryCode: "US" }],
  maxResults: 100,
  language: "en",
  enrichContacts: true,
};
const created = (id: string) => json(201, { job_id: id, status: "queued", credits_reserved: 100 });

describe("startTerritory", () => {
  it("saves one record, makes its sheet, and creates each search with the run's key", () => {
    const { ctx, transport, spreadsheet, triggers } = unitJobsContext();
    transport.reply(json(200, sampleAccount()), created("job-a"), created("job-b"));
    const { record, alreadyRunning } = startTerritory(ctx, input, FOREVER);
    expect(alreadyRunning).toBe(false);
    expect(record).toMatchObject({
      kind: "territory",
      name: "Dentists, orthodontists · Austin",
      pairs: [
        ["job-a", "r", 100],
        ["job-b", "r", 100],
      ],
      createdBy: ctx.keyDigest,
      creditsCharged: 200,
    });
    expect(spreadsheet.getSheetByName(record.sheetName ?? "")?.getSheetId()).toBe(record.sheetId);
    expect(transport.requests.slice(1).map((request) => request.headers["Idempotency-Key"])).toEqual([
      `${record.runKey}:0`,
      `${record.runKey}:1`,
    ]);
    expect(ctx.store.all()).toHaveLength(1);
    expect(triggers.ensured).toBe(1);
  });

  it("refuses, sending and storing nothing more, when the credits cannot cover every search", () => {
    const { ctx, transport } = unitJobsContext();
    transport.reply(json(200, sampleAccount({ credits_remaining: 150 })));
    expect(() => startTerritory(ctx, input, FOREVER)).toThrow(InvalidInputError);
    expect(transport.requests).toHaveLength(1);
    expect(ctx.store.all()).toEqual([]);
  });

  it("an identical start while it runs returns it, asking nothing of the service", () => {
    const { ctx, transport } = unitJobsContext();
    transport.reply(json(200, sampleAccount()), created("job-a"), created("job-b"));
    const first = startTerritory(ctx, input, FOREVER).record;
    const again = startTerritory(ctx, { ...input, name: "Another name" }, FOREVER);
    expect(again.alreadyRunning).toBe(true);
    expect((again.record as TerritoryRecord).id).toBe(first.id);
    expect(transport.requests).toHaveLength(3);
  });
});

describe("previewSearch", () => {
  it("counts the searches, what they reserve together, and why a start would refuse", () => {
    const { ctx, transport } = unitJobsContext();
    transport.reply(json(200, sampleAccount({ credits_remaining: 150 })));
    const preview = previewSearch(ctx, input, FOREVER);
    expect(preview).toMatchObject({ searches: 2, maxResults: 100, creditsNeeded: 200, creditsRemaining: 150 });
    expect(preview.problem).toEqual(expect.any(String));
  });
});
