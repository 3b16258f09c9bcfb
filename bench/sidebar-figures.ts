// This file measures the sidebar: dist/Sidebar.html's size against its target, and in Debian's
// chromium the time from opening the playground page to a sidebar showing the account's data,
// as a ratio to loading a blank page from a local server in the same browser (medians of 5).
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { findChromium } from "../dev/browser/chromium";
import type { Browser, Page } from "../dev/browser/playwright";
import { startPlayground } from "../dev/playground/server";
import { kb, median, ms, printLine, printTable, ratio } from "./stats";

/**
 * 60 KB until the territory form, continuing another editor's run and the words that agree came in (issue 30): 62 KB then, 20 KB gzipped.
 */
export const SIDEBAR_TARGET_BYTES = 64 * 1024;
const SAMPLES = 5;

export async function sidebarFigures(root: string): Promise<void> {
  const file = path.join(root, "dist", "Sidebar.html");
  const bytes = statSync(file).size;
  const gzipped = gzipSync(readFileSync(file)).length;
  const rows = [
    ["dist/Sidebar.html", kb(bytes), `≤ ${kb(SIDEBAR_TARGET_BYTES)}`, bytes <= SIDEBAR_TARGET_BYTES ? "within" : "OVER"],
    ["  gzipped (what a browser downloads)", kb(gzipped), "", ""],
  ];
  printTable("Sidebar size", ["file", "size", "target", ""], rows);

  const chromium = findChromium();
  if ("missing" in chromium) {
    printLine(`Sidebar load time: not measured (${chromium.missing}).`);
    return;
  }
  const blank = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>blank</title>");
  });
  await new Promise<void>((resolve) => blank.listen(0, "127.0.0.1", () => resolve()));
  const blankUrl = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/`;
  const playground = await startPlayground({ root });
  const browser = await chromium.launch();
  try {
    const toAccount = await timedLoads(browser, playground.url, async (page) => {
      await page
        .frameLocator("iframe#sidebar")
        .getByText(/credits left$/)
        .first()
        .waitFor({ timeout: 30_000 });
    });
    const toBlank = await timedLoads(browser, blankUrl, async () => undefined);
    printTable(
      "Sidebar load in chromium (median of 5, a fresh browser context each)",
      ["from opening the page to", "median", "vs blank page"],
      [
        ["a blank page from a local server", ms(toBlank), ratio(1)],
        ["the playground's sidebar showing account data", ms(toAccount), ratio(toAccount / toBlank)],
      ],
      [
        "The sidebar's time includes its google.script.run calls (getSettings, getAccount) " +
          "through the built bundle in the fakes and the simulator.",
      ],
    );
  } finally {
    await browser.close();
    await playground.close();
    blank.close();
  }
}

async function timedLoads(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= SAMPLES; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url, { waitUntil: "load" });
    await ready(page);
    const elapsed = performance.now() - started;
    await context.close();
    // The first load warms the browser up and is not counted.
    if (i > 0) times.push(elapsed);
  }
  return median(times);
}
