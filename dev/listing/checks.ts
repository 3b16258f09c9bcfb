// This file defines the kit's checks, each a list of problems ([] when it passes; a sentence, or a kind with its sentence): the config's
// texts against Google's limits, every manifest scope justified (and nothing else), the privacy
// policy naming every store the code opens and carrying the Limited Use statement, every link of
// the site resolving inside the kit (or to Google's policy, or to the support address), and the
// images' sizes read from their PNG headers. `npm run listing` and `npm run release` run them.
import { existsSync } from "node:fs";
import * as path from "node:path";
import { storesInCode } from "./code-stores";
import type { ListingConfig } from "./config";
import { IMAGE_SIZES, LIMITED_USE_STATEMENT, SCREENSHOTS as SCREENSHOT_COUNT, SOURCES } from "./google-rules";
import { SCREENSHOTS, SITE, STORE, siteFiles } from "./kit-files";
import { pngSize } from "./png";

/** Links the site may make outside the kit. */
const EXTERNAL_LINKS: readonly string[] = [SOURCES.userDataPolicy];

const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** What the privacy policy lacks: a store src/ opens (its Apps Script call, and the files that make it), or the Limited Use statement. */
export type PrivacyProblem =
  | { kind: "store_not_named"; call: string; files: string[]; text: string }
  | { kind: "no_limited_use"; text: string };

/** The privacy policy names each store src/ opens, and carries the Limited Use statement; each problem's `text` made from the rest. */
export function privacyProblems(privacyHtml: string, srcDir: string): PrivacyProblem[] {
  const text = visibleText(privacyHtml);
  const problems = storesInCode(srcDir)
    .filter((store) => !store.named.test(text))
    .map(
      ({ call, files, words }): PrivacyProblem => ({
        kind: "store_not_named",
        call,
        files,
        text:
          `The privacy policy does not name the ${words}, ` +
          `which ${files.join(", ")} ${files.length > 1 ? "write" : "writes"} (${call}).`,
      }),
    );
  if (!text.includes(LIMITED_USE_STATEMENT))
    problems.push({ kind: "no_limited_use", text: `The privacy policy lacks the statement "${LIMITED_USE_STATEMENT}".` });
  return problems;
}

function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? ""));
}

/** Every href and src of every page resolves: to a file of the site (and an id in it), the support address, or an allowed page. */
export function linkProblems(pages: ReadonlyMap<string, string>, config: ListingConfig): string[] {
  const files = new Set(siteFiles());
  const problems: string[] = [];
  for (const [file, html] of pages) {
    for (const match of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
      const link = (match[2] ?? "").replace(/&amp;/g, "&");
      const wrong = (why: string) => problems.push(`${SITE.dir}/${file}: ${match[1]}="${link}" ${why}.`);
      if (link.startsWith("mailto:")) {
        if (link !== `mailto:${config.supportEmail}`) wrong("is not the support address");
        continue;
      }
      if (EXTERNAL_LINKS.includes(link)) continue;
      const inside = link.startsWith(config.pagesUrl) ? link.slice(config.pagesUrl.length) : link;
      if (/^[a-z][a-z0-9+.-]*:/i.test(inside) || inside.startsWith("//")) {
        wrong("leaves the kit");
        continue;
      }
      const [target = "", anchor] = inside.split("#");
      const targetFile = target === "" ? file : target;
      if (!files.has(targetFile)) {
        wrong("names no file of the site");
        continue;
      }
      const targetHtml = pages.get(targetFile);
      if (anchor !== undefined && (targetHtml === undefined || !idsOf(targetHtml).has(anchor)))
        wrong(`points to #${anchor}, which ${targetFile} lacks`);
    }
  }
  return problems;
}

/** The images of the kit's store/ and site/ folders, each at Google's size (read from the PNG header). */
export function imageProblems(outDir: string): string[] {
  const expected: Array<[string, { width: number; height: number }]> = [
    [path.join(STORE.dir, STORE.icon128), IMAGE_SIZES.icon128],
    [path.join(STORE.dir, STORE.icon32), IMAGE_SIZES.icon32],
    [path.join(STORE.dir, STORE.cardBanner), IMAGE_SIZES.cardBanner],
    ...SCREENSHOTS.map((s): [string, { width: number; height: number }] => [path.join(STORE.dir, s.file), IMAGE_SIZES.screenshot]),
    ...SITE.images.map((image): [string, { width: number; height: number }] => [
      path.join(SITE.dir, image),
      image === STORE.icon128 ? IMAGE_SIZES.icon128 : IMAGE_SIZES.screenshot,
    ]),
  ];
  const problems: string[] = [];
  if (SCREENSHOTS.length < SCREENSHOT_COUNT.min || SCREENSHOTS.length > SCREENSHOT_COUNT.max) {
    problems.push(`${SCREENSHOTS.length} screenshots; Google takes ${SCREENSHOT_COUNT.min} to ${SCREENSHOT_COUNT.max}.`);
  }
  for (const [file, size] of expected) {
    const full = path.join(outDir, file);
    if (!existsSync(full)) {
      problems.push(`${file} is missing: run npm run listing.`);
      continue;
    }
    const actual = pngSize(full);
    if (actual.width !== size.width || actual.height !== size.height)
      problems.push(`${file} is ${actual.width}×${actual.height}; Google asks for ${size.width}×${size.height}.`);
  }
  return problems;
}
