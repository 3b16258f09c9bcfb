// The playground's server without a browser: google.script.run calls reach the BUILT bundle with
// Apps Script's semantics (plain data in and out, failures as a message, private and unknown
// functions refused), the shim comes before the sidebar's own scripts, the grid reads and changes
// the emulated document, and the poll trigger fires on the sped-up virtual clock by itself.
import { injectScriptRunShim, SCRIPT_RUN_PATH } from "../../../dev/playground/script-run-shim";
import { startPlayground, type Playground } from "../../../dev/playground/server";
import { parseList } from "../../../dev/playground/sheet-view";
import type { GridAnswer } from "../../../dev/playground/grid-state";

interface CallAnswer {
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string };
}

async function post<T>(playground: Playground, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, playground.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const run = (playground: Playground, name: string, ...args: unknown[]) => post<CallAnswer>(playground, SCRIPT_RUN_PATH, { name, args });

describe("the playground server", () => {
  let playground: Playground;
  beforeAll(async () => {
    // Fast virtual time: the hourly poll trigger comes due within seconds of real time.
    playground = await startPlayground({ speed: 4000 });
  });
  afterAll(async () => playground?.close());

  it("runs google.script.run calls on the built bundle: values as plain data, failures as a message without the key", async () => {
    const account = await run(playground, "getAccount");
    expect(account).toEqual({ ok: true, value: expect.objectContaining({ planCode: "growth", creditsRemaining: 10000 }) });
    const refused = await run(playground, "saveSettings", { apiKey: "demo-revoked", baseUrl: playground.simUrl });
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toMatch(/refused the API key/);
    expect(JSON.stringify(refused)).not.toContain("demo-revoked");
    expect((await run(playground, "noSuchFunction")).error?.message).toBe("Script function not found: noSuchFunction");
    expect((await run(playground, "pollJobs_")).ok).toBe(false);
  });

  it("serves the page, and the sidebar with the shim ahead of its own scripts", async () => {
    const page = await (await fetch(playground.url)).text();
    expect(page).toContain('<iframe id="sidebar" title="Business Leads sidebar" src="/sidebar">');
    const sidebar = await (await fetch(new URL("/sidebar", playground.url))).text();
    // The shim is the page's first script, so the sidebar's own code finds google.script.run.
    const first = sidebar.indexOf("<script");
    const shim = sidebar.indexOf(SCRIPT_RUN_PATH);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(shim).toBeGreaterThan(first);
    expect(shim).toBeLessThan(sidebar.indexOf("</script>", first));
  });

  it("pastes a list into a new selected sheet the grid shows, as exact text", async () => {
    const pasted = await post<CallAnswer>(playground, "/api/paste", { text: "Name, Website\n=1+1, https://a.example.com\n+1 Plumbing\tnot a url" });
    expect(pasted.value).toEqual({ sheetName: "Pasted list", rangeA1: "A1:B3", rows: 2 });
    const grid = (await (await fetch(new URL("/api/grid", playground.url))).json()) as GridAnswer;
    expect(grid.state).toMatchObject({ activeSheet: "Pasted list", selection: "A1:B3", frozenRows: 1 });
    expect(grid.state?.cells).toEqual([["Name", "Website"], ["=1+1", "https://a.example.com"], ["+1 Plumbing", "not a url"]]);
    const again = (await (await fetch(new URL(`/api/grid?since=${grid.version}`, playground.url))).json()) as GridAnswer;
    expect(again.state).toBeUndefined();
  });

  it("fires the poll trigger on the virtual clock: a search fills its sheet with nobody calling refreshJobs", async () => {
    const started = await run(playground, "startSearch", { query: "coffee", location: "Austin, Texas, US", countryCode: "US", maxResults: 100 });
    expect(started.ok).toBe(true);
    const job = started.value as { jobId: string; sheetName: string };
    expect(playground.runtime.triggers.map((t) => t.handler)).toContain("pollJobs");
    expect(playground.runtime.spreadsheetApp.testing.values(job.sheetName).length).toBeLessThanOrEqual(1);
    const deadline = Date.now() + 30_000;
    const rows = (): number => playground.runtime.spreadsheetApp.testing.values(job.sheetName).length - 1;
    const runs: string[] = [];
    const fire = playground.runtime.fireDueTriggers.bind(playground.runtime);
    const spy = jest.spyOn(playground.runtime, "fireDueTriggers").mockImplementation(() => {
      const results = fire();
      runs.push(...results.map((r) => r.errorMessage ?? "ok"));
      return results;
    });
    // Done when every row is written and the pass removed its own trigger (nothing left to poll).
    while (rows() < 100 || playground.runtime.triggers.length > 0) {
      if (Date.now() > deadline) throw new Error(`after 30 s: ${rows()} rows, ${playground.runtime.triggers.length} triggers`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    spy.mockRestore();
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r === "ok")).toBe(true);
  });
});

describe("the pieces", () => {
  it("parseList reads name and website per line (tab or last comma), drops a header line", () => {
    expect(parseList("Name\tWebsite\nA, B, Co, https://abc.example\n\n  Solo  \nX\thttps://x.example")).toEqual([
      ["A, B, Co", "https://abc.example"],
      ["Solo", ""],
      ["X", "https://x.example"],
    ]);
  });

  it("injects the shim right after <head>, else after the doctype, else first", () => {
    expect(injectScriptRunShim("<!doctype html><html><head><title>t</title><script>x()</script>")).toMatch(/^<!doctype html><html><head><script>[\s\S]*<\/script><title>t<\/title><script>x\(\)/);
    expect(injectScriptRunShim("<!DOCTYPE html><p>hi</p>")).toMatch(/^<!DOCTYPE html><script>[\s\S]*<\/script><p>hi<\/p>$/);
    expect(injectScriptRunShim("<p>hi</p>")).toMatch(/^<script>[\s\S]*<\/script><p>hi<\/p>$/);
  });
});
