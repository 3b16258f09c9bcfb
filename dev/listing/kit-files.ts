// This file defines where the kit is written and what it holds, file by file: the folder the
// README names (listing/out/, ignored by git), the images to upload to the store listing, the site
// to host at the config's pagesUrl, and the documents for Google's OAuth verification.

export const OUT_DIR = "listing/out";
/** The one SVG the icons and the banner are drawn from. */
export const ICON_SVG = "listing/icon.svg";

/** Images uploaded on the Store Listing page (listing/out/store/). */
export const STORE = {
  dir: "store",
  icon128: "icon-128.png",
  icon32: "icon-32.png",
  cardBanner: "card-banner-220x140.png",
} as const;

/** The screenshots, in the listing's order: what each shows. */
export const SCREENSHOTS = [
  {
    file: "screenshot-1-search.png",
    shows: "A search running: the sidebar's form and the job's progress beside the results sheet filling in",
  },
  {
    file: "screenshot-2-territory.png",
    shows:
      "A territory in one sheet: two queries across four neighbouring places, each business once, " +
      "with the searches that found it and what its refresh did",
  },
  {
    file: "screenshot-3-enrich.png",
    shows: "Your own list enriched: the rows you selected, their contacts written beside your own columns and notes",
  },
  {
    file: "screenshot-4-refresh.png",
    shows: "A daily refresh merged into its sheet: what it added, updated and no longer found, row by row",
  },
] as const;

/** The pages to host at pagesUrl (listing/out/site/): file name → title. */
export const SITE = {
  dir: "site",
  pages: {
    home: "index.html",
    privacy: "privacy.html",
    terms: "terms.html",
    support: "support.html",
  },
  /** Images the pages show, copied from store/ so the site folder is whole by itself. */
  images: ["icon-128.png", "screenshot-1-search.png", "screenshot-2-territory.png"],
} as const;

/** Documents for the OAuth consent screen and its verification (listing/out/verification/). */
export const VERIFICATION = {
  dir: "verification",
  scopes: "scope-justification.md",
  demoVideo: "demo-video-shot-list.md",
} as const;

/** The kit's own index: what to paste and upload where. */
export const KIT_README = "README.md";

/** Every file the site folder holds, pages and images. */
export function siteFiles(): string[] {
  return [...Object.values(SITE.pages), ...SITE.images];
}
