// This file defines the kit's 1280×800 screenshots: the real built sidebar (dist/Sidebar.html)
// beside a results sheet, in the playground (dev/playground/) driven in Debian's chromium. The
// playground's own controls (its title, clock, how-to, toolbar, paste box, formula bar) are hidden in
// the frame, leaving what reads as a spreadsheet (the grid and its sheet tabs), and the sidebar gets the
// title bar Sheets draws over it, with the add-on's name. Time is driven, not waited for: each step
// moves the playground's virtual clock and the page's Playwright clock together.
import * as path from "node:path";
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from "../browser/playwright";
import { startPlayground, type Playground } from "../playground/server";
import type { ListingConfig } from "./config";
import { IMAGE_SIZES } from "./google-rules";
import { SCREENSHOTS } from "./kit-files";

/** What a screenshot showed outside the sidebar, for the kit's test that no playground text is in it. */
export interface ScreenshotTaken {
  file: string;
  /** The text visible on the page around the sidebar (the spreadsheet and the title bar). */
  visibleText: string;
}

/** Hides the playground's controls, draws Sheets' title bar over the sidebar, freezes column A. */
const FRAME_STYLE =
  `
  #sheet > header, #sheet > details, #sheet > .toolbar, #sheet > .formula-row { display: none !important; }
  #kit-sidebar-title { position: fixed; top: 0; right: 0; width: 300px; height: 52px; box-sizing: border-box; display: flex; ` +
  `align-items: center;
    justify-content: space-between; padding: 0 14px 0 16px; background: #fff; border-bottom: 1px solid #dadce0;
    font: 500 16px/1 Roboto, "DejaVu Sans", Arial, sans-serif; color: #202124; }
  #kit-sidebar-title span:last-child { font-size: 20px; color: #5f6368; }
  iframe#sidebar { margin-top: 52px; height: calc(100vh - 52px) !important; border-left: 1px solid #dadce0; }
  /* A results sheet's column A (Name) is frozen in Sheets (the add-on freezes it): it stays while the view scrolls right. */
  #grid tbody td:first-of-type, #grid thead th:nth-child(2) { position: sticky; left: calc(var(--kit-row-head, 33px) - 2px); }
  #grid thead th:first-child { position: sticky; left: -1px; z-index: 6; }
  #grid tbody th { left: -1px; z-index: 3; }
  #grid tbody tr.frozen th { z-index: 5; }
  #grid tbody td:first-of-type { z-index: 2; background: #fff; box-shadow: inset -2px 0 0 #c4c7c5; }
  #grid tbody tr.frozen td:first-of-type { z-index: 4; background: #f1f3f4; }
  #grid tbody td.selected:first-of-type { background: #e8f0fe; }
  #grid thead th:nth-child(2) { z-index: 5; }
`;

/** The element's text now, "" when it is not there (a locator's innerText would wait for it). */
async function textNow(locator: Locator): Promise<string> {
  return (await locator.count()) > 0 ? locator.first().innerText() : "";
}

class Driver {
  /** Each step moves the page's clock `stepMs` and the playground's `stepMs * speed`. */
  stepMs = 1000;
  speed = 1;

  constructor(
    readonly playground: Playground,
    readonly page: Page,
  ) {}

  get sidebar(): FrameLocator {
    return this.page.frameLocator("iframe#sidebar");
  }

  /** Moves both clocks a step at a time until `check` holds (a real-time limit guards against a hang). */
  async until(what: string, check: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
    const giveUpAt = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > giveUpAt) throw new Error(`the screenshots' playground never reached: ${what}`);
      this.playground.advance(this.stepMs * this.speed);
      await this.page.clock.fastForward(this.stepMs);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  /** Selects `from`:`to` in the grid as a person does: a click, then a Shift+click. */
  async select(from: string, to: string): Promise<void> {
    await this.page.locator(`td[data-cell="${from}"]`).click();
    await this.page.locator(`td[data-cell="${to}"]`).click({ modifiers: ["Shift"] });
    await this.until(
      `${from}:${to} is selected`,
      async () => this.playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === `${from}:${to}`,
    );
  }

  async startSearch(query: string, typed: string, place: RegExp, maxResults: number, name: string, enrichContacts: boolean): Promise<void> {
    const { sidebar } = this;
    await sidebar.getByRole("tab", { name: "New search" }).click();
    await this.clearChips();
    await sidebar.getByRole("textbox", { name: "Search for" }).fill(query);
    const location = sidebar.getByRole("combobox", { name: "Location" });
    await location.fill(typed);
    await sidebar.getByRole("option", { name: place }).first().click();
    await sidebar.getByRole("spinbutton", { name: "Max results" }).fill(String(maxResults));
    await sidebar.getByRole("textbox", { name: "List name" }).fill(name);
    const enrich = sidebar.getByRole("checkbox", { name: "Enrich contacts" });
    if ((await enrich.isVisible()) && (await enrich.isChecked()) !== enrichContacts) await enrich.click();
    await sidebar.getByRole("button", { name: "Start search" }).click();
    await sidebar.getByRole("listitem").filter({ hasText: name }).first().waitFor();
  }

  /** Removes the queries and places an earlier territory left in the form, by their × buttons. */
  async clearChips(): Promise<void> {
    for (const list of ["Queries", "Places"]) {
      const removes = this.sidebar.getByRole("list", { name: list, exact: true }).getByRole("button");
      while ((await removes.count()) > 0) await removes.first().click();
    }
  }

  /** A territory from the form: each query and each place picked from the catalog made a chip. */
  async startTerritory(
    queries: readonly string[],
    places: ReadonlyArray<{ typed: string; place: RegExp }>,
    maxResults: number,
    name: string,
  ): Promise<void> {
    const { sidebar } = this;
    await sidebar.getByRole("tab", { name: "New search" }).click();
    await this.clearChips();
    const query = sidebar.getByRole("textbox", { name: "Search for" });
    for (const each of queries) {
      await query.fill(each);
      await query.press("Enter");
    }
    const location = sidebar.getByRole("combobox", { name: "Location" });
    for (const { typed, place } of places) {
      await location.fill(typed);
      await sidebar.getByRole("option", { name: place }).first().click();
    }
    await sidebar.getByRole("spinbutton", { name: "Max results" }).fill(String(maxResults));
    await sidebar.getByRole("textbox", { name: "List name" }).fill(name);
    const enrich = sidebar.getByRole("checkbox", { name: "Enrich contacts" });
    if (await enrich.isChecked()) await enrich.click();
    await sidebar.getByRole("button", { name: "Start search" }).click();
    await sidebar.getByRole("listitem").filter({ hasText: name }).first().waitFor();
  }

  /** Dismisses the sidebar's messages (× on each), as a person does once read. */
  async dismissMessages(): Promise<void> {
    const dismiss = this.sidebar.getByRole("button", { name: "Dismiss message" });
    while ((await dismiss.count()) > 0 && (await dismiss.first().isVisible())) await dismiss.first().click();
  }

  /** Scrolls the sidebar to its top, where its account line is. */
  async sidebarToTop(): Promise<void> {
    await this.page.evaluate(`document.querySelector("iframe#sidebar").contentWindow.scrollTo(0, 0)`);
  }

  /**
   * Scrolls the grid right, to a whole column's edge past the frozen Name, so that `header` is the
   * last column in view, its right edge on the view's: the columns after it (the grey technical
   * block) stay out of the frame. The column is widened by the room left over, as a person widens a
   * column in Sheets; the sheet's own layout is not touched.
   */
  async scrollToLastColumn(header: string): Promise<void> {
    // Measured as drawn: scroll to the first column edge from which the column ends in view, then
    // widen it by the room left between its right edge and the view's (the grid ends at the sidebar).
    const step =
      `(() => {
      const wrap = document.getElementById("grid-wrap");
      const headers = Array.from(document.querySelectorAll("#grid tr.frozen td"));
      const target = headers.find((td) => td.textContent === ${JSON.stringify(header)});
      if (!wrap || !target) return null;
      const pad = parseFloat(wrap.style.scrollPaddingLeft) || 0;
      const box = wrap.getBoundingClientRect();
      const viewRight = Math.min(box.left + wrap.clientLeft + wrap.clientWidth, ` +
      `document.getElementById("sidebar").getBoundingClientRect().left);
      const inContent = (td) => td.getBoundingClientRect().left - box.left + wrap.scrollLeft - pad;
      const end = inContent(target) + target.getBoundingClientRect().width;
      const room = viewRight - box.left - pad;
      const starts = headers.filter((td) => !td.classList.contains("frozen-column")).map(inContent);
      wrap.scrollLeft = Math.min(...starts.filter((start) => start >= end - room - 0.5));
      const gap = viewRight - target.getBoundingClientRect().right;
      if (Math.abs(gap) < 1) return 0;
      let style = document.getElementById("kit-column-style");
      if (!style) { style = document.createElement("style"); style.id = "kit-column-style"; document.head.appendChild(style); }
      const width = parseFloat(getComputedStyle(target).width) + gap;
      style.textContent = "#grid tr.frozen td[data-cell='" + target.getAttribute("data-cell") + "'] { min-width: ` +
      `" + width + "px !important; max-width: " + width + "px !important; width: " + width + "px !important; }";
      return gap;
    })()`;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const gap = await this.page.evaluate<number | null>(step);
      if (gap === null) throw new Error(`the screenshots' grid has no ${header} column`);
      if (gap === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the screenshots' grid never ended at the ${header} column`);
  }

  /**
   * The line of job `name` in the sidebar's Jobs, its last run's words at the sidebar's bottom edge (the form above it as much as fits).
   */
  async lineToBottom(name: string): Promise<void> {
    const line = this.sidebar.getByRole("listitem").filter({ hasText: name }).first();
    await line
      .locator(".schedule-text")
      .evaluate((text) => (text as unknown as { scrollIntoView(options: { block: string }): void }).scrollIntoView({ block: "end" }));
  }

  async showSheet(name: string): Promise<void> {
    await this.page.getByRole("tab", { name }).click();
    await this.until(`the grid shows ${name}`, async () => (await textNow(this.page.locator('td[data-cell="A1"]'))) === "Name");
  }

  /** Hides the playground's own controls and draws Sheets' title bar over the sidebar. */
  async frame(name: string): Promise<void> {
    await this.page.evaluate(`(() => {
      if (!document.getElementById("kit-frame-style")) {
        const style = document.createElement("style"); style.id = "kit-frame-style"; style.textContent = ${JSON.stringify(FRAME_STYLE)};
        document.head.appendChild(style);
        const bar = document.createElement("div"); bar.id = "kit-sidebar-title";
        const title = document.createElement("span"); title.textContent = ${JSON.stringify(name)};
        const close = document.createElement("span"); close.textContent = "×"; close.setAttribute("aria-hidden", "true");
        bar.append(title, close); document.body.appendChild(bar);
      }
      const rowHead = document.querySelector("#grid tbody th");
      if (rowHead) document.getElementById("grid").style.setProperty("--kit-row-head", rowHead.offsetWidth + "px");
    })()`);
  }

  async take(file: string, storeDir: string): Promise<ScreenshotTaken> {
    const visibleText = await this.page.evaluate<string>(`document.body.innerText`);
    await this.page.screenshot({ path: path.join(storeDir, file) });
    return { file, visibleText };
  }
}

async function searchRunning(d: Driver, config: ListingConfig, storeDir: string): Promise<ScreenshotTaken> {
  const name = "Coffee shops in Austin";
  // Near the page's own pace, so the sidebar's 7 s polls bring the rows, then their contacts, in
  // steps, as a user watches them: the frame shows the contacts arriving.
  d.speed = 2;
  d.stepMs = 3500;
  await d.startSearch("coffee", "Austin", /^Austin, Texas/, 700, name, true);
  await d.showSheet(name);
  await d.until(
    "the contacts of a third of the rows are in, the search still running",
    async () => {
      const progress = await textNow(d.sidebar.getByRole("listitem").filter({ hasText: name }).first().locator(".job-progress"));
      const enriched = Number((/^([\d,]+) of 700 enriched$/.exec(progress)?.[1] ?? "0").replace(/,/g, ""));
      return enriched >= 200;
    },
    90_000,
  );
  await d.page.locator('td[data-cell="A2"]').click();
  await d.frame(config.name);
  return d.take(SCREENSHOTS[0].file, storeDir);
}

async function territorySheet(d: Driver, config: ListingConfig, storeDir: string): Promise<ScreenshotTaken> {
  const name = "Dentists & orthodontists, Dallas area";
  d.speed = 20;
  d.stepMs = 1000;
  // Four places next to each other: their searches find some of the same businesses, one row each, found by each search.
  const places = ["Dallas", "Highland Park", "University Park", "Addison"].map((typed) => ({
    typed,
    place: new RegExp(`^${typed}, Texas`),
  }));
  await d.startTerritory(["dentists", "orthodontists"], places, 100, name);
  const line = d.sidebar.getByRole("listitem").filter({ hasText: name }).first();
  await d.until("every search of the territory has ended", async () => (await line.getAttribute("data-status")) === "completed");
  // The same territory again asks first; refreshed now, each row says what the refresh did (Latest refresh).
  await d.sidebar.getByRole("button", { name: "Start search" }).click();
  await d.sidebar.getByRole("button", { name: /^Refresh it now/ }).click();
  await d.until("the territory's refresh is merged", async () =>
    /^\d+ new · \d+ updated · \d+ no longer found/.test(await textNow(line.locator(".run-summary"))),
  );
  await d.dismissMessages();
  // The whole task in the sidebar: the form's queries and places, down to the territory's line with its result.
  await d.lineToBottom(name);
  await d.showSheet(name);
  await d.page.locator('td[data-cell="A2"]').click();
  await d.frame(config.name);
  // Beside the frozen Name, what the refresh did and the searches that found each business, last on the right.
  await d.scrollToLastColumn("Found by");
  await d.frame(config.name);
  return d.take(SCREENSHOTS[1].file, storeDir);
}

/** A sales person's own list, as typed or pasted into a sheet: names, websites, their own notes. */
const OWN_LIST = [
  ["Name", "Website", "City", "My notes"],
  ["Cedar Creek Veterinary Clinic", "http://www.cedarcreekvet.com/", "Denver", "Met at the CVMA expo"],
  ["Mile High Family Dental", "milehighfamilydental.com", "Denver", "Wants a demo in May"],
  ["Front Range Physical Therapy", "https://frontrangept.com", "Lakewood", ""],
  ["Aspen Grove Orthodontics", "aspengroveortho.com", "Littleton", "Referred by Dana"],
  ["Sloan's Lake Chiropractic", "sloanslakechiro.com", "Denver", ""],
  ["Wash Park Pediatrics", "https://www.washparkpeds.com", "Denver", "Call back after the 15th"],
  ["Highlands Eye Care", "highlandseyecare.com", "Denver", ""],
  ["Cherry Creek Dermatology", "cherrycreekderm.com", "Denver", "Two locations"],
  ["Golden Paws Animal Hospital", "goldenpawsvet.com", "Golden", ""],
  ["Arvada Smile Studio", "https://arvadasmile.com/", "Arvada", "Owner changed in 2025"],
  ["Boulder Sports Medicine", "bouldersportsmed.com", "Boulder", ""],
  ["Englewood Hearing Center", "englewoodhearing.com", "Englewood", "Sent brochure"],
  ["Platte River Podiatry", "platteriverfoot.com", "Denver", ""],
  ["Red Rocks Family Medicine", "redrocksfamilymed.com", "Morrison", ""],
];

async function ownListEnriched(d: Driver, config: ListingConfig, storeDir: string): Promise<ScreenshotTaken> {
  const name = "Target accounts";
  d.speed = 20;
  d.stepMs = 1000;
  // The list a person keeps: pasted into a sheet of their own, its header row frozen.
  const testing = d.playground.runtime.spreadsheetApp.testing;
  testing.userAddSheet(name);
  testing.userSeed(name, "A1", OWN_LIST);
  d.playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName(name)?.setFrozenRows(1);
  await d.showSheet(name);
  const last = OWN_LIST.length;
  await d.select("A2", `D${last}`);
  await d.sidebar.getByRole("tab", { name: "Enrich rows" }).click();
  await d.sidebar.getByRole("button", { name: "Check selection" }).click();
  await d.sidebar
    .locator("#preview")
    .getByText(/Rows to send: \d+/)
    .waitFor();
  await d.sidebar.getByRole("button", { name: "Enrich rows" }).click();
  const statuses = (): string[] =>
    testing
      .values(name)
      .slice(1, last)
      .map((row) => String(row[4] ?? ""));
  await d.until("every row of the list is enriched", async () => statuses().every((status) => status === "completed"), 120_000);
  await d.dismissMessages();
  await d.sidebarToTop();
  await d.page.locator('td[data-cell="A2"]').click();
  await d.frame(config.name);
  return d.take(SCREENSHOTS[2].file, storeDir);
}

async function refreshedSheet(d: Driver, config: ListingConfig, storeDir: string): Promise<ScreenshotTaken> {
  const name = "Dentists in Denver";
  const HOUR = 60 * 60 * 1000;
  d.speed = 20;
  d.stepMs = 1000;
  await d.startSearch("dentists", "Denver", /^Denver, Colorado/, 100, name, false);
  await d.until("the dentists' search is completed", async () =>
    /\bcompleted\b/i.test(await textNow(d.sidebar.getByRole("listitem").filter({ hasText: name }))),
  );
  d.stepMs = 3500;
  await d.sidebar.getByRole("tab", { name: "New search" }).click();
  const line = () =>
    d.sidebar
      .getByRole("listitem")
      .filter({ has: d.sidebar.locator(".job-name").filter({ hasText: new RegExp(`^${name}$`) }) })
      .first();
  await line().getByRole("combobox", { name: "Refresh" }).selectOption("day");
  await line().getByRole("button", { name: "Refresh daily" }).click();
  await d.until("the search refreshes daily", async () => /^Refreshes daily/.test(await textNow(line().locator(".job-schedule"))));
  // A day of hourly passes brings the run; the next pass merges it into the sheet.
  d.playground.advance(24 * HOUR);
  d.playground.advance(HOUR);
  await d.until("the job says what the run did", async () =>
    /^\d+ new · \d+ updated · \d+ no longer found$/.test(await textNow(line().locator(".run-summary"))),
  );
  // The sidebar from its top (its tabs whole) when the job's line fits below them; else from the Jobs heading: never a tab bar cut.
  await d.sidebarToTop();
  const box = await line().boundingBox();
  if (!box || box.y + box.height > IMAGE_SIZES.screenshot.height) {
    await d.sidebar
      .getByRole("heading", { name: "Jobs" })
      .evaluate((heading) =>
        (heading as unknown as { scrollIntoView(options: { block: string }): void }).scrollIntoView({ block: "start" }),
      );
  }
  await d.showSheet(name);
  // The end of the sheet, where a run's new businesses are appended (Ctrl+↓ from A2, as in Sheets)...
  const lastRow = d.playground.runtime.spreadsheetApp.testing.values(name).length;
  await d.page.locator('td[data-cell="A2"]').click();
  await d.page.keyboard.press("Control+ArrowDown");
  await d.until(
    `A${lastRow} is active`,
    async () => d.playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === `A${lastRow}`,
  );
  await d.frame(config.name);
  // ...and, beside the frozen Name, the columns that say what the refresh did.
  await d.scrollToLastColumn("Latest refresh");
  await d.frame(config.name);
  return d.take(SCREENSHOTS[3].file, storeDir);
}

/**
 * Takes the kit's screenshots into `storeDir` with one playground (on `root`'s dist/) and one page:
 * a search running, a territory's sheet, the user's own list enriched, a refreshed sheet.
 */
export async function takeScreenshots(browser: Browser, root: string, config: ListingConfig, storeDir: string): Promise<ScreenshotTaken[]> {
  const playground = await startPlayground({ root, speed: 0 });
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ viewport: IMAGE_SIZES.screenshot });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(playground.url);
    await page.waitForFunction(`document.querySelector("iframe#sidebar")?.contentDocument?.readyState === "complete"`);
    const d = new Driver(playground, page);
    await d.sidebar
      .locator("#account-line")
      .filter({ hasText: /credits left/ })
      .waitFor();
    return [
      await searchRunning(d, config, storeDir),
      await territorySheet(d, config, storeDir),
      await ownListEnriched(d, config, storeDir),
      await refreshedSheet(d, config, storeDir),
    ];
  } finally {
    await context?.close();
    await playground.close();
  }
}
