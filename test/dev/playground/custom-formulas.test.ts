// The playground's LEADS_ formulas on the BUILT bundle, computed as Sheets runs custom functions:
// anonymously (the editor's own saved key is not used; only a key shared with formulas), run again
// when the cell is entered or an argument's value changes and not otherwise, results spilled, a
// blocked spill and a failure shown with their message, and a job's rows written meanwhile intact.
import { DEMO_KEYS } from "../../../dev/simulator";
import { startPlayground, type Playground } from "../../../dev/playground/server";
import { UNSUPPORTED_ARGUMENTS } from "../../../dev/playground/formula-call";
import { sheetOf, sidebar } from "../../../dev/world";

let playground: Playground;
beforeAll(async () => {
  // The clock stands still unless a test moves it: results are the same however long a test takes.
  playground = await startPlayground({ speed: 0 });
});
afterAll(async () => playground?.close());

const testing = () => playground.runtime.spreadsheetApp.testing;
/** Types into a cell through the server, as the page does. */
async function enter(a1: string, text: string, sheetName = "Sheet1"): Promise<void> {
  const res = await fetch(new URL("/api/enter", playground.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sheetName, a1, text }),
  });
  const answer = (await res.json()) as { ok: boolean; error?: { message: string } };
  if (!answer.ok) throw new Error(answer.error?.message);
}

describe("LEADS_ formulas typed into the playground's cells", () => {
  it("run anonymously: with a personal key saved but not shared, the formula says how to share it and sends nothing", async () => {
    const requests = playground.runtime.http.requests.length;
    await enter("A1", "=LEADS_CREDITS()");
    expect(testing().cell("Sheet1", "A1")).toMatchObject({
      value: "#ERROR!",
      formula: "=LEADS_CREDITS()",
      errorMessage: expect.stringMatching(/Share my key with formulas/),
    });
    expect(testing().cell("Sheet1", "A1").errorMessage).not.toContain(DEMO_KEYS.growth.apiKey);
    expect(playground.runtime.http.requests.length).toBe(requests);
  });

  it("once the key is shared: a formula left as it was keeps its result (as in Sheets); entered again, it shows the credits", async () => {
    sidebar(playground.runtime, "saveSettings", { apiKey: DEMO_KEYS.growth.apiKey, baseUrl: playground.simUrl, shareWithFormulas: true });
    const runs = playground.formulas.runs;
    playground.formulas.recalculate();
    expect(playground.formulas.runs).toBe(runs);
    expect(testing().cell("Sheet1", "A1").value).toBe("#ERROR!");
    await enter("A1", "=LEADS_CREDITS()");
    const account = sidebar(playground.runtime, "getAccount");
    expect(testing().cell("Sheet1", "A1")).toMatchObject({ value: account.creditsRemaining, errorMessage: null });
    expect(playground.formulas.runs).toBe(runs + 1);
  });

  it("a reference argument: the table spills; it runs again only when the referenced value changes", async () => {
    await enter("C1", "Spring");
    await enter("C2", '=LEADS_LOCATIONS(C1, "US")');
    const table = testing().values("Sheet1", "C2:F4");
    expect(table[0]).toEqual(["label", "country_code", "full_name", "location_code"]);
    expect(String(table[1]?.[0])).toMatch(/^Spring/);
    expect(testing().formulas("Sheet1", "C3:F3")).toEqual([["", "", "", ""]]);
    const runs = playground.formulas.runs;
    playground.formulas.recalculate();
    await enter("H1", "unrelated");
    expect(playground.formulas.runs).toBe(runs);
    await enter("C1", "Austin");
    expect(playground.formulas.runs).toBe(runs + 1);
    expect(String(testing().values("Sheet1", "C3")[0]?.[0])).toMatch(/^Austin/);
  });

  it("a value typed where the table spills: #REF! naming the cell; deleted again, the table is back without a new run", async () => {
    const runs = playground.formulas.runs;
    await enter("D3", "mine");
    expect(testing().cell("Sheet1", "C2")).toMatchObject({
      value: "#REF!",
      errorMessage: "Array result was not expanded because it would overwrite data in D3.",
    });
    await enter("D3", "");
    expect(testing().values("Sheet1", "C2")[0]?.[0]).toBe("label");
    expect(playground.formulas.runs).toBe(runs);
  });

  it("an unknown LEADS_ name is #NAME?; arguments it cannot compute say so", async () => {
    await enter("A10", "=leads_nope()");
    expect(testing().cell("Sheet1", "A10")).toMatchObject({ value: "#NAME?", errorMessage: "Unknown function: 'LEADS_NOPE'." });
    await enter("A11", "=LEADS_BUSINESS(TRIM(A2))");
    expect(testing().cell("Sheet1", "A11")).toMatchObject({ value: "#ERROR!", errorMessage: UNSUPPORTED_ARGUMENTS });
    await enter("A12", "=LEADS_JOB(Nowhere!A1)");
    expect(testing().cell("Sheet1", "A12")).toMatchObject({ value: "#REF!", errorMessage: "Unresolved sheet name 'Nowhere'." });
    await enter("A13", "=1+1");
    expect(testing().cell("Sheet1", "A13").value).toBe(2);
  });

  it("typed text lands as Sheets parses typing; a leading apostrophe keeps it text", async () => {
    await enter("B20", "0042");
    await enter("B21", "'0042");
    await enter("B22", "12%");
    expect(testing().values("Sheet1", "B20:B22")).toEqual([[42], ["0042"], [0.12]]);
    expect(testing().displayValues("Sheet1", "B22")).toEqual([["12%"]]);
  });

  it("a search's rows keep arriving whole while the person types, and a formula reading them follows", async () => {
    const sheetName = sheetOf(
      sidebar(playground.runtime, "startSearch", { query: "coffee", location: "Austin, Texas, US", countryCode: "US", maxResults: 100 }),
    );
    const header = testing().values(sheetName)[0]?.map(String) ?? [];
    const idColumn = String.fromCharCode(65 + header.indexOf("Business ID"));
    const quoted = `'${sheetName.replace(/'/g, "''")}'`;
    await enter("B30", `=LEADS_BUSINESS(${quoted}!${idColumn}2, "title")`);
    for (let step = 0; step < 20; step += 1) {
      playground.clock.advance(4_000);
      sidebar(playground.runtime, "refreshJobs");
      playground.formulas.recalculate();
      await enter(`E${30 + step}`, `typed ${step}`);
    }
    const rows = testing().values(sheetName);
    const ids = rows.slice(1).map((r) => r[header.indexOf("Business ID")]);
    expect(new Set(ids).size).toBe(100);
    expect(testing().values("Sheet1", "E30:E49").flat()).toEqual(Array.from({ length: 20 }, (_, i) => `typed ${i}`));
    // The formula ran again when row 2's Business ID arrived: it shows that business's name.
    expect(testing().values("Sheet1", "B30")[0]?.[0]).toBe(rows[1]?.[header.indexOf("Name")]);
  });
});
