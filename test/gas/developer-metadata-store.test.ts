// Tests the full-scope build's key-value store over the fakes' developer metadata: one data entry
// holds every key, read with one listing and one call per entry and written with one call; only
// the holder of the store's write claim changes it, so two executions never overwrite each
// other's changes; claims of executions that certainly ended are void; other tools' entries are
// left alone.
import { DeveloperMetadataStore, METADATA_BUDGET_CHARS } from "../../src/gas/developer-metadata-store";
import { CLAIM_MS, type ClaimHolder, type StoreRuntime } from "../../src/storage/write-claim";
import { createRuntime } from "../../dev/fakes/runtime";

let runtime: ReturnType<typeof createRuntime>;
let app: GoogleAppsScript.Spreadsheet.SpreadsheetApp;
let tokens = 0;
let sleeps: Array<() => void> = [];
beforeEach(() => {
  runtime = createRuntime({ seed: 5, enforceTimeLimits: false }); // claims expire after 6.5 min
  app = runtime.globals().SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp = app;
  tokens = 0;
  sleeps = [];
});
afterEach(() => {
  runtime.endAmbient();
  delete (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp;
});

/** The platform as the store sees it: the runtime's virtual clock; a sleep runs what a test queued. */
const platform = (): StoreRuntime => ({
  now: () => runtime.clock.now(),
  sleep: (ms) => {
    runtime.clock.advance(ms);
    sleeps.shift()?.();
  },
  newToken: () => `token-${(tokens += 1)}`,
  random: () => 0.5,
});
/** A store as one execution makes it. */
const execution = () => new DeveloperMetadataStore(app.getActiveSpreadsheet(), platform());
const LOCKED: ClaimHolder = { documentLock: true, userLock: null };
/** An execution holding the document lock and the claim, as a sidebar action does. */
function writer(): DeveloperMetadataStore {
  const store = execution();
  expect(store.claim(LOCKED)).toBe(true);
  return store;
}
/** The metadata as the document holds it, this test's writes committed first (they are its one execution's). */
function metadata(): ReturnType<ReturnType<typeof runtime.spreadsheet>["testing"]["developerMetadata"]> {
  const exec = runtime.current();
  if (exec) runtime.spreadsheet().commitWrites(exec);
  return runtime.spreadsheet().testing.developerMetadata();
}
/** SpreadsheetApp calls `work` makes. */
function calls(work: () => void): number {
  const before = runtime.counters.snapshot();
  work();
  const after = runtime.counters.snapshot();
  return (
    after.spreadsheetReads -
    before.spreadsheetReads +
    after.spreadsheetWrites -
    before.spreadsheetWrites +
    after.spreadsheetFlushes -
    before.spreadsheetFlushes
  );
}

describe("the developer-metadata store", () => {
  it("keeps every key in one entry: one listing and one read per entry, one write per change, nothing read twice", () => {
    const first = writer();
    for (let i = 0; i < 10; i += 1) first.setProperty(`job:${i}`, JSON.stringify({ id: i }));
    first.release();
    expect(metadata().map((e) => e.key)).toEqual(["businessLeads:store"]);

    const reader = execution();
    expect(calls(() => expect(Object.keys(reader.getProperties())).toHaveLength(10))).toBe(2); // find + the one value
    expect(calls(() => reader.getProperty("job:3"))).toBe(0);

    const store = execution();
    // The claim: add it, commit it (flush), list the store (the data entry and the claim), then change and release.
    expect(calls(() => store.claim(LOCKED))).toBe(1 + 1 + 1 + 2);
    expect(calls(() => store.setProperty("job:3", JSON.stringify({ id: 3, done: true })))).toBe(1);
    expect(calls(() => store.setProperty("job:3", JSON.stringify({ id: 3, done: true })))).toBe(0); // unchanged: no write
    expect(calls(() => store.deleteProperty("job:4"))).toBe(1);
    expect(calls(() => store.release())).toBe(2); // the claim goes, committed with what was written
    expect(execution().getProperties()).toMatchObject({ "job:3": JSON.stringify({ id: 3, done: true }) });
    expect(execution().getProperty("job:4")).toBeNull();
    expect(metadata()).toHaveLength(1);
  });

  it("writes a batch's changes with one call at its end, also when the work fails after them", () => {
    const store = writer();
    expect(
      calls(() =>
        store.batch(() => {
          for (let i = 0; i < 20; i += 1) store.setProperty(`job:${i}`, `{"i":${i}}`);
          store.deleteProperty("job:0");
        }),
      ),
    ).toBe(1);
    // The work's own failure, not one the store made: it passes through as it was thrown.
    const failure = new Error("the work failed");
    let thrown: unknown;
    try {
      store.batch(() => {
        store.setProperty("job:1", '{"i":"one"}');
        throw failure;
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(failure);
    store.release();
    expect(execution().getProperties()).toEqual(expect.objectContaining({ "job:1": '{"i":"one"}', "job:19": '{"i":19}' }));
    expect(execution().getProperty("job:0")).toBeNull();
  });

  it("keeps values exactly: line breaks, tabs, a leading '!' and an empty value", () => {
    const store = writer();
    const values = { a: "two\nlines", b: "tab\there", c: "!bang", d: "", e: '"quoted"\r\n' };
    for (const [key, value] of Object.entries(values)) store.setProperty(key, value);
    store.release();
    expect(execution().getProperties()).toEqual(values);
  });

  it("leaves no entry once emptied again, and no claim once released: the spreadsheet is as it was", () => {
    const store = writer();
    store.setProperty("check", "written");
    expect(execution().getProperty("check")).toBe("written");
    store.deleteProperty("check");
    store.release();
    expect(metadata()).toEqual([]);
  });

  it("is changed only under its claim", () => {
    const store = execution();
    expect(() => store.setProperty("job:1", "{}")).toThrow(/only under its write claim/);
    expect(() => store.deleteProperty("job:1")).toThrow(/only under its write claim/);
    expect(metadata()).toEqual([]);
  });

  it("refuses a write past its 24,000 characters and keeps what it had", () => {
    const store = writer();
    store.setProperty("small", "x");
    expect(() => store.setProperty("big", "x".repeat(METADATA_BUDGET_CHARS))).toThrow(/list of Business Leads jobs is full/);
    expect(store.getProperty("big")).toBeNull();
    store.release();
    expect(execution().getProperties()).toEqual({ small: "x" });
  });
});

describe("the store's write claim", () => {
  it("keeps a second execution out while the first holds it; it then sees the first one's writes", () => {
    const a = writer();
    const b = execution();
    b.getProperties(); // B read the store before A's change...
    a.setProperty("job:a", "{}");
    expect(b.claim({ documentLock: false, userLock: "bob" })).toBe(false); // ...and cannot write it now
    expect(metadata().filter((e) => e.key === "businessLeads:claim")).toHaveLength(1); // B took its claim back
    a.release();
    expect(b.claim({ documentLock: false, userLock: "bob" })).toBe(true);
    b.setProperty("job:b", "{}"); // read again when claimed: A's record stays
    b.release();
    expect(Object.keys(execution().getProperties()).sort()).toEqual(["job:a", "job:b"]);
  });

  it("waits for the holder when it may: a sidebar action gets the store once a background pass is done", () => {
    const pass = execution();
    expect(pass.claim({ documentLock: false, userLock: "bob" })).toBe(true);
    pass.setProperty("job:pass", "{}");
    const action = execution();
    sleeps.push(
      () => undefined,
      () => pass.release(),
    ); // the pass ends during the action's second wait
    expect(action.claim(LOCKED, 20_000)).toBe(true);
    action.setProperty("job:action", "{}");
    action.release();
    expect(Object.keys(execution().getProperties()).sort()).toEqual(["job:action", "job:pass"]);
    expect(metadata().map((e) => e.key)).toEqual(["businessLeads:store"]);
  });

  it("gives up after its wait while the holder stays, and leaves no claim of its own", () => {
    const pass = execution();
    pass.claim({ documentLock: false, userLock: "bob" });
    const started = runtime.clock.now();
    expect(execution().claim(LOCKED, 2_000)).toBe(false);
    expect(runtime.clock.now() - started).toBeLessThanOrEqual(2_000);
    expect(metadata().filter((e) => e.key === "businessLeads:claim")).toHaveLength(1);
  });

  it("treats the claim of an execution that certainly ended as void: expired, or made under a lock the caller holds", () => {
    const claims = () => metadata().filter((e) => e.key === "businessLeads:claim");
    const clearClaims = () =>
      app
        .getActiveSpreadsheet()
        .createDeveloperMetadataFinder()
        .withKey("businessLeads:claim")
        .find()
        .forEach((m) => m.remove());
    // A killed action left its claim: the next holder of the document lock knows that execution ended.
    execution().claim(LOCKED);
    expect(execution().claim(LOCKED)).toBe(true);
    expect(claims()).toHaveLength(1); // the dead one was removed
    clearClaims();

    // A killed pass of alice's: void for alice's next pass (it holds her user lock), not for others.
    execution().claim({ documentLock: false, userLock: "alice" });
    expect(execution().claim({ documentLock: false, userLock: "bob" })).toBe(false);
    expect(execution().claim(LOCKED)).toBe(false); // it was not made under the document lock
    expect(execution().claim({ documentLock: false, userLock: "alice" })).toBe(true);
    clearClaims();

    // Any claim is void once it is older than an execution may live.
    execution().claim({ documentLock: false, userLock: "carol" });
    runtime.clock.advance(CLAIM_MS - 1);
    expect(execution().claim({ documentLock: false, userLock: "dave" })).toBe(false);
    runtime.clock.advance(1);
    expect(execution().claim({ documentLock: false, userLock: "dave" })).toBe(true);
  });

  it("is taken once per execution: a nested claim holds until the outer one is released", () => {
    const store = writer();
    expect(store.claim(LOCKED)).toBe(true);
    store.setProperty("k", "v");
    store.release();
    expect(execution().claim({ documentLock: false, userLock: "bob" })).toBe(false);
    store.release();
    expect(execution().claim({ documentLock: false, userLock: "bob" })).toBe(true);
  });
});

describe("entries that are not the store's", () => {
  it("are left alone: another tool's entry is neither read as a key nor removed by a write", () => {
    app.getActiveSpreadsheet().addDeveloperMetadata("otherTool.setting", "kept", app.DeveloperMetadataVisibility.PROJECT);
    expect(execution().getProperties()).toEqual({});
    const store = writer();
    store.setProperty("job:a", "{}");
    store.release();
    expect(
      metadata()
        .map((e) => e.key)
        .sort(),
    ).toEqual(["businessLeads:store", "otherTool.setting"]);
    expect(execution().getProperties()).toEqual({ "job:a": "{}" });
  });
});
