// Tests the one retry loop: what is retried, how long it waits on the fake clock, the attempt
// cap, the deadline, and that creation repeats the same key and body on every attempt.
import { LeadsApiError } from "../../src/api/errors";
import { DEFAULT_RETRY_POLICY, backoffDelay, parseRetryAfter, retryDelay } from "../../src/api/retry";
import { SEARCH_ID, error, json, makeClient, network, sampleAccount, sampleJob } from "./helpers";

function failure(run: () => unknown): LeadsApiError {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof LeadsApiError) return thrown;
    throw thrown;
  }
  throw new Error("expected a LeadsApiError");
}

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

describe("parseRetryAfter", () => {
  test("delta seconds", () => {
    expect(parseRetryAfter("2", NOW)).toBe(2000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter("1.5", NOW)).toBe(1500);
  });

  test("HTTP date, relative to the clock", () => {
    expect(parseRetryAfter("Sat, 21 Nov 2026 09:00:07 GMT", NOW)).toBe(7000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 08:59:00 GMT", NOW)).toBe(0);
  });

  test("garbage and absence", () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter("", NOW)).toBeNull();
    expect(parseRetryAfter("soon", NOW)).toBeNull();
    expect(parseRetryAfter("-5", NOW)).toBeNull();
  });
});

describe("backoff", () => {
  const policy = (random: number) => ({ ...DEFAULT_RETRY_POLICY, random: () => random });

  test("grows exponentially with jitter and is capped", () => {
    expect(backoffDelay(1, policy(0))).toBe(250);
    expect(backoffDelay(1, policy(0.999))).toBe(500);
    expect(backoffDelay(2, policy(0))).toBe(500);
    expect(backoffDelay(3, policy(0))).toBe(1000);
    expect(backoffDelay(10, policy(1))).toBe(8000);
    expect(backoffDelay(10, policy(0))).toBe(4000);
  });

  test("a Retry-After longer than the cap is not waited out", () => {
    const e = new LeadsApiError({ kind: "rate_limited", message: "x", retryable: true, retryAfterMs: 120_000 });
    expect(retryDelay(e, 1, policy(0.5))).toBeNull();
  });

  test("a non-retryable error gets no delay", () => {
    expect(retryDelay(new LeadsApiError({ kind: "not_found", message: "x" }), 1, policy(0.5))).toBeNull();
  });
});

describe("retries on the client", () => {
  test("429 with Retry-After: 2 waits at least 2000 ms, then succeeds", () => {
    const { client, transport, clock } = makeClient({ random: () => 0.99 });
    transport.reply(error(429, "slow down", { "retry-after": "2" }), json(200, sampleAccount()));
    const start = clock.now();
    expect(client.getAccount().plan_code).toBe("growth");
    expect(transport.requests).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(2000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(2500);
    expect(clock.now() - start).toBeGreaterThanOrEqual(2000);
  });

  test("429 with an HTTP-date Retry-After waits until that date", () => {
    const { client, transport, clock } = makeClient({ random: () => 0 });
    const at = new Date(clock.now() + 5000).toUTCString();
    transport.reply(error(429, "slow down", { "retry-after": at }), json(200, sampleAccount()));
    client.getAccount();
    expect(clock.sleeps).toEqual([5000]);
  });

  test("a burst of 503s recovers", () => {
    const { client, transport, clock } = makeClient({ random: () => 0 });
    transport.reply(error(503, "down"), error(503, "down"), error(503, "down"), json(200, sampleAccount()));
    expect(client.getAccount().credits_remaining).toBe(4200);
    expect(transport.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([250, 500, 1000]);
  });

  test.each([500, 502, 504])("transient %i is retried", (status) => {
    const { client, transport } = makeClient();
    transport.reply({ status, body: "oops" }, json(200, sampleAccount()));
    client.getAccount();
    expect(transport.requests).toHaveLength(2);
  });

  test("a network exception is retried", () => {
    const { client, transport, clock } = makeClient();
    transport.reply(network("connection reset"), json(200, sampleJob()));
    expect(client.getSearch(SEARCH_ID).id).toBe(SEARCH_ID);
    expect(transport.requests).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
  });

  test("invalid JSON on a 2xx is retried", () => {
    const { client, transport } = makeClient();
    transport.reply({ status: 200, body: '{"plan_code": "gro' }, json(200, sampleAccount()));
    expect(client.getAccount().plan_code).toBe("growth");
    expect(transport.requests).toHaveLength(2);
  });

  test.each([400, 401, 402, 403, 404, 409, 422, 428])("%i is never retried", (status) => {
    const { client, transport, clock } = makeClient();
    transport.reply(error(status, "no"), json(200, sampleAccount()));
    const e = failure(() => client.getAccount());
    expect(e.status).toBe(status);
    expect(e.attempts).toBe(1);
    expect(transport.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  test("attempts are capped and the last error is thrown", () => {
    const { client, transport, clock } = makeClient({ maxAttempts: 3, random: () => 0 });
    transport.reply(error(503, "one"), error(503, "two"), error(503, "three"), json(200, sampleAccount()));
    const e = failure(() => client.getAccount());
    expect(e.detail).toBe("three");
    expect(e.attempts).toBe(3);
    expect(transport.requests).toHaveLength(3);
    expect(clock.sleeps).toHaveLength(2);
    expect(transport.pendingReplies).toBe(1);
  });

  test("the default cap is 5 attempts", () => {
    const { client, transport } = makeClient();
    transport.route = () => error(503, "down");
    expect(failure(() => client.getAccount()).attempts).toBe(5);
    expect(transport.requests).toHaveLength(5);
  });

  test("per-call maxAttempts overrides the client's", () => {
    const { client, transport } = makeClient();
    transport.route = () => error(503, "down");
    failure(() => client.getAccount({ maxAttempts: 2 }));
    expect(transport.requests).toHaveLength(2);
  });

  test("a per-call deadline caps the total sleep", () => {
    const { client, transport, clock } = makeClient({ random: () => 0 });
    transport.route = () => error(503, "down");
    const deadline = clock.now() + 1000;
    const e = failure(() => client.getAccount({ deadline }));
    // Waits 250 and 500 fit (750 ms); the next 1000 ms would end past the deadline.
    expect(clock.sleeps).toEqual([250, 500]);
    expect(clock.now()).toBeLessThanOrEqual(deadline);
    expect(e.kind).toBe("unavailable");
    expect(e.attempts).toBe(3);
  });

  test("a Retry-After beyond the client deadline is not waited for", () => {
    const { client, transport, clock } = makeClient({ deadline: NOW + 5000 });
    transport.reply(error(429, "busy", { "retry-after": "10" }), json(200, sampleAccount()));
    const e = failure(() => client.getAccount());
    expect(e.kind).toBe("rate_limited");
    expect(e.retryAfterMs).toBe(10_000);
    expect(clock.sleeps).toEqual([]);
    expect(transport.requests).toHaveLength(1);
  });

  test("no attempt starts that would end past the deadline if it took as long as the last one", () => {
    const { client, transport, clock } = makeClient({ random: () => 0 });
    // Each answer takes 4 s: after the first (4 s) and a 250 ms wait, a second 4 s attempt still
    // ends by 10 s; after it (8.25 s) and 500 ms, a third would end at 12.75 s: not started.
    transport.route = () => {
      clock.time += 4000;
      return error(503, "down");
    };
    const deadline = clock.now() + 10_000;
    const e = failure(() => client.getAccount({ deadline }));
    expect(transport.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([250]);
    expect(clock.now()).toBeLessThanOrEqual(deadline);
    expect(e.attempts).toBe(2);
  });

  test("the earlier of client and call deadlines applies", () => {
    const { client, transport, clock } = makeClient({ deadline: NOW + 60_000, random: () => 0 });
    transport.route = () => error(503, "down");
    failure(() => client.getAccount({ deadline: NOW + 300 }));
    expect(clock.sleeps).toEqual([250]);
  });

  test("a very long Retry-After is thrown at once for the caller to reschedule", () => {
    const { client, transport, clock } = makeClient();
    transport.reply(error(429, "quota", { "retry-after": "3600" }));
    const e = failure(() => client.getAccount());
    expect(e.retryAfterMs).toBe(3_600_000);
    expect(e.message).toContain("in 3600 seconds");
    expect(clock.sleeps).toEqual([]);
  });
});

describe("idempotent creation", () => {
  test("the same Idempotency-Key and body on every attempt", () => {
    const { client, transport } = makeClient();
    transport.reply(
      error(503, "down"),
      network("timeout"),
      error(429, "busy", { "retry-after": "1" }),
      json(202, { job_id: SEARCH_ID, status: "queued", credits_reserved: 100, message: "ok" }),
    );
    const created = client.createSearch(
      { name: "n", input: { query: "plumbers", location: "Austin, Texas, United States" } },
      { idempotencyKey: "persisted-key-7" },
    );
    expect(created.job_id).toBe(SEARCH_ID);
    const requests = transport.requests;
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.headers["Idempotency-Key"]))).toEqual(new Set(["persisted-key-7"]));
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(requests.map((r) => r.url)).size).toBe(1);
  });

  test("a truncated 202 is retried with the same key (the service returns the same job)", () => {
    const { client, transport } = makeClient();
    transport.reply(
      { status: 202, body: '{"job_id": "' },
      json(202, { job_id: "e1", status: "enriching", businesses_submitted: 1, credits_reserved: 1 }),
    );
    const created = client.createEnrichment(
      { businesses: [{ business_name: "A", website_url: "https://a.example" }] },
      { idempotencyKey: "k-1" },
    );
    expect(created.job_id).toBe("e1");
    expect(transport.requests.map((r) => r.headers["Idempotency-Key"])).toEqual(["k-1", "k-1"]);
  });
});
