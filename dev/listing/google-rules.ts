// This file defines, as data, what Google asks of a Marketplace listing and its publisher, each
// rule with the page it comes from, so the kit's checks and its README say the same thing.
// Re-check the pages before a submission: Google changes them.

export const SOURCES = {
  storeListing: "https://developers.google.com/workspace/marketplace/create-listing",
  allowlist: "https://developers.google.com/apps-script/manifest/allowlist-url",
  updateAddon: "https://developers.google.com/workspace/add-ons/how-tos/update-published-add-on",
  editorAddon: "https://developers.google.com/workspace/add-ons/how-tos/building-editor-addons",
  sheetsScopes: "https://developers.google.com/workspace/sheets/api/scopes",
  userDataPolicy: "https://developers.google.com/terms/api-services-user-data-policy",
  menus: "https://developers.google.com/workspace/add-ons/concepts/menus",
} as const;

/** Store listing, "App details": limits on the texts. */
export const TEXT_LIMITS = {
  /** "Limit the name to 50 characters or less"; it should match the OAuth consent screen's app name. */
  nameMax: 50,
  /** "Don't use the word "Google" or other Google product names." */
  nameForbidden: /google/i,
  /** "A short summary of your app and what it does (200 characters limit)." */
  shortDescriptionMax: 200,
  /** "Limit this to less than 16,000 characters." */
  detailedDescriptionBelow: 16_000,
} as const;

/** Store listing, "Graphic assets": the images the kit renders, in pixels. */
export const IMAGE_SIZES = {
  icon128: { width: 128, height: 128 },
  icon32: { width: 32, height: 32 },
  cardBanner: { width: 220, height: 140 },
  /** 1280×800 (640×400 and 2560×1600 are accepted too); square corners, no padding. */
  screenshot: { width: 1280, height: 800 },
} as const;

/** 1 to 5 screenshots. */
export const SCREENSHOTS = { min: 1, max: 5 } as const;

/**
 * The sentence a privacy policy carries for an app that reads Google user data through Google's
 * APIs (Google API Services User Data Policy, "Limited Use").
 */
export const LIMITED_USE_STATEMENT = "Google API Services User Data Policy, including the Limited Use requirements";
