// This file defines how the browser tests and the bench get a browser: Debian's chromium
// (/usr/bin/chromium, apt-get install -y chromium) driven by playwright-core, with design.md's
// flags; or the reason it cannot run here. Never a downloaded browser.
import { existsSync } from "node:fs";
import type { Browser, BrowserServer, LaunchOptions, PlaywrightCore } from "./playwright";

export const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * `scrollbars`: draw classic scrollbars, which take width from the page as in Sheets on most
 * desktops (headless chromium hides them by default, so a page that only fits without them would
 * pass unseen).
 */
export interface ChromiumOptions {
  scrollbars?: boolean;
}

export type ChromiumAvailability =
  | {
      launch(options?: ChromiumOptions): Promise<Browser>;
      /** A browser other processes connect to by its wsEndpoint (one browser for a whole test run). */
      launchServer(options?: ChromiumOptions): Promise<BrowserServer>;
      connect(wsEndpoint: string): Promise<Browser>;
    }
  | { missing: string };

function launchOptions(options: ChromiumOptions): LaunchOptions {
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    ...(options.scrollbars ? { ignoreDefaultArgs: ["--hide-scrollbars"] } : {}),
  };
}

export function findChromium(): ChromiumAvailability {
  let playwright: PlaywrightCore;
  try {
    playwright = require("playwright-core") as PlaywrightCore;
  } catch {
    return { missing: "playwright-core is not installed (npm ci installs it)" };
  }
  if (!existsSync(CHROMIUM)) return { missing: `${CHROMIUM} is missing (apt-get install -y chromium)` };
  return {
    launch: (options = {}) => playwright.chromium.launch(launchOptions(options)),
    launchServer: (options = {}) => playwright.chromium.launchServer(launchOptions(options)),
    connect: (wsEndpoint) => playwright.chromium.connect(wsEndpoint),
  };
}
