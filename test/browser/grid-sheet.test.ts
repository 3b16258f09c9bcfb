// The playground's grid behaves like a spreadsheet, in chromium: every row of a long sheet is
// reachable (Ctrl+↓ on a 708-row sheet shows row 708, under the frozen header) while the page
// holds only the rows near the view; one click on an #ERROR! cell selects that one cell (the
// error line appearing above does not move the grid under the pointer); Enter after a run of Tabs
// starts the next row under the run's first cell; one column past the data takes typing, as the
// sheet grows. Started with --no-key, the key form shows the simulator's address and saving the
// demo key works.
import { DEMO_KEYS } from "../../dev/simulator";
import { inFullTier } from "../tier";
import { describeInBrowser, eventually, gridCell, gridSelection, openPlayground, pressKeys, type Session } from "./browser";

const WHY = "the playground's own grid, moved through by Sheets' keys (the playground's other grid tests run in npm test)";
inFullTier(WHY, describeInBrowser)("the playground's grid as a spreadsheet", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  const cell = (a1: string) => gridCell(session.page, a1);
  const selection = () => gridSelection(session.page);
  const press = (...keys: string[]) => pressKeys(session.page, ...keys);
  const testing = () => session.playground.runtime.spreadsheetApp.testing;
  /** Adds a sheet as a user would, with `rows` in it, and shows it in the grid. */
  async function showNewSheet(name: string, rows: Array<Array<string | number>>, frozenRows = 0): Promise<void> {
    testing().userAddSheet(name);
    if (rows.length > 0) testing().userSeed(name, "A1", rows);
    if (frozenRows > 0) session.playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName(name)?.setFrozenRows(frozenRows);
    await session.page.getByRole("tab", { name }).click();
    await eventually(
      `the grid shows ${name}`,
      async () => (await session.page.locator("#grid").getAttribute("aria-label")) === `Cells of ${name}`,
    );
  }
  /** Whether the element is wholly inside the grid's scrolled view, below the column letters (and `coveredBelowHead` px more). */
  async function inView(a1: string, coveredBelowHead = 0): Promise<boolean> {
    const box = await cell(a1).boundingBox();
    const view = await session.page.locator("#grid-wrap").boundingBox();
    const head = await session.page.locator("#grid thead").boundingBox();
    if (box === null || view === null || head === null) return false;
    return box.y >= head.y + head.height + coveredBelowHead - 1 && box.y + box.height <= view.y + view.height + 1;
  }

  it("reaches row 708 of a 708-row sheet with Ctrl+↓, under the frozen header, holding only the rows near the view", async () => {
    const { page, playground } = session;
    const rows = [
      ["Name", "Phone"],
      ...Array.from({ length: 707 }, (_, i) => [`Business ${i + 2}`, `+1 512-555-${String(i).padStart(4, "0")}`]),
    ];
    await showNewSheet("Long list", rows, 1);
    await cell("A2").click();
    await press("Control+ArrowDown");
    expect(await selection()).toBe("Long list!A708");
    await eventually(
      "the document's selection is A708",
      () => playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === "A708",
    );
    expect(await cell("A708").textContent()).toBe("Business 708");
    const headerRow = await cell("A1").boundingBox();
    expect(await inView("A708", headerRow?.height ?? 0)).toBe(true);
    // The frozen header row stays on top, and the page holds a window of rows, not all 708.
    expect(await cell("A1").textContent()).toBe("Name");
    expect(await inView("A1")).toBe(true);
    expect(await page.locator("#grid tbody tr").count()).toBeLessThan(500);
    expect(await page.locator('td[data-cell="A2"]').count()).toBe(0);
    // Past the data, Ctrl+↓ goes on to the sheet's last row; Ctrl+↑ back to the first.
    await press("Control+ArrowDown");
    expect(await selection()).toBe(`Long list!A${testing().sheetInfo("Long list").maxRows}`);
    await press("Control+ArrowUp", "ArrowDown");
    expect(await selection()).toBe("Long list!A2");
    expect(await cell("A2").textContent()).toBe("Business 2");
    // Scrolled by hand to the middle, the rows there are drawn.
    await page.evaluate(`(() => { const wrap = document.getElementById("grid-wrap"); wrap.scrollTop = wrap.scrollHeight / 2; })()`);
    await eventually(
      "the middle rows are drawn",
      async () => (await page.locator('td[data-cell="A400"]').count()) + (await page.locator('td[data-cell="A500"]').count()) > 0,
    );
  });

  it("one click on an #ERROR! cell selects that one cell; the error line above does not move the grid", async () => {
    const { page, playground } = session;
    await showNewSheet("Errors", []);
    await cell("D5").click();
    await page.keyboard.type("=LEADS_CREDITS()");
    await press("Enter");
    await cell("D5").filter({ hasText: "#ERROR!" }).waitFor();
    await cell("A1").click();
    expect(await page.locator("#cell-error").isVisible()).toBe(false);
    const before = await page.locator("#grid").boundingBox();
    // A click as a hand makes it: down on the cell's middle, the pointer drifting a pixel (the
    // browser then sends a mouseover to what is under it now, as below), up.
    const target = await cell("D5").boundingBox();
    if (target === null) throw new Error("D5 is not on the page");
    await cell("D5").hover();
    await page.mouse.down();
    await page.evaluate(`(() => { const [x, y] = [${target.x + target.width / 2}, ${target.y + target.height / 2 + 1}];
      document.elementFromPoint(x, y)?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, clientX: x, clientY: y })); })()`);
    await page.mouse.up();
    expect(await selection()).toBe("Errors!D5");
    await page
      .locator("#cell-error")
      .filter({ hasText: /^Error in D5: .*Share my key with formulas/ })
      .waitFor();
    expect((await page.locator("#grid").boundingBox())?.y).toBe(before?.y);
    await eventually("the document's selection is D5", () => playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === "D5");
  });

  it("Enter after typing a row with Tabs goes to the next row under its first cell; a plain Enter goes down", async () => {
    await showNewSheet("Typed", []);
    await cell("B2").click();
    for (const [text, key] of [
      ["Name", "Tab"],
      ["Website", "Tab"],
      ["Notes", "Enter"],
      ["Keyboard Cafe", "Tab"],
      ["https://kb.example.com", "Enter"],
      ["Arrow Bakery", "Enter"],
    ] as const) {
      await session.page.keyboard.type(text);
      await press(key);
    }
    expect(await selection()).toBe("Typed!B5");
    await eventually(
      "the typed cells are in the document",
      () =>
        JSON.stringify(testing().values("Typed", "B2:D4")) ===
        JSON.stringify([
          ["Name", "Website", "Notes"],
          ["Keyboard Cafe", "https://kb.example.com", ""],
          ["Arrow Bakery", "", ""],
        ]),
    );
  });

  it("goes one column past the data and types into it: the sheet grows a column", async () => {
    await showNewSheet("Narrow", [
      ["Name", "Phone", "Website"],
      ["Zed Coffee", "+1 512-555-0101", "https://zed.example.com"],
    ]);
    testing().userDeleteColumns("Narrow", 4, testing().sheetInfo("Narrow").maxColumns - 3);
    expect(testing().sheetInfo("Narrow").maxColumns).toBe(3);
    await eventually(
      "the grid has the sheet's 3 columns and one more",
      async () => (await cell("D1").count()) === 1 && (await cell("E1").count()) === 0,
    );
    await cell("A1").click();
    await press("Control+ArrowRight");
    expect(await selection()).toBe("Narrow!C1");
    await press("Control+ArrowRight");
    expect(await selection()).toBe("Narrow!D1");
    await session.page.keyboard.type("My notes");
    await press("Tab");
    expect(await selection()).toBe("Narrow!E1");
    await eventually("D1 is in the document", () => testing().values("Narrow", "D1")[0]?.[0] === "My notes");
    expect(testing().sheetInfo("Narrow").maxColumns).toBe(4);
    await cell("E1").waitFor();
  });
});

describeInBrowser("the playground started without a key (--no-key)", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground({ presetKey: null });
  });
  afterAll(async () => session?.close());

  it("shows the simulator's address in the key form; saving the demo key as it is works", async () => {
    const { sidebar, playground } = session;
    const address = sidebar.getByRole("textbox", { name: "Service address" });
    await eventually("the address is filled in", async () => (await address.inputValue()) === playground.simUrl);
    await sidebar.getByRole("textbox", { name: "API key" }).fill(DEMO_KEYS.growth.apiKey);
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    await sidebar.getByText(/Settings saved\./).waitFor();
    expect(playground.runtime.stores.user().get("businessLeads.apiKey")).toBe(DEMO_KEYS.growth.apiKey);
    expect(await sidebar.locator("body").innerText()).not.toMatch(/must start with https/);
  });
});
