// Tests the CacheService fake against https://developers.google.com/apps-script/reference/cache/cache.
import { createRuntime, type FakeRuntime } from "../../../dev/fakes/runtime";
import { makeDist } from "./test-support";

let runtime: FakeRuntime;
beforeEach(() => {
  runtime = createRuntime({ distDir: makeDist({}), enforceTimeLimits: false });
});

describe("CacheService", () => {
  it("returns null for what it does not hold", () => {
    expect(runtime.globals().CacheService.getScriptCache().get("nope")).toBeNull();
  });

  it("expires entries after 600 seconds by default, on the virtual clock", () => {
    const cache = runtime.globals().CacheService.getDocumentCache();
    cache.put("k", "v");
    runtime.clock.advance(599_999);
    expect(cache.get("k")).toBe("v");
    runtime.clock.advance(1);
    expect(cache.get("k")).toBeNull();
  });

  it("honours an explicit expiration between 1 and 21600 seconds", () => {
    const cache = runtime.globals().CacheService.getScriptCache();
    cache.put("long", "v", 21_600);
    runtime.clock.advance(21_599_000);
    expect(cache.get("long")).toBe("v");
    runtime.clock.advance(1_000);
    expect(cache.get("long")).toBeNull();
    expect(() => cache.put("k", "v", 21_601)).toThrow("Invalid argument: expirationInSeconds");
    expect(() => cache.put("k", "v", 0)).toThrow("Invalid argument: expirationInSeconds");
  });

  it("limits keys to 250 characters and values to 100 KB", () => {
    const cache = runtime.globals().CacheService.getUserCache();
    cache.put("k".repeat(250), "v");
    expect(() => cache.put("k".repeat(251), "v")).toThrow("Argument too large: key");
    cache.put("big", "x".repeat(100 * 1024));
    expect(() => cache.put("bigger", "x".repeat(100 * 1024 + 1))).toThrow("Argument too large: value");
  });

  it("getAll returns only the keys found; putAll and removeAll work on many", () => {
    const cache = runtime.globals().CacheService.getScriptCache();
    cache.putAll({ a: "1", b: "2", c: "3" }, 60);
    expect(cache.getAll(["a", "b", "zz"])).toEqual({ a: "1", b: "2" });
    cache.removeAll(["a", "b"]);
    cache.remove("c");
    expect(cache.getAll(["a", "b", "c"])).toEqual({});
  });

  it("keeps the 900 items farthest from expiration once more than 1,000 are written", () => {
    const cache = runtime.globals().CacheService.getScriptCache();
    for (let i = 0; i < 1001; i++) cache.put(`k${i}`, "v", 100 + i);
    const found = cache.getAll(Array.from({ length: 1001 }, (_, i) => `k${i}`));
    expect(Object.keys(found)).toHaveLength(900);
    expect(found.k1000).toBe("v");
    expect(found.k100).toBeUndefined();
  });

  it("keeps user caches apart and shares the document cache", () => {
    runtime.globals("FULL", { user: "a@example.com" }).CacheService.getUserCache().put("k", "a");
    runtime.globals("FULL", { user: "a@example.com" }).CacheService.getDocumentCache().put("d", "shared");
    const b = runtime.globals("FULL", { user: "b@example.com" }).CacheService;
    expect(b.getUserCache().get("k")).toBeNull();
    expect(b.getDocumentCache().get("d")).toBe("shared");
  });

  it("can lose everything at any time (Google: 'be prepared to get null from every call')", () => {
    const cache = runtime.globals().CacheService.getScriptCache();
    cache.put("k", "v");
    runtime.evictCaches();
    expect(cache.get("k")).toBeNull();
  });

  it("is not available in AuthMode.NONE", () => {
    expect(() => runtime.globals("NONE").CacheService.getScriptCache()).toThrow(
      /You do not have permission to call CacheService.getScriptCache/,
    );
    expect(runtime.globals("CUSTOM_FUNCTION").CacheService.getScriptCache().get("x")).toBeNull();
  });
});
