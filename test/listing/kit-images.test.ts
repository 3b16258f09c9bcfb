// The whole Marketplace kit written as `npm run listing` writes it (into a temporary folder, one
// chromium for the file): every image at Google's exact size read from its PNG header, the
// screenshots free of the playground's own controls, the site folder whole (every page and image its
// links name), and every check of the kit passing on what was written. The kit's screenshots play
// four scenes in the playground (13 s of the file's 15): npm test draws the store images alone and
// checks them; npm run test:all (CI) writes and checks the whole kit.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import * as path from "node:path";
import type { Browser } from "../../dev/browser/playwright";
import { readListingConfig } from "../../dev/listing/config";
import { renderStoreImages } from "../../dev/listing/images";
import { writeKit, type WrittenKit } from "../../dev/listing/kit";
import { KIT_README, SCREENSHOTS, SITE, STORE, VERIFICATION, siteFiles } from "../../dev/listing/kit-files";
import { pngSize } from "../../dev/listing/png";
import { describeInBrowser, launchChromium } from "../browser/browser";
import { FULL_TIER, inFullTier } from "../tier";

const root = path.resolve(__dirname, "../..");

/** Words only the playground's own controls say: none may be in a listing's screenshot. */
const PLAYGROUND_WORDS = [
  "playground",
  "Virtual clock",
  "+1 hour",
  "+1 day",
  "How to try it",
  "Paste a list",
  "Create a job elsewhere",
  "Reload sidebar",
  "Sort A",
  "Selection:",
  "demo-",
];

/** The store images drawn into a temporary folder: `dir()` is it, in the tests and hooks. */
function useStoreImages(write: (browser: Browser, out: string) => Promise<unknown>): () => string {
  let browser: Browser;
  let out = "";
  beforeAll(async () => {
    out = mkdtempSync(path.join(os.tmpdir(), "listing-kit-"));
    browser = await launchChromium();
    mkdirSync(path.join(out, STORE.dir), { recursive: true });
    await write(browser, out);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(out, { recursive: true, force: true });
  });
  return () => out;
}

/** What holds of the icons and the banner, however they were written. */
function storeImageTests(out: () => string): void {
  const size = (file: string) => pngSize(path.join(out(), STORE.dir, file));

  it("has the icons at 128×128 and 32×32 and the 220×140 card banner, read from the PNG headers", () => {
    expect(size(STORE.icon128)).toEqual({ width: 128, height: 128 });
    expect(size(STORE.icon32)).toEqual({ width: 32, height: 32 });
    expect(size(STORE.cardBanner)).toEqual({ width: 220, height: 140 });
  });

  it("the PNG reader reads the header, and refuses a file that is not a PNG", () => {
    const fake = path.join(out(), "not-a.png");
    writeFileSync(fake, "<svg/>");
    expect(() => pngSize(fake)).toThrow(/is not a PNG file/);
  });

  it("the icons are RGBA PNGs, so the corners around the mark can be transparent (an icon, not a square photo)", () => {
    // PNG colour type 6 (RGBA) or 4: the file can say transparent at all.
    for (const icon of [STORE.icon128, STORE.icon32])
      expect([icon, readFileSync(path.join(out(), STORE.dir, icon))[25]]).toEqual([icon, 6]);
  });
}

if (!FULL_TIER) {
  describeInBrowser("the store images, drawn from the repository's SVG", () => {
    const out = useStoreImages(async (browser, dir) =>
      renderStoreImages(browser, root, readListingConfig(root), path.join(dir, STORE.dir)),
    );
    storeImageTests(out);
  });
}

const KIT_WHY = "its four screenshots are scenes played in the playground; npm test draws and checks the store images alone";
inFullTier(KIT_WHY, describeInBrowser)("the Marketplace kit, written", () => {
  let kit: WrittenKit;
  const out = useStoreImages(async (browser, dir) => {
    kit = await writeKit(root, dir, browser);
  });
  storeImageTests(out);

  it("has 1 to 5 screenshots at 1280×800, and nothing else in the store folder", () => {
    const size = (file: string) => pngSize(path.join(out(), STORE.dir, file));
    expect(SCREENSHOTS.length).toBeGreaterThanOrEqual(1);
    expect(SCREENSHOTS.length).toBeLessThanOrEqual(5);
    for (const shot of SCREENSHOTS) expect([shot.file, size(shot.file)]).toEqual([shot.file, { width: 1280, height: 800 }]);
    expect(readdirSync(path.join(out(), STORE.dir)).sort()).toEqual(
      [STORE.icon128, STORE.icon32, STORE.cardBanner, ...SCREENSHOTS.map((s) => s.file)].sort(),
    );
  });

  it("the screenshots show the sidebar, titled with the listing's name, beside a sheet, with none of the playground's controls", () => {
    expect(kit.screenshots.map((s) => s.file)).toEqual(SCREENSHOTS.map((s) => s.file));
    for (const shot of kit.screenshots) {
      expect([shot.file, PLAYGROUND_WORDS.filter((w) => shot.visibleText.includes(w))]).toEqual([shot.file, []]);
      expect([shot.file, shot.visibleText.includes(kit.config.name)]).toEqual([shot.file, true]);
      // A results sheet: its header row, and its tabs.
      expect([shot.file, /\bName\b/.test(shot.visibleText) && shot.visibleText.includes("Sheet1")]).toEqual([shot.file, true]);
    }
  });

  it("the site folder holds every page and image its links name, and the verification documents and README are there", () => {
    for (const file of siteFiles()) expect([file, existsSync(path.join(out(), SITE.dir, file))]).toEqual([file, true]);
    expect(existsSync(path.join(out(), VERIFICATION.dir, VERIFICATION.scopes))).toBe(true);
    expect(existsSync(path.join(out(), VERIFICATION.dir, VERIFICATION.demoVideo))).toBe(true);
    const readme = readFileSync(path.join(out(), KIT_README), "utf8");
    for (const file of [STORE.icon128, STORE.icon32, STORE.cardBanner, ...SCREENSHOTS.map((s) => s.file), ...Object.values(SITE.pages)])
      expect(readme).toContain(file);
  });

  it("passes every check of the kit", () => {
    expect(kit.checks.filter((c) => c.problems.length > 0)).toEqual([]);
    expect(kit.checks.map((c) => c.check)).toContain("images at Google's sizes (read from their PNG headers)");
  });
});
