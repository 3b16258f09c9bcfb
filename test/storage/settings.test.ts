// Checks the settings rules on plain maps: a change written whole, or (when a write fails midway)
// nothing changed; sharing with formulas, and stopping it only for the caller's own key; the poll
// interval kept to its allowed values.
import {
  isPollInterval,
  readPollInterval,
  readStoredSettings,
  writeServiceSettings,
  type SettingsStores,
} from "../../src/storage/settings";

function store(entries: Record<string, string> = {}, failOn?: string) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getProperty: (key: string) => map.get(key) ?? null,
    getProperties: () => Object.fromEntries(map),
    setProperty: (key: string, value: string) => {
      if (key === failOn) throw new Error("quota");
      map.set(key, value);
      return undefined as never;
    },
    setProperties: (values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) {
        if (key === failOn) throw new Error("quota");
        map.set(key, value);
      }
      return undefined as never;
    },
    deleteProperty: (key: string) => {
      map.delete(key);
      return undefined as never;
    },
  };
}

const A = { apiKey: "sk_live_A", baseUrl: "https://a.example" };

describe("writeServiceSettings", () => {
  it("writes the user's settings and shares them with formulas when asked", () => {
    const user = store();
    const doc = store();
    writeServiceSettings({ user, document: doc } as SettingsStores, { settings: A, shareWithFormulas: true, pollEveryMinutes: 15 });
    expect(Object.fromEntries(user.map)).toEqual({ "businessLeads.apiKey": "sk_live_A", "businessLeads.baseUrl": "https://a.example" });
    expect(Object.fromEntries(doc.map)).toEqual({
      "businessLeads.shared.apiKey": "sk_live_A",
      "businessLeads.shared.baseUrl": "https://a.example",
      "businessLeads.pollEveryMinutes": "15",
    });
  });

  it("stops sharing only the caller's own key, never another editor's", () => {
    const doc = store({ "businessLeads.shared.apiKey": "sk_live_OTHER", "businessLeads.shared.baseUrl": "https://o.example" });
    writeServiceSettings({ user: store(), document: doc } as SettingsStores, {
      settings: A,
      shareWithFormulas: false,
      pollEveryMinutes: undefined,
    });
    expect(doc.map.get("businessLeads.shared.apiKey")).toBe("sk_live_OTHER");
    const mine = store({ "businessLeads.shared.apiKey": "sk_live_A", "businessLeads.shared.baseUrl": "https://a.example" });
    writeServiceSettings({ user: store(), document: mine } as SettingsStores, {
      settings: A,
      shareWithFormulas: false,
      pollEveryMinutes: undefined,
    });
    expect(mine.map.size).toBe(0);
  });

  it("a write failing midway puts back what was there", () => {
    const user = store({ "businessLeads.apiKey": "sk_live_OLD", "businessLeads.baseUrl": "https://old.example" });
    const doc = store({}, "businessLeads.pollEveryMinutes");
    expect(() =>
      writeServiceSettings({ user, document: doc } as SettingsStores, { settings: A, shareWithFormulas: true, pollEveryMinutes: 5 }),
    ).toThrow("quota");
    expect(Object.fromEntries(user.map)).toEqual({ "businessLeads.apiKey": "sk_live_OLD", "businessLeads.baseUrl": "https://old.example" });
    expect(doc.map.size).toBe(0);
  });

  it("refuses without a document, writing nothing", () => {
    const user = store();
    expect(() =>
      writeServiceSettings({ user, document: null } as SettingsStores, {
        settings: A,
        shareWithFormulas: undefined,
        pollEveryMinutes: undefined,
      }),
    ).toThrow(/inside a spreadsheet/);
    expect(user.map.size).toBe(0);
  });
});

describe("reading settings", () => {
  it("says whether formulas share the caller's key", () => {
    const user = store({ "businessLeads.apiKey": "sk_live_A" });
    expect(readStoredSettings({ user, document: store({ "businessLeads.shared.apiKey": "sk_live_A" }) } as SettingsStores)).toEqual({
      apiKey: "sk_live_A",
      baseUrl: null,
      sharedWithFormulas: true,
    });
    expect(
      readStoredSettings({ user, document: store({ "businessLeads.shared.apiKey": "sk_live_B" }) } as SettingsStores).sharedWithFormulas,
    ).toBe(false);
  });
  it("polls every 60 minutes unless an allowed interval is stored", () => {
    const with_ = (value: string) =>
      readPollInterval({ user: store(), document: store({ "businessLeads.pollEveryMinutes": value }) } as SettingsStores);
    expect([with_("5"), with_("7"), with_("junk")]).toEqual([5, 60, 60]);
    expect([1, 5, 10, 15, 30, 60, 2, "5"].map(isPollInterval)).toEqual([true, true, true, true, true, true, false, false]);
  });
});
