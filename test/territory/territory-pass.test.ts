// Checks a territory's two steps of a pass on the unit jobs context: a due refresh run starts with a
// new key and every search waiting (the whole run affordable first, else the slot is skipped at no
// cost and says why); then the key's territories create their waiting searches.
import { createWaitingSearches, startDueTerritoryRuns } from "../../src/territory/territory-pass";
import type { TerritoryRecord } from "../../src/jobs/job-record";
import { json, sampleAccount } from "../api/helpers";
import { unitJobsContext } from "../passes/jobs-context";
import { territory } from "./territory-fixture";

const FOREVER = Number.MAX_SAFE_INTEGER;

function dueTerritory(now: number): TerritoryRecord {
  return territory({
    settled: true,
    status: "completed",
    run: 0,
    runKey: "run-0",
    pairs: [
      ["job-a", "d", 100],
      ["job-b", "d", 100],
    ],
    refresh: {
      every: "week",
      lastRunAt: new Date(now - 7 * 86_400_000).toISOString(),
      nextRunAt: new Date(now - 60_000).toISOString(),
      lastError: null,
    },
  });
}

describe("startDueTerritoryRuns", () => {
  it("starts the due run: run 1, a new key, every search waiting, before any is created", () => {
    const { ctx, transport, clock } = unitJobsContext();
    ctx.store.save(dueTerritory(clock.now()));
    transport.reply(json(200, sampleAccount({ credits_remaining: 4200 })));
    startDueTerritoryRuns(ctx, FOREVER);
    expect(ctx.store.get("t-1")).toMatchObject({
      run: 1,
      runKey: "key-1",
      pairs: [
        [null, "w", null],
        [null, "w", null],
      ],
      settled: false,
      status: "running",
      stopped: false,
    });
    expect(transport.requests).toHaveLength(1); // the account only
  });

  it("skips the slot at no cost when the credits cannot cover every search, saying why", () => {
    const { ctx, transport, clock } = unitJobsContext();
    ctx.store.save(dueTerritory(clock.now()));
    transport.reply(json(200, sampleAccount({ credits_remaining: 150 })));
    startDueTerritoryRuns(ctx, FOREVER);
    const saved = ctx.store.get("t-1") as TerritoryRecord;
    expect(saved).toMatchObject({ run: 0, runKey: "run-0", settled: true });
    expect(`${saved.refresh?.lastError ?? ""} ${saved.note ?? ""}`).toMatch(/was not run, and cost nothing/);
  });

  it("asks nothing of the service when no territory is due", () => {
    const { ctx, transport, clock } = unitJobsContext();
    ctx.store.save({ ...dueTerritory(clock.now()), refresh: undefined });
    startDueTerritoryRuns(ctx, FOREVER);
    expect(transport.requests).toHaveLength(0);
  });
});

describe("createWaitingSearches", () => {
  it("creates the waiting searches of the key's unsettled territories only", () => {
    const { ctx, transport } = unitJobsContext();
    ctx.store.save(territory());
    ctx.store.save(territory({ id: "t-other", createdBy: "someone-else" }));
    transport.reply(
      json(201, { job_id: "job-a", status: "queued", credits_reserved: 100 }),
      json(201, { job_id: "job-b", status: "queued", credits_reserved: 100 }),
    );
    createWaitingSearches(ctx, FOREVER);
    expect(ctx.store.get("t-1")).toMatchObject({
      pairs: [
        ["job-a", "r", 100],
        ["job-b", "r", 100],
      ],
    });
    expect(ctx.store.get("t-other")).toMatchObject({
      pairs: [
        [null, "w", null],
        [null, "w", null],
      ],
    });
    expect(transport.requests).toHaveLength(2);
  });
});
