// The playground's grid on a results sheet as Sheets shows one, in chromium at the playground's
// size (1280×800): the frozen Name column stays in view while the others scroll right under it,
// and the view stops at a column's edge, so no header is half hidden; another sheet opens at its
// top left, column A whole beside the row numbers; the page asks the server for the rows near the
// view only (not a 700-row sheet on every poll) and for the rows it scrolls to; the page's status
// line goes when the next action starts.
import { BUSINESS_COLUMNS } from "../../src/sheets/columns";
import type { GridState } from "../../dev/playground/grid-state";
import { SheetView } from "../../dev/playground/sheet-view";
import { inFullTier } from "../tier";
import { describeInBrowser, eventually, gridCell, openPlayground, pressKeys, type Session } from "./browser";

const RESULTS = "coffee in Austin, Texas, US";
const HEADERS = BUSINESS_COLUMNS.map((column) => column.header);
const ROWS = 700;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  text: string;
}

const WHY = "the playground's own grid, scrolled as Sheets scrolls (the playground's other grid tests run in npm test)";
inFullTier(WHY, describeInBrowser)("the playground's grid on a results sheet", () => {
  let session: Session;
  /** What the server made of each of the page's polls: the rows it asked for, and the grid it got. */
  let polls: jest.SpiedFunction<SheetView["state"]>;
  beforeAll(async () => {
    polls = jest.spyOn(SheetView.prototype, "state");
    session = await openPlayground();
    // A results sheet as the add-on lays it out: the header row and the Name column frozen.
    const testing = session.playground.runtime.spreadsheetApp.testing;
    testing.userAddSheet(RESULTS);
    const cell = (header: string, row: number): string => (header === "Name" ? `Business ${row}` : `${header} of business ${row}`);
    testing.userSeed(RESULTS, "A1", [HEADERS, ...Array.from({ length: ROWS }, (_, i) => HEADERS.map((header) => cell(header, i + 2)))]);
    const sheet = session.playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName(RESULTS);
    sheet?.setFrozenRows(1);
    sheet?.setFrozenColumns(1);
    await eventually("the grid shows the results sheet", async () => (await gridCell(session.page, "A2").textContent()) === "Business 2");
  });
  afterAll(async () => {
    polls?.mockRestore();
    await session?.close();
  });

  const box = (selector: string): Promise<Box | null> =>
    session.page.evaluate<Box | null>(
      `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (e === null) return null;
      const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, ` +
        "text: e.textContent }; })()",
    );
  const cellBox = (a1: string) => box(`td[data-cell="${a1}"]`);
  /** What a cell shows, or null while it is not drawn. */
  const textOf = async (a1: string): Promise<string | null> => (await cellBox(a1))?.text ?? null;
  /** The header row's cells drawn in the view right of the frozen Name column (partly or whole). */
  const headersInView = async (edge: number): Promise<Box[]> => {
    const view = await box("#grid-wrap");
    const all = await session.page.evaluate<
      Box[]
    >(`Array.from(document.querySelectorAll("#grid tr.frozen td:not(.frozen-column)")).map((e) => {
      const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: e.textContent }; })`);
    return all.filter((b) => b.right > edge + 1 && b.left < (view?.right ?? 0) - 1);
  };
  const scrollTo = (axis: "scrollLeft" | "scrollTop", to: string) =>
    session.page.evaluate(`(() => { const wrap = document.getElementById("grid-wrap"); wrap.${axis} = ${to}; })()`);

  it("keeps the Name column in view while scrolling right, and stops at a column's edge: no header half hidden", async () => {
    const nameBefore = await cellBox("A2");
    await scrollTo("scrollLeft", "600");
    await eventually(
      "the view scrolled right",
      async () => (await session.page.evaluate<number>(`document.getElementById("grid-wrap").scrollLeft`)) > 300,
    );
    const name = await cellBox("A2");
    expect([name?.left, name?.text]).toEqual([nameBefore?.left, "Business 2"]);
    expect((await cellBox("A1"))?.text).toBe("Name");
    const edge = name?.right ?? 0;
    const headers = await headersInView(edge);
    // The first column right of Name starts at Name's edge, whole: its header is there to read.
    expect(headers[0]?.left).toBeCloseTo(edge, 0);
    expect(headers.every((header) => header.left >= edge - 1 && header.text !== "")).toBe(true);
    expect(headers.map((header) => header.text)).not.toContain("Phone");
  });

  it("moves right by keyboard with the active cell whole beside the Name column, and back", async () => {
    const { page } = session;
    await gridCell(page, "A2").click();
    await pressKeys(page, ...Array.from({ length: 15 }, () => "ArrowRight"));
    const view = await box("#grid-wrap");
    const edge = (await cellBox("A2"))?.right ?? 0;
    const active = await box("td.active");
    expect(active?.left).toBeGreaterThanOrEqual(edge - 1);
    expect(active?.right).toBeLessThanOrEqual((view?.right ?? 0) + 1);
    expect((await headersInView(edge)).every((header) => header.left >= edge - 1)).toBe(true);
    await pressKeys(page, ...Array.from({ length: 14 }, () => "ArrowLeft"));
    const phone = await cellBox("B2");
    expect(phone?.left).toBeCloseTo(edge, 0);
    expect(await session.page.evaluate<number>(`document.getElementById("grid-wrap").scrollLeft`)).toBe(0);
  });

  it("stops at a column's edge after a wheel, a Shift+wheel or Tab moves it right by part of a column", async () => {
    const { page } = session;
    const edge = (await cellBox("A2"))?.right ?? 0;
    const scrollLeft = (): Promise<number> => page.evaluate<number>(`document.getElementById("grid-wrap").scrollLeft`);
    const gestures: Record<string, () => Promise<void>> = {
      wheel: () => page.mouse.wheel(137, 0),
      "Shift+wheel": async () => {
        await page.keyboard.down("Shift");
        await page.mouse.wheel(0, 137);
        await page.keyboard.up("Shift");
      },
      Tab: async () => {
        await gridCell(page, "A2").click();
        await pressKeys(page, ...Array.from({ length: 6 }, () => "Tab"));
      },
    };
    const settledAt: Record<string, boolean> = {};
    for (const [name, gesture] of Object.entries(gestures)) {
      await scrollTo("scrollLeft", "0");
      await eventually("the view is back at its left", async () => (await scrollLeft()) === 0);
      await page.mouse.move(600, 400);
      await gesture();
      await eventually(`the view scrolled right after a ${name}`, async () => (await scrollLeft()) > 0);
      const headers = async (): Promise<Box[]> => headersInView(edge);
      settledAt[name] = await eventually(
        `the view stops at a column's edge after a ${name}`,
        async () => Math.abs(((await headers())[0]?.left ?? 0) - edge) < 1,
      ).then(
        () => true,
        () => false,
      );
    }
    expect(settledAt).toEqual({ wheel: true, "Shift+wheel": true, Tab: true });
    // Back to the selection the keyboard test left (B2), at the left, for the next test.
    await pressKeys(page, ...Array.from({ length: 5 }, () => "Shift+Tab"));
    await scrollTo("scrollLeft", "0");
    await eventually(
      "the view is back at its left with B2 active",
      async () => (await scrollLeft()) === 0 && (await box("td.active"))?.text === (await textOf("B2")),
    );
  });

  it("opens another sheet at its top left: row 1 in view, column A whole beside the row numbers", async () => {
    const { page, playground } = session;
    await scrollTo("scrollLeft", "900");
    await scrollTo("scrollTop", "wrap.scrollHeight");
    await eventually("the sheet's last rows are drawn", async () => (await gridCell(page, "A1000").count()) === 1);
    // The add-on opens a new results sheet (a search started from the sidebar: its header row, frozen
    // with the Name column, in one execution) while the user's view stands far down and right.
    const testing = playground.runtime.spreadsheetApp.testing;
    testing.userAddSheet("New search");
    testing.userSeed("New search", "A1", [HEADERS]);
    const made = playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName("New search");
    made?.setFrozenRows(1);
    made?.setFrozenColumns(1);
    await eventually(
      "the grid shows the new sheet",
      async () => (await page.locator("#grid").getAttribute("aria-label")) === "Cells of New search",
    );
    const wholeAtTopLeft = async (): Promise<void> => {
      const corner = await box("#grid thead th.corner");
      const head = await box("#grid thead");
      const a1 = await cellBox("A1");
      expect(
        await page.evaluate<number[]>(`[document.getElementById("grid-wrap").scrollLeft, document.getElementById("grid-wrap").scrollTop]`),
      ).toEqual([0, 0]);
      expect(a1?.left).toBeGreaterThanOrEqual((corner?.right ?? 0) - 0.5);
      expect(a1?.top).toBeGreaterThanOrEqual((head?.bottom ?? 0) - 1);
    };
    await wholeAtTopLeft();
    // Back to the results sheet, scrolled away from its selection (B2): it opens at the top left too.
    await page.getByRole("tab", { name: RESULTS }).click();
    await eventually("the grid shows the results sheet", async () => (await textOf("A2")) === "Business 2");
    await wholeAtTopLeft();
  });

  it("asks the server for the rows near the view, and for the rows it scrolls to", async () => {
    const sent = (): GridState[] =>
      polls.mock.results.map((result) => result.value as GridState).filter((state) => state.activeSheet === RESULTS);
    expect(sent().length).toBeGreaterThan(0);
    // Every poll asked for rows; no answer held the whole sheet, only the frozen row and a window of rows near the view.
    expect(polls.mock.calls.every(([rows]) => rows !== undefined)).toBe(true);
    expect(Math.max(...sent().map((state) => state.cells.length))).toBeLessThan(200);
    await scrollTo("scrollTop", "wrap.scrollHeight / 2");
    await eventually(
      "the middle rows are drawn with their values",
      async () => (await textOf("A400")) === "Business 400" || (await textOf("A500")) === "Business 500",
    );
    await scrollTo("scrollTop", "wrap.scrollHeight * 0.7");
    await eventually("the last rows of data are drawn with their values", async () => (await textOf("A701")) === "Business 701");
    const last = sent()[sent().length - 1];
    expect(last?.rows.last).toBeGreaterThanOrEqual(701);
    expect(last?.rows.first).toBeGreaterThan(500);
    expect(last?.frozenCells[0]?.[0]).toBe("Name");
    expect(last?.totalRows).toBe(ROWS + 1);
  });

  it("clears the page's status line when the next action starts", async () => {
    const { page } = session;
    const status = page.locator("#page-status");
    await page.getByText("Paste a list", { exact: true }).click();
    await page.getByRole("button", { name: "Paste as a new sheet" }).click();
    await status.filter({ hasText: /^Pasted 3 rows/ }).waitFor();
    await gridCell(page, "B2").click();
    expect(await status.textContent()).toBe("");
    await page.getByRole("button", { name: "Sort A → Z" }).click();
    await status.filter({ hasText: /^Sorted / }).waitFor();
    await page.locator("#grid").focus();
    expect(await status.textContent()).toMatch(/^Sorted /);
    await pressKeys(page, "ArrowDown");
    expect(await status.textContent()).toBe("");
    await page.getByRole("button", { name: "Sort Z → A" }).click();
    await status.filter({ hasText: /^Sorted / }).waitFor();
    await page.getByRole("tab", { name: RESULTS }).click();
    expect(await status.textContent()).toBe("");
  });
});
