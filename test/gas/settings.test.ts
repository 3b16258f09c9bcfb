// Checks the settings adapter on the fakes' Properties: the user's own key and address, the
// document's shared copy for formulas, and a write that lands in the stores named by their keys.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as settingsModule from "../../src/gas/settings";

const NAMES = ["PropertiesService", "SpreadsheetApp", "LockService"];
let runtime: FakeRuntime;
let mod: typeof settingsModule;
const globals = globalThis as Record<string, unknown>;

beforeEach(() => {
  runtime = createRuntime();
  const g = runtime.globals() as unknown as Record<string, unknown>;
  for (const name of NAMES) globals[name] = g[name];
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof settingsModule>("../../src/gas/settings");
  });
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  for (const name of NAMES) delete globals[name];
});

describe("the settings adapter", () => {
  it("has no key until the user saves one", () => {
    expect(mod.userApiKey()).toBeNull();
    expect(() => mod.readServiceSettings("user")).toThrow();
  });

  it("writes the user's key and address to their properties, shared with formulas through the document's", () => {
    mod.writeServiceSettings({
      settings: { apiKey: "sk_live_A", baseUrl: "https://leads.example.com" },
      shareWithFormulas: true,
      pollEveryMinutes: undefined,
    });
    expect(runtime.stores.user().get("businessLeads.apiKey")).toBe("sk_live_A");
    expect(runtime.stores.user().get("businessLeads.baseUrl")).toBe("https://leads.example.com");
    expect(runtime.stores.document.get("businessLeads.shared.apiKey")).toBe("sk_live_A");
    expect(mod.userApiKey()).toBe("sk_live_A");
    expect(mod.readServiceSettings("user")).toEqual({ apiKey: "sk_live_A", baseUrl: "https://leads.example.com" });
    expect(mod.readServiceSettings("formulas")).toEqual({ apiKey: "sk_live_A", baseUrl: "https://leads.example.com" });
  });

  it("a key not shared is not the formulas'", () => {
    mod.writeServiceSettings({
      settings: { apiKey: "sk_live_B", baseUrl: "https://leads.example.com" },
      shareWithFormulas: undefined,
      pollEveryMinutes: undefined,
    });
    expect(runtime.stores.document.get("businessLeads.shared.apiKey")).toBeUndefined();
    expect(() => mod.readServiceSettings("formulas")).toThrow();
  });
});
