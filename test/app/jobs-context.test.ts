// Checks the context the job code gets from the Apps Script adapters, on the fakes: a client only
// for an https address (plain http only for a local test address), and the document's context
// with the key's digest, never the key.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as jobsContextModule from "../../src/app/jobs-context";

const KEY = "sk_live_ContextKey77";
const NAMES = ["Utilities", "PropertiesService", "SpreadsheetApp", "LockService", "Session", "ScriptApp", "CacheService", "UrlFetchApp"];
let runtime: FakeRuntime;
let mod: typeof jobsContextModule;
const globals = globalThis as Record<string, unknown>;

beforeEach(() => {
  runtime = createRuntime();
  const g = runtime.globals() as unknown as Record<string, unknown>;
  for (const name of NAMES) globals[name] = g[name];
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof jobsContextModule>("../../src/app/jobs-context");
  });
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  for (const name of NAMES) delete globals[name];
});

describe("clientFor", () => {
  it("refuses a plain http address of the internet, saying https", () => {
    expect(() => mod.clientFor({ apiKey: KEY, baseUrl: "http://leads.example.com" })).toThrow(/must start with https:\/\//);
  });
  it("refuses what is not an address, without the key in its words", () => {
    let message = "";
    try {
      mod.clientFor({ apiKey: KEY, baseUrl: "leads.example.com" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/https:\/\//);
    expect(message).not.toContain(KEY);
  });
  it("takes an https address, and a local http test address", () => {
    expect(() => mod.clientFor({ apiKey: KEY, baseUrl: "https://leads.example.com" })).not.toThrow();
    expect(() => mod.clientFor({ apiKey: KEY, baseUrl: "http://127.0.0.1:8787" })).not.toThrow();
  });
});

describe("jobsContext", () => {
  it("is the current document's, with the key's digest and not the key", () => {
    runtime.stores.user().set("businessLeads.apiKey", KEY);
    runtime.stores.user().set("businessLeads.baseUrl", "https://leads.example.com");
    const ctx = mod.jobsContext(Date.now() + 60_000);
    expect(ctx.documentId).toBe((globals.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp).getActiveSpreadsheet().getId());
    expect(ctx.keyDigest).toMatch(/^[0-9a-f]{16}$/);
    expect(
      JSON.stringify({ ...ctx, client: null, spreadsheet: null, store: null, editors: null, properties: null, userProperties: null }),
    ).not.toContain(KEY);
  });
});
