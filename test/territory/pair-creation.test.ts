// Checks how a territory's waiting searches are created on a scripted service: each with its run's
// key and index, until the service says to wait (429), or refuses for good (402 ends every waiting search).
import { createWaitingPairs, withCredits, withPair } from "../../src/territory/pair-creation";
import type { TerritoryRecord } from "../../src/jobs/job-record";
import { error, json } from "../api/helpers";
import { unitJobsContext } from "../passes/jobs-context";
import { territory } from "./territory-fixture";
import { noteWords } from "../../src/jobs/record-note";

const created = (id: string, reserved: number) => json(201, { job_id: id, status: "queued", credits_reserved: reserved });

describe("createWaitingPairs", () => {
  it("creates every waiting search with the run's key and its index, and records what each reserved", () => {
    const { ctx, transport } = unitJobsContext();
    transport.reply(created("job-a", 50), created("job-b", 40));
    const saved = createWaitingPairs(ctx, territory(), Number.MAX_SAFE_INTEGER);
    expect(saved.note).toBe(null);
    expect(saved.pairs).toEqual([
      ["job-a", "r", 50],
      ["job-b", "r", 40],
    ]);
    expect(saved.creditsCharged).toBe(90);
    expect(saved.status).toBe("running");
    expect(transport.requests.map((r) => r.headers["Idempotency-Key"])).toEqual(["run-key:0", "run-key:1"]);
    const bodies = transport.requests.map((r) => JSON.parse(r.body ?? "") as { name: string; input: { location: string } });
    expect(bodies.map((b) => [b.name, b.input.location])).toEqual([
      ["dentists · Austin, Texas, United States", "Austin, Texas, United States"],
      ["dentists · Plano, Texas, United States", "Plano, Texas, United States"],
    ]);
    expect(ctx.store.get("t-1")).toMatchObject({ pairs: saved.pairs });
  });

  it("stops at a 429 and waits at least a minute before trying again, the search still waiting", () => {
    const { ctx, transport, clock } = unitJobsContext();
    transport.reply(created("job-a", 50), error(429, "Too many active jobs"));
    const saved = createWaitingPairs(ctx, territory(), Number.MAX_SAFE_INTEGER);
    expect(saved.pairs).toEqual([
      ["job-a", "r", 50],
      [null, "w", null],
    ]);
    expect(Date.parse(saved.slotsFullUntil ?? "")).toBeGreaterThanOrEqual(clock.now() + 60_000);
    // Within the wait nothing is sent.
    const again = createWaitingPairs(ctx, saved, Number.MAX_SAFE_INTEGER);
    expect(again).toBe(saved);
    expect(transport.requests).toHaveLength(2);
  });

  it("a 402 fails that search and every one still waiting, saying why", () => {
    const { ctx, transport } = unitJobsContext();
    transport.reply(error(402, "Not enough credits"));
    const saved = createWaitingPairs(ctx, territory(), Number.MAX_SAFE_INTEGER);
    expect(saved.pairs).toEqual([
      [null, "f", 0],
      [null, "f", 0],
    ]);
    expect(saved.status).toBe("failed");
    expect(noteWords(saved.note)).toMatch(/^Its searches still waiting were not started: /);
    expect(transport.requests).toHaveLength(1);
  });

  it("a 422 fails that one search only, by its label, and goes on with the next", () => {
    const { ctx, transport } = unitJobsContext();
    transport.reply(error(422, "bad location"), created("job-b", 40));
    const saved = createWaitingPairs(ctx, territory(), Number.MAX_SAFE_INTEGER);
    expect(saved.pairs).toEqual([
      [null, "f", 0],
      ["job-b", "r", 40],
    ]);
    expect(noteWords(saved.note)).toMatch(/^"dentists · Austin, Texas, United States" was not started: /);
  });

  it("creates nothing for a stopped territory, another key's, or one past its deadline", () => {
    const { ctx, transport, clock } = unitJobsContext();
    expect(createWaitingPairs(ctx, territory({ stopped: true }), Number.MAX_SAFE_INTEGER).pairs[0]).toEqual([null, "w", null]);
    expect(createWaitingPairs(ctx, territory({ createdBy: "other-digest" }), Number.MAX_SAFE_INTEGER).pairs[0]).toEqual([null, "w", null]);
    expect(createWaitingPairs(ctx, territory(), clock.now()).pairs[0]).toEqual([null, "w", null]);
    expect(transport.requests).toHaveLength(0);
  });
});

describe("withPair and withCredits", () => {
  it("withPair replaces one pair only", () => {
    expect(withPair(territory(), 1, ["j", "d", 7]).pairs).toEqual([
      [null, "w", null],
      ["j", "d", 7],
    ]);
  });
  it("withCredits sets the charge of the first run only", () => {
    const pairs: TerritoryRecord["pairs"] = [
      ["a", "r", 10],
      ["b", "d", 5],
    ];
    expect(withCredits(territory({ pairs })).creditsCharged).toBe(15);
    expect(withCredits(territory({ pairs, run: 2, creditsCharged: 3 })).creditsCharged).toBe(3);
  });
});
