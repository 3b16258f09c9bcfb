// Lists without a header row, in chromium on the built sidebar (300 px): a list in G20:I22 under
// unrelated cells (B2 holds 9290), selected in the grid. "Check selection" says that no header row
// names its columns, naming only the rows selected, and offers the columns with their first
// values; the name column picked by hand, the preview says "Rows 20–22 of Sheet1, columns H (name)
// and I (website)", and "Enrich rows" sends exactly those three businesses, whose results land in
// rows 20–22 under result headers in row 19, every other cell as it was. Then a list pasted with
// no header row (the playground's "Paste a list" with its header unticked) starts in row 1: the
// preview says a header row will be inserted, and the start inserts it and enriches every row.
import { describeInBrowser, eventually, gridCell, gridSelection, openPlayground, screenshot, type Session } from "./browser";

const LIST = [
  ["Call Monday", "Harbor Roasters", "harborroasters.example"],
  ["Ask for Sam", "Juniper Bakery", "https://juniperbakery.example"],
  ["Sent a card", "Copper Kettle Cafe", "copperkettle.example"],
];

type Request = { method: string; url: string; body?: string | null };
const sentNames = (requests: readonly Request[]): string[] =>
  requests
    .filter((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"))
    .flatMap((r) =>
      ((JSON.parse(r.body ?? "{}") as { businesses?: Array<{ business_name: string }> }).businesses ?? []).map((b) => b.business_name),
    );

describeInBrowser("enriching a list without a header row", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("G20:I22 under unrelated cells: the columns are offered, the name column picked, and rows 20–22 enriched in place", async () => {
    const { page, sidebar, playground } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    testing.userSeed("Sheet1", "B2", [["9290"]]);
    testing.userSeed("Sheet1", "G20", LIST);
    const before = testing.values("Sheet1").map((row) => [...row]);
    await eventually("the list is in the grid", async () => (await gridCell(page, "H21").textContent()) === "Juniper Bakery");

    await gridCell(page, "G20").click();
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await eventually("the selection is G20:I22", async () => (await gridSelection(page)) === "Sheet1!G20:I22");

    await sidebar.getByRole("tab", { name: "Enrich rows" }).click();
    await sidebar.getByRole("button", { name: "Check selection" }).click();
    const columns = sidebar.getByRole("group", { name: "The list's columns" });
    await columns.waitFor();
    const namePick = sidebar.getByLabel("Business name column");
    const websitePick = sidebar.getByLabel("Website column");
    // Offered: the selected rows' columns, each with its first value; the website column suggested.
    expect(await namePick.locator("option").allTextContents()).toEqual([
      "Choose a column",
      "G · Call Monday",
      "H · Harbor Roasters",
      "I · harborroasters.example",
    ]);
    expect(await websitePick.inputValue()).toBe("I");
    const preview = sidebar.locator("#preview");
    // The notes column looks like names too: the suggestion is G, and the preview says so plainly.
    await preview.getByText("Rows 20–22 of Sheet1, columns G (name) and I (website)").waitFor();

    await namePick.selectOption("H");
    await preview.getByText("Rows 20–22 of Sheet1, columns H (name) and I (website)").waitFor();
    expect(await preview.innerText()).toMatch(/Rows to send: 3\b/);
    const text = await sidebar.locator("body").innerText();
    expect(text).not.toMatch(/9290|row 2\b|Rename/);
    const overflow = await page.evaluate<number>(
      `(() => { const d = document.querySelector("iframe#sidebar").contentDocument; ` +
        "return d.documentElement.scrollWidth - d.documentElement.clientWidth; })()",
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page.locator("iframe#sidebar"), "enrich-columns.png");
    expect(sentNames(playground.runtime.http.requests)).toEqual([]);

    await sidebar.getByRole("button", { name: "Enrich rows" }).click();
    await sidebar
      .getByRole("status")
      .filter({ hasText: /Enrichment started for rows 20–22 of Sheet1: 3 rows \(3 businesses\)\./ })
      .waitFor();
    expect(sentNames(playground.runtime.http.requests).sort()).toEqual(LIST.map((row) => row[1]).sort());

    // Results: the status column is the first one right of the data (J), its header in row 19.
    await eventually("rows 20–22 are enriched", () =>
      testing
        .values("Sheet1")
        .slice(19, 22)
        .every((row) => String(row[9] ?? "") === "completed"),
    );
    const after = testing.values("Sheet1");
    expect(after[18]?.[9]).toBe("Enrichment status");
    // Every cell of columns A to I is as it was (B2's 9290 and the list itself); nothing was written above row 19 or below row 22.
    expect(after.map((row) => row.slice(0, 9))).toEqual(
      before.map((row) => row.slice(0, 9)).concat(Array.from({ length: after.length - before.length }, () => Array(9).fill(""))),
    );
    after.forEach((row, index) => {
      if (index < 18 || index > 21) expect(row.slice(9).every((cell) => cell === "")).toBe(true);
    });

    // Checked again: the columns picked stay picked, the result columns are not offered, and nothing is to send.
    await sidebar.getByRole("button", { name: "Check selection" }).click();
    await preview.getByText("Already enriched (not sent again): 3").waitFor();
    expect(await namePick.locator("option").allTextContents()).toEqual([
      "Choose a column",
      "G · Call Monday",
      "H · Harbor Roasters",
      "I · harborroasters.example",
    ]);
    expect([await namePick.inputValue(), await websitePick.inputValue()]).toEqual(["H", "I"]);
  });

  it("a list pasted without a header row starts in row 1: a header row is inserted above it, and every row is enriched", async () => {
    const { page, sidebar, playground } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    await page.getByText("Paste a list", { exact: true }).click();
    await page
      .getByLabel(/One business a line/)
      .fill("Orchard Books, orchardbooks.example\nLantern Florist, https://lanternflorist.example");
    await page.getByLabel("Put a header row (Name, Website) above it").click(); // unticks it
    await page.getByRole("button", { name: "Paste as a new sheet" }).click();
    await page.getByRole("tab", { name: "Pasted list" }).waitFor();
    await eventually("the list is selected", async () => (await gridSelection(page)) === "Pasted list!A1:B2");

    await sidebar.getByRole("button", { name: "Check selection" }).click();
    const preview = sidebar.locator("#preview");
    await preview.getByText("Rows 1–2 of Pasted list, columns A (name) and B (website)").waitFor();
    await preview.getByText(/inserts a row above it for the headers/).waitFor();
    await screenshot(page.locator("iframe#sidebar"), "enrich-columns-row-1.png");
    expect(testing.values("Pasted list")[0]).toEqual(["Orchard Books", "orchardbooks.example"]);

    await sidebar.getByRole("button", { name: "Enrich rows" }).click();
    await sidebar
      .getByRole("status")
      .filter({ hasText: /Enrichment started for rows 2–3 of Pasted list: 2 rows \(2 businesses\)\./ })
      .waitFor();
    await eventually("both rows are enriched", () =>
      testing
        .values("Pasted list")
        .slice(1, 3)
        .every((row) => String(row[2] ?? "") === "completed"),
    );
    const sheet = testing.values("Pasted list");
    expect(sheet.map((row) => row.slice(0, 3))).toEqual([
      ["Name", "Website", "Enrichment status"],
      ["Orchard Books", "orchardbooks.example", "completed"],
      ["Lantern Florist", "https://lanternflorist.example", "completed"],
    ]);
  });
});
