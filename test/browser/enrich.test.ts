// Enriching a pasted list in the real sidebar, in chromium: "Check selection" says what will be
// sent and what is skipped before anything is, and a row with a bad website ends with an
// `Enrichment status` that starts with `Skipped` and says why. A business named like an HTML tag
// shows as text everywhere and runs nothing.
import { AUSTIN, describeInBrowser, eventually, gridColumn, openPlayground, pickLocationByKeyboard, type Session } from "./browser";

const XSS = "<img src=x onerror=alert(1)>";

describeInBrowser("enriching a pasted list", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("previews the selection, enriches the good rows and marks the bad URL Skipped with its reason", async () => {
    const { page, sidebar, playground } = session;
    await page.getByText("Paste a list", { exact: true }).click();
    await page
      .getByLabel(/One business a line/)
      .fill(`Houndstooth Coffee, https://houndstoothcoffee.example.com\n${XSS}, https://img.example.com\nEpoch Coffee, not a website`);
    await page.getByRole("button", { name: "Paste as a new sheet" }).click();
    await page.getByRole("tab", { name: "Pasted list" }).waitFor();
    await sidebar.getByRole("tab", { name: "Enrich rows" }).click();
    await sidebar.getByRole("button", { name: "Check selection" }).click();
    // The preview names the bad row and its reason before anything is sent.
    await sidebar
      .getByText(/not a website|website/i)
      .first()
      .waitFor();
    const preview = await sidebar.locator("body").innerText();
    expect(preview).toMatch(/\b2\b[^\n]*(row|business)|(row|business)[^\n]*\b2\b/i);
    expect(playground.runtime.http.requests.some((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"))).toBe(false);

    await sidebar.getByRole("button", { name: "Enrich rows" }).click();
    await eventually("the enrichment status column is written", async () => (await gridColumn(page, "Enrichment status")).length === 3);
    const statuses = await gridColumn(page, "Enrichment status");
    expect(statuses[2]).toMatch(/^Skipped/);
    expect(statuses[2]?.length ?? 0).toBeGreaterThan("Skipped".length + 3);
    const sent = playground.runtime.http.requests.find((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"));
    const businesses = (JSON.parse(sent?.body ?? "{}") as { businesses?: Array<{ business_name: string }> }).businesses ?? [];
    expect(businesses.map((b) => b.business_name).sort()).toEqual(["Houndstooth Coffee", XSS].sort());
    await eventually("the good rows are enriched", async () =>
      (await gridColumn(page, "Enrichment status")).slice(0, 2).every((s) => /completed/i.test(s)),
    );
  });

  it("shows a business named like an HTML tag as text, in the grid and the sidebar, and runs nothing", async () => {
    const { page, sidebar } = session;
    expect(await gridColumn(page, "Name")).toContain(XSS);
    // The same text as a list name: the job's name in the sidebar's Jobs list. The enrichment's
    // message was about the other tab: it goes with it.
    expect(await sidebar.locator("#messages").isVisible()).toBe(true);
    await sidebar.getByRole("tab", { name: "New search" }).click();
    expect(await sidebar.locator("#messages").isVisible()).toBe(false);
    await sidebar.getByRole("textbox", { name: "Search for" }).fill(XSS);
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    await sidebar.getByRole("textbox", { name: "List name" }).fill(XSS);
    await sidebar.getByRole("button", { name: "Start search" }).click();
    await sidebar.getByRole("listitem").filter({ hasText: XSS }).first().waitFor();
    await page.getByRole("tab", { name: XSS }).waitFor();
    const images = await page.evaluate<number>(
      `document.querySelectorAll("img").length + document.querySelector("iframe#sidebar").contentDocument.querySelectorAll("img").length`,
    );
    expect(images).toBe(0);
    expect(session.dialogs).toEqual([]);
  });
});
