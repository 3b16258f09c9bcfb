// A LEADS_ formula typed into a cell of the playground, in chromium: computed by the built bundle as
// Sheets runs custom functions, anonymously. Without the key shared with formulas the cell shows
// #ERROR! and, on hover or when selected, the sentence that says how to share it; once "Share my
// key with formulas" is saved in the sidebar, entering the formula again shows the account's
// credits. A table function spills into the cells beside and below; other text lands as typed.
import { describeInBrowser, eventually, openPlayground, screenshot, type Session } from "./browser";

describeInBrowser("formulas typed into the playground's cells", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  const cell = (a1: string) => session.page.locator(`td[data-cell="${a1}"]`);
  const selection = () => session.page.getByLabel("Selection").textContent();

  async function typeInto(a1: string, text: string): Promise<void> {
    await cell(a1).click();
    await session.page.keyboard.type(text);
    await session.page.keyboard.press("Enter");
  }

  it("without the key shared: =LEADS_CREDITS() shows #ERROR! and says where to share the key", async () => {
    const { page } = session;
    await page.getByRole("tab", { name: "Sheet1" }).waitFor();
    await typeInto("B2", "=LEADS_CREDITS()");
    await cell("B2").filter({ hasText: "#ERROR!" }).waitFor();
    expect(await selection()).toBe("Sheet1!B3");
    // The message is on hover (the cell's title, as Sheets' hover card) and shown when the cell is selected.
    expect(await cell("B2").getAttribute("title")).toMatch(/Share my key with formulas/);
    await page.keyboard.press("ArrowUp");
    const error = page.locator("#cell-error");
    await error.filter({ hasText: /Error in B2: .*Share my key with formulas/ }).waitFor();
    expect(await page.getByLabel("Formula bar").textContent()).toBe("=LEADS_CREDITS()");
    expect(await error.textContent()).not.toMatch(/\n\s+at |\.js:\d/);
    await screenshot(page, "formula-error.png");
  });

  it("after sharing the key from the sidebar's settings, the formula entered again shows the account's credits", async () => {
    const { page, sidebar, playground } = session;
    await sidebar.getByRole("button", { name: "Settings" }).click();
    await sidebar.getByLabel("Share my key with formulas in this document").check();
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    await sidebar.getByText("Settings saved.").waitFor();
    const account = playground.runtime.run("getAccount", [], { viaScriptRun: true }).value as { creditsRemaining: number };
    // Sheets runs a custom function again when its cell is entered: Enter opens B2, Enter enters it.
    await cell("B2").click();
    await page.keyboard.press("Enter");
    expect(await page.getByLabel("Cell editor").inputValue()).toBe("=LEADS_CREDITS()");
    await page.keyboard.press("Enter");
    await cell("B2")
      .filter({ hasText: new RegExp(`^${account.creditsRemaining}$`) })
      .waitFor();
    expect(playground.runtime.spreadsheetApp.testing.cell("Sheet1", "B2")).toMatchObject({
      value: account.creditsRemaining,
      formula: "=LEADS_CREDITS()",
      errorMessage: null,
    });
    await page.keyboard.press("ArrowUp");
    expect(await page.locator("#cell-error").isVisible()).toBe(false);
  });

  it("a table function spills into the cells beside and below; typed text lands as Sheets parses it", async () => {
    const { page, playground } = session;
    await typeInto("B5", '=LEADS_LOCATIONS("Spring", "US")');
    await cell("C5").filter({ hasText: "country_code" }).waitFor();
    expect(await cell("B6").textContent()).toMatch(/^Spring/);
    await typeInto("A5", "'0042");
    await typeInto("A6", "0042");
    // The grid sends each entry to the document on its own: wait for both to land.
    const typed = () => playground.runtime.spreadsheetApp.testing.values("Sheet1", "A5:A6");
    await eventually("A5 and A6 are entered", () => typed().every((row) => row[0] !== ""));
    expect(typed()).toEqual([["0042"], [42]]);
    await cell("A6").filter({ hasText: /^42$/ }).waitFor();
    expect(await cell("A5").textContent()).toBe("0042");
    await cell("B5").click();
    await screenshot(page, "formulas.png");
  });
});
