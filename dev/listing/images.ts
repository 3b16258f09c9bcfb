// This file defines how the kit draws its store images from the one SVG of the repository
// (listing/icon.svg): the 128 and 32 px icons (transparent around the mark) and the 220×140 card
// banner (the mark, the name and a line on what the add-on does), each a page rendered by Debian's
// chromium at exactly its size.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Browser } from "../browser/playwright";
import type { ListingConfig } from "./config";
import { IMAGE_SIZES } from "./google-rules";
import { ICON_SVG, STORE } from "./kit-files";
import { escapeHtml } from "./pages/layout";

/** What the banner says under the name: short enough for 220 px at a readable size. */
const BANNER_LINE = "Local businesses and their contacts, in your spreadsheet";

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

async function render(
  browser: Browser,
  html: string,
  size: { width: number; height: number },
  file: string,
  transparent: boolean,
): Promise<void> {
  const context = await browser.newContext({ viewport: size });
  try {
    const page = await context.newPage();
    await page.setContent(html);
    await page.screenshot({ path: file, omitBackground: transparent });
  } finally {
    await context.close();
  }
}

const iconPage = (svg: string, px: number) =>
  "<!DOCTYPE html><html><head><style>html,body{margin:0;background:transparent}img{display:block}</style></head><body>" +
  `<img src="${dataUri(svg)}" width="${px}" height="${px}" alt=""></body></html>`;

function bannerPage(svg: string, name: string): string {
  return (
    `<!DOCTYPE html><html><head><style>
    html,body{margin:0;width:220px;height:140px;overflow:hidden}
    body{background:linear-gradient(135deg,#0B6E5A 0%,#0E8A71 100%);color:#fff;font-family:"DejaVu Sans",system-ui,Arial,sans-serif;` +
    `display:flex;flex-direction:column;justify-content:center;padding:0 16px;box-sizing:border-box;gap:10px}
    .row{display:flex;align-items:center;gap:10px}
    img{width:48px;height:48px;border-radius:10px;box-shadow:0 0 0 2px rgba(255,255,255,.85)}
    .name{font-size:20px;font-weight:700;line-height:1.1;letter-spacing:-.2px;overflow:hidden;` +
    `display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2}
    .line{font-size:12px;line-height:1.3;opacity:.95}
  </style></head><body><div class="row"><img src="${dataUri(svg)}" alt=""><div class="name">${escapeHtml(name)}</div></div>` +
    `<div class="line">${escapeHtml(BANNER_LINE)}</div></body></html>`
  );
}

/** Writes the icons and the banner into `storeDir`. */
export async function renderStoreImages(browser: Browser, root: string, config: ListingConfig, storeDir: string): Promise<void> {
  const svg = readFileSync(path.join(root, ICON_SVG), "utf8");
  await render(browser, iconPage(svg, IMAGE_SIZES.icon128.width), IMAGE_SIZES.icon128, path.join(storeDir, STORE.icon128), true);
  await render(browser, iconPage(svg, IMAGE_SIZES.icon32.width), IMAGE_SIZES.icon32, path.join(storeDir, STORE.icon32), true);
  await render(browser, bannerPage(svg, config.name), IMAGE_SIZES.cardBanner, path.join(storeDir, STORE.cardBanner), false);
}
