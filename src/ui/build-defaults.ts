// This file defines the values a build bakes in (scripts/build.mjs): the default service address and, from listing/listing.json,
// the add-on's name and pages, so the menu, the sidebar and the Marketplace listing say the same name.

declare const __BUSINESS_LEADS_DEFAULT_BASE_URL__: string | undefined;
declare const __BUSINESS_LEADS_ADDON_NAME__: string | undefined;
declare const __BUSINESS_LEADS_PAGES_URL__: string | undefined;

/** The service's base address without /api/v1, or "" when the build named none. */
export const DEFAULT_BASE_URL: string = typeof __BUSINESS_LEADS_DEFAULT_BASE_URL__ === "string" ? __BUSINESS_LEADS_DEFAULT_BASE_URL__ : "";

/**
 * The add-on's name as the listing spells it (listing/listing.json `name`): the sidebar's title and
 * the menu's words. Sheets names the add-on menu itself after the listing (or, for a test
 * deployment, the script project, which `npm run push -- --create` names the same).
 * jest.config.js defines it too, for tests that run src/ unbuilt.
 */
export const ADDON_NAME: string = typeof __BUSINESS_LEADS_ADDON_NAME__ === "string" ? __BUSINESS_LEADS_ADDON_NAME__ : "";

/** The https address the listing's pages are hosted at, ending in "/" (listing/listing.json `pagesUrl`). */
const PAGES_URL: string = typeof __BUSINESS_LEADS_PAGES_URL__ === "string" ? __BUSINESS_LEADS_PAGES_URL__ : "";

/** The support page of the listing's kit (dev/listing/kit-files.ts names it support.html). */
export const SUPPORT_URL = `${PAGES_URL}support.html`;
