// onOpen builds the add-on menu in every auth mode Sheets may call it in (NONE: no properties, no
// fetch); saveSettings checks the key before storing it and never lets it out; the menu's
// enrichment sends the selected rows and says in a toast what it did.
import { newRuntime, sidebar, sidebarRaw } from "../../dev/world";
import { serviceEnrichments } from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(9);

describe("onOpen", () => {
  it.each(["NONE", "LIMITED", "FULL"] as const)("adds the add-on menu in AuthMode.%s and touches nothing else", (mode) => {
    const runtime = newRuntime(world);
    const result = runtime.run("onOpen", [{ authMode: mode }], { authMode: mode });
    expect(result.errorMessage).toBeUndefined();
    const menus = runtime.spreadsheetApp.testing.ui.menus;
    expect(menus).toHaveLength(1);
    expect(menus[0]?.addon).toBe(true);
    expect(JSON.stringify(menus[0]?.items)).toContain("showSidebar");
    expect(runtime.counters.fetchRequests).toBe(0);
  });
});

describe("saveSettings", () => {
  it("refuses a key the service refuses, and stores nothing", async () => {
    const runtime = newRuntime(world);
    expect(() => sidebar(runtime, "saveSettings", { apiKey: "sk-wrong-key-123", baseUrl: world.url })).toThrow(/key/i);
    expect([...runtime.stores.user().keys()]).toEqual([]);
    expect(() => sidebar(runtime, "getAccount")).toThrow(/not set up yet/);
    const messages = JSON.stringify(runtime.logs);
    expect(messages).not.toContain("sk-wrong-key-123");
  });

  it("stores a good key for the user only, unless shared with formulas, and returns the account view", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "starter", credits: 640 });
    const runtime = newRuntime(world);
    const view = sidebar(runtime, "saveSettings", { apiKey, baseUrl: `${world.url}/api/v1/` });
    expect(view).toMatchObject({ planCode: "starter", creditsRemaining: 640, maxAffordableResults: 640 });
    expect(JSON.stringify(view)).not.toContain(apiKey);
    expect(JSON.stringify([...runtime.stores.document])).not.toContain(apiKey);
    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: true });
    expect(JSON.stringify([...runtime.stores.document])).toContain(apiKey);
    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: false });
    expect(JSON.stringify([...runtime.stores.document])).not.toContain(apiKey);
    expect(sidebar(runtime, "getAccount")).toMatchObject({ planCode: "starter" });
  });
});

describe("saveSettings is all or nothing", () => {
  it.each([
    [{ pollEveryMinutes: 7 }, /Background polling can run every 1, 5, 10, 15, 30, 60 minutes; 7 is not one of them/],
    [{ baseUrl: "http://leads.example.com" }, /must start with https:\/\//],
    [{ baseUrl: "ftp://127.0.0.1" }, /must start with https:\/\//],
    [{ shareWithFormulas: "yes" }, /on or off/],
  ])("%j: refused before anything is sent or stored", async (bad, message) => {
    const { apiKey } = await world.control.createAccount({ plan: "starter", credits: 640 });
    const runtime = newRuntime(world);
    expect(() => sidebarRaw(runtime, "saveSettings", { apiKey, baseUrl: world.url, ...bad })).toThrow(message);
    expect([...runtime.stores.user().keys()]).toEqual([]);
    expect([...runtime.stores.document.keys()]).toEqual([]);
    expect(runtime.http.requests).toEqual([]);
  });

  it("plain http:// is accepted for a loopback address only", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "starter", credits: 640 });
    const runtime = newRuntime(world);
    const localhost = world.url.replace("127.0.0.1", "localhost");
    expect(sidebar(runtime, "saveSettings", { apiKey, baseUrl: localhost })).toMatchObject({ planCode: "starter" });
  });

  it("omitting shareWithFormulas keeps the key another editor shared; unsharing removes only one's own", async () => {
    const a = await world.control.createAccount({ plan: "starter", credits: 640 });
    const b = await world.control.createAccount({ plan: "starter", credits: 640 });
    const runtime = newRuntime(world, { userEmail: "a@example.com" });
    const shared = () => JSON.stringify([...runtime.stores.document]);
    runtime.run("saveSettings", [{ apiKey: a.apiKey, baseUrl: world.url, shareWithFormulas: true }], {
      viaScriptRun: true,
      user: "a@example.com",
    });
    expect(shared()).toContain(a.apiKey);
    for (const shareWithFormulas of [undefined, false]) {
      const result = runtime.run("saveSettings", [{ apiKey: b.apiKey, baseUrl: world.url, shareWithFormulas }], {
        viaScriptRun: true,
        user: "b@example.com",
      });
      expect(result.errorMessage).toBeUndefined();
      expect(shared()).toContain(a.apiKey);
      expect(shared()).not.toContain(b.apiKey);
    }
    runtime.run("saveSettings", [{ apiKey: a.apiKey, baseUrl: world.url, shareWithFormulas: false }], {
      viaScriptRun: true,
      user: "a@example.com",
    });
    expect(shared()).not.toContain(a.apiKey);
  });
});

describe("the menu's enrichment", () => {
  it(
    "enriches the active sheet's rows (one cell selected) and says in a toast what it did, " + "since a menu shows no return value",
    async () => {
      const { runtime } = await setUpAccount(world, { credits: 500, maxActiveJobs: 25 });
      const testing = runtime.spreadsheetApp.testing;
      testing.userAddSheet("Prospects");
      testing.userSeed("Prospects", "A1", [
        ["Company", "Website"],
        ["Acme Roofing", "acme-roofing.com"],
        ["No Site", "ftp://files.example"],
      ]);
      testing.setActiveSheet("Prospects");
      runtime.run("onOpen", [{ authMode: "FULL" }]);
      const item = testing.ui.menus[0]?.items.find((i) => i.kind === "item" && i.functionName === "startEnrichment");
      expect(item && item.kind === "item" ? item.caption : "").toBe("Enrich selected rows");

      const result = runtime.run("startEnrichment", []);
      expect(result.errorMessage).toBeUndefined();
      expect(testing.ui.toasts.at(-1)?.message).toBe(
        'Rows 2–3 of Prospects: sent 1 business in 1 job; results fill the rows as they come. 1 row was skipped: see "Enrichment status".',
      );
    },
  );

  it("sends the selected rows only, and its toast names them", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 500, maxActiveJobs: 25 });
    const testing = runtime.spreadsheetApp.testing;
    testing.userAddSheet("Prospects");
    testing.userSeed("Prospects", "A1", [["Company", "Website"], ...[1, 2, 3, 4, 5, 6].map((i) => [`Firm ${i}`, `firm${i}.com`])]);
    testing.setActiveRanges("Prospects", ["A3:B4", "B7"]);
    const result = runtime.run("startEnrichment", []);
    expect(result.errorMessage).toBeUndefined();
    expect(testing.ui.toasts.at(-1)?.message).toBe(
      "Rows 3–4 and 7 of Prospects: sent 3 businesses in 1 job; results fill the rows as they come.",
    );
    const sent = await serviceEnrichments(world, apiKey);
    expect(sent.flatMap((job) => job.businesses.map((b) => b.business_name))).toEqual(["Firm 2", "Firm 3", "Firm 6"]);
  });
});
