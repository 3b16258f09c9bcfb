// Contract tests of the client's retry and idempotency paths against the simulator's injected faults over loopback HTTP: lost creation
// responses, 429 Retry-After, 503 bursts, network loss, truncated JSON, deadlines, batches, the rate-limit headers the simulator sends.
import {
  expectApiError,
  expectNoKeyInErrors,
  header,
  idemKey,
  newParty,
  raw,
  searchBody,
  sent,
  startContractWorld,
  type ContractWorld,
} from "./helpers";

let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld({ seed: 404 });
});
afterEach(async () => {
  await world.control.clearFaults();
});
afterAll(async () => {
  expectNoKeyInErrors(world);
  await world.close();
});

describe("idempotent creation", () => {
  test("a lost creation response is retried with the same key and body: one job, one charge", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 1 }]);
    const key = idemKey("lost");
    const start = world.clock.now();
    const created = client.createSearch(searchBody("plumbers", 250), { idempotencyKey: key });
    expect(world.clock.now() - start).toBeGreaterThan(0); // it backed off before the retry

    const posts = sent(runtime, "POST", "/searches");
    expect(posts).toHaveLength(2);
    expect(posts[0]?.status).toBeUndefined(); // no response reached the client
    expect(posts[1]?.status).toBe(202);
    expect(posts.map((r) => header(r, "Idempotency-Key"))).toEqual([key, key]);
    expect(posts[1]?.body).toBe(posts[0]?.body);
    expect(created.credits_reserved).toBe(250);
    expect(created.message).toMatch(/Existing job/); // the server had created it on the lost attempt

    const jobs = client.listSearches();
    expect(jobs.items.map((j) => j.id)).toEqual([created.job_id]);
    expect(client.getAccount().credits_remaining).toBe(4750);
    const stats = await world.control.stats();
    expect(stats.lost).toBeGreaterThanOrEqual(1);
  });

  test("a lost enrichment creation response: one job, one charge", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/enrichments", lose: true, times: 1 }]);
    const key = idemKey("lost-enrich");
    const businesses = [
      { business_name: "A", website_url: "https://a.example" },
      { business_name: "B", website_url: "https://b.example" },
    ];
    const created = client.createEnrichment({ businesses }, { idempotencyKey: key });
    expect(created.credits_reserved).toBe(2);
    expect(sent(runtime, "POST", "/enrichments").map((r) => header(r, "Idempotency-Key"))).toEqual([key, key]);
    expect(client.listEnrichments().items.map((j) => j.id)).toEqual([created.job_id]);
    expect(client.getAccount().credits_remaining).toBe(4998);
  });

  test("the same key and body in a later call returns the same job without a second charge", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const key = idemKey("replay");
    const first = client.createSearch(searchBody("roofers", 300), { idempotencyKey: key });
    world.clock.advance(8_000);
    const second = client.createSearch(searchBody("roofers", 300), { idempotencyKey: key });
    expect(second.job_id).toBe(first.job_id);
    expect(second.credits_reserved).toBe(300);
    expect(second.status).toBe("running"); // the replay reports the job's current status
    expect(client.listSearches().total).toBe(1);
    expect(client.getAccount().credits_remaining).toBe(4700);
    // Omitting maxResults equals sending the default 100: one fingerprint.
    const k2 = idemKey("default");
    const a = client.createSearch({ input: { query: "x", location: "Austin, Texas, US" } }, { idempotencyKey: k2 });
    const b = client.createSearch({ input: { query: "x", location: "Austin, Texas, US", maxResults: 100 } }, { idempotencyKey: k2 });
    expect(b.job_id).toBe(a.job_id);
    expect(client.getAccount().credits_remaining).toBe(4600);
  });

  test("a 503 burst on creation is retried with the same key: one job", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", status: 503, times: 2 }]);
    const key = idemKey("503");
    const created = client.createSearch(searchBody(), { idempotencyKey: key });
    const posts = sent(runtime, "POST", "/searches");
    expect(posts.map((r) => r.status)).toEqual([503, 503, 202]);
    expect(posts.every((r) => header(r, "Idempotency-Key") === key)).toBe(true);
    expect(created.message).not.toMatch(/Existing/); // 503s were answered before processing
    expect(client.listSearches().total).toBe(1);
    expect(client.getAccount().credits_remaining).toBe(4900);
  });
});

describe("retries of reads", () => {
  test("a 429 with Retry-After: 2 waits at least 2 s of virtual time, then succeeds", async () => {
    const { client, runtime } = await newParty(world);
    await world.control.injectFaults([
      {
        method: "GET",
        path: "/api/v1/account",
        status: 429,
        headers: { "Retry-After": "2" },
        body: JSON.stringify({ detail: "Slow down" }),
      },
    ]);
    const start = world.clock.now();
    const account = client.getAccount();
    const waited = world.clock.now() - start;
    expect(account.plan_code).toBe("growth");
    expect(waited).toBeGreaterThanOrEqual(2_000);
    expect(waited).toBeLessThanOrEqual(3_000);
    expect(runtime.http.requests.map((r) => r.status)).toEqual([429, 200]);
    const [first, second] = runtime.http.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
  });

  test("a 503 burst (times: 3) recovers on the 4th attempt, after growing backoff", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    await world.control.injectFaults([{ method: "GET", path: `/api/v1/searches/${job_id}`, status: 503, times: 3 }]);
    const start = world.clock.now();
    expect(client.getSearch(job_id).id).toBe(job_id);
    const gets = sent(runtime, "GET", `/searches/${job_id}`);
    expect(gets.map((r) => r.status)).toEqual([503, 503, 503, 200]);
    const gaps = gets.slice(1).map((r, i) => r.at - (gets[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThan(0);
    expect(gaps[1]).toBeGreaterThan(gaps[0] ?? 0);
    expect(gaps[2]).toBeGreaterThan(gaps[1] ?? 0);
    expect(world.clock.now() - start).toBe(gaps.reduce((a, b) => a + b, 0));
  });

  test("a network exception (lost response) on a GET is retried", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    await world.control.injectFaults([{ method: "GET", path: `/api/v1/searches/${job_id}`, lose: true, times: 2 }]);
    expect(client.getSearch(job_id).id).toBe(job_id);
    expect(sent(runtime, "GET", `/searches/${job_id}`).map((r) => r.status)).toEqual([undefined, undefined, 200]);
  });

  test("a network failure every time ends as kind network, with the connection message", async () => {
    const { client } = await newParty(world);
    await world.control.injectFaults([{ method: "GET", path: "/api/v1/account", lose: true, times: 20 }]);
    const error = expectApiError(world, () => client.getAccount({ maxAttempts: 3 }));
    expect(error).toEqual(expect.objectContaining({ kind: "network", status: null, retryable: true, attempts: 3 }));
    expect(error.message).toMatch(/Could not reach the lead service/);
  });

  test("a truncated JSON body is retried and the second answer is used", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    await world.control.injectFaults([{ method: "GET", path: "/api/v1/searches", truncate: true, times: 1 }]);
    const list = client.listSearches();
    expect(list.total).toBe(1);
    const lists = sent(runtime, "GET", "/searches").filter((r) => new URL(r.url).pathname.endsWith("/searches"));
    expect(lists.map((r) => r.status)).toEqual([200, 200]);
  });

  test("a truncated body every time: kind bad_response, the could-not-be-read message", async () => {
    const { client } = await newParty(world);
    await world.control.injectFaults([{ method: "GET", path: "/api/v1/account", truncate: true, times: 20 }]);
    const error = expectApiError(world, () => client.getAccount({ maxAttempts: 2 }));
    expect(error).toEqual(expect.objectContaining({ kind: "bad_response", status: 200, attempts: 2 }));
    expect(error.message).toMatch(/could not be read/);
  });

  test("a deadline 3 s ahead caps a long 503 burst: throws unavailable, ≤ 3 s of virtual time spent", async () => {
    const { client, runtime } = await newParty(world);
    await world.control.injectFaults([{ method: "GET", path: "/api/v1/account", status: 503, times: 50 }]);
    const start = world.clock.now();
    const error = expectApiError(world, () => client.getAccount({ deadline: start + 3_000, maxAttempts: 20 }));
    const spent = world.clock.now() - start;
    expect(error.kind).toBe("unavailable");
    expect(error.status).toBe(503);
    expect(spent).toBeLessThanOrEqual(3_000);
    expect(spent).toBeGreaterThan(0);
    expect(error.attempts).toBe(runtime.http.requests.length);
    expect(error.attempts).toBeGreaterThan(1);
  });

  test("the client-wide deadline applies to every call the same way", async () => {
    const start = world.clock.now();
    const { client } = await newParty(world, { plan: "growth" }, { deadline: start + 3_000, maxAttempts: 20 });
    await world.control.injectFaults([{ method: "GET", path: "/api/v1/searches", status: 503, times: 50 }]);
    const error = expectApiError(world, () => client.listSearches());
    expect(error.kind).toBe("unavailable");
    expect(world.clock.now() - start).toBeLessThanOrEqual(3_000);
  });
});

describe("batches and rate-limit headers", () => {
  test("a batch retries only its failed item, in a second fetchAll round trip", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    const ids = [0, 1, 2].map((i) => client.createSearch(searchBody(`bakers ${i}`), { idempotencyKey: idemKey() }).job_id);
    await world.control.injectFaults([{ method: "GET", path: `/api/v1/searches/${ids[1] ?? ""}`, status: 503, times: 1 }]);
    const before = runtime.counters.snapshot();
    const results = client.batch(ids.map((id) => client.prepare.getSearch(id)));
    const after = runtime.counters.snapshot();
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(after.roundTrips - before.roundTrips).toBe(2);
    expect(after.fetchRequests - before.fetchRequests).toBe(4);
  });

  test("a lost response inside a fetchAll fails the round trip; the whole batch goes again", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    const ids = [0, 1].map((i) => client.createSearch(searchBody(`tailors ${i}`), { idempotencyKey: idemKey() }).job_id);
    await world.control.injectFaults([{ method: "GET", path: `/api/v1/searches/${ids[0] ?? ""}`, lose: true, times: 1 }]);
    const before = runtime.counters.snapshot();
    const results = client.batch([client.prepare.getSearch(ids[0] ?? ""), client.prepare.getAccount()]);
    const after = runtime.counters.snapshot();
    expect(results[0].ok && results[0].value.id).toBe(ids[0]);
    expect(results[1].ok && results[1].value.plan_code).toBe("growth");
    expect(after.roundTrips - before.roundTrips).toBe(2);
    expect(after.fetchRequests - before.fetchRequests).toBe(4);
  });

  test("successful responses carry the spec's rate-limit headers; an error answer carries none", async () => {
    const { apiKey, transport } = await newParty(world);
    const get = (path: string) =>
      raw(world, transport, { method: "GET", path, headers: { Accept: "application/json", "x-api-key": apiKey } });
    const rateHeaders = (path: string) => {
      const { headers } = get(path);
      const names = ["ratelimit-policy", "ratelimit", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];
      return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
    };
    expect(rateHeaders("/account")).toEqual({
      "ratelimit-policy": "default;q=1000;w=60",
      ratelimit: "default;r=999;t=60",
      "x-ratelimit-limit": "1000",
      "x-ratelimit-remaining": "999",
      "x-ratelimit-reset": "60",
    });
    rateHeaders("/locations?q=Austin");
    expect(rateHeaders("/searches")["x-ratelimit-remaining"]).toBe("997");
    world.clock.advance(45_000);
    expect(rateHeaders("/enrichments")).toEqual(expect.objectContaining({ ratelimit: "default;r=996;t=15", "x-ratelimit-reset": "15" }));
    const missing = get("/searches/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.headers).filter((name) => name.includes("ratelimit"))).toEqual([]);
  });
});
