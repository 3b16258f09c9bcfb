// Tests the hand-written URL helpers that stand in for URL/URLSearchParams.
import { apiRoot, buildQuery } from "../../src/api/query";

test("buildQuery skips absent values and escapes the rest", () => {
  expect(buildQuery({})).toBe("");
  expect(buildQuery({ a: undefined, b: null })).toBe("");
  expect(buildQuery({ page: 2, page_size: 50 })).toBe("?page=2&page_size=50");
  expect(buildQuery({ q: "a&b=c d/é", flag: true })).toBe("?q=a%26b%3Dc%20d%2F%C3%A9&flag=true");
  // The escaping agrees with Node's own parser.
  const parsed = new URLSearchParams(buildQuery({ q: "a&b=c d/é+1" }).slice(1));
  expect(parsed.get("q")).toBe("a&b=c d/é+1");
});

test("apiRoot", () => {
  expect(apiRoot("https://x.test")).toBe("https://x.test/api/v1");
  expect(apiRoot("https://x.test//")).toBe("https://x.test/api/v1");
  expect(apiRoot("https://x.test/api/v1")).toBe("https://x.test/api/v1");
  expect(apiRoot("x.test")).toBeNull();
  expect(apiRoot("https://")).toBeNull();
  // Plain http only on loopback: the key travels in a header.
  expect(apiRoot("http://leads.example.com")).toBeNull();
  expect(apiRoot("http://127.0.0.1.evil.example")).toBeNull();
  expect(apiRoot("http://127.0.0.1:8787")).toBe("http://127.0.0.1:8787/api/v1");
  expect(apiRoot("http://localhost/")).toBe("http://localhost/api/v1");
  expect(apiRoot("http://[::1]:9000")).toBe("http://[::1]:9000/api/v1");
  expect(apiRoot("https://leads.example.com:8443/base")).toBe("https://leads.example.com:8443/base/api/v1");
});
