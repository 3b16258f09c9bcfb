// Contract tests of every error status in the spec's table (401 402 403 404 409 422 428 429 503) as the client meets them from the
// simulator over loopback HTTP, with their messages, retry behaviour and no API key in any message.
import { LeadsApiError, messageForStatus } from "../../src/api/errors";
import {
  AUSTIN,
  clientFor,
  expectApiError,
  expectNoKeyInErrors,
  idemKey,
  newParty,
  raw,
  searchBody,
  sent,
  serviceAnswer,
  startContractWorld,
  type ContractWorld,
} from "./helpers";

let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld({ seed: 303 });
});
afterEach(async () => {
  await world.control.clearFaults();
});
afterAll(async () => {
  expectNoKeyInErrors(world);
  await world.close();
});

const KEY_REFUSED = /refused the API key/;

describe("401: missing, invalid or revoked key", () => {
  test(
    "a request without x-api-key is 401 (sent raw: the client never sends one without a key, " + "and refuses to be built without one)",
    async () => {
      const { transport, runtime } = await newParty(world);
      const response = raw(world, transport, { method: "GET", path: "/account", headers: { Accept: "application/json" } });
      expect(response.status).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ detail: expect.stringMatching(/missing/i) });

      const before = runtime.http.requests.length;
      const refused = expectApiError(world, () => clientFor(world, "   "));
      expect(refused.kind).toBe("unauthorized");
      expect(runtime.http.requests.length).toBe(before);
    },
  );

  test("an invalid key: 401, kind unauthorized, the message says the key was refused, not retried", async () => {
    const { client, runtime } = clientFor(world, "sk_sim_not_a_real_key_0000");
    const error = expectApiError(world, () => client.getAccount());
    expect(error.status).toBe(401);
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toMatch(KEY_REFUSED);
    expect(error.retryable).toBe(false);
    expect(runtime.http.requests).toHaveLength(1);
  });

  test("a revoked key is 401 on every endpoint, while the account's other key still works", async () => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = party.client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    const secondKey = await world.control.addKey(party.accountId);
    const second = clientFor(world, secondKey);
    expect(second.client.getSearch(job_id).id).toBe(job_id); // keys share the account's jobs
    expect(await world.control.revokeKey(secondKey)).toBe(true);

    const calls: Array<() => unknown> = [
      () => second.client.getAccount(),
      () => second.client.getSearch(job_id),
      () => second.client.listSearches(),
      () => second.client.findLocations({ q: "Austin" }),
      () => second.client.createSearch(searchBody(), { idempotencyKey: idemKey() }),
    ];
    for (const call of calls) {
      const error = expectApiError(world, call);
      expect(error.status).toBe(401);
      expect(error.message).toMatch(KEY_REFUSED);
    }
    expect(party.client.getAccount().credits_remaining).toBe(4900);
  });

  test("a detail that echoes the key is redacted in the error", async () => {
    const { client, apiKey } = await newParty(world);
    await world.control.injectFaults([
      { method: "GET", path: "/api/v1/account", status: 401, body: JSON.stringify({ detail: `Key ${apiKey} is not valid here` }) },
    ]);
    const error = expectApiError(world, () => client.getAccount());
    expect(error.status).toBe(401);
    expect(error.detail).toBe("Key [redacted] is not valid here");
    // The simulator's own 422 quotes an unknown location label back: a key pasted there is redacted too.
    const echoed = expectApiError(world, () =>
      client.createSearch({ input: { query: "x", location: apiKey } }, { idempotencyKey: idemKey() }),
    );
    expect(echoed.status).toBe(422);
    expect(echoed.detail).toContain("[redacted]");
    expect(echoed.message).toContain("[redacted]");
  });
});

describe("402, 403", () => {
  test("402: the message states the credits that remain; 403: the size-limit message", async () => {
    const { client } = await newParty(world, { plan: "starter", credits: 250 });
    const credits = expectApiError(world, () => client.createSearch(searchBody("plumbers", 300), { idempotencyKey: idemKey() }));
    expect(credits).toEqual(expect.objectContaining({ status: 402, kind: "insufficient_credits", retryable: false }));
    expect(credits.message).toBe(
      "Not enough credits: 250 remain, this request needs 300. Lower Max results or the number of businesses, or change the plan.",
    );

    const { client: rich } = await newParty(world, { plan: "scale" });
    const size = expectApiError(world, () => rich.createSearch(searchBody("plumbers", 800), { idempotencyKey: idemKey() }));
    expect(size).toEqual(expect.objectContaining({ status: 403, kind: "limit_exceeded", retryable: false }));
    expect(size.message).toMatch(/^This request is above your plan's size limit\./);
    expect(size.message).toContain("700");
  });
});

describe("404: another account's jobs and businesses", () => {
  test("every read of another account's search, enrichment or business is 404 with a message naming the item", async () => {
    const owner = await newParty(world, { plan: "growth", credits: 5000 });
    const stranger = await newParty(world, { plan: "growth", credits: 5000 });
    const search = owner.client.createSearch(searchBody(), { idempotencyKey: idemKey() }).job_id;
    const enrichment = owner.client.createEnrichment(
      { businesses: [{ business_name: "Acme", website_url: "https://acme.example" }] },
      { idempotencyKey: idemKey() },
    ).job_id;
    world.clock.advance(60_000);
    const business = owner.client.getSearchResults(search, { pageSize: 1 }).items[0]?.id ?? "";
    expect(owner.client.getBusiness(business).id).toBe(business);

    const cases: Array<[() => unknown, RegExp]> = [
      [() => stranger.client.getSearch(search), new RegExp(`^Search ${search} was not found for this account`)],
      [() => stranger.client.getSearchResults(search), /^Search .* was not found/],
      [() => stranger.client.getEnrichment(enrichment), new RegExp(`^Enrichment job ${enrichment} was not found`)],
      [() => stranger.client.getEnrichmentResults(enrichment), /^Enrichment job .* was not found/],
      [() => stranger.client.getBusiness(business), new RegExp(`^Business ${business} was not found`)],
      // A well-formed id nobody has.
      [() => owner.client.getSearch("00000000-0000-4000-8000-000000000000"), /^Search .* was not found/],
    ];
    for (const [call, message] of cases) {
      const error = expectApiError(world, call);
      expect(error.status).toBe(404);
      expect(error.kind).toBe("not_found");
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/key belongs to the account that created it/);
      expect(error.attempts).toBe(1);
    }
    // Nothing leaked into the stranger's lists.
    expect(stranger.client.listSearches().total).toBe(0);
    expect(stranger.client.listEnrichments().total).toBe(0);
  });
});

describe("409: idempotency key reused with a different request", () => {
  test.each([
    ["another maxResults", { input: { query: "plumbers", location: AUSTIN, countryCode: "US", maxResults: 200 }, enrich_contacts: true }],
    ["another name", { name: "Renamed", ...searchBody() }],
    ["another enrichment setting", searchBody("plumbers", 100, false)],
  ])("%s → 409 with the restore-or-new-key message; no second job or charge", async (_label, changed) => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const key = idemKey("conflict");
    const first = client.createSearch(searchBody(), { idempotencyKey: key });
    const error = expectApiError(world, () => client.createSearch(changed, { idempotencyKey: key }));
    expect(error.status).toBe(409);
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe(
      "This job was already started with different settings under the same request key. Start it again as a new search or enrichment, " +
        "or restore the original settings.",
    );
    expect(error.attempts).toBe(1);
    expect(client.listSearches().items.map((j) => j.id)).toEqual([first.job_id]);
    expect(client.getAccount().credits_remaining).toBe(4900);
  });

  test("an enrichment with another business list under the same key is 409", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const key = idemKey("conflict-enrich");
    client.createEnrichment({ businesses: [{ business_name: "A", website_url: "https://a.example" }] }, { idempotencyKey: key });
    const error = expectApiError(world, () =>
      client.createEnrichment({ businesses: [{ business_name: "B", website_url: "https://b.example" }] }, { idempotencyKey: key }),
    );
    expect(error.status).toBe(409);
    expect(client.listEnrichments().total).toBe(1);
  });
});

describe("422: query, path and body validation", () => {
  type Client = ReturnType<typeof clientFor>["client"];
  const RESULTS = "/searches/{job}/results";
  // The client checks the spec's request limits itself (request-schemas.ts): it refuses these
  // before sending, with a readable message; the service refuses the same request with a 422.
  test.each<[string, (c: Client) => unknown, ["GET" | "POST", string, unknown?], RegExp]>([
    ["job list page_size above 100", (c) => c.listSearches({ pageSize: 101 }), ["GET", "/searches?page_size=101"], /^page_size/],
    ["enrichment list page 0", (c) => c.listEnrichments({ page: 0 }), ["GET", "/enrichments?page=0"], /^page/],
    [
      "results page_size above 500",
      (c) => c.getSearchResults("3f2b9c1e-0000-4000-8000-000000000000", { pageSize: 501 }),
      ["GET", `${RESULTS}?page_size=501`],
      /^page_size/,
    ],
    ["a one-letter location query", (c) => c.findLocations({ q: "P" }), ["GET", "/locations?q=P"], /^q/],
    [
      "a three-letter country filter",
      (c) => c.findLocations({ q: "Paris", country: "FRA" }),
      ["GET", "/locations?q=Paris&country=FRA"],
      /^country/,
    ],
    [
      "a query longer than 300",
      (c) => c.createSearch({ input: { query: "x".repeat(301), location: AUSTIN } }, { idempotencyKey: idemKey() }),
      ["POST", "/searches", { input: { query: "x".repeat(301), location: AUSTIN } }],
      /^input\.query/,
    ],
    [
      "a lowercase countryCode",
      (c) => c.createSearch({ input: { query: "x", location: AUSTIN, countryCode: "us" } }, { idempotencyKey: idemKey() }),
      ["POST", "/searches", { input: { query: "x", location: AUSTIN, countryCode: "us" } }],
      /countryCode/,
    ],
    [
      "an empty business list",
      (c) => c.createEnrichment({ businesses: [] }, { idempotencyKey: idemKey() }),
      ["POST", "/enrichments", { businesses: [] }],
      /^businesses/,
    ],
  ])("%s: refused by the client before sending, as the service would (422)", async (_label, call, [method, path, body], detail) => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const error = expectApiError(world, () => call(party.client));
    expect(error.kind).toBe("validation");
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/must|missing|not in the expected form|not valid/);
    expect(party.runtime.http.requests).toEqual([]);
    // A real job where the path needs one: the service checks the job before the page size.
    const jobPath = path.includes("{job}")
      ? path.replace("{job}", party.client.createSearch(searchBody(), { idempotencyKey: idemKey() }).job_id)
      : path;
    const answer = serviceAnswer(world, party, method, jobPath, body);
    expect(answer.status).toBe(422);
    expect(answer.detail).toMatch(detail);
  });

  test.each<[string, (c: Client) => unknown, RegExp]>([
    ["a search id that is not a UUID", (c) => c.getSearch("not-a-uuid"), /^search_id/],
    ["a business id that is not a UUID", (c) => c.getBusiness("42"), /^business_id/],
    [
      "a location label the catalog does not know",
      (c) => c.createSearch({ input: { query: "x", location: "Atlantis" } }, { idempotencyKey: idemKey() }),
      /input\.location/,
    ],
  ])("%s → 422 with the service's detail in the message, not retried", async (_label, call, detail) => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const error = expectApiError(world, () => call(party.client));
    expect(error.status).toBe(422);
    expect(error.kind).toBe("validation");
    expect(error.detail).toMatch(detail);
    expect(error.message).toBe(messageForStatus(422, error.detail, null, null));
    expect(error.message).toContain(error.detail ?? "(no detail)");
    expect(error.attempts).toBe(1);
    expect(party.runtime.http.requests.filter((r) => r.status === 422)).toHaveLength(1);
  });
});

describe("428: production creation without Idempotency-Key", () => {
  let prod: ContractWorld;
  beforeAll(async () => {
    prod = await startContractWorld({ seed: 304, production: true });
  });
  afterAll(async () => {
    await prod.close(); // its errors and keys are collected into `world`, checked at the end of the file
  });

  test("a raw POST without the header is 428 and creates nothing; the client's createSearch (always keyed) passes", async () => {
    const party = await newParty(prod, { plan: "growth", credits: 5000 });
    prod.keys.forEach((k) => world.keys.add(k));
    for (const path of ["/searches", "/enrichments"]) {
      const body = path === "/searches" ? searchBody() : { businesses: [{ business_name: "A", website_url: "https://a.example" }] };
      const response = raw(prod, party.transport, {
        method: "POST",
        path,
        headers: { "x-api-key": party.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(428);
      expect(JSON.parse(response.body)).toEqual({ detail: expect.stringMatching(/Idempotency-Key/) });
    }
    expect(party.client.listSearches().total).toBe(0);
    expect(party.client.getAccount().credits_remaining).toBe(5000);

    const key = idemKey("prod");
    const created = party.client.createSearch(searchBody(), { idempotencyKey: key });
    expect(created.status).toBe("queued");
    expect(
      party.client.createEnrichment(
        { businesses: [{ business_name: "A", website_url: "https://a.example" }] },
        { idempotencyKey: idemKey() },
      ).status,
    ).toBe("enriching");
    const posts = sent(party.runtime, "POST", "/searches");
    expect(posts.map((r) => r.status)).toEqual([428, 202]);

    // The client's 428 message, for a service that demands the key anyway (a proxy stripping it).
    await prod.control.injectFaults([
      { method: "POST", path: "/api/v1/searches", status: 428, body: JSON.stringify({ detail: "Idempotency-Key header is required" }) },
    ]);
    const error = expectApiError(world, () => party.client.createSearch(searchBody("roofers"), { idempotencyKey: idemKey() }));
    expect(error.status).toBe(428);
    expect(error.kind).toBe("idempotency_required");
    expect(error.message).toMatch(/requires a request key/);
    // And the client refuses to send a creation without a key at all.
    const local = expectApiError(world, () => party.client.createSearch(searchBody(), { idempotencyKey: "" }));
    expect(local.kind).toBe("idempotency_required");
    expect(local.status).toBeNull();
  });
});

describe("429: request rate and active jobs", () => {
  test("rate limit exhausted: 429 + Retry-After; the client waits at least that long in virtual time, then succeeds", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", rateLimit: 5 });
    for (let i = 0; i < 5; i++) client.getAccount();
    world.clock.advance(57_000);
    const start = world.clock.now();
    const account = client.getAccount();
    expect(account.plan_code).toBe("growth");
    const waited = world.clock.now() - start;
    const last = runtime.http.requests.slice(-2);
    expect(last.map((r) => r.status)).toEqual([429, 200]);
    expect(waited).toBeGreaterThanOrEqual(3_000); // Retry-After: 3 (the window frees 60 s after the first request)
    expect(waited).toBeLessThan(5_000);
  });

  test("rate limit exhausted with a Retry-After beyond the client's patience or deadline: gives up at once, without sleeping", async () => {
    const impatient = await newParty(world, { plan: "growth", rateLimit: 2 }, { maxRetryAfterMs: 10_000 });
    impatient.client.getAccount();
    impatient.client.getAccount();
    const start = world.clock.now();
    const error = expectApiError(world, () => impatient.client.getAccount());
    expect(error).toEqual(expect.objectContaining({ status: 429, kind: "rate_limited", retryAfterMs: 60_000, attempts: 1 }));
    expect(error.message).toBe(messageForStatus(429, error.detail, error.retryAfterMs, null));
    expect(world.clock.now()).toBe(start);

    const { client } = await newParty(world, { plan: "growth", rateLimit: 1 });
    client.getAccount();
    const deadline = world.clock.now() + 30_000;
    const capped = expectApiError(world, () => client.listSearches(undefined, { deadline }));
    expect(capped.status).toBe(429);
    expect(world.clock.now()).toBe(start);
  });

  test(
    "active-jobs limit: 429 with Retry-After: 10; existing jobs stay pollable; " +
      "the client waits ≥ 10 s per try and succeeds once a job ends",
    async () => {
      const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000, maxActiveJobs: 1 });
      // enrich_contacts false, 100 results: completed 18 s after creation.
      const first = client.createSearch(searchBody("plumbers", 100, false), { idempotencyKey: idemKey() });
      const key = idemKey("second");
      const start = world.clock.now();
      const second = client.createSearch(searchBody("roofers", 100, false), { idempotencyKey: key });
      const waited = world.clock.now() - start;
      expect(second.status).toBe("queued");
      const posts = sent(runtime, "POST", "/searches").slice(1);
      expect(posts.map((r) => r.status)).toEqual([429, 429, 202]);
      expect(new Set(posts.map((r) => r.headers["Idempotency-Key"]))).toEqual(new Set([key]));
      expect(waited).toBeGreaterThanOrEqual(20_000);
      expect(waited).toBeLessThan(25_000);
      expect(client.getSearch(first.job_id).status).toBe("completed");
      expect(client.listSearches().total).toBe(2);
      expect(client.getAccount().credits_remaining).toBe(4800);
    },
  );

  test(
    "active-jobs limit with a deadline shorter than Retry-After: " + "throws rate_limited with retryAfterMs 10000; nothing created",
    async () => {
      const { client } = await newParty(world, { plan: "growth", credits: 5000, maxActiveJobs: 1 });
      const first = client.createEnrichment(
        { businesses: [{ business_name: "A", website_url: "https://a.example" }] },
        { idempotencyKey: idemKey() },
      );
      const start = world.clock.now();
      const error = expectApiError(world, () => client.createSearch(searchBody(), { idempotencyKey: idemKey(), deadline: start + 5_000 }));
      expect(error).toEqual(expect.objectContaining({ status: 429, kind: "rate_limited", retryAfterMs: 10_000, retryable: true }));
      expect(error.message).toMatch(/Try again in 10 seconds/);
      expect(world.clock.now() - start).toBeLessThanOrEqual(5_000);
      expect(client.getEnrichment(first.job_id).status).toBe("enriching"); // still pollable
      expect(client.listSearches().total).toBe(0);
      expect(client.getAccount()).toEqual(expect.objectContaining({ credits_remaining: 4999, active_searches: 1 }));
    },
  );
});

describe("503", () => {
  test("a 503 that outlasts the attempts: kind unavailable, the try-later message, 5 attempts", async () => {
    const { client, runtime } = await newParty(world);
    await world.control.injectFaults([
      { method: "GET", path: "/api/v1/locations", status: 503, times: 10, body: JSON.stringify({ detail: "Queue down" }) },
    ]);
    const error = expectApiError(world, () => client.findLocations({ q: "Austin" }));
    expect(error).toBeInstanceOf(LeadsApiError);
    expect(error).toEqual(
      expect.objectContaining({ status: 503, kind: "unavailable", retryable: true, attempts: 5, detail: "Queue down" }),
    );
    expect(error.message).toBe(messageForStatus(503, error.detail, error.retryAfterMs, null));
    expect(runtime.http.requests).toHaveLength(5);
  });
});
