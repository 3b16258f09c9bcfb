// The playground's server without a browser: google.script.run calls reach the BUILT bundle with
// Apps Script's semantics (plain data in and out, failures as a message, private and unknown
// functions refused), the shim comes before the sidebar's own scripts, the grid reads and changes
// the emulated document (typing, clearing, formulas and their error messages), the poll trigger
// fires on the sped-up virtual clock by itself, and the clock control lives through a day of
// background passes, in which a daily refresh runs.
import { DEMO_KEYS } from "../../../dev/simulator";
import { injectScriptRunShim, SCRIPT_RUN_PATH } from "../../../dev/playground/script-run-shim";
import { startPlayground, type Playground } from "../../../dev/playground/server";
import { parseList } from "../../../dev/playground/sheet-view";
import { parseA1 } from "../../../dev/fakes/spreadsheet/a1";
import type { AdvanceAnswer, GridAnswer } from "../../../dev/playground/grid-state";
import { sheetOf, type SidebarArgs, type SidebarName, type SidebarResult } from "../../../dev/world";

interface CallAnswer<T = unknown> {
  ok: boolean;
  value?: T;
  error?: { name: string; message: string };
}

async function post<T>(playground: Playground, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, playground.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A google.script.run call through the page's route, typed as the server function's own. */
const run = <K extends SidebarName>(playground: Playground, name: K, ...args: SidebarArgs<K>) =>
  post<CallAnswer<SidebarResult<K>>>(playground, SCRIPT_RUN_PATH, { name, args });
/** The same with a name the sidebar cannot call (unknown, private). */
const runRaw = (playground: Playground, name: string) => post<CallAnswer>(playground, SCRIPT_RUN_PATH, { name, args: [] });

/** The value of a call that must succeed. */
function okValue<T>(answer: CallAnswer<T>): T {
  if (!answer.ok || answer.value === undefined) throw new Error(`the call failed: ${answer.error?.message ?? "no value"}`);
  return answer.value;
}

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
    // What happened first, then what was kept (all or nothing: the key still in use, by its masked
    // hint only), then what to do, in the words of the Settings the user is in.
    expect(refused.error?.message).toMatch(
      new RegExp(
        `^The lead service refused the API key you entered: [^.]*\\. Nothing was saved: ` +
          `the key in use is still ••••${DEMO_KEYS.growth.apiKey.slice(-4)}\\. Copy the whole key`,
      ),
    );
    expect(refused.error?.message).not.toMatch(/Settings/);
    expect(playground.runtime.stores.user().get("businessLeads.apiKey")).toBe(DEMO_KEYS.growth.apiKey);
    expect(JSON.stringify(refused)).not.toContain("demo-revoked");
    expect(JSON.stringify(refused)).not.toContain(DEMO_KEYS.growth.apiKey);
    expect((await runRaw(playground, "noSuchFunction")).error?.message).toBe("Script function not found: noSuchFunction");
    expect((await runRaw(playground, "pollJobs_")).ok).toBe(false);
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
    const pasted = await post<CallAnswer>(playground, "/api/paste", {
      text: "Name, Website\n=1+1, https://a.example.com\n+1 Plumbing\tnot a url",
    });
    expect(pasted.value).toEqual({ sheetName: "Pasted list", rangeA1: "A1:B3", rows: 2, replacedHeader: "Name, Website" });
    const grid = (await (await fetch(new URL("/api/grid", playground.url))).json()) as GridAnswer;
    expect(grid.state).toMatchObject({
      activeSheet: "Pasted list",
      selection: "A1:B3",
      frozenRows: 1,
      maxRows: 1000,
      maxColumns: 26,
      inputs: {},
      numbers: [],
      errors: {},
    });
    expect(grid.state?.cells).toEqual([
      ["Name", "Website"],
      ["=1+1", "https://a.example.com"],
      ["+1 Plumbing", "not a url"],
    ]);
    const again = (await (await fetch(new URL(`/api/grid?since=${grid.version}`, playground.url))).json()) as GridAnswer;
    expect(again.state).toBeUndefined();
  });

  it(
    "types into a cell as Sheets parses typing; the grid sends formulas, " + "quote-prefixed text and error messages; Delete clears",
    async () => {
      const enter = (a1: string, text: string) => post<CallAnswer>(playground, "/api/enter", { sheetName: "Pasted list", a1, text });
      expect((await enter("C1", "Notes")).ok).toBe(true);
      await enter("C2", "'0042");
      await enter("C3", "=1+2");
      await enter("D2", "+1 512-555-0100");
      await enter("D3", "=LEADS_CREDITS()");
      expect((await enter("C1:C2", "x")).error?.message).toMatch(/Type into one cell/);
      const grid = (await (await fetch(new URL("/api/grid", playground.url))).json()) as GridAnswer;
      expect(grid.state?.cells.map((row) => row.slice(2))).toEqual([
        ["Notes", ""],
        ["0042", "#ERROR!"],
        ["3", "#ERROR!"],
      ]);
      expect(grid.state?.inputs).toEqual({ C2: "'0042", C3: "=1+2", D2: "=+1 512-555-0100", D3: "=LEADS_CREDITS()" });
      expect(grid.state?.numbers).toEqual(["C3"]);
      expect(grid.state?.errors).toEqual({ D2: "Formula parse error.", D3: expect.stringMatching(/Share my key with formulas/) });
      expect((await post<CallAnswer>(playground, "/api/clear", { sheetName: "Pasted list", a1: "C1:D3" })).ok).toBe(true);
      expect(
        playground.runtime.spreadsheetApp.testing
          .values("Pasted list", "C1:D3")
          .flat()
          .every((v) => v === ""),
      ).toBe(true);
    },
  );

  it("pastes a list with no header row when asked: from row 1, nothing frozen, all of it selected", async () => {
    const pasted = await post<CallAnswer>(playground, "/api/paste", { text: "Acme, acme.example\nBeta, beta.example", header: false });
    expect(pasted.value).toEqual({ sheetName: "Pasted list 2", rangeA1: "A1:B2", rows: 2, replacedHeader: null });
    const grid = (await (await fetch(new URL("/api/grid", playground.url))).json()) as GridAnswer;
    expect(grid.state).toMatchObject({ activeSheet: "Pasted list 2", selection: "A1:B2", frozenRows: 0 });
    expect(grid.state?.cells).toEqual([
      ["Acme", "acme.example"],
      ["Beta", "beta.example"],
    ]);
  });

  it(
    "keeps every line when no header row is put, a first line that names columns too; " + "a header row put replaces it, and says so",
    async () => {
      const text = "Company, URL\nAcme, acme.example\nBeta, beta.example";
      const bare = await post<CallAnswer>(playground, "/api/paste", { text, header: false });
      expect(bare.value).toEqual({ sheetName: "Pasted list 3", rangeA1: "A1:B3", rows: 3, replacedHeader: null });
      expect(playground.runtime.spreadsheetApp.testing.values("Pasted list 3")).toEqual([
        ["Company", "URL"],
        ["Acme", "acme.example"],
        ["Beta", "beta.example"],
      ]);
      const headed = await post<CallAnswer>(playground, "/api/paste", { text, header: true });
      expect(headed.value).toEqual({ sheetName: "Pasted list 4", rangeA1: "A1:B3", rows: 2, replacedHeader: "Company, URL" });
      expect(playground.runtime.spreadsheetApp.testing.values("Pasted list 4")[0]).toEqual(["Name", "Website"]);
    },
  );

  it("fires the poll trigger on the virtual clock: a search fills its sheet with nobody calling refreshJobs", async () => {
    const started = await run(playground, "startSearch", {
      query: "coffee",
      location: "Austin, Texas, US",
      countryCode: "US",
      maxResults: 100,
    });
    expect(started.ok).toBe(true);
    const job = { sheetName: sheetOf(okValue(started)) };
    expect(playground.runtime.triggers.map((t) => t.handler)).toContain("pollJobs");
    expect(playground.runtime.spreadsheetApp.testing.values(job.sheetName).length).toBeLessThanOrEqual(1);
    const rows = (): number => playground.runtime.spreadsheetApp.testing.values(job.sheetName).length - 1;
    const runs: string[] = [];
    const fire = playground.runtime.fireDueTriggers.bind(playground.runtime);
    // Done when every row is written and the pass removed its own trigger (nothing left to poll):
    // the test waits for the trigger run after which that holds, not for a time.
    const done = new Promise<void>((resolve) => {
      jest.spyOn(playground.runtime, "fireDueTriggers").mockImplementation(() => {
        const results = fire();
        runs.push(...results.map((r) => r.errorMessage ?? "ok"));
        if (rows() >= 100 && playground.runtime.triggers.length === 0) resolve();
        return results;
      });
    });
    await done;
    jest.restoreAllMocks();
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
    expect(injectScriptRunShim("<!doctype html><html><head><title>t</title><script>x()</script>")).toMatch(
      /^<!doctype html><html><head><script>[\s\S]*<\/script><title>t<\/title><script>x\(\)/,
    );
    expect(injectScriptRunShim("<!DOCTYPE html><p>hi</p>")).toMatch(/^<!DOCTYPE html><script>[\s\S]*<\/script><p>hi<\/p>$/);
    expect(injectScriptRunShim("<p>hi</p>")).toMatch(/^<script>[\s\S]*<\/script><p>hi<\/p>$/);
  });
});

describe("the clock control", () => {
  let playground: Playground;
  beforeAll(async () => {
    // The clock stands still but for the control (and the test).
    playground = await startPlayground({ speed: 0 });
  });
  afterAll(async () => playground?.close());

  it("moves a day forward through every hourly pass: a daily refresh starts; an hour later it is merged into the sheet", async () => {
    const started = okValue(
      await run(playground, "startSearch", { query: "coffee", location: "Austin, Texas, US", countryCode: "US", maxResults: 100 }),
    );
    const sheetName = sheetOf(started);
    for (let poll = 0; poll < 10; poll += 1) {
      playground.clock.advance(8_000); // the sidebar's polls bring the search in
      await run(playground, "refreshJobs");
    }
    const scheduled = okValue(await run(playground, "setRefresh", { jobId: started.jobId, every: "day" }));
    const rows = () => playground.runtime.spreadsheetApp.testing.values(sheetName).length - 1;
    expect(rows()).toBe(100);
    const from = playground.clock.now();
    const day = await post<{ ok: boolean; value: AdvanceAnswer }>(playground, "/api/advance", { hours: 24 });
    expect(day.value).toEqual({ runs: 24, failures: [], now: from + 24 * 3_600_000 });
    const [afterDay] = okValue(await run(playground, "listJobs"));
    expect(Date.parse(afterDay?.refresh?.lastRunAt ?? "")).toBeGreaterThanOrEqual(Date.parse(scheduled.refresh?.nextRunAt ?? ""));
    const hour = await post<{ ok: boolean; value: AdvanceAnswer }>(playground, "/api/advance", { hours: 1 });
    expect(hour.value.runs).toBe(1);
    // The run's results are merged: the businesses the provider now finds as well are appended.
    expect(rows()).toBeGreaterThan(100);
    const keys = playground.runtime.spreadsheetApp.testing
      .values(sheetName)
      .slice(1)
      .map((r) => JSON.stringify(r));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("refuses a move it cannot make, and the clock stays", async () => {
    const before = playground.clock.now();
    for (const hours of [0, -1, 24 * 8, "a day"]) {
      const refused = await post<CallAnswer>(playground, "/api/advance", { hours });
      expect([hours, refused.ok, refused.error?.name]).toEqual([hours, false, "ClockMoveRefused"]);
    }
    expect(playground.clock.now()).toBe(before);
  });
});

describe("the demo key that runs 1 job at a time (demo-one-job)", () => {
  let playground: Playground;
  beforeAll(async () => {
    playground = await startPlayground({ speed: 0, presetKey: DEMO_KEYS.oneJob.apiKey });
  });
  afterAll(async () => playground?.close());

  it("shows a territory's waiting searches, and Stop ends them", async () => {
    const places = await Promise.all(
      ["Austin", "Dallas", "Houston"].map(
        async (q) => okValue(await run(playground, "findLocations", { q, country: "US" }))[0]?.label ?? "",
      ),
    );
    const started = okValue(await run(playground, "startSearch", { queries: ["dentists"], locations: places, maxResults: 100 }));
    expect(started.territory).toMatchObject({ searches: 3, started: 1, waiting: 2, stopped: false });
    const listed = okValue(await run(playground, "stopSearch", { jobId: started.jobId }));
    expect(listed.find((job) => job.jobId === started.jobId)?.territory).toMatchObject({ waiting: 0, running: 1, stopped: true });
  });
});

describe("started without a key (npm start -- --no-key)", () => {
  let playground: Playground;
  beforeAll(async () => {
    playground = await startPlayground({ speed: 0, presetKey: null });
  });
  afterAll(async () => playground?.close());

  it("shows the simulator's address in the key form, stores nothing for it, and saving a demo key with it works", async () => {
    const settings = await run(playground, "getSettings");
    expect(settings).toEqual({
      ok: true,
      value: {
        hasKey: false,
        keyHint: null,
        baseUrl: playground.simUrl,
        shareWithFormulas: false,
        timeZone: "America/New_York",
        locale: "en_US",
        consentCountries: ["DE"],
        roomNotice: null,
      },
    });
    expect([...playground.runtime.stores.user().keys()]).toEqual([]);
    // What the sidebar sends when the user leaves the address as it is.
    const saved = await run(playground, "saveSettings", { apiKey: DEMO_KEYS.growth.apiKey, baseUrl: playground.simUrl });
    expect(saved).toEqual({ ok: true, value: expect.objectContaining({ planCode: "growth" }) });
    expect(await run(playground, "getSettings")).toEqual({
      ok: true,
      value: expect.objectContaining({ hasKey: true, baseUrl: playground.simUrl }),
    });
  });

  it(
    "sets the spreadsheet's locale and time zone from the page's address (getSettings then says them); " +
      "refuses a wrong one, setting nothing",
    async () => {
      const wrong = await fetch(new URL("/?locale=German&timeZone=Europe/Berlin", playground.url));
      expect([wrong.status, await wrong.text()]).toEqual([
        400,
        'locale: "German" is not a locale as Sheets says one, such as en_US or de_DE.',
      ]);
      expect((await fetch(new URL("/?timeZone=Mars/Olympus", playground.url))).status).toBe(400);
      expect(await run(playground, "getSettings")).toEqual({
        ok: true,
        value: expect.objectContaining({ timeZone: "America/New_York", locale: "en_US" }),
      });
      expect((await fetch(new URL("/?locale=de_DE&timeZone=Europe/Berlin", playground.url))).status).toBe(200);
      expect(await run(playground, "getSettings")).toEqual({
        ok: true,
        value: expect.objectContaining({ timeZone: "Europe/Berlin", locale: "de_DE" }),
      });
      expect((await fetch(new URL("/?locale=en_US&timeZone=America/New_York", playground.url))).status).toBe(200);
    },
  );

  it("gives the grid every row of a 708-row sheet, with the error of a formula far down", async () => {
    const testing = playground.runtime.spreadsheetApp.testing;
    testing.userSeed(
      "Sheet1",
      "A1",
      Array.from({ length: 708 }, (_, i) => [`Row ${i + 1}`, i + 1]),
    );
    const enter = await post<CallAnswer>(playground, "/api/enter", { sheetName: "Sheet1", a1: "C700", text: '=LEADS_BUSINESS("nope")' });
    expect(enter.ok).toBe(true);
    const grid = (await (await fetch(new URL("/api/grid", playground.url))).json()) as GridAnswer;
    expect(grid.state?.cells).toHaveLength(708);
    expect(grid.state?.totalRows).toBe(708);
    expect(grid.state?.cells[707]).toEqual(["Row 708", "708", ""]);
    expect(Object.keys(grid.state?.errors ?? {})).toEqual(["C700"]);
  });

  it("sends, when the page asks for rows, those and the frozen rows only, with the sheet's size", async () => {
    playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName("Sheet1")?.setFrozenRows(1);
    const near = await gridAnswer(playground, "?rows=650-760");
    expect(near.state).toMatchObject({
      rows: { first: 650, last: 760 },
      frozenCells: [["Row 1", "1", ""]],
      totalRows: 708,
      totalColumns: 3,
      frozenRows: 1,
      frozenColumns: 0,
      maxRows: 1000,
      maxColumns: 26,
    });
    // The rows past the data are covered (empty), not sent.
    expect(near.state?.cells).toHaveLength(59);
    expect(near.state?.cells[0]).toEqual(["Row 650", "650", ""]);
    expect(near.state?.cells[58]).toEqual(["Row 708", "708", ""]);
    expect(Object.keys(near.state?.errors ?? {})).toEqual(["C700"]);
    expect(near.state?.numbers).toEqual(["B1", ...Array.from({ length: 59 }, (_, i) => `B${650 + i}`)]);
    const top = await gridAnswer(playground, "?rows=2-80");
    expect(top.state?.cells.map((row) => row[0])).toEqual(Array.from({ length: 79 }, (_, i) => `Row ${i + 2}`));
    expect(top.state?.errors).toEqual({});
    expect(top.state?.inputs).toEqual({});
    expect(top.state?.quoted).toEqual([]);
    // Unchanged since the version the page has: no state at all.
    expect((await gridAnswer(playground, `?rows=2-80&since=${top.version}`)).state).toBeUndefined();
    expect((await gridAnswer(playground, `?rows=3-80&since=${top.version}`)).state).toBeDefined();
  });
});

/** The grid's answer to the page's poll, with `query` (rows, since). */
async function gridAnswer(playground: Playground, query: string): Promise<GridAnswer> {
  return (await (await fetch(new URL(`/api/grid${query}`, playground.url))).json()) as GridAnswer;
}

describe("the grid's answer for a 700-row results sheet", () => {
  let playground: Playground;
  beforeAll(async () => {
    playground = await startPlayground({ speed: 0 });
  });
  afterAll(async () => playground?.close());

  it(
    "is the rows near the view (a window of 186 rows, as the page at 1280×800 asks mid-sheet), " + "a small part of the whole sheet",
    async () => {
      const started = okValue(
        await run(playground, "startSearch", { query: "coffee", location: "Austin, Texas, US", countryCode: "US", maxResults: 700 }),
      );
      const sheetName = sheetOf(started);
      const testing = playground.runtime.spreadsheetApp.testing;
      const status = () => testing.values(sheetName, "A1:AZ1")[0]?.indexOf("Email status") ?? -1;
      const filled = () =>
        testing
          .values(sheetName)
          .slice(1)
          .filter((row) => row[status()] !== "" && !/progress|pending/i.test(String(row[status()]))).length;
      // The service finishes the search first (its pace is not what this test is about); a few polls then write its pages.
      playground.clock.advance(10 * 60_000);
      for (let poll = 0; poll < 10 && filled() < 700; poll += 1) await run(playground, "refreshJobs");
      expect(filled()).toBe(700);
      const sized = async (query: string) => {
        const text = await (await fetch(new URL(`/api/grid${query}`, playground.url))).text();
        return { bytes: Buffer.byteLength(text), answer: JSON.parse(text) as GridAnswer };
      };
      const whole = await sized("");
      const near = await sized("?rows=300-485");
      const top = await sized("?rows=2-106");
      process.stdout.write(
        `grid answer for a 700-row results sheet: whole ${whole.bytes} bytes; rows 2-106 (the page at its top) ${top.bytes} bytes; ` +
          `rows 300-485 and the frozen row ${near.bytes} bytes\n`,
      );
      expect(near.answer.state).toMatchObject({
        activeSheet: sheetName,
        rows: { first: 300, last: 485 },
        totalRows: 701,
        frozenRows: 1,
        frozenColumns: 1,
      });
      expect(near.answer.state?.cells).toEqual(whole.answer.state?.cells.slice(299, 485));
      expect(near.answer.state?.frozenCells).toEqual(whole.answer.state?.cells.slice(0, 1));
      // The formula bar's texts of the rows sent are the whole sheet's: quote-prefixed text named in `quoted`, not spelled out again.
      const rowOf = (a1: string): number => Number(/\d+$/.exec(a1)?.[0]);
      const displayed = (a1: string): string => {
        const row = rowOf(a1) === 1 ? near.answer.state?.frozenCells[0] : near.answer.state?.cells[rowOf(a1) - 300];
        return row?.[(parseA1(a1)?.startColumn ?? 0) - 1] ?? "";
      };
      const rebuilt = {
        ...near.answer.state?.inputs,
        ...Object.fromEntries((near.answer.state?.quoted ?? []).map((a1) => [a1, `'${displayed(a1)}`])),
      };
      const wholeInputs = Object.entries(whole.answer.state?.inputs ?? {}).filter(
        ([a1]) => rowOf(a1) === 1 || (rowOf(a1) >= 300 && rowOf(a1) <= 485),
      );
      expect(wholeInputs.length).toBeGreaterThan(186 * 10);
      expect(rebuilt).toEqual(Object.fromEntries(wholeInputs));
      expect(whole.bytes).toBeGreaterThan(1_000_000);
      expect(near.bytes).toBeLessThan(whole.bytes / 5);
    },
  );
});
