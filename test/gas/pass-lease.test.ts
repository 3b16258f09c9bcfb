// Tests the pass lease over a plain key-value store: another user's running lease keeps a pass
// out, an expired one or the user's own (left by a killed pass) does not, and only the holder
// releases it.
import { LEASE_MS, releasePassLease, takePassLease } from "../../src/gas/pass-lease";
import type { KeyValueStore } from "../../src/jobs/key-value-store";

function mapStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getProperty: (k) => map.get(k) ?? null,
    getProperties: () => Object.fromEntries(map),
    setProperty: (k, v) => map.set(k, v),
    deleteProperty: (k) => map.delete(k),
  };
}

describe("the pass lease", () => {
  it("keeps another user's pass out while it runs, and lets it in once expired", () => {
    const store = mapStore();
    expect(takePassLease(store, "alice", 1000)).toBe(true);
    expect(takePassLease(store, "bob", 1000 + LEASE_MS - 1)).toBe(false);
    expect(takePassLease(store, "bob", 1000 + LEASE_MS)).toBe(true);
  });

  it("is taken again by the same user (a killed pass of theirs left it)", () => {
    const store = mapStore();
    takePassLease(store, "alice", 0);
    expect(takePassLease(store, "alice", 10)).toBe(true);
  });

  it("is released only by its holder; a damaged record counts as none", () => {
    const store = mapStore();
    takePassLease(store, "alice", 0);
    releasePassLease(store, "bob");
    expect(takePassLease(store, "bob", 1)).toBe(false);
    releasePassLease(store, "alice");
    expect(store.map.size).toBe(0);
    store.setProperty("passLease", "{not json");
    expect(takePassLease(store, "bob", 2)).toBe(true);
  });
});
