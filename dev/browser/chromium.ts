// This file defines how the browser tests and the bench get a browser: Debian's chromium
// (/usr/bin/chromium, apt-get install -y chromium) driven by playwright-core, with design.md's
// flags; or the reason it cannot run here. Never a downloaded browser.
import { existsSync } from "node:fs";
import type { Browser, PlaywrightCore } from "./playwright";

export const CHROMIUM = "/usr/bin/chromium";
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export type ChromiumAvailability = { launch(): Promise<Browser> } | { missing: string };

export function findChromium(): ChromiumAvailability {
  let playwright: PlaywrightCore;
  try {
    playwright = require("playwright-core") as PlaywrightCore;
  } catch {
    return { missing: "playwright-core is not installed (npm ci installs it)" };
  }
  if (!existsSync(CHROMIUM)) return { missing: `${CHROMIUM} is missing (apt-get install -y chromium)` };
  return { launch: () => playwright.chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS }) };
}
