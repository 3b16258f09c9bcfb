// The playground's grid by keyboard and by the context menu, in chromium: Tab moves right inside
// the grid as in Sheets, so F6 (or Ctrl+Alt+.) moves between the grid and the sidebar and a skip
// link first on the page goes to the sidebar; a right-click (or Shift+F10) offers "Insert 1
// column left/right"; rows scroll by whole rows, the header and frozen row drawn alike however far
// down the view is (no row under them shows through); a column at the view's left edge stays whole
// when the rows drawn anew widen the frozen Name or the columns left of it.
import { inFullTier } from "../tier";
import { describeInBrowser, eventually, gridCell, openPlayground, type Session } from "./browser";

const WHY = "the playground's own grid, reached by keyboard and its context menu (the playground's other grid tests run in npm test)";
inFullTier(WHY, describeInBrowser)("the playground's grid by keyboard and context menu", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  const focused = () => session.page.evaluate<string>(`(() => { const e = document.activeElement; return e.id || e.tagName; })()`);
  const focusedInSidebar = () =>
    session.page.evaluate<string>(
      `(() => { const d = document.getElementById("sidebar").contentDocument; const e = d && d.activeElement; ` +
        `return e ? (e.getAttribute("aria-label") || e.textContent || e.tagName).trim() : ""; })()`,
    );

  it("leaves the grid by F6 or Ctrl+Alt+. for the sidebar and comes back by F6; the skip link is first on the page", async () => {
    const { page } = session;
    await gridCell(page, "B2").click();
    expect(await focused()).toBe("grid");
    // Tab stays in the grid, as in Sheets: it moves right.
    await page.keyboard.press("Tab");
    await eventually("C2 is active", async () => (await page.getByLabel("Selection").textContent()) === "Sheet1!C2");
    await page.keyboard.press("F6");
    expect(await focused()).toBe("sidebar");
    expect(await focusedInSidebar()).not.toBe("");
    await page.keyboard.press("F6");
    expect(await focused()).toBe("grid");
    await page.keyboard.press("Control+Alt+Period");
    expect(await focused()).toBe("sidebar");

    // On the page opened anew, the first Tab reaches the skip link, and Enter goes to the sidebar.
    await page.goto(session.playground.url);
    await page.waitForFunction(`document.querySelector("iframe#sidebar")?.contentDocument?.readyState === "complete"`);
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("skip-to-sidebar");
    expect(await page.locator("#skip-to-sidebar").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await focused()).toBe("sidebar");
  });

  it("inserts a column left or right from the context menu, by mouse or by Shift+F10", async () => {
    const { page, playground } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    testing.userAddSheet("Leads");
    testing.userSeed("Leads", "A1", [
      ["Name", "Website", "Phone"],
      ["Cedar Creek Vet", "cedarcreekvet.com", "+1 512-555-0100"],
    ]);
    await page.getByRole("tab", { name: "Leads" }).click();
    await eventually("the grid shows Leads", async () => (await gridCell(page, "A2").textContent()) === "Cedar Creek Vet");
    await gridCell(page, "B2").click({ button: "right" });
    const menu = page.getByRole("menu", { name: "Cell actions" });
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole("menuitem", { name: "Insert 1 column left" }).click();
    await eventually("a column is inserted left of B", () => testing.values("Leads")[0]?.join("|") === "Name||Website|Phone");
    expect(await menu.isVisible()).toBe(false);
    expect(await focused()).toBe("grid");

    // By keyboard: Shift+F10 on the active cell (Website, now C2), ↓ to the second item, Enter.
    await gridCell(page, "C2").click();
    await page.keyboard.press("Shift+F10");
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await eventually("a column is inserted right of C", () => testing.values("Leads")[0]?.join("|") === "Name||Website||Phone");
    // Escape closes it and gives the grid the keyboard back.
    await page.keyboard.press("Shift+F10");
    await page.keyboard.press("Escape");
    expect([await menu.isVisible(), await focused()]).toEqual([false, "grid"]);
  });

  it("scrolls by whole rows: the header and the frozen row look the same at the bottom of a long sheet as at its top", async () => {
    const { page, playground } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    const headers = ["Name", "Phone", "Website", "Emails", "Address", "Category", "City"];
    testing.userAddSheet("Long");
    testing.userSeed("Long", "A1", [headers, ...Array.from({ length: 200 }, (_, i) => headers.map((h) => `${h} ${i + 2}`))]);
    playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName("Long")?.setFrozenRows(1);
    await page.getByRole("tab", { name: "Long" }).click();
    await eventually("the grid shows Long", async () => (await gridCell(page, "A2").textContent()) === "Name 2");
    // The band from the grid's top to the frozen row's bottom; a poll that redraws the grid leaves no box for a moment.
    const band = async () => {
      let clip: { x: number; y: number; width: number; height: number } | undefined;
      await eventually("the grid and its frozen row are drawn", async () => {
        const wrap = await page.locator("#grid-wrap").boundingBox();
        const frozen = await gridCell(page, "A1").boundingBox();
        clip = wrap && frozen ? { x: wrap.x, y: wrap.y, width: 600, height: frozen.y + frozen.height - wrap.y } : undefined;
        return clip !== undefined;
      });
      return page.screenshot({ clip });
    };
    await gridCell(page, "B2").click();
    const atTop = await band();
    await page.keyboard.press("Control+ArrowDown");
    await eventually(
      "B201 is active and drawn",
      async () => (await page.getByLabel("Selection").textContent()) === "Long!B201" && (await gridCell(page, "B201").count()) > 0,
    );
    expect((await band()).equals(atTop)).toBe(true);
    // The first row under the frozen one starts at its edge: none is half hidden under it.
    const edge = await page.evaluate<number>(`document.querySelector("#grid tr.frozen td").getBoundingClientRect().bottom`);
    const firstShown = await page.evaluate<number>(
      `Array.from(document.querySelectorAll("#grid tbody tr:not(.frozen)")).map((tr) => tr.getBoundingClientRect()).filter((r) => ` +
        `r.bottom > ${edge} + 0.5)[0].top`,
    );
    expect(Math.abs(firstShown - edge)).toBeLessThan(1);
  });

  it(
    "keeps the column at the view's left edge whole beside the frozen Name when rows drawn anew widen the frozen Name and the columns " +
      "left of it, and after the wheel",
    async () => {
      const { page, playground } = session;
      const testing = playground.runtime.spreadsheetApp.testing;
      const headers = ["Name", ...Array.from({ length: 29 }, (_, i) => `Column ${i + 2}`)];
      testing.userAddSheet("Wide");
      testing.userSeed("Wide", "A1", [headers, ...Array.from({ length: 20 }, (_, i) => headers.map((h) => `${h} · ${i}`))]);
      const sheet = playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName("Wide");
      sheet?.setFrozenRows(1);
      sheet?.setFrozenColumns(1);
      await page.getByRole("tab", { name: "Wide" }).click();
      await eventually("the grid shows Wide", async () => (await gridCell(page, "A2").textContent()) === "Name · 0");
      /** The first header cell right of the frozen Name that is not wholly hidden under it, and where it starts. */
      const leftEdge = async () =>
        page.evaluate<{ edge: number; first: number; text: string }>(
          `(() => {
      const edge = document.querySelector("#grid tr.frozen td.frozen-column").getBoundingClientRect().right;
      const cells = Array.from(document.querySelectorAll("#grid tr.frozen td:not(.frozen-column)")).map((td) => ` +
            `[td.getBoundingClientRect(), td.textContent]).filter(([r]) => r.right > edge + 1);
      return { edge, first: cells[0][0].left, text: cells[0][1] }; })()`,
        );
      // Right by keyboard to the data's last column: the view has scrolled, a column starts at Name's edge.
      await gridCell(page, "B2").click();
      await page.keyboard.press("Control+ArrowRight");
      await eventually("AD2 is active", async () => (await page.getByLabel("Selection").textContent()) === "Wide!AD2");
      const before = await leftEdge();
      expect(before.text).not.toBe("Column 2");
      expect(before.first).toBeCloseTo(before.edge, 0);
      // A long name, and a long value left of the view: the frozen Name and B widen when the rows are drawn again.
      testing.userType("Wide", "A3", "Cedar Creek Veterinary Hospital of Greater Austin");
      testing.userType("Wide", "B3", "x".repeat(80));
      await eventually(
        "A3 is drawn with its long name",
        async () => (await gridCell(page, "A3").textContent()) === "Cedar Creek Veterinary Hospital of Greater Austin",
      );
      const after = await leftEdge();
      expect([after.text, Math.abs(Math.round(after.first - after.edge))]).toEqual([before.text, 0]);
      // Scrolled back left by the wheel, a little: the view settles on a column's edge.
      const wrap = await page.locator("#grid-wrap").boundingBox();
      await page.mouse.move((wrap?.x ?? 0) + 400, (wrap?.y ?? 0) + 100);
      await page.mouse.wheel(-90, 0);
      await eventually("the view settled on a column's edge after the wheel", async () => {
        const now = await leftEdge();
        return now.text !== after.text && Math.round(now.first - now.edge) === 0;
      });
    },
  );
});
