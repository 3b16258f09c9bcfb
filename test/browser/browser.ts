// This file defines the browser tests' harness: Debian's chromium driven by playwright-core,
// against the playground server started in-process on a free port. Where the browser cannot run
// (playwright-core not installed, no /usr/bin/chromium) the suites are skipped with a reason,
// except under CI=true, where that is a failure: CI installs chromium (.ci/run).
// The browser is the run's shared one (test/browser/shared-browser.ts) when jest's setup started it.
// No test waits on the wall clock: every page runs on Playwright's clock, and while a test waits
// for what it checks (`eventually`), the pages' clocks and the playground's virtual clock move a
// step forward each time the pages have no request in flight, so the sidebar's 7 s poll comes at
// once, not in 7 real seconds, and time never runs ahead of a call the page is waiting for.
import { mkdirSync } from "node:fs";
import * as path from "node:path";
import { findChromium } from "../../dev/browser/chromium";
import type { Browser, BrowserContext, FrameLocator, Locator, Page, Request } from "../../dev/browser/playwright";
import { startPlayground, type Playground, type PlaygroundOptions } from "../../dev/playground/server";
import { FULL_TIER } from "../tier";
import { endpointVariable } from "./shared-browser";

/**
 * Where screenshots go: test-output/screenshots/ (ignored by git), so a test run leaves a clone
 * clean; `npm run screenshots` points SCREENSHOTS_DIR at docs/screenshots/ to renew the images
 * docs/playground.md and docs/deploying.md show.
 * npm test takes none (no test reads them back): npm run test:all and npm run screenshots do.
 */
export const SCREENSHOTS = path.resolve(__dirname, "../..", process.env.SCREENSHOTS_DIR ?? "test-output/screenshots");
const TAKES_SCREENSHOTS = FULL_TIER || process.env.SCREENSHOTS_DIR !== undefined;

const loaded = findChromium();
if ("missing" in loaded && process.env.CI === "true") throw new Error(`browser tests cannot run: ${loaded.missing}`);
if ("missing" in loaded) process.stderr.write(`browser tests skipped: ${loaded.missing}\n`);

/** `describe` when the browser can run, else `describe.skip` (outside CI only, see above). */
export const describeInBrowser: jest.Describe = "missing" in loaded ? describe.skip : describe;

/**
 * The run's shared browser (its close() only disconnects, closing this file's contexts), else a
 * browser of the file's own. `scrollbars`: classic scrollbars drawn, taking width from the page
 * (dev/browser/chromium.ts).
 */
export async function launchChromium(options: { scrollbars?: boolean } = {}): Promise<Browser> {
  if ("missing" in loaded) throw new Error(loaded.missing);
  const shared = process.env[endpointVariable(options)];
  return patient(shared ? await loaded.connect(shared) : await loaded.launch(options));
}

/**
 * How long one of Playwright's own waits (a click, a waitFor) may take in real time before it
 * fails: minutes, so that a loaded machine is slow, never failed (Playwright's default is 30 s).
 */
const REAL_PATIENCE_MS = 5 * 60 * 1000;

/** `browser`, whose contexts wait REAL_PATIENCE_MS. */
function patient(browser: Browser): Browser {
  return {
    newContext: async (options) => {
      const context = await browser.newContext(options);
      context.setDefaultTimeout(REAL_PATIENCE_MS);
      return context;
    },
    close: () => browser.close(),
  };
}

export interface Session {
  playground: Playground;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Inside the sidebar's iframe. */
  sidebar: FrameLocator;
  /** Scripts a page tried to run through an injected attribute or element (alert, etc.). */
  dialogs: string[];
  close(): Promise<void>;
}

/** How far one step of `eventually` moves a page's clock (its timers that fall due run). */
const STEP_MS = 1000;
/** The playground's virtual ms per page ms in the tests (its own speed when it runs by itself). */
export const TEST_SPEED = 20;

/** How far `eventually` lets the pages' clocks move, by default, before it says the wait is hung. */
const PATIENCE_MS = 10 * 60 * 1000;

/**
 * What `eventually` moves forward while it waits: one playground, and the pages open on it with
 * the requests each has sent and not yet seen answered.
 */
const driven: { playground: Playground | undefined; speed: number; pages: Map<Page, Set<Request>> } = {
  playground: undefined,
  speed: TEST_SPEED,
  pages: new Map(),
};

/** Called each time a request of a driven page ends (or a page closes). */
const onRequestEnd = new Set<() => void>();
const requestEnded = (): void => {
  for (const wake of [...onRequestEnd]) wake();
};

/** From now on `eventually` moves this playground's virtual clock, `speed` ms per page ms. */
export function driveClock(playground: Playground, speed = TEST_SPEED): void {
  driven.playground = playground;
  driven.speed = speed;
}

/**
 * A search of 100 Austin businesses started from the server side and written whole into its sheet `name`: the service
 * finishes it (no need to live through its pace here) and a pass or two write it. For tests about what comes after.
 */
export function finishedSearch(playground: Playground, query: string, name: string): void {
  const testing = playground.runtime.spreadsheetApp.testing;
  const started = playground.runtime.run("startSearch", [{ query, location: "Austin, Texas, US", maxResults: 100, name }]);
  expect(started.errorMessage).toBeUndefined();
  playground.advance(10 * 60 * 1000);
  for (let pass = 0; pass < 5 && testing.values(name).length < 101; pass += 1) playground.runtime.run("refreshJobs", []);
  expect(testing.values(name)).toHaveLength(101);
}

/** Puts the page on Playwright's clock (before it loads anything) for `eventually` to move. */
export async function drivePageClock(page: Page): Promise<void> {
  await page.clock.install();
  const inFlight = new Set<Request>();
  driven.pages.set(page, inFlight);
  page.on("request", (request) => inFlight.add(request));
  const ended = (request: Request): void => {
    inFlight.delete(request);
    requestEnded();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  page.on("close", () => {
    driven.pages.delete(page);
    requestEnded();
  });
}

/**
 * Waits (for the events, not for a time) until no driven page has a request in flight; says
 * whether it had to wait, in which case what the test waits for may hold already.
 */
export async function settled(): Promise<boolean> {
  const busy = (): boolean => [...driven.pages.values()].some((inFlight) => inFlight.size > 0);
  if (!busy()) return false;
  while (busy()) {
    await new Promise<void>((resolve) => {
      const wake = (): void => {
        onRequestEnd.delete(wake);
        resolve();
      };
      onRequestEnd.add(wake);
    });
  }
  return true;
}

/** One step of both clocks: the playground's virtual time first, then the pages' timers. */
async function stepClocks(): Promise<void> {
  driven.playground?.advance(STEP_MS * driven.speed);
  for (const page of driven.pages.keys()) await page.clock.fastForward(STEP_MS).catch(() => undefined);
}

/**
 * A playground and a 1280×800 page on it, the sidebar loaded. The playground's clock stands still
 * unless `speed` is given: `eventually` moves it, TEST_SPEED times as far as the page's clock.
 */
export async function openPlayground(options: PlaygroundOptions = {}): Promise<Session> {
  const playground = await startPlayground({ speed: 0, ...options });
  driveClock(playground);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await drivePageClock(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(playground.url);
  await page.waitForFunction(`document.querySelector("iframe#sidebar")?.contentDocument?.readyState === "complete"`);
  const sidebar = page.frameLocator("iframe#sidebar");
  return {
    playground,
    browser,
    context,
    page,
    sidebar,
    dialogs,
    close: async () => {
      if (driven.playground === playground) driven.playground = undefined;
      await browser.close();
      await playground.close();
    },
  };
}

export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  if (!TAKES_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SCREENSHOTS, name) });
}

const SIDEBAR_DOCUMENT = `document.querySelector("iframe#sidebar").contentDocument`;

/** Everything the sidebar's DOM holds as text: its HTML and the current value of every field. */
export async function sidebarDomText(page: Page): Promise<string> {
  return page.evaluate<string>(
    `(() => { const d = ${SIDEBAR_DOCUMENT}; return d.documentElement.outerHTML + "\\n" + Array.from(d.querySelectorAll("input, ` +
      `textarea, select")).map((e) => e.value).join("\\n"); })()`,
  );
}

/** The playground grid's cell at `a1` (rendered while it is near the view). */
export function gridCell(page: Page, a1: string): Locator {
  return page.locator(`td[data-cell="${a1}"]`);
}

/** The playground's selection as its toolbar names it: "Sheet1!A1:B3". */
export async function gridSelection(page: Page): Promise<string | null> {
  return page.getByLabel("Selection").textContent();
}

/** Presses each key in turn. */
export async function pressKeys(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

/** The text of the grid's cells in one column (by its header in row 1), rows 2 and down. */
export async function gridColumn(page: Page, header: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `(() => { const rows = Array.from(document.querySelectorAll("#grid tbody tr")).map((tr) => ` +
      `Array.from(tr.querySelectorAll("td")).map((td) => td.textContent));
      const at = (rows[0] || []).indexOf(${JSON.stringify(header)}); return at < 0 ? [] : ` +
      `rows.slice(1).map((r) => r[at]).filter((v) => v !== ""); })()`,
  );
}

/**
 * Waits until `check` holds: while the pages wait for an answer, until it comes; else moving the
 * clocks a step (STEP_MS) before the next check. Once it holds, waits for the answers still on
 * their way, so that the test's next action meets a page at rest, as a person's would. Fails with
 * `what` once the pages' clocks have moved `patienceMs` (a hang, not a slow machine: no real time
 * counts here).
 */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, patienceMs = PATIENCE_MS): Promise<void> {
  for (let moved = 0; !(await check()); ) {
    if (await settled()) continue;
    if (moved >= patienceMs) throw new Error(`not so after ${patienceMs / 1000} s of the page's time: ${what}`);
    await stepClocks();
    moved += STEP_MS;
  }
  await settled();
}

/** Moves both clocks `steps` steps forward, each once the pages have no request in flight. */
export async function stepClocksTimes(steps: number): Promise<void> {
  for (let step = 0; step < steps; step += 1) {
    await settled();
    await stepClocks();
  }
  await settled();
}

/** The sidebar's frame in Sheets. */
export const FRAME_PX = 300;

interface Overflow {
  /** The document is wider than its frame. */
  document: { scrollWidth: number; clientWidth: number };
  /** Elements drawn (partly) outside the frame, or wider inside than their box, except names cut on purpose. */
  elements: string[];
}

/**
 * Every element of the page, measured: its box against the frame's width, and its content
 * (scrollWidth) against its box (clientWidth). A text field's own scrolling and an element that
 * cuts its text with an ellipsis on purpose (a name, with its whole text as a tooltip) are not
 * overflow; everything else is.
 */
async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate<Overflow>(
    `(() => {
    const doc = document.documentElement;
    const width = doc.clientWidth;
    const elements = [];
    const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + ` +
      `e.className.trim().split(/\\s+/).join(".") : "");
    for (const e of document.body.querySelectorAll("*")) {
      if (!e.checkVisibility() || e.closest(".visually-hidden")) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > width + 0.5) elements.push(name(e) + " box " + Math.round(r.left) + ".." + Math.round(r.right));
      const s = getComputedStyle(e);
      const cutOnPurpose = s.textOverflow === "ellipsis" && e.title !== "" ;
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth && !/^(INPUT|TEXTAREA|SELECT)$/.test(e.tagName) && !cutOnPurpose) {
        elements.push(name(e) + " content " + e.scrollWidth + ">" + e.clientWidth);
      }
    }
    return { document: { scrollWidth: doc.scrollWidth, clientWidth: width }, elements };
  })()`,
  );
}

export async function expectFits(page: Page, view: string): Promise<void> {
  const measured = await overflow(page);
  expect([view, measured.elements]).toEqual([view, []]);
  expect([view, measured.document.scrollWidth]).toEqual([view, measured.document.clientWidth]);
  // The measure is true to Sheets: a page taller than the frame has a scrollbar that takes width.
  if (await page.evaluate<boolean>("document.documentElement.scrollHeight > window.innerHeight"))
    expect(measured.document.clientWidth).toBeLessThan(FRAME_PX);
}

/**
 * The built sidebar alone in a FRAME_PX × 800 page, on Playwright's clock, once it shows the
 * account (or that no key is saved yet); `timezoneId`: the browser's time zone, when not the machine's.
 */
export async function openSidebarPage(browser: Browser, playground: Playground, options: { timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: FRAME_PX, height: 800 }, ...options });
  const page = await context.newPage();
  await drivePageClock(page);
  await page.goto(new URL("sidebar", playground.url).href);
  await page
    .locator("#account-line")
    .filter({ hasText: /credits left|no API key/ })
    .waitFor();
  return page;
}

/** A playground with its sidebar alone in a FRAME_PX page, with classic scrollbars: the tests of the sidebar's own views. */
export interface SidebarSession {
  playground: Playground;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** A playground whose clock `eventually` moves, and its sidebar in a FRAME_PX page drawn with classic scrollbars. */
export async function openSidebarAlone(options: PlaygroundOptions = {}): Promise<SidebarSession> {
  const playground = await startPlayground({ speed: 0, ...options });
  driveClock(playground);
  const browser = await launchChromium({ scrollbars: true });
  const page = await openSidebarPage(browser, playground);
  return {
    playground,
    browser,
    page,
    close: async () => {
      await browser.close();
      await playground.close();
    },
  };
}

/** The option shows the catalog's full_name; the search must send its label, "Austin, Texas, US". */
export const AUSTIN = "Austin, Texas, United States";

/** Types into the Location combobox and picks the first option that starts with `label` by keyboard. */
export async function pickLocationByKeyboard(sidebar: FrameLocator | Page, typed: string, label: string): Promise<void> {
  const location = sidebar.getByRole("combobox", { name: "Location" });
  await location.focus();
  await location.pressSequentially(typed, { delay: 30 });
  const listbox = sidebar.getByRole("listbox");
  await listbox.getByRole("option", { name: label }).first().waitFor();
  expect(await location.getAttribute("aria-expanded")).toBe("true");
  const options = await listbox.getByRole("option").allInnerTexts();
  const index = options.findIndex((o) => o.startsWith(label));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await location.press("ArrowDown");
  await location.press("Enter");
  expect(await location.getAttribute("aria-expanded")).toBe("false");
}
