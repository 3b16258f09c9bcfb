// Tests the full-scope build's key-value store over the fakes' developer metadata: one execution
// reads the store with one listing and one call per entry (its value names it; getKey and getValue
// are each a call in Apps Script), reads nothing twice, writes through the handles it listed, and
// still reads entries written before values carried their names.
import { DeveloperMetadataStore, METADATA_BUDGET_CHARS } from "../../src/gas/developer-metadata-store";
import { createRuntime } from "../../dev/fakes/runtime";

let runtime: ReturnType<typeof createRuntime>;
let app: GoogleAppsScript.Spreadsheet.SpreadsheetApp;
beforeEach(() => {
  runtime = createRuntime({ seed: 5 });
  app = runtime.globals().SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp = app;
});
afterEach(() => {
  runtime.endAmbient();
  delete (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp;
});

/** A store as one execution makes it. */
const execution = () => new DeveloperMetadataStore(app.getActiveSpreadsheet());
/** SpreadsheetApp calls `work` makes. */
function calls(work: () => void): number {
  const before = runtime.counters.snapshot();
  work();
  const after = runtime.counters.snapshot();
  return after.spreadsheetReads - before.spreadsheetReads + after.spreadsheetWrites - before.spreadsheetWrites;
}

describe("the developer-metadata store", () => {
  it("reads with one listing and one call per entry, once per execution, and writes through the listed handles", () => {
    const first = execution();
    for (let i = 0; i < 10; i += 1) first.setProperty(`job:${i}`, JSON.stringify({ id: i }));
    const store = execution();
    expect(calls(() => expect(Object.keys(store.getProperties())).toHaveLength(10))).toBe(1 + 10);
    expect(calls(() => store.getProperty("job:3"))).toBe(0);
    expect(calls(() => store.setProperty("job:3", JSON.stringify({ id: 3, done: true })))).toBe(1); // setValue, no search
    expect(calls(() => store.setProperty("job:3", JSON.stringify({ id: 3, done: true })))).toBe(0); // unchanged: no write
    expect(calls(() => store.deleteProperty("job:4"))).toBe(1);
    expect(execution().getProperties()).toMatchObject({ "job:3": JSON.stringify({ id: 3, done: true }) });
    expect(execution().getProperty("job:4")).toBeNull();
  });

  it("reads an entry written before values carried their names, and rewrites it in the new form at its next save", () => {
    app.getActiveSpreadsheet().addDeveloperMetadata("businessLeads.job:old", JSON.stringify({ id: "old" }), app.DeveloperMetadataVisibility.PROJECT);
    expect(execution().getProperty("job:old")).toBe(JSON.stringify({ id: "old" }));
    execution().setProperty("job:old", JSON.stringify({ id: "old", v: 2 }));
    const [entry] = runtime.spreadsheet().testing.developerMetadata();
    expect(entry).toMatchObject({ key: "businessLeads.job:old", value: `#job:old\n${JSON.stringify({ id: "old", v: 2 })}` });
    expect(execution().getProperties()).toEqual({ "job:old": JSON.stringify({ id: "old", v: 2 }) });
  });

  it("keeps one of two entries two executions added under one name, and stays within its character budget", () => {
    execution().setProperty("passLease", "a");
    execution().setProperty("other", "b");
    app.getActiveSpreadsheet().addDeveloperMetadata("businessLeads.passLease", "#passLease\nb", app.DeveloperMetadataVisibility.PROJECT);
    expect(execution().getProperty("passLease")).toBe("b");
    expect(runtime.spreadsheet().testing.developerMetadata().filter((e) => e.key === "businessLeads.passLease")).toHaveLength(1);
    const store = execution();
    expect(() => store.setProperty("big", "x".repeat(METADATA_BUDGET_CHARS))).toThrow(/list of Business Leads jobs is full/);
  });
});
