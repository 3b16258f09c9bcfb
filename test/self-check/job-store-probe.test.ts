// Tests the self-check's job-store probe: a value with text beyond ASCII reads back the same
// through a fresh store, a store that loses or changes it is reported so, and no probe entry stays.
import { createRuntime } from "../../dev/fakes/runtime";
import { probeJobStore } from "../../src/self-check/job-store-probe";
import { mapStore } from "../storage/map-store";

let runtime: ReturnType<typeof createRuntime>;
beforeEach(() => {
  runtime = createRuntime();
  (globalThis as { Utilities?: unknown }).Utilities = runtime.globals().Utilities;
});
afterEach(() => {
  runtime.endAmbient();
  delete (globalThis as { Utilities?: unknown }).Utilities;
});

describe("probeJobStore", () => {
  it("reads back the same entry through a fresh view, then removes it", () => {
    const store = mapStore({ "job:1": "{}" });
    expect(probeJobStore(store, () => store)).toEqual({ readBack: "same", failure: null, removed: true });
    expect([...store.map.keys()]).toEqual(["job:1"]);
  });

  it("says missing when the fresh view does not find the entry, changed when it differs", () => {
    const writer = mapStore();
    expect(probeJobStore(writer, () => mapStore()).readBack).toBe("missing");
    const changed = mapStore();
    const altered = { ...changed, getProperty: (key: string) => (changed.map.has(key) ? "altered" : null) };
    expect(probeJobStore(changed, () => altered).readBack).toBe("changed");
  });

  it("reports a failed write in the store's words and removes probes an earlier check left", () => {
    const store = mapStore({ "selfCheck:old": "x" });
    const failing = {
      ...store,
      setProperty: () => {
        throw new Error("Service invoked too many times");
      },
    };
    const probe = probeJobStore(failing, () => store);
    expect(probe.readBack).toBeNull();
    expect(probe.failure).toContain("too many times");
    expect(store.map.has("selfCheck:old")).toBe(false);
  });
});
