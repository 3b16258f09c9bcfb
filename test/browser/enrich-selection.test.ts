// Enriching what the user selected, in chromium: a pasted list of 40 businesses, rows 11–20
// selected in the grid with the keyboard, "Check selection" names those rows, and "Enrich rows"
// sends exactly those 10 businesses; only their rows get an Enrichment status. The
// playground guide's screenshot of the preview (docs/playground.md) is taken here.
import { describeInBrowser, eventually, gridColumn, openPlayground, screenshot, type Session } from "./browser";

const BUSINESSES = Array.from({ length: 40 }, (_, i) => ({
  name: `Selected Cafe ${String(i + 1).padStart(2, "0")}`,
  website: `https://cafe-${i + 1}.example.com`,
}));

describeInBrowser("enriching the selected rows", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("rows 11–20 selected: the preview names them and exactly those 10 businesses are sent", async () => {
    const { page, sidebar, playground } = session;
    await page.getByText("Paste a list", { exact: true }).click();
    await page.getByLabel(/One business a line/).fill(BUSINESSES.map((b) => `${b.name}, ${b.website}`).join("\n"));
    await page.getByRole("button", { name: "Paste as a new sheet" }).click();
    await page.getByRole("tab", { name: "Pasted list" }).waitFor();
    await eventually("the list is in the grid", async () => (await gridColumn(page, "Name")).length === 40);

    await page.locator('td[data-cell="A11"]').click();
    for (let i = 0; i < 9; i += 1) await page.keyboard.press("Shift+ArrowDown");
    await eventually(
      "the document's selection is A11:A20",
      () => playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === "A11:A20",
    );

    await sidebar.getByRole("tab", { name: "Enrich rows" }).click();
    await sidebar.getByRole("button", { name: "Check selection" }).click();
    const preview = sidebar.locator("#preview");
    await preview.getByText("Selected: rows 11–20 of Pasted list").waitFor();
    expect(await preview.innerText()).toMatch(/Rows to send: 10\b/);
    await screenshot(page.locator("iframe#sidebar"), "enrich-preview.png");
    expect(playground.runtime.http.requests.some((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"))).toBe(false);

    await sidebar.getByRole("button", { name: "Enrich rows" }).click();
    await sidebar
      .getByRole("status")
      .filter({ hasText: /Enrichment started for rows 11–20 of Pasted list: 10 rows \(10 businesses\)\./ })
      .waitFor();
    const sent = playground.runtime.http.requests.filter((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"));
    const names = sent.flatMap((r) =>
      ((JSON.parse(r.body ?? "{}") as { businesses?: Array<{ business_name: string }> }).businesses ?? []).map((b) => b.business_name),
    );
    expect(names.sort()).toEqual(BUSINESSES.slice(9, 19).map((b) => b.name));

    await eventually("the selected rows are enriched", async () => {
      const status = playground.runtime.spreadsheetApp.testing
        .values("Pasted list")
        .map((row, i) => ({ row: i + 1, status: String(row[2] ?? "") }));
      return status.filter((s) => s.row >= 11 && s.row <= 20).every((s) => /completed/i.test(s.status));
    });
    const statuses = playground.runtime.spreadsheetApp.testing.values("Pasted list").map((row) => String(row[2] ?? ""));
    expect(statuses[0]).toBe("Enrichment status");
    expect(statuses.map((s, i) => (s !== "" ? i + 1 : null)).filter((row) => row !== null)).toEqual([
      1,
      ...Array.from({ length: 10 }, (_, i) => 11 + i),
    ]);
  });
});
