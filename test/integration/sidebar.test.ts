// The sidebar's server side on the BUILT bundle: showSidebar opens dist/Sidebar.html through the
// HtmlService fake, and neither its HTML nor getSettings ever holds the saved key (only a masked
// hint); getSettings says the spreadsheet's time zone, the sidebar's dates'; showJobSheet brings a job's sheet to the front, after a rename
// too.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { newRuntime, sidebar, sidebarRaw, sheetOf } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import type { SettingsRefusal } from "../../src/ui/settings-commands";

const world = useWorld(11);

const API_KEY_PATTERN = /[A-Za-z0-9_-]{12,}/;

describe("showSidebar", () => {
  it("shows dist/Sidebar.html titled Business Leads; after a save neither the page nor getSettings holds the key", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "starter", credits: 900 });
    expect(apiKey).toMatch(API_KEY_PATTERN);
    const runtime = newRuntime(world, { timeZone: "Asia/Kolkata" });
    const before = sidebar(runtime, "getSettings");
    expect(before).toEqual({
      hasKey: false,
      keyHint: null,
      baseUrl: "",
      shareWithFormulas: false,
      timeZone: "Asia/Kolkata",
      locale: "en_US",
      roomNotice: null,
      consentCountries: ["DE"],
    });

    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: true });
    const result = runtime.run("showSidebar", []);
    expect(result.errorMessage).toBeUndefined();
    const [shown] = runtime.spreadsheetApp.testing.ui.sidebars;
    expect(shown?.title).toBe("Business Leads");
    const html = shown?.html ?? "";
    expect(html).toBe(readFileSync(path.resolve(__dirname, "../../dist/Sidebar.html"), "utf8"));
    expect(html).not.toContain(apiKey);
    expect(html).not.toContain(apiKey.slice(-8));

    const settings = sidebar(runtime, "getSettings");
    expect(settings).toEqual({
      hasKey: true,
      keyHint: `••••${apiKey.slice(-4)}`,
      baseUrl: world.url,
      shareWithFormulas: true,
      timeZone: "Asia/Kolkata",
      locale: "en_US",
      roomNotice: null,
      consentCountries: ["DE"],
    });
    expect(JSON.stringify(settings)).not.toContain(apiKey.slice(0, -4));
  });

  it("keeps the saved key when the key field is left empty, and stops sharing on request", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "starter", credits: 900 });
    const runtime = newRuntime(world);
    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: true });
    const view = sidebar(runtime, "saveSettings", { apiKey: "", baseUrl: world.url, shareWithFormulas: false });
    expect(view).toMatchObject({ planCode: "starter" });
    expect(sidebar(runtime, "getSettings")).toMatchObject({ hasKey: true, shareWithFormulas: false });
    expect(JSON.stringify([...runtime.stores.document])).not.toContain(apiKey);
  });

  it("still asks for a key when none was ever saved, and saves nothing", () => {
    const runtime = newRuntime(world);
    const refused = runtime.run("saveSettings", [{ apiKey: "", baseUrl: world.url }], { viaScriptRun: true });
    expect((refused.error as { code?: unknown } | undefined)?.code).toBe<SettingsRefusal>("no_key");
    expect(sidebar(runtime, "getSettings")).toMatchObject({ hasKey: false, baseUrl: "" });
  });

  it("says so in the words the sidebar shows: what to enter, and that nothing was saved", () => {
    const refused = newRuntime(world).run("saveSettings", [{ apiKey: "", baseUrl: world.url }], { viaScriptRun: true });
    expect(refused.errorMessage).toMatch(/^Enter your API key\. Nothing was saved/);
  });
});

describe("showJobSheet", () => {
  it("activates the job's results sheet, found by id after a rename, and says which", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000 });
    const [austin] = sidebar(runtime, "findLocations", { q: "Austin", country: "US" });
    const job = sidebar(runtime, "startSearch", { query: "coffee", location: austin?.label, countryCode: austin?.country_code });
    runtime.spreadsheetApp.testing.setActiveSheet("Sheet1");
    expect(sidebar(runtime, "showJobSheet", { jobId: job.jobId })).toEqual({ sheetName: job.sheetName });
    expect(runtime.spreadsheetApp.testing.activeSheetName()).toBe(job.sheetName);

    runtime.spreadsheetApp.testing.userRenameSheet(sheetOf(job), "My coffee list");
    runtime.spreadsheetApp.testing.setActiveSheet("Sheet1");
    expect(sidebar(runtime, "showJobSheet", { jobId: job.jobId })).toEqual({ sheetName: "My coffee list" });
    expect(runtime.spreadsheetApp.testing.activeSheetName()).toBe("My coffee list");
  });

  it("says plainly when the job is unknown or its sheet was deleted", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000 });
    expect(() => sidebar(runtime, "showJobSheet", { jobId: "no-such-job" })).toThrow(/does not track that job/);
    expect(() => sidebarRaw(runtime, "showJobSheet", {})).toThrow(/Choose a job/);
    const [austin] = sidebar(runtime, "findLocations", { q: "Austin", country: "US" });
    const job = sidebar(runtime, "startSearch", { query: "bakeries", location: austin?.label });
    runtime.spreadsheetApp.testing.userDeleteSheet(sheetOf(job));
    expect(() => sidebar(runtime, "showJobSheet", { jobId: job.jobId })).toThrow(new RegExp(`"${job.sheetName}" of this job was deleted`));
  });
});
