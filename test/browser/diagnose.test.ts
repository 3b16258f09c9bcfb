// "Check this spreadsheet" in the real sidebar, in chromium: the link runs diagnose() and the
// report shows one line per check, in words, with the key nowhere in the sidebar's DOM and the
// spreadsheet's sheets as they were.
import { describeInBrowser, openPlayground, screenshot, sidebarDomText, type Session } from "./browser";

describeInBrowser("the sidebar's self-check", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("shows the report of every check, and leaves the sheets as they were", async () => {
    const { sidebar, page, playground } = session;
    const sheetsBefore = playground.runtime.spreadsheetApp.testing.sheetNames();
    await sidebar.getByRole("button", { name: "Settings" }).click();
    await sidebar.getByRole("button", { name: "Check this spreadsheet" }).click();
    const report = sidebar.locator("#diagnose-report");
    await report.getByRole("listitem").nth(6).waitFor();
    const lines = await report.getByRole("listitem").allTextContents();
    expect(lines).toHaveLength(7);
    expect(lines[6]).toMatch(/^✓OK: This spreadsheet has room for new results/);
    expect(lines[0]).toMatch(/^✓OK: The lead service accepts your API key/);
    expect(lines.some((line: string) => /Text that looks like a formula stays text/.test(line))).toBe(true);
    await screenshot(page.locator("iframe#sidebar"), "sidebar-diagnose.png");
    expect(playground.runtime.spreadsheetApp.testing.sheetNames()).toEqual(sheetsBefore);
    const key = playground.runtime.stores.user().get("businessLeads.apiKey") ?? "";
    expect(key).not.toBe("");
    expect(await sidebarDomText(page)).not.toContain(key);
  });

  it("from the menu: the same report in a dialog that renders as text, with no script", async () => {
    const { context, playground } = session;
    const result = playground.runtime.run("diagnose", []);
    expect(result.errorMessage).toBeUndefined();
    const dialog = playground.runtime.spreadsheetApp.testing.ui.dialogs.at(-1);
    expect(dialog?.title).toBe("Check this spreadsheet");
    const output = dialog?.output as { getWidth(): number; getHeight(): number };
    const page = await context.newPage();
    await page.setViewportSize({ width: output.getWidth(), height: output.getHeight() });
    await page.setContent(dialog?.html ?? "");
    const items = await page.getByRole("listitem").allTextContents();
    expect(items).toHaveLength(7);
    expect(items[1]).toMatch(/Values such as "=1\+1", "\+1 512 555 0100", "0042", "1\/2" were written/);
    expect(await page.locator("script").count()).toBe(0);
    await screenshot(page, "menu-diagnose.png");
    await page.close();
  });
});
