// Tests that each status of the spec's error table becomes the right kind and a message a sales
// person can act on, and that the API key never appears in an error.
import { LeadsApiError } from "../../src/api/errors";
import { API_KEY, BUSINESS_ID, SEARCH_ID, error, json, makeClient, network, resultsPage, sampleSearchBusiness } from "./helpers";

function failure(run: () => unknown): LeadsApiError {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof LeadsApiError) return thrown;
    throw thrown;
  }
  throw new Error("expected a LeadsApiError");
}

const searchBody = { input: { query: "plumbers", location: "Austin, Texas, United States", maxResults: 100 } };

describe("status → kind and message", () => {
  test("401: the key was refused; fix or rotate it in Settings", () => {
    const { client, transport } = makeClient();
    transport.reply(error(401, "Invalid API key"));
    const e = failure(() => client.getAccount());
    expect(e.kind).toBe("unauthorized");
    expect(e.status).toBe(401);
    expect(e.detail).toBe("Invalid API key");
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/refused the API key/);
    expect(e.message).toMatch(/rotate/);
    expect(e.message).toMatch(/Settings/);
  });

  test("402 with numbers in the detail: remaining and needed credits", () => {
    const { client, transport } = makeClient();
    transport.reply(error(402, "Insufficient credits: 40 credits remaining, 100 required."));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("insufficient_credits");
    expect(e.message).toMatch(/^Not enough credits: 40 remain, this request needs 100\./);
  });

  test.each([
    ["1000 requested with 700 remaining", 700, 1000],
    ["Requested 1000 credits, only 700 remaining", 700, 1000],
    ["This search needs 1,000 credits but 700 remain", 700, 1000],
    ["Insufficient credits: remaining=700, required=1000", 700, 1000],
    ["Insufficient credits: 40 remaining, 100 required", 40, 100],
  ])("402 detail %j reads as %i remain, %i needed", (detail, remaining, needed) => {
    const { client, transport } = makeClient();
    transport.reply(error(402, detail));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.message).toMatch(new RegExp(`^Not enough credits: ${remaining} remain, this request needs ${needed}\\.`));
  });

  test("402 with only the remaining count: the need comes from the request", () => {
    const { client, transport } = makeClient();
    transport.reply(error(402, "Only 700 credits remain."));
    const e = failure(() => client.createSearch({ input: { ...searchBody.input, maxResults: 1000 } }, { idempotencyKey: "k" }));
    expect(e.message).toMatch(/^Not enough credits: 700 remain, this request needs 1000\./);
  });

  test("402 for an enrichment counts the businesses", () => {
    const { client, transport } = makeClient();
    transport.reply(error(402, "You have 3 credits left"));
    const e = failure(() =>
      client.createEnrichment(
        {
          businesses: [1, 2, 3, 4, 5].map((i) => ({ business_name: `B${i}`, website_url: `https://b${i}.example` })),
        },
        { idempotencyKey: "k" },
      ),
    );
    expect(e.message).toMatch(/^Not enough credits: 3 remain, this request needs 5\./);
  });

  test("402 for an inactive subscription says so", () => {
    const { client, transport } = makeClient();
    transport.reply(error(402, "Subscription inactive: paid searches require an active plan"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("insufficient_credits");
    expect(e.message).toMatch(/subscription is not active/i);
  });

  test("402 when the free search was used says so", () => {
    const { client, transport } = makeClient();
    transport.reply(error(402, "The free plan's one job was already used: 0 credits remain"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.message).toMatch(/free search was already used/);
  });

  test("402 without numbers quotes the detail", () => {
    const { client, transport } = makeClient();
    transport.reply(error(402, "Credit balance too low"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.message).toBe('Not enough credits. The service said: "Credit balance too low"');
  });

  test("403: the plan limit; lower Max results or the number of businesses", () => {
    const { client, transport } = makeClient();
    transport.reply(error(403, "maxResults 800 exceeds the 700 product maximum"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("limit_exceeded");
    expect(e.message).toMatch(/plan's size limit/);
    expect(e.message).toMatch(/Lower Max results, or the number of businesses/);
    expect(e.message).toContain("maxResults 800 exceeds the 700 product maximum");
  });

  test("404: not found for this account, naming what", () => {
    const { client, transport } = makeClient();
    transport.reply(error(404, "Search not found"), error(404, "Not found"));
    const e = failure(() => client.getSearch(SEARCH_ID));
    expect(e.kind).toBe("not_found");
    expect(e.message).toBe(
      `Search ${SEARCH_ID} was not found for this account. Check the ID, and that the API key belongs to the account that created it.`,
    );
    expect(failure(() => client.getBusiness(BUSINESS_ID)).message).toMatch(/^Business .* not found for this account/);
  });

  test("409: idempotency conflict", () => {
    const { client, transport } = makeClient();
    transport.reply(error(409, "Idempotency-Key reused with a different request body"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("conflict");
    expect(e.message).toMatch(/already started with different settings/);
    expect(e.retryable).toBe(false);
  });

  test("422: the validation detail", () => {
    const { client, transport } = makeClient();
    transport.reply(error(422, "input.maxResults must be at least 100"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("validation");
    expect(e.message).toBe("The lead service rejected the request: input.maxResults must be at least 100");
  });

  test("422 with a list of validation items is rendered readably", () => {
    const { client, transport } = makeClient();
    transport.reply(json(422, { detail: [{ loc: ["body", "businesses", 1, "website_url"], msg: "must be absolute" }] }));
    const e = failure(() =>
      client.createEnrichment({ businesses: [{ business_name: "A", website_url: "https://a.example" }] }, { idempotencyKey: "k" }),
    );
    expect(e.detail).toBe("body.businesses.1.website_url: must be absolute");
    expect(e.message).toContain("body.businesses.1.website_url: must be absolute");
  });

  test("428: idempotency required", () => {
    const { client, transport } = makeClient();
    transport.reply(error(428, "Idempotency-Key header required"));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("idempotency_required");
    expect(e.message).toMatch(/request key/);
  });

  test("429: says when to retry", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply(error(429, "Too many active jobs", { "retry-after": "10" }));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    expect(e.kind).toBe("rate_limited");
    expect(e.retryAfterMs).toBe(10_000);
    expect(e.message).toBe("Too many requests or too many jobs running at once. Try again in 10 seconds.");
  });

  test("503: unavailable, try later", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply(error(503, "Database unavailable"));
    const e = failure(() => client.getAccount());
    expect(e.kind).toBe("unavailable");
    expect(e.retryable).toBe(true);
    expect(e.message).toBe("The lead service is temporarily unavailable. Try again in a few minutes.");
  });

  test("502 with an HTML body: server error, no raw body in the message", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply({ status: 502, body: "<html><body>Bad gateway</body></html>" });
    const e = failure(() => client.getAccount());
    expect(e.kind).toBe("server_error");
    expect(e.detail).toBeNull();
    expect(e.message).not.toContain("<html>");
    expect(e.message).toMatch(/HTTP 502/);
  });

  test("an unlisted 4xx is an http_error and not retried", () => {
    const { client, transport } = makeClient();
    transport.reply(error(418, "teapot"));
    const e = failure(() => client.getAccount());
    expect(e.kind).toBe("http_error");
    expect(e.message).toContain("HTTP 418");
    expect(transport.requests).toHaveLength(1);
  });

  test("network: could not reach the service", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply(network("DNS error: leads.example.test"));
    const e = failure(() => client.getAccount());
    expect(e.kind).toBe("network");
    expect(e.status).toBeNull();
    expect(e.detail).toBe("DNS error: leads.example.test");
    expect(e.message).toMatch(/Could not reach the lead service/);
  });

  test("invalid JSON on a 2xx is a retryable bad_response", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply({ status: 200, body: '{"id": "abc", "name": "trunc' });
    const e = failure(() => client.getSearch(SEARCH_ID));
    expect(e.kind).toBe("bad_response");
    expect(e.retryable).toBe(true);
    expect(e.message).toMatch(/could not be read/);
  });

  test("errors say which operation failed", () => {
    const { client, transport } = makeClient();
    transport.reply(error(404, "nope"));
    const e = failure(() => client.getSearch(SEARCH_ID));
    expect(e.operation).toBe("getSearch");
    expect(e.endpoint).toBe(`GET /searches/${SEARCH_ID}`);
  });
});

describe("the API key never leaks", () => {
  const statuses = [401, 402, 403, 404, 409, 422, 428, 429, 500, 503];

  test.each(statuses)("status %i: not in message, detail, stack or JSON of the error", (status) => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    // A careless service echoing the key back must not carry it into the add-on's text.
    transport.reply(error(status, `Key ${API_KEY} rejected; ${API_KEY}`, { "retry-after": "1" }));
    const e = failure(() => client.createSearch(searchBody, { idempotencyKey: "k" }));
    const everything = [e.message, e.detail ?? "", e.stack ?? "", JSON.stringify(e), String(e)].join("\n");
    expect(everything).not.toContain(API_KEY);
    expect(e.status).toBe(status);
  });

  test("network failures and shape errors are redacted too", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply(
      network(`socket closed while sending x-api-key: ${API_KEY}`),
      // A record key is part of an issue path: here the path would carry the key.
      json(200, resultsPage([sampleSearchBusiness({ email_verifications: { [API_KEY]: { result: 1 } } })])),
    );
    const n = failure(() => client.getAccount());
    expect(n.detail).toContain("[redacted]");
    const shape = failure(() => client.getSearchResults(SEARCH_ID));
    expect(shape.message).toContain("items.0.email_verifications.[redacted].result: expected string");
    const shaped = [shape];
    for (const e of [n, ...shaped]) {
      expect([e.message, e.detail ?? "", e.stack ?? "", JSON.stringify(e)].join("\n")).not.toContain(API_KEY);
    }
  });

  test("errors hold no request headers", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply(error(401, "no"));
    const e = failure(() => client.getAccount());
    const fields = Object.keys(e).join(",");
    expect(fields).not.toMatch(/header|request|key/i);
  });
});
