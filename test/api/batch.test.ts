// Tests batches: one fetchAll round trip, per-item results with partial failures, retry rounds
// containing only the retryable items, and a whole-batch network failure.
import { ResponseShapeError } from "../../src/api/errors";
import type { HttpRequest } from "../../src/api/transport";
import {
  ENRICH_ID,
  ROOT,
  SEARCH_ID,
  error,
  json,
  makeClient,
  network,
  resultsPage,
  sampleJob,
  sampleSearchBusiness,
  type Reply,
} from "./helpers";

describe("batch", () => {
  test("several reads go out in one fetchAll round trip, results in request order", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, sampleJob({ status: "completed" })),
      json(200, resultsPage([sampleSearchBusiness()], { page: 2, page_size: 50 })),
      json(200, sampleJob({ id: ENRICH_ID, status: "enriching" })),
    );
    const [search, page, enrichment] = client.batch([
      client.prepare.getSearch(SEARCH_ID),
      client.prepare.getSearchResults(SEARCH_ID, { page: 2, pageSize: 50 }),
      client.prepare.getEnrichment(ENRICH_ID),
    ]);

    expect(transport.rounds).toHaveLength(1);
    expect(transport.rounds[0]?.via).toBe("fetchAll");
    expect(transport.rounds[0]?.requests.map((r) => r.url)).toEqual([
      `${ROOT}/searches/${SEARCH_ID}`,
      `${ROOT}/searches/${SEARCH_ID}/results?page=2&page_size=50`,
      `${ROOT}/enrichments/${ENRICH_ID}`,
    ]);
    // Typed per item: a Job, a ResultsPage, a Job.
    expect(search?.ok && search.value.status).toBe("completed");
    expect(page?.ok && page.value.items[0]?.title).toBe("Acme Plumbing");
    expect(enrichment?.ok && enrichment.value.id).toBe(ENRICH_ID);
  });

  test("an empty batch sends nothing", () => {
    const { client, transport } = makeClient();
    expect(client.batch([])).toEqual([]);
    expect(transport.rounds).toHaveLength(0);
  });

  test("partial failures: final errors settle at once, retryable items go again alone", () => {
    const { client, transport, clock } = makeClient({ random: () => 0 });
    const byUrl: Record<string, Reply[]> = {
      [`${ROOT}/searches/a`]: [json(200, sampleJob({ id: "a" }))],
      [`${ROOT}/searches/b`]: [error(404, "not found")],
      [`${ROOT}/searches/c`]: [error(503, "down"), json(200, sampleJob({ id: "c" }))],
      [`${ROOT}/searches/d`]: [error(429, "busy", { "retry-after": "3" }), json(200, sampleJob({ id: "d" }))],
      [`${ROOT}/searches/e`]: [json(200, { ...sampleJob({ id: "e" }), lead_count: "many" })],
    };
    transport.route = (request: HttpRequest) => {
      const reply = byUrl[request.url]?.shift();
      if (!reply) throw new Error(`unexpected ${request.url}`);
      return reply;
    };

    const results = client.batch(["a", "b", "c", "d", "e"].map((id) => client.prepare.getSearch(id)));

    expect(transport.rounds.map((round) => round.via)).toEqual(["fetchAll", "fetchAll"]);
    expect(transport.rounds[1]?.requests.map((r) => r.url)).toEqual([`${ROOT}/searches/c`, `${ROOT}/searches/d`]);
    // One shared wait, long enough for the longest Retry-After.
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(3000);

    expect(results.map((r) => r.ok)).toEqual([true, false, true, true, false]);
    const [a, b, c, d, e] = results;
    expect(a?.ok && a.value.id).toBe("a");
    expect(!b?.ok && b?.error.kind).toBe("not_found");
    expect(!b?.ok && b?.error.message).toMatch(/^Search b was not found/);
    expect(c?.ok && c.value.id).toBe("c");
    expect(d?.ok && d.value.id).toBe("d");
    expect(!e?.ok && e?.error).toBeInstanceOf(ResponseShapeError);
    expect(!e?.ok && e?.error.kind).toBe("bad_response");
    expect(!e?.ok && e?.error instanceof ResponseShapeError && e.error.issues.map((issue) => issue.path)).toEqual(["lead_count"]);
  });

  test("a network exception of the whole fetchAll retries the whole remaining batch", () => {
    const { client, transport } = makeClient();
    let round = 0;
    transport.fetchAll = function (this: typeof transport, requests: HttpRequest[]) {
      this.rounds.push({ via: "fetchAll", requests });
      round++;
      if (round === 1) throw new Error("Address unavailable");
      return requests.map(() => ({ status: 200, headers: {}, body: JSON.stringify(sampleJob()) }));
    };
    const results = client.batch([client.prepare.getSearch("x"), client.prepare.getSearch("y")]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(transport.rounds).toHaveLength(2);
    expect(transport.rounds[1]?.requests).toHaveLength(2);
  });

  test("items still failing when attempts run out keep their last error", () => {
    const { client, transport } = makeClient({ maxAttempts: 2 });
    transport.route = (request) => (request.url.endsWith("/ok") ? json(200, sampleJob()) : error(503, "down"));
    const [ok, down] = client.batch([client.prepare.getSearch("ok"), client.prepare.getSearch("down")]);
    expect(ok?.ok).toBe(true);
    expect(down?.ok).toBe(false);
    expect(!down?.ok && down?.error.attempts).toBe(2);
    expect(transport.rounds.map((r) => r.requests.length)).toEqual([2, 1]);
  });

  test("the deadline stops retry rounds", () => {
    const { client, transport, clock } = makeClient({ random: () => 0 });
    transport.route = () => error(503, "down");
    const [only] = client.batch([client.prepare.getSearch("x")], { deadline: clock.now() + 100 });
    expect(only?.ok).toBe(false);
    expect(transport.rounds).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  test("whole-batch network failures on every attempt end with network errors", () => {
    const { client, transport } = makeClient({ maxAttempts: 3 });
    transport.route = () => network("offline");
    const results = client.batch([client.prepare.getAccount(), client.prepare.getSearch("x")]);
    expect(results.map((r) => !r.ok && r.error.kind)).toEqual(["network", "network"]);
    expect(transport.rounds).toHaveLength(3);
  });

  test("creations can be batched too, each with its own key", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(202, { job_id: "e1", status: "enriching", businesses_submitted: 1, credits_reserved: 1 }),
      error(503, "down"),
      json(202, { job_id: "e2", status: "enriching", businesses_submitted: 1, credits_reserved: 1 }),
    );
    const body = (n: number) => ({ businesses: [{ business_name: `B${n}`, website_url: `https://b${n}.example` }] });
    const results = client.batch([
      client.prepare.createEnrichment(body(1), "chunk-1"),
      client.prepare.createEnrichment(body(2), "chunk-2"),
    ]);
    expect(results.map((r) => r.ok && r.value.job_id)).toEqual(["e1", "e2"]);
    const retried = transport.rounds[1]?.requests[0];
    expect(retried?.headers["Idempotency-Key"]).toBe("chunk-2");
    expect(retried?.body).toBe(transport.rounds[0]?.requests[1]?.body);
  });
});
