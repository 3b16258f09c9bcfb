// Tests the execution's copy of a properties store: read whole once, served from memory, read
// again once a lock is acquired (another execution may have written while this one waited),
// writes through, and a value it already holds is not written again.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as snapshot from "../../src/gas/property-snapshot";

let runtime: FakeRuntime;
let lockService: GoogleAppsScript.Lock.LockService;
let snapshotModule: typeof snapshot;

beforeEach(() => {
  runtime = createRuntime();
  const globals = runtime.globals();
  (globalThis as { PropertiesService?: unknown }).PropertiesService = globals.PropertiesService;
  lockService = globals.LockService as unknown as GoogleAppsScript.Lock.LockService;
  // Apps Script evaluates the script afresh for every execution: so does each test.
  jest.isolateModules(() => {
    snapshotModule = jest.requireActual<typeof snapshot>("../../src/gas/property-snapshot");
  });
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  delete (globalThis as { PropertiesService?: unknown }).PropertiesService;
});

const calls = (): number => runtime.counters.propertiesCalls;

describe("the execution's copy of the user's properties", () => {
  it("is read once, whole, and served from memory", () => {
    runtime.stores.user().set("a", "1");
    runtime.stores.user().set("b", "2");
    const props = snapshotModule.userProperties();
    expect(props.getProperty("a")).toBe("1");
    expect(props.getProperty("b")).toBe("2");
    expect(props.getProperty("c")).toBeNull();
    expect(props.getProperties()).toEqual({ a: "1", b: "2" });
    expect(calls()).toBe(1);
  });

  it("is read again after a lock is acquired: a write another execution made meanwhile is seen", () => {
    const props = snapshotModule.userProperties();
    expect(props.getProperty("a")).toBeNull();
    runtime.stores.user().set("a", "theirs"); // another execution, while this one waits for the lock
    expect(props.getProperty("a")).toBeNull();
    expect(snapshotModule.lockAndRefresh(lockService.getUserLock(), 100)).toBe(true);
    expect(props.getProperty("a")).toBe("theirs");
    expect(calls()).toBe(2);
  });

  it("writes through, and does not write what it already holds", () => {
    const props = snapshotModule.userProperties();
    expect(props.getProperty("a")).toBeNull();
    props.setProperty("a", "1");
    expect(runtime.stores.user().get("a")).toBe("1");
    const before = calls();
    props.setProperty("a", "1");
    props.setProperties({ a: "1" });
    props.deleteProperty("missing");
    expect(calls()).toBe(before);
    props.setProperties({ a: "2", b: "3" });
    props.deleteProperty("b");
    expect(calls()).toBe(before + 2);
    expect([...runtime.stores.user()]).toEqual([["a", "2"]]);
  });

  it("keeps the copy unchanged when a write is refused", () => {
    const props = snapshotModule.userProperties();
    props.getProperties();
    expect(() => props.setProperty("big", "x".repeat(10 * 1024))).toThrow(/Argument too large/);
    expect(props.getProperty("big")).toBeNull();
  });
});
