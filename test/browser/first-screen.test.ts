// The sidebar as a sales person first sees it, in chromium at 300×800 (a laptop's sidebar): with a
// key saved and a search running, what to search, where, Start search and the running job with its
// progress are on screen without scrolling; without a key, the key form comes first, alone. No
// message ever covers a control, a message goes when dismissed or replaced, a long name is clipped
// with its whole text in a tooltip, and Tab reaches every control with a visible focus ring.
import type { Browser, BrowserContext, Page } from "../../dev/browser/playwright";
import { startPlayground, type Playground } from "../../dev/playground/server";
import {
  AUSTIN,
  describeInBrowser,
  driveClock,
  drivePageClock,
  eventually,
  launchChromium,
  pickLocationByKeyboard,
  screenshot,
} from "./browser";

/** The first screen of a laptop's sidebar. */
const FIRST_SCREEN_PX = 700;

/** Pages opened by the tests, closed after each. */
const opened: BrowserContext[] = [];

async function openSidebar(browser: Browser, playground: Playground): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 300, height: 800 } });
  opened.push(context);
  const page = await context.newPage();
  await drivePageClock(page);
  await page.goto(new URL("sidebar", playground.url).href);
  await page
    .locator("#account-line")
    .filter({ hasText: /credits left|no API key/ })
    .waitFor();
  return page;
}

/** Whether the element is drawn inside the first screen without scrolling (top and bottom). */
async function onFirstScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= FIRST_SCREEN_PX && box.width > 0;
}

/**
 * Controls that something else is drawn over: for each visible control, the element at its centre
 * must be the control itself or inside it. Returns the ids (or tags) of covered ones.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    `(() => {
    const covered = [];
    for (const e of document.querySelectorAll("button, input, select, summary, [role=tab]")) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !e.checkVisibility()) continue;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (y < 0 || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && top !== e && !e.contains(top) && !(e.labels && Array.from(e.labels).some((l) => l.contains(top)))) covered.push(e.id || ` +
      `e.tagName);
    }
    return covered;
  })()`,
  );
}

describeInBrowser("the sidebar's first screen at 300×800", () => {
  let browser: Browser;
  let playground: Playground;
  beforeAll(async () => {
    // Virtual time as fast as the page's own (the sidebar's first poll brings some rows, not all
    // 700), moved by `eventually` while a test waits.
    playground = await startPlayground({ speed: 0 });
    driveClock(playground, 1);
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it("with a key saved: the account in one line, the search form and Start search first, no job yet", async () => {
    const page = await openSidebar(browser, playground);
    expect(await page.locator("#account-line").innerText()).toMatch(/^Growth · [\d,]+ credits left$/);
    for (const selector of ["#query", "#location", "#max-results", "#start-search", "#jobs-empty"]) {
      expect([selector, await onFirstScreen(page, selector)]).toEqual([selector, true]);
    }
    expect(await page.locator("#api-key").isVisible()).toBe(false);
    expect(await page.getByRole("tab", { name: "Enrich rows" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Open a job" }).isVisible()).toBe(true);
    await screenshot(page, "first-screen.png");
  });

  it(
    "with a search running: the query, location, Start search and the running job's progress are on screen; " +
      "no message covers a control",
    async () => {
      const page = await openSidebar(browser, playground);
      await page.getByRole("textbox", { name: "Search for" }).fill("coffee");
      await pickLocationByKeyboard(page, "Aus", AUSTIN);
      await page.getByRole("spinbutton", { name: "Max results" }).fill("700");
      await page.getByRole("textbox", { name: "List name" }).fill("Coffee in Austin");
      await page.getByRole("button", { name: "Start search" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: /Search started/ })
        .waitFor();
      expect(await coveredControls(page)).toEqual([]);
      const job = page.locator("#jobs li").filter({ hasText: "Coffee in Austin" }).first();
      await job.getByRole("progressbar").waitFor();
      // The screenshot shows rows arriving: the first poll that brings some (the sidebar polls every 7 s).
      const progress = job.locator(".job-progress");
      await eventually("some of the 700 rows are imported", async () =>
        /^[1-9][\d,]* of 700 imported$/.test(await progress.innerText().catch(() => "")),
      );
      for (const selector of [
        "#query",
        "#location",
        "#start-search",
        "#jobs li:first-child progress",
        "#jobs li:first-child .job-progress",
      ]) {
        expect([selector, await onFirstScreen(page, selector)]).toEqual([selector, true]);
      }
      expect(await page.evaluate<number>("window.scrollY")).toBe(0);
      await screenshot(page, "first-screen-running.png");

      // The same search again while it runs: no second search, the message names the sheet and shows it.
      const searches = () =>
        playground.runtime.http.requests.filter((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/api/v1/searches")).length;
      const before = searches();
      await page.getByRole("button", { name: "Start search" }).click();
      const already = page.getByRole("status").filter({ hasText: /Already running: “Coffee in Austin”/ });
      await already.waitFor();
      expect(searches()).toBe(before);
      expect(await coveredControls(page)).toEqual([]);
      await page.getByRole("button", { name: "Show its sheet" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: /Showing the sheet “Coffee in Austin”/ })
        .waitFor();
      expect(playground.runtime.spreadsheetApp.getActiveSheet().getName()).toBe("Coffee in Austin");
      await page.getByRole("button", { name: "Dismiss message" }).click();
      expect(await page.locator("#messages").isVisible()).toBe(false);
    },
  );

  it("says inline when max results is outside 100–700, and sends nothing", async () => {
    const page = await openSidebar(browser, playground);
    const max = page.getByRole("spinbutton", { name: "Max results" });
    const problem = page.locator("#max-results-problem");
    await max.fill("50");
    expect(await problem.innerText()).toMatch(/at least 100/);
    await max.fill("900");
    expect(await problem.innerText()).toMatch(/at most 700/);
    expect(await max.inputValue()).toBe("900");
    expect(await coveredControls(page)).toEqual([]);
    await max.fill("300");
    expect(await problem.isVisible()).toBe(false);
    expect(await page.locator("#cost-line").innerText()).toMatch(/^Uses 300 of your [\d,]+ credits$/);
  });

  it("clips a long name in a message, with the whole name in its tooltip, and the message never covers a control", async () => {
    const page = await openSidebar(browser, playground);
    const long = `Target accounts ${"and more ".repeat(20)}`.trim();
    await page.getByRole("textbox", { name: "Search for" }).fill("bakery");
    await pickLocationByKeyboard(page, "Aus", AUSTIN);
    await page.getByRole("textbox", { name: "List name" }).fill(long);
    await page.getByRole("button", { name: "Start search" }).click();
    const name = page.locator("#status .name").first();
    await name.waitFor();
    // The sheet's name is the list name cut to what Sheets allows; the tooltip holds all of it.
    const title = (await name.getAttribute("title")) ?? "";
    expect(title.length).toBeGreaterThan(80);
    expect(long.startsWith(title)).toBe(true);
    expect(
      await page.evaluate<boolean>(
        `(() => { const e = document.querySelector("#status .name"); return e.scrollWidth > e.clientWidth; })()`,
      ),
    ).toBe(true);
    const box = await page.locator("#messages").boundingBox();
    expect(box?.height ?? 999).toBeLessThanOrEqual(80);
    expect(await coveredControls(page)).toEqual([]);
  });

  it("Tab reaches every visible control, each with a visible focus ring", async () => {
    const page = await openSidebar(browser, playground);
    const visibleControls = await page.evaluate<string[]>(
      `Array.from(document.querySelectorAll("button, input, select, summary")).filter((e) => e.checkVisibility()).map((e) => e.id ` +
        "|| e.textContent.trim())",
    );
    const reached = new Set<string>();
    const unringed: string[] = [];
    // Tab on until the focus is back on the first control it reached with every visible one reached: a whole cycle (at most 80).
    let first: string | undefined;
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate<{
        id: string;
        ring: boolean;
      } | null>(
        `(() => { const e = document.activeElement; if (!e || e === document.body) return null;
        const s = getComputedStyle(e); return { id: e.id || e.textContent.trim(), ring: s.outlineStyle !== "none" && ` +
          "parseFloat(s.outlineWidth) >= 2 }; })()",
      );
      if (!focused) continue;
      if (focused.id === first && visibleControls.every((id) => reached.has(id))) break;
      first ??= focused.id;
      reached.add(focused.id);
      if (!focused.ring) unringed.push(focused.id);
    }
    expect(visibleControls.filter((id) => !reached.has(id))).toEqual([]);
    expect([...new Set(unringed)]).toEqual([]);
    // The tabs by keyboard: → moves to Enrich rows and shows its panel.
    await page.getByRole("tab", { name: "New search" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("button", { name: "Check selection" }).isVisible()).toBe(true);
  });

  it("without a key: the key form first, with one sentence on what the key is, and nothing else to do yet", async () => {
    const bare = await startPlayground({ speed: 0, presetKey: null });
    try {
      const page = await openSidebar(browser, bare);
      expect(await onFirstScreen(page, "#api-key")).toBe(true);
      expect(await page.locator("#key-intro").innerText()).toMatch(/API key/);
      expect(await page.locator("#work").isVisible()).toBe(false);
      await screenshot(page, "first-screen-no-key.png");
      // A refused key: nothing saved, and the sidebar says so.
      await page.getByRole("textbox", { name: "Service address" }).fill(bare.simUrl);
      await page.getByRole("textbox", { name: "API key" }).fill("not-a-real-key-0000");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /Nothing was saved: no key is saved yet/ })
        .waitFor();
      expect(await coveredControls(page)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
