// Tests the custom functions over ranges bigger than one evaluation can read, on src/ with a
// scripted service and a virtual clock: records kept many to a cache entry (Cache keeps at most
// 1,000 items, 100 KB each), the request budget of the service's rolling minute, round trips
// that stop before the deadline or at a 429, and cells that say "Not fetched yet" instead of one
// error for the whole range.
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import type { HttpRequest } from "../../src/api/transport";
import { CellCache } from "../../src/functions/cell-cache";
import type { FormulaContext } from "../../src/functions/formula-context";
import { leadsBusiness, leadsJob } from "../../src/functions/leads-functions";
import { NOT_FETCHED } from "../../src/functions/lookups";
import { BUCKET_BYTES, RecordCache } from "../../src/functions/record-cache";
import { FORMULA_REQUESTS_PER_MINUTE, RequestBudget } from "../../src/functions/request-budget";
import { ROUND_REQUESTS } from "../../src/functions/fetch-rounds";
import { FakeClock, SEARCH_ID, error, json, makeClient, pathOf, sampleJob, sampleSearchBusiness, type Reply } from "../api/helpers";
import { MapCache } from "./map-cache";

const MINUTE = 60_000;

describe("RecordCache", () => {
  it("keeps 5,000 records in at most 256 entries, each under 100 KB, each record with its own expiry", () => {
    const store = new MapCache();
    const clock = new FakeClock();
    const records = new RecordCache<{ id: string; text: string }>(
      new CellCache(store, "ns"),
      "biz",
      256,
      () => clock.now(),
      z.object({ id: z.string(), text: z.string() }),
    );
    const ids = Array.from({ length: 5000 }, () => randomUUID());
    ids.forEach((id, i) => records.set(id, { id, text: "Ünïcödé café ".repeat(40) }, i % 2 === 0 ? 20 : 3600));
    records.flush();
    expect(store.entries.size).toBeLessThanOrEqual(256);
    for (const value of store.entries.values()) expect(Buffer.byteLength(value, "utf8")).toBeLessThanOrEqual(BUCKET_BYTES);

    const reader = () =>
      new RecordCache<{ id: string }>(new CellCache(store, "ns"), "biz", 256, () => clock.now(), z.object({ id: z.string() }));
    expect(reader().get(ids).size).toBe(5000);
    expect(new RecordCache(new CellCache(store, "other"), "biz", 256, () => clock.now(), z.object({ id: z.string() })).get(ids).size).toBe(
      0,
    );
    clock.time += 21_000;
    const later = reader().get(ids);
    expect(later.size).toBe(2500);
    expect(ids.filter((_, i) => i % 2 === 1).every((id) => later.has(id))).toBe(true);
  });

  it("drops the records nearest their expiry from a bucket that would not fit, and reads a damaged entry as a miss", () => {
    const store = new MapCache();
    const clock = new FakeClock();
    const records = new RecordCache<string>(new CellCache(store, "ns"), "big", 1, () => clock.now(), z.string());
    const text = "x".repeat(30 * 1024);
    records.set("soon", text, 60);
    records.set("later", text, 3600);
    records.set("latest", text, 7200);
    records.set("last", text, 7000);
    records.flush();
    const kept = new RecordCache<string>(new CellCache(store, "ns"), "big", 1, () => clock.now(), z.string()).get([
      "soon",
      "later",
      "latest",
      "last",
    ]);
    expect([...kept.keys()].sort()).toEqual(["last", "latest"]);
    store.entries.set([...store.entries.keys()][0] as string, JSON.stringify({ last: "not an entry", latest: [Date.now() * 2, "ok"] }));
    expect([
      ...new RecordCache<string>(new CellCache(store, "ns"), "big", 1, () => clock.now(), z.string()).get(["last", "latest"]).keys(),
    ]).toEqual(["latest"]);
  });

  it("keeps what another execution stored in a bucket it writes to without reading it first", () => {
    const store = new MapCache();
    const clock = new FakeClock();
    const make = () => new RecordCache<number>(new CellCache(store, "ns"), "n", 1, () => clock.now(), z.number());
    const first = make();
    first.set("a", 1, 600);
    first.flush();
    const second = make();
    second.set("b", 2, 600);
    second.flush();
    expect([...make().get(["a", "b"]).entries()]).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });
});

describe("RequestBudget", () => {
  it("gives formulas their share of the rolling minute, less what they sent, and nothing while the service asked to wait", () => {
    const clock = new FakeClock();
    const cache = new CellCache(new MapCache(), "ns");
    const budget = new RequestBudget(cache, clock);
    expect(budget.left()).toBe(FORMULA_REQUESTS_PER_MINUTE);
    budget.spend(600);
    clock.time += 30_000;
    budget.spend(200);
    expect(new RequestBudget(cache, clock).left()).toBe(FORMULA_REQUESTS_PER_MINUTE - 800);
    clock.time += 30_001;
    expect(budget.left()).toBe(FORMULA_REQUESTS_PER_MINUTE - 200);
    budget.waitFor(45_000);
    expect(budget.left()).toBe(0);
    clock.time += 45_000;
    expect(budget.left()).toBe(FORMULA_REQUESTS_PER_MINUTE);
  });
});

// ---- the functions, against a scripted service ------------------------------------------------

/** A service holding `ids` as businesses of one search; each fetchAll takes `latencyMs` of virtual time. */
function service(ids: readonly string[], latencyMs = 1000, jobStatus = "completed") {
  const { client, transport, clock } = makeClient({ maxAttempts: 3, maxRetryAfterMs: 10_000 });
  const known = new Set(ids);
  let override: (request: HttpRequest) => Reply | null = () => null;
  transport.route = (request) => {
    const special = override(request);
    if (special) return special;
    const path = pathOf(request.url);
    const id = path.split("/").pop() ?? "";
    if (path.startsWith("/api/v1/businesses/")) return known.has(id) ? json(200, sampleSearchBusiness({ id })) : error(404, "Not found");
    if (path === `/api/v1/searches/${SEARCH_ID}`) return json(200, sampleJob({ status: jobStatus }));
    return error(404, "Not found");
  };
  const fetchAll = transport.fetchAll.bind(transport);
  transport.fetchAll = (requests) => {
    clock.time += latencyMs;
    return fetchAll(requests);
  };
  const cache = new CellCache(new MapCache(), "ns");
  return {
    clock,
    transport,
    /** A new evaluation's context: 20 s from now, as the add-on gives a formula. */
    ctx: (): FormulaContext => ({
      client,
      cache,
      clock,
      deadline: clock.now() + 20_000,
      trackedJob: () => null,
      withoutForgotten: (businesses) => [...businesses],
      forgottenMark: "0",
    }),
    /** Answers some requests otherwise (null: as usual). */
    answer: (reply: (request: HttpRequest) => Reply | null) => {
      override = reply;
    },
  };
}

const column = (ids: readonly string[]) => ids.map((id) => [id]);
const PHONE = sampleSearchBusiness()["phone"];
const businessPaths = (requests: readonly HttpRequest[]) =>
  requests.map((r) => pathOf(r.url)).filter((p) => p.startsWith("/api/v1/businesses/"));

describe("LEADS_BUSINESS over a range bigger than a minute's requests", () => {
  it(
    "reads the range's first IDs in round trips of 200 within the budget, says 'Not fetched yet' for the rest, " +
      "and goes on a minute later",
    () => {
      const ids = Array.from({ length: 2000 }, () => randomUUID());
      const s = service(ids);
      const first = leadsBusiness(s.ctx(), column(ids), "phone") as unknown[][];
      const filled = first.findIndex((row) => row[0] === NOT_FETCHED);
      // The formulas' share, less the two requests kept back for the search's status (asked once, as search and as enrichment).
      expect(filled).toBe(FORMULA_REQUESTS_PER_MINUTE - 2);
      expect(first.slice(0, filled).every((row) => row[0] === PHONE)).toBe(true);
      expect(first.slice(filled).every((row) => row[0] === NOT_FETCHED)).toBe(true);
      expect(s.transport.rounds.every((round) => round.requests.length <= ROUND_REQUESTS)).toBe(true);
      expect(s.transport.requests).toHaveLength(FORMULA_REQUESTS_PER_MINUTE);

      // At once: nothing sent, the same cells.
      const sentBefore = s.transport.requests.length;
      expect(leadsBusiness(s.ctx(), column(ids), "phone")).toEqual(first);
      expect(s.transport.requests.length).toBe(sentBefore);

      // A minute later, then another: the rest, each business asked for once in all.
      s.clock.time += MINUTE + 1;
      leadsBusiness(s.ctx(), column(ids), "phone");
      s.clock.time += MINUTE + 1;
      const last = leadsBusiness(s.ctx(), column(ids), "phone") as unknown[][];
      expect(last.every((row) => row[0] === PHONE)).toBe(true);
      const asked = businessPaths(s.transport.requests);
      expect(asked).toHaveLength(2000);
      expect(new Set(asked).size).toBe(2000);
    },
  );

  it("stops before the deadline when round trips are slow, and the cells not read say so", () => {
    const ids = Array.from({ length: 900 }, () => randomUUID());
    const s = service(ids, 8000);
    const startedAt = s.clock.now();
    const cells = leadsBusiness(s.ctx(), column(ids), "phone") as unknown[][];
    expect(s.clock.now() - startedAt).toBeLessThanOrEqual(20_000);
    // Round 1 (8 s), the search's status (16 s): a third round trip would end past 20 s.
    expect(s.transport.rounds).toHaveLength(2);
    expect(cells.filter((row) => row[0] === PHONE)).toHaveLength(ROUND_REQUESTS);
    expect(cells.filter((row) => row[0] === NOT_FETCHED)).toHaveLength(900 - ROUND_REQUESTS);
  });

  it("a range answered whole needs no job status: one round trip, kept briefly when the job is not known to have ended", () => {
    const ids = Array.from({ length: 49 }, () => randomUUID());
    const s = service(ids);
    expect(leadsBusiness(s.ctx(), column(ids), "phone")).toEqual(ids.map(() => [PHONE]));
    expect(s.transport.rounds.map((r) => r.requests.length)).toEqual([49]);
  });

  it("learns an unfinished range's job is still running and keeps its businesses only briefly", () => {
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    const s = service(ids, 1000, "running");
    leadsBusiness(s.ctx(), column(ids), "phone");
    const firstAsked = businessPaths(s.transport.requests).length;
    s.clock.time += MINUTE + 1;
    leadsBusiness(s.ctx(), column(ids), "phone");
    // The first minute's businesses were kept 20 s: asked again with the rest, after the job's
    // status once more (one request: its family is known by now).
    expect(businessPaths(s.transport.requests).length - firstAsked).toBe(FORMULA_REQUESTS_PER_MINUTE - 1);
  });

  it("a 429 stops the evaluation (cells 'Not fetched yet', never one error) and its Retry-After holds the next ones back", () => {
    const ids = Array.from({ length: 300 }, () => randomUUID());
    const s = service(ids);
    s.answer((request) =>
      pathOf(request.url).startsWith("/api/v1/businesses/") ? error(429, "Rate limit", { "Retry-After": "40" }) : null,
    );
    expect(leadsBusiness(s.ctx(), column(ids), "phone")).toEqual(ids.map(() => [NOT_FETCHED]));
    expect(s.transport.rounds).toHaveLength(1);
    // One ID alone says the service's own sentence.
    s.clock.time += 41_000;
    expect(() => leadsBusiness(s.ctx(), ids[0], "phone")).toThrow(/too many requests/i);
    s.clock.time += 41_000;
    s.answer(() => null);
    expect(leadsBusiness(s.ctx(), column(ids), "phone")).toEqual(ids.map(() => [PHONE]));
  });

  it("a refused key or a service that is down, with nothing answered, is one error said once", () => {
    const ids = Array.from({ length: 30 }, () => randomUUID());
    const s = service(ids);
    s.answer(() => error(401, "Invalid API key"));
    expect(() => leadsBusiness(s.ctx(), column(ids), "phone")).toThrow(/API key/);
    s.answer(() => error(503, "Down"));
    expect(() => leadsBusiness(s.ctx(), column(ids), "phone")).toThrow(/unavailable/i);
    // Some of the range answered (cached): the others say "Not fetched yet".
    s.answer(() => null);
    leadsBusiness(s.ctx(), column(ids.slice(0, 10)), "phone");
    s.answer(() => error(503, "Down"));
    const mixed = leadsBusiness(s.ctx(), column(ids), "phone") as unknown[][];
    expect(mixed.map((row) => row[0])).toEqual([...ids.slice(0, 10).map(() => PHONE), ...ids.slice(10).map(() => NOT_FETCHED)]);
  });

  it("an unknown ID is not asked for again by the next evaluation", () => {
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const s = service(ids.slice(0, 4));
    const cells = leadsBusiness(s.ctx(), column(ids), "phone") as unknown[][];
    expect(cells[4]?.[0]).toMatch(/No business with ID/);
    const sent = s.transport.requests.length;
    expect(leadsBusiness(s.ctx(), column(ids), "phone")).toEqual(cells);
    expect(s.transport.requests.length).toBe(sent);
  });
});

describe("LEADS_JOB over a range", () => {
  it("shares the budget: 'Not fetched yet' while the minute is spent, then each job once", () => {
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    const s = service(ids);
    leadsBusiness(s.ctx(), column(ids), "phone");
    s.answer((request) =>
      pathOf(request.url).startsWith("/api/v1/searches/")
        ? json(200, sampleJob({ id: pathOf(request.url).split("/").pop(), status: "completed" }))
        : null,
    );
    const jobs = Array.from({ length: 5 }, () => randomUUID());
    const sent = s.transport.requests.length;
    expect(leadsJob(s.ctx(), column(jobs), "status")).toEqual(jobs.map(() => [NOT_FETCHED]));
    expect(s.transport.requests.length).toBe(sent);
    s.clock.time += MINUTE + 1;
    expect(leadsJob(s.ctx(), column(jobs), "status")).toEqual(jobs.map(() => ["completed"]));
    expect(leadsJob(s.ctx(), column(jobs), "lead_count")).toEqual(jobs.map(() => [12]));
    // Each job asked as a search and as an enrichment (its family unknown), once.
    expect(s.transport.requests.length - sent).toBe(10);
  });
});
