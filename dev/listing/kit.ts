// This file defines the kit as a whole: its texts (the site's pages, the verification documents,
// its README) made from the config and the builds' manifests, their checks, and the writing of all
// of it, images included, into one folder (listing/out/ for `npm run listing`, a temporary one in
// the tests).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { Browser } from "../browser/playwright";
import { imageProblems, linkProblems, privacyProblems } from "./checks";
import { readListingConfig, textProblems, type ListingConfig } from "./config";
import { renderStoreImages } from "./images";
import { KIT_README, SITE, STORE, VERIFICATION } from "./kit-files";
import { kitReadme } from "./kit-readme";
import { homePage } from "./pages/home";
import { privacyPage } from "./pages/privacy";
import { supportPage } from "./pages/support";
import { termsPage } from "./pages/terms";
import { scopeProblems } from "./scopes";
import { takeScreenshots, type ScreenshotTaken } from "./screenshots";
import { demoVideoMarkdown, scopeJustificationMarkdown, type BuildManifest } from "./verification";

/** The manifests of the two builds, as `npm run build:both` writes them. */
export function builtManifests(root: string): BuildManifest[] {
  return ["dist", "dist-full"].map((dir) => readManifest(path.join(root, dir, "appsscript.json"), root));
}

/** A manifest file; its build is the full one when it asks for the whole `spreadsheets` scope. */
export function readManifest(file: string, root: string): BuildManifest {
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { oauthScopes?: unknown };
  const scopes = Array.isArray(manifest.oauthScopes) ? manifest.oauthScopes.filter((s): s is string => typeof s === "string") : [];
  const build = scopes.includes("https://www.googleapis.com/auth/spreadsheets") ? "full" : "default";
  return { build, file: path.relative(root, file) || file, oauthScopes: scopes };
}

export interface KitTexts {
  /** site/ page file → its HTML. */
  pages: Map<string, string>;
  scopes: string;
  demoVideo: string;
  readme: string;
}

export function kitTexts(config: ListingConfig, manifests: readonly BuildManifest[]): KitTexts {
  const pages = new Map<string, string>([
    [SITE.pages.home, homePage(config)],
    [SITE.pages.privacy, privacyPage(config)],
    [SITE.pages.terms, termsPage(config)],
    [SITE.pages.support, supportPage(config)],
  ]);
  return {
    pages,
    scopes: scopeJustificationMarkdown(config, manifests),
    demoVideo: demoVideoMarkdown(config, manifests),
    readme: kitReadme(config, manifests),
  };
}

const sentences = (problems: ReadonlyArray<{ text: string }>): string[] => problems.map((problem) => problem.text);

/** Every check that needs no image: texts, scopes, the privacy policy against src/, the site's links. */
export function textChecks(
  root: string,
  config: ListingConfig,
  manifests: readonly BuildManifest[],
): Array<{ check: string; problems: string[] }> {
  const texts = kitTexts(config, manifests);
  return [
    { check: "listing texts within Google's limits", problems: textProblems(config) },
    { check: "every manifest scope justified, and only those", problems: sentences(scopeProblems(manifests)) },
    {
      check: "the privacy policy names every store the code writes, and the Limited Use statement",
      problems: sentences(privacyProblems(texts.pages.get(SITE.pages.privacy) ?? "", path.join(root, "src"))),
    },
    { check: "every link of the site resolves inside the kit", problems: linkProblems(texts.pages, config) },
  ];
}

export interface WrittenKit {
  config: ListingConfig;
  checks: Array<{ check: string; problems: string[] }>;
  screenshots: ScreenshotTaken[];
}

/** Writes the whole kit into `outDir` (emptied first), images included, and checks it. */
export async function writeKit(
  root: string,
  outDir: string,
  browser: Browser,
  manifests: readonly BuildManifest[] = builtManifests(root),
): Promise<WrittenKit> {
  const config = readListingConfig(root);
  const texts = kitTexts(config, manifests);
  rmSync(outDir, { recursive: true, force: true });
  const dirs = {
    store: path.join(outDir, STORE.dir),
    site: path.join(outDir, SITE.dir),
    verification: path.join(outDir, VERIFICATION.dir),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  for (const [file, html] of texts.pages) writeFileSync(path.join(dirs.site, file), html);
  writeFileSync(path.join(dirs.verification, VERIFICATION.scopes), texts.scopes);
  writeFileSync(path.join(dirs.verification, VERIFICATION.demoVideo), texts.demoVideo);
  writeFileSync(path.join(outDir, KIT_README), texts.readme);
  await renderStoreImages(browser, root, config, dirs.store);
  const screenshots = await takeScreenshots(browser, root, config, dirs.store);
  for (const image of SITE.images) copyFileSync(path.join(dirs.store, image), path.join(dirs.site, image));
  const checks = [
    ...textChecks(root, config, manifests),
    { check: "images at Google's sizes (read from their PNG headers)", problems: imageProblems(outDir) },
  ];
  return { config, checks, screenshots };
}
