// Tests parsing of the rate-limit headers.
import { parseRateLimit } from "../../src/api/rate-limit";

describe("parseRateLimit", () => {
  test("the IETF RateLimit and RateLimit-Policy headers", () => {
    expect(
      parseRateLimit({ ratelimit: "default;r=950;t=30", "ratelimit-policy": "default;q=1000;w=60" }),
    ).toEqual({ limit: 1000, remaining: 950, resetSeconds: 30, windowSeconds: 60, policy: "default" });
  });

  test("quoted policy names and several policies (the first wins)", () => {
    expect(
      parseRateLimit({ RateLimit: '"burst";r=5;t=1, "daily";r=900;t=3600', "RateLimit-Policy": '"burst";q=10;w=1' }),
    ).toEqual({ limit: 10, remaining: 5, resetSeconds: 1, windowSeconds: 1, policy: "burst" });
  });

  test("X-RateLimit-* alone", () => {
    expect(
      parseRateLimit({ "x-ratelimit-limit": "1000", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "12" }),
    ).toEqual({ limit: 1000, remaining: 0, resetSeconds: 12, windowSeconds: null, policy: null });
  });

  test("IETF values win over X- values", () => {
    const info = parseRateLimit({
      ratelimit: "default;r=10;t=5",
      "x-ratelimit-remaining": "99",
      "x-ratelimit-limit": "1000",
    });
    expect(info?.remaining).toBe(10);
    expect(info?.limit).toBe(1000);
  });

  test("an epoch-seconds reset is turned into seconds from now", () => {
    const now = Date.UTC(2026, 10, 21, 9, 0, 0);
    const info = parseRateLimit({ "x-ratelimit-reset": String(now / 1000 + 42) }, now);
    expect(info?.resetSeconds).toBe(42);
  });

  test("no headers, or unreadable ones: null", () => {
    expect(parseRateLimit({})).toBeNull();
    expect(parseRateLimit({ "content-type": "application/json" })).toBeNull();
    expect(parseRateLimit({ ratelimit: "garbage" })).toBeNull();
  });
});

