// Tests UrlFetchTransport against a small UrlFetchApp stand-in: the options it passes, header
// normalisation, fetchAll batches, and exceptions as network failures.
import { UrlFetchTransport, normalizeHeaders, quotaKind, type UrlFetchService } from "../../src/gas/urlfetch-transport";
import { QuotaExceededError } from "../../src/api/transport";
import { LeadsClient } from "../../src/api/client";
import { LeadsApiError } from "../../src/api/errors";

type Params = GoogleAppsScript.URL_Fetch.URLFetchRequestOptions;
type FetchRequest = GoogleAppsScript.URL_Fetch.URLFetchRequest;

interface FakeReply {
  code: number;
  headers?: Record<string, string | string[]>;
  text?: string;
}

function fakeResponse(reply: FakeReply): GoogleAppsScript.URL_Fetch.HTTPResponse {
  const partial = {
    getResponseCode: () => reply.code,
    getAllHeaders: () => reply.headers ?? {},
    getContentText: (charset?: string) => {
      charsets.push(charset);
      return reply.text ?? "";
    },
  };
  return partial as unknown as GoogleAppsScript.URL_Fetch.HTTPResponse;
}

let charsets: (string | undefined)[] = [];

class FakeUrlFetchApp implements UrlFetchService {
  readonly fetchCalls: { url: string; params: Params | undefined }[] = [];
  readonly fetchAllCalls: FetchRequest[][] = [];
  replies: FakeReply[] = [];
  throwWith: string | null = null;

  fetch(url: string, params?: Params): GoogleAppsScript.URL_Fetch.HTTPResponse {
    this.fetchCalls.push({ url, params });
    if (this.throwWith) throw new Error(this.throwWith);
    return fakeResponse(this.next());
  }

  fetchAll(requests: (FetchRequest | string)[]): GoogleAppsScript.URL_Fetch.HTTPResponse[] {
    this.fetchAllCalls.push(requests.map((r) => (typeof r === "string" ? { url: r } : r)));
    if (this.throwWith) throw new Error(this.throwWith);
    return requests.map(() => fakeResponse(this.next()));
  }

  private next(): FakeReply {
    const reply = this.replies.shift();
    if (!reply) throw new Error("FakeUrlFetchApp: no reply left");
    return reply;
  }
}

beforeEach(() => {
  charsets = [];
});

describe("UrlFetchTransport", () => {
  test("a GET: method, headers, muteHttpExceptions, followRedirects, no payload", () => {
    const app = new FakeUrlFetchApp();
    app.replies = [{ code: 200, headers: { "Content-Type": "application/json" }, text: '{"a":1}' }];
    const transport = new UrlFetchTransport(app);
    const response = transport.fetch({
      method: "GET",
      url: "https://x.test/api/v1/account",
      headers: { Accept: "application/json", "x-api-key": "k" },
    });
    expect(response).toEqual({ status: 200, headers: { "content-type": "application/json" }, body: '{"a":1}' });
    expect(app.fetchCalls).toEqual([
      {
        url: "https://x.test/api/v1/account",
        params: {
          method: "get",
          headers: { Accept: "application/json", "x-api-key": "k" },
          muteHttpExceptions: true,
          followRedirects: true,
        },
      },
    ]);
    expect(charsets).toEqual(["UTF-8"]);
  });

  test("a POST: payload, and the content type moved to its own option", () => {
    const app = new FakeUrlFetchApp();
    app.replies = [{ code: 202, text: "{}" }];
    new UrlFetchTransport(app).fetch({
      method: "POST",
      url: "https://x.test/api/v1/searches",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "idem", "x-api-key": "k" },
      body: '{"input":{}}',
    });
    expect(app.fetchCalls[0]?.params).toEqual({
      method: "post",
      headers: { "Idempotency-Key": "idem", "x-api-key": "k" },
      payload: '{"input":{}}',
      contentType: "application/json",
      muteHttpExceptions: true,
      followRedirects: true,
    });
  });

  test("error statuses are responses, not exceptions", () => {
    const app = new FakeUrlFetchApp();
    app.replies = [{ code: 503, headers: { "Retry-After": "3" }, text: '{"detail":"down"}' }];
    const response = new UrlFetchTransport(app).fetch({ method: "GET", url: "https://x.test/", headers: {} });
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toBe("3");
  });

  test("header names are lower-cased and repeated values joined with ', '", () => {
    expect(
      normalizeHeaders({
        "Set-Cookie": ["a=1", "b=2"],
        "X-RateLimit-Remaining": "10",
        RateLimit: "default;r=10;t=5",
        "Content-Length": 12,
      }),
    ).toEqual({
      "set-cookie": "a=1, b=2",
      "x-ratelimit-remaining": "10",
      ratelimit: "default;r=10;t=5",
      "content-length": "12",
    });
  });

  test("fetchAll sends one batch and keeps the order", () => {
    const app = new FakeUrlFetchApp();
    app.replies = [
      { code: 200, text: "one" },
      { code: 404, text: "two" },
    ];
    const responses = new UrlFetchTransport(app).fetchAll([
      { method: "GET", url: "https://x.test/1", headers: { "x-api-key": "k" } },
      { method: "POST", url: "https://x.test/2", headers: { "Content-Type": "application/json" }, body: "{}" },
    ]);
    expect(responses.map((r) => [r.status, r.body])).toEqual([
      [200, "one"],
      [404, "two"],
    ]);
    expect(app.fetchCalls).toHaveLength(0);
    expect(app.fetchAllCalls).toEqual([
      [
        {
          url: "https://x.test/1",
          method: "get",
          headers: { "x-api-key": "k" },
          muteHttpExceptions: true,
          followRedirects: true,
        },
        {
          url: "https://x.test/2",
          method: "post",
          headers: {},
          payload: "{}",
          contentType: "application/json",
          muteHttpExceptions: true,
          followRedirects: true,
        },
      ],
    ]);
  });

  test("an empty fetchAll makes no call", () => {
    const app = new FakeUrlFetchApp();
    expect(new UrlFetchTransport(app).fetchAll([])).toEqual([]);
    expect(app.fetchAllCalls).toHaveLength(0);
  });

  test("a thrown exception is a network failure", () => {
    const app = new FakeUrlFetchApp();
    app.throwWith = "Address unavailable: https://x.test/";
    const transport = new UrlFetchTransport(app);
    expect(() => transport.fetch({ method: "GET", url: "https://x.test/", headers: {} })).toThrow(
      "Network failure: Address unavailable: https://x.test/",
    );
    expect(() => transport.fetchAll([{ method: "GET", url: "https://x.test/", headers: {} }])).toThrow(/^Network failure/);
  });

  test.each([
    ["Service invoked too many times for one day: urlfetch.", "daily"],
    ["Bandwidth quota exceeded: https://x.test/api/v1/account. Try reducing the rate of data transfer.", "bandwidth"],
  ])("%s is a spent quota, not a network failure: one attempt, no wait, a message that says when work resumes", (thrown, quota) => {
    const app = new FakeUrlFetchApp();
    app.throwWith = thrown;
    const transport = new UrlFetchTransport(app);
    expect(() => transport.fetch({ method: "GET", url: "https://x.test/", headers: {} })).toThrow(QuotaExceededError);
    const slept: number[] = [];
    const client = new LeadsClient({
      baseUrl: "https://x.test",
      apiKey: "secret-key-123",
      transport,
      clock: { now: () => 0, sleep: (ms) => void slept.push(ms) },
    });
    const before = app.fetchCalls.length + app.fetchAllCalls.length;
    let caught: unknown;
    try {
      client.getAccount();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LeadsApiError);
    const error = caught as LeadsApiError;
    expect([error.kind, error.retryable, error.attempts]).toEqual(["quota", false, 1]);
    expect(app.fetchCalls.length + app.fetchAllCalls.length - before).toBe(1);
    expect(slept).toEqual([]);
    expect(error.message).toMatch(quota === "daily" ? /daily limit.*resume by themselves/ : /bandwidth limit.*resume by themselves/);
    expect(error.message).not.toMatch(/connection/i);
    expect(quotaKind(thrown)).toBe(quota);
    expect(quotaKind("Address unavailable: https://x.test/")).toBeNull();
  });

  test("end to end: the client over UrlFetchTransport retries a network failure and parses", () => {
    const app = new FakeUrlFetchApp();
    let calls = 0;
    const original = app.fetch.bind(app);
    app.fetch = (url: string, params?: Params) => {
      calls++;
      if (calls === 1) {
        app.fetchCalls.push({ url, params });
        throw new Error("Timeout");
      }
      return original(url, params);
    };
    app.replies = [
      {
        code: 200,
        headers: { "X-RateLimit-Remaining": "998", "X-RateLimit-Limit": "1000" },
        text: JSON.stringify({ locations: [{ country_code: "US", label: "Austin, Texas, United States" }] }),
      },
    ];
    const slept: number[] = [];
    const client = new LeadsClient({
      baseUrl: "https://x.test",
      apiKey: "secret-key-123",
      transport: new UrlFetchTransport(app),
      clock: { now: () => 0, sleep: (ms) => void slept.push(ms) },
      random: () => 0,
    });
    const locations = client.findLocations({ q: "Aus", country: "US" });
    expect(locations[0]?.label).toBe("Austin, Texas, United States");
    expect(app.fetchCalls).toHaveLength(2);
    expect(app.fetchCalls[1]?.url).toBe("https://x.test/api/v1/locations?q=Aus&country=US");
    expect(app.fetchCalls[1]?.params?.headers).toEqual({ Accept: "application/json", "x-api-key": "secret-key-123" });
    expect(slept).toEqual([250]);
  });

  test("end to end: a failure reports a network LeadsApiError", () => {
    const app = new FakeUrlFetchApp();
    const cause = "DNS error";
    app.throwWith = cause;
    const client = new LeadsClient({
      baseUrl: "https://x.test",
      apiKey: "secret-key-123",
      transport: new UrlFetchTransport(app),
      clock: { now: () => 0, sleep: () => undefined },
      maxAttempts: 2,
    });
    let caught: unknown;
    try {
      client.getAccount();
    } catch (thrown) {
      caught = thrown;
    }
    expect(caught).toBeInstanceOf(LeadsApiError);
    expect((caught as LeadsApiError).kind).toBe("network");
    expect((caught as LeadsApiError).retryable).toBe(true);
    expect((caught as LeadsApiError).detail).toContain(cause);
    expect(app.fetchCalls).toHaveLength(2);
  });
});
