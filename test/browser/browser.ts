// This file defines the browser tests' harness: Debian's chromium driven by playwright-core,
// against the playground server started in-process on a free port. Where the browser cannot run
// (playwright-core not installed, no /usr/bin/chromium) the suites are skipped with a reason,
// except under CI=true, where that is a failure: CI installs chromium (.ci/run).
import { mkdirSync } from "node:fs";
import * as path from "node:path";
import { findChromium } from "../../dev/browser/chromium";
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from "../../dev/browser/playwright";
import { startPlayground, type Playground, type PlaygroundOptions } from "../../dev/playground/server";

/**
 * Where screenshots go: test-output/screenshots/ (ignored by git), so a test run leaves a clone
 * clean; `npm run screenshots` points SCREENSHOTS_DIR at docs/screenshots/ to renew the README's.
 */
export const SCREENSHOTS = path.resolve(__dirname, "../..", process.env.SCREENSHOTS_DIR ?? "test-output/screenshots");

const loaded = findChromium();
if ("missing" in loaded && process.env.CI === "true") throw new Error(`browser tests cannot run: ${loaded.missing}`);
if ("missing" in loaded) process.stderr.write(`browser tests skipped: ${loaded.missing}\n`);

/** `describe` when the browser can run, else `describe.skip` (outside CI only, see above). */
export const describeInBrowser: jest.Describe = "missing" in loaded ? describe.skip : describe;

export async function launchChromium(): Promise<Browser> {
  if ("missing" in loaded) throw new Error(loaded.missing);
  return loaded.launch();
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

/** A playground (fast clock) and a 1280×800 page on it, the sidebar loaded. */
export async function openPlayground(options: PlaygroundOptions = {}): Promise<Session> {
  const playground = await startPlayground({ speed: 20, ...options });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
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
      await browser.close();
      await playground.close();
    },
  };
}

export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SCREENSHOTS, name) });
}

const SIDEBAR_DOCUMENT = `document.querySelector("iframe#sidebar").contentDocument`;

/** Everything the sidebar's DOM holds as text: its HTML and the current value of every field. */
export async function sidebarDomText(page: Page): Promise<string> {
  return page.evaluate<string>(
    `(() => { const d = ${SIDEBAR_DOCUMENT}; return d.documentElement.outerHTML + "\\n" + Array.from(d.querySelectorAll("input, textarea, select")).map((e) => e.value).join("\\n"); })()`,
  );
}

/** The text of the grid's cells in one column (by its header in row 1), rows 2 and down. */
export async function gridColumn(page: Page, header: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `(() => { const rows = Array.from(document.querySelectorAll("#grid tbody tr")).map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent));
      const at = (rows[0] || []).indexOf(${JSON.stringify(header)}); return at < 0 ? [] : rows.slice(1).map((r) => r[at]).filter((v) => v !== ""); })()`,
  );
}

/** Waits (real time, polling) until `check` holds; fails with `what` after `timeoutMs`. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
