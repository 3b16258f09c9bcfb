// Tests the UrlFetchApp fake against Google's documented behaviour, over real HTTP to a server
// in a worker thread.
import { createRuntime, type FakeRuntime } from "../../../dev/fakes/runtime";
import { closedPort, makeDist, startEchoServer, type EchoServer } from "./test-support";

let server: EchoServer;
let runtime: FakeRuntime;

beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => {
  runtime = createRuntime({ distDir: makeDist({}) });
});

function echo(response: { getContentText(): string }): { method: string; url: string; headers: Record<string, string>; body: string } {
  return JSON.parse(response.getContentText()) as { method: string; url: string; headers: Record<string, string>; body: string };
}

describe("UrlFetchApp.fetch", () => {
  it("sends a GET by default and returns the response", () => {
    const { UrlFetchApp } = runtime.globals();
    const response = UrlFetchApp.fetch(server.url("/echo?q=1"));
    expect(response.getResponseCode()).toBe(200);
    expect(echo(response)).toMatchObject({ method: "GET", url: "/echo?q=1", body: "" });
    expect(response.getBlob().getDataAsString()).toBe(response.getContentText());
    expect(response.getHeaders()).toMatchObject({ "Content-Type": "application/json" });
  });

  it("sends headers, and a string payload with its contentType", () => {
    const { UrlFetchApp } = runtime.globals();
    const response = UrlFetchApp.fetch(server.url("/echo"), {
      method: "post",
      contentType: "application/json",
      headers: { Authorization: "Bearer k-123", "Idempotency-Key": "abc" },
      payload: JSON.stringify({ a: 1 }),
    });
    const seen = echo(response);
    expect(seen.method).toBe("POST");
    expect(seen.body).toBe('{"a":1}');
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(seen.headers.authorization).toBe("Bearer k-123");
    expect(seen.headers["idempotency-key"]).toBe("abc");
  });

  it("form-encodes an object payload, defaulting contentType to application/x-www-form-urlencoded", () => {
    const { UrlFetchApp } = runtime.globals();
    const seen = echo(UrlFetchApp.fetch(server.url("/echo"), { method: "post", payload: { name: "A & B", n: 2 } }));
    expect(seen.body).toBe("name=A+%26+B&n=2");
    expect(seen.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("throws Google's 'Request failed' message for a status of 400 or more", () => {
    const { UrlFetchApp } = runtime.globals();
    expect(() => UrlFetchApp.fetch(server.url("/status/503"))).toThrow(
      `Request failed for http://127.0.0.1:${server.port} returned code 503. Truncated server response: ` +
        `{"error":{"code":"unavailable","status":503}} (use muteHttpExceptions option to examine full response)`,
    );
    expect(() => UrlFetchApp.fetch(server.url("/status/404?long"))).toThrow(
      /Truncated server response: x{100}\.\.\. \(use muteHttpExceptions/,
    );
  });

  it("returns error statuses as responses with muteHttpExceptions", () => {
    const { UrlFetchApp } = runtime.globals();
    const response = UrlFetchApp.fetch(server.url("/status/429"), { muteHttpExceptions: true });
    expect(response.getResponseCode()).toBe(429);
    expect(JSON.parse(response.getContentText())).toEqual({ error: { code: "unavailable", status: 429 } });
  });

  it("throws an Exception named like Google's on network failures", () => {
    const { UrlFetchApp } = runtime.globals();
    let caught: unknown;
    try {
      UrlFetchApp.fetch(server.url("/close"));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(String(caught)).toBe(`Exception: Unexpected error: ${server.url("/close")}`);
  });

  it("throws 'Address unavailable' when nothing listens", async () => {
    const port = await closedPort();
    const { UrlFetchApp } = runtime.globals();
    expect(() => UrlFetchApp.fetch(`http://127.0.0.1:${port}/x`)).toThrow(`Address unavailable: http://127.0.0.1:${port}/x`);
  });

  it("refuses every host but 127.0.0.1 and localhost (there is no network)", () => {
    const { UrlFetchApp } = runtime.globals();
    expect(() => UrlFetchApp.fetch("https://api.example.com/v1")).toThrow(/^Address unavailable: https:\/\/api.example.com\/v1/);
    expect(runtime.http.requests).toHaveLength(0);
  });

  it("rejects invalid URLs and methods as Google does", () => {
    const { UrlFetchApp } = runtime.globals();
    expect(() => UrlFetchApp.fetch("not a url")).toThrow("Invalid argument: not a url");
    expect(() => UrlFetchApp.fetch(server.url("/echo"), { method: "head" })).toThrow("Attribute provided with invalid value: method");
    expect(() => UrlFetchApp.fetch(server.url(`/echo?${"a".repeat(2100)}`))).toThrow("Limit Exceeded: URLFetch URL Length.");
  });

  it("follows redirects unless followRedirects is false", () => {
    const { UrlFetchApp } = runtime.globals();
    expect(echo(UrlFetchApp.fetch(server.url("/redirect?to=/echo%3Fr%3D1"))).url).toBe("/echo?r=1");
    const response = UrlFetchApp.fetch(server.url("/redirect?to=/echo"), { followRedirects: false });
    expect(response.getResponseCode()).toBe(302);
    expect(response.getHeaders()).toMatchObject({ Location: "/echo" });
  });

  it("returns repeated headers as arrays from getAllHeaders", () => {
    const { UrlFetchApp } = runtime.globals();
    const response = UrlFetchApp.fetch(server.url("/headers"));
    expect(response.getAllHeaders()).toMatchObject({ "Set-Cookie": ["a=1", "b=2"], "X-Mixed-Case": "yes" });
    expect(response.getHeaders()["Set-Cookie"]).toBe("a=1");
  });

  it("records every request and counts requests and round trips", () => {
    const { UrlFetchApp } = runtime.globals();
    UrlFetchApp.fetch(server.url("/echo"), { method: "post", payload: "x=1", headers: { "X-Api-Key": "secret" } });
    expect(runtime.http.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        url: server.url("/echo"),
        body: "x=1",
        status: 200,
        headers: expect.objectContaining({ "X-Api-Key": "secret" }) as unknown,
      }),
    ]);
    expect(runtime.counters.fetchRequests).toBe(1);
    expect(runtime.counters.roundTrips).toBe(1);
  });
});

describe("UrlFetchApp.fetchAll", () => {
  it("sends the batch in parallel in one round trip and keeps the order", () => {
    const { UrlFetchApp } = runtime.globals();
    // The two /meet requests answer "met" only if both are open at the same time.
    const responses = UrlFetchApp.fetchAll([
      server.url("/meet?group=fetchAll&size=2"),
      { url: server.url("/meet?group=fetchAll&size=2") },
      { url: server.url("/echo"), method: "post", payload: "p" },
    ]);
    expect(responses.map((r) => r.getContentText().slice(0, 9))).toEqual(["met", "met", '{"method"']);
    expect(runtime.counters.roundTrips).toBe(1);
    expect(runtime.counters.fetchRequests).toBe(3);
  });

  it("throws for the whole call when one request fails at the network level", () => {
    const { UrlFetchApp } = runtime.globals();
    expect(() => UrlFetchApp.fetchAll([server.url("/echo"), server.url("/close")])).toThrow(`Unexpected error: ${server.url("/close")}`);
  });

  it("throws for an error status unless that request mutes exceptions", () => {
    const { UrlFetchApp } = runtime.globals();
    expect(() => UrlFetchApp.fetchAll([server.url("/echo"), server.url("/status/500")])).toThrow(/returned code 500/);
    const responses = UrlFetchApp.fetchAll([server.url("/echo"), { url: server.url("/status/500"), muteHttpExceptions: true }]);
    expect(responses.map((r) => r.getResponseCode())).toEqual([200, 500]);
  });
});

describe("UrlFetchApp and authorization modes", () => {
  it("needs authorization: NONE and LIMITED cannot fetch", () => {
    for (const mode of ["NONE", "LIMITED"] as const) {
      const { UrlFetchApp } = runtime.globals(mode);
      expect(() => UrlFetchApp.fetch(server.url("/echo"))).toThrow(
        "You do not have permission to call UrlFetchApp.fetch. Required permissions: " +
          "https://www.googleapis.com/auth/script.external_request",
      );
    }
  });

  it("works in custom functions (URL Fetch 'works' per the custom functions guide)", () => {
    const { UrlFetchApp } = runtime.globals("CUSTOM_FUNCTION");
    expect(UrlFetchApp.fetch(server.url("/echo")).getResponseCode()).toBe(200);
  });
});

describe("UrlFetchApp hooks, latency and quota", () => {
  it("runs onBeforeFetch hooks with the requests about to be sent", () => {
    const seen: string[] = [];
    const off = runtime.onBeforeFetch((requests) => seen.push(...requests.map((r) => r.url)));
    const { UrlFetchApp } = runtime.globals();
    UrlFetchApp.fetchAll([server.url("/echo?a"), server.url("/echo?b")]);
    off();
    UrlFetchApp.fetch(server.url("/echo?c"));
    expect(seen).toEqual([server.url("/echo?a"), server.url("/echo?b")]);
  });

  it("advances the virtual clock by the configured latency per round trip", () => {
    const timed = createRuntime({ distDir: makeDist({}), fetchLatencyMs: 250 });
    const before = timed.clock.now();
    timed.globals().UrlFetchApp.fetchAll([server.url("/echo"), server.url("/echo")]);
    expect(timed.clock.now() - before).toBe(250);
  });

  it("stops at the consumer quota of 20,000 calls a day", () => {
    runtime.quotas.charge("urlfetch", "user@example.com", 19_999);
    const { UrlFetchApp } = runtime.globals();
    UrlFetchApp.fetch(server.url("/echo"));
    expect(() => UrlFetchApp.fetch(server.url("/echo"))).toThrow("Service invoked too many times for one day: urlfetch.");
    runtime.clock.advance(24 * 60 * 60 * 1000);
    // A new day, and a new execution (this one would be far past its 6 minutes).
    expect(runtime.globals().UrlFetchApp.fetch(server.url("/echo")).getResponseCode()).toBe(200);
  });
});

describe("the manifest's urlFetchWhitelist", () => {
  it("refuses a URL outside every prefix before anything is sent, and lets the listed ones through", () => {
    const manifest = JSON.stringify({ urlFetchWhitelist: ["https://leads.example.com/api/", "https://*.example.org/v1/"] });
    const listed = createRuntime({ distDir: makeDist({ "appsscript.json": manifest }) });
    const { UrlFetchApp } = listed.globals();
    expect(() => UrlFetchApp.fetch(server.url("/echo"))).toThrow(/not in the script's urlFetchWhitelist/);
    expect(() => UrlFetchApp.fetchAll([server.url("/echo")])).toThrow(/urlFetchWhitelist/);
    expect(listed.counters.fetchRequests).toBe(0);
  });

  it("matches prefixes as Google documents them: a path prefix, and a leading wildcard for subdomains", async () => {
    const { allowedByList } = await import("../../../dev/fakes/url-fetch");
    const list = ["https://leads.example.com/api/", "https://*.example.org/v1/"];
    expect(allowedByList("https://leads.example.com/api/v1/account", list)).toBe(true);
    expect(allowedByList("https://leads.example.com/other", list)).toBe(false);
    expect(allowedByList("https://eu.example.org/v1/x", list)).toBe(true);
    expect(allowedByList("https://example.org/v1/x", list)).toBe(false);
    expect(allowedByList("https://evil.com/?https://eu.example.org/v1/", list)).toBe(false);
    expect(allowedByList("http://anything", null)).toBe(true);
  });
});
