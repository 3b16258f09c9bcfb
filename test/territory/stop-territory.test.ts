// Checks stopping a territory: its waiting searches become stopped, those under way go on, and the
// record settles only when nothing is left running; anything but a tracked territory is refused.
import { StopRefusedError, stopTerritory } from "../../src/territory/stop-territory";
import { newJobRecord } from "../../src/jobs/job-record";
import { InvalidInputError } from "../../src/errors/user-error";
import { unitJobsContext } from "../passes/jobs-context";
import { territory } from "./territory-fixture";

describe("stopTerritory", () => {
  it("stops the waiting searches and keeps the running one, still running", () => {
    const { ctx } = unitJobsContext();
    ctx.store.save(
      territory({
        pairs: [
          ["job-a", "r", 50],
          [null, "w", null],
        ],
      }),
    );
    stopTerritory(ctx, "t-1");
    expect(ctx.store.get("t-1")).toMatchObject({
      pairs: [
        ["job-a", "r", 50],
        [null, "s", null],
      ],
      stopped: true,
      status: "running",
      settled: false,
      finishedAt: null,
    });
  });

  it("with nothing under way the territory ends, completed, at the clock's time", () => {
    const { ctx, clock } = unitJobsContext();
    ctx.store.save(
      territory({
        pairs: [
          ["job-a", "d", 50],
          [null, "w", null],
        ],
      }),
    );
    stopTerritory(ctx, "t-1");
    expect(ctx.store.get("t-1")).toMatchObject({
      pairs: [
        ["job-a", "d", 50],
        [null, "s", null],
      ],
      status: "completed",
      settled: true,
      finishedAt: new Date(clock.now()).toISOString(),
    });
  });

  it("refuses an id the document does not track, and a plain search, each by its own code, changing nothing", () => {
    const { ctx } = unitJobsContext();
    expect(refusalOf(() => stopTerritory(ctx, "nope")).code).toBe<StopRefusedError["code"]>("untracked");
    const search = newJobRecord({
      id: "s-1",
      kind: "search",
      name: "Plumbers",
      sheetId: 2,
      sheetName: "Plumbers",
      status: "running",
      createdAt: "2026-11-21T08:00:00.000Z",
      timeZone: "UTC",
    });
    ctx.store.save(search);
    expect(refusalOf(() => stopTerritory(ctx, "s-1")).code).toBe<StopRefusedError["code"]>("not_a_territory");
    expect(ctx.store.get("s-1")).toEqual(search);
  });

  it("says each refusal in words that tell the person what to do instead", () => {
    expect(new StopRefusedError({ code: "untracked" }).message).toBe(
      "This document does not track that search: choose one from the sidebar's job list.",
    );
    expect(new StopRefusedError({ code: "not_a_territory", name: "Plumbers" }).message).toBe(
      '"Plumbers" is one search, not a territory: only a territory\'s waiting searches can be stopped.',
    );
  });
});

/** The refusal `stop` throws: a StopRefusedError, an InvalidInputError as every refused input is. */
function refusalOf(stop: () => void): StopRefusedError {
  try {
    stop();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    if (error instanceof StopRefusedError) return error;
    throw error;
  }
  throw new Error("stopTerritory did not refuse");
}
