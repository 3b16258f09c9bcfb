// This file defines the values a build bakes in (scripts/build.mjs --base-url and --scope): the
// service address a user gets when they have not typed one, and which of the two builds this is.

declare const __BUSINESS_LEADS_DEFAULT_BASE_URL__: string | undefined;

/** The service's base address without /api/v1, or "" when the build named none. */
export const DEFAULT_BASE_URL: string =
  typeof __BUSINESS_LEADS_DEFAULT_BASE_URL__ === "string" ? __BUSINESS_LEADS_DEFAULT_BASE_URL__ : "";

/**
 * True in the `--scope full` build, for what the add-on says about itself. This module imports
 * nothing, so esbuild writes the literal where the flag is read and the other build's words are
 * left out; code behind the flag would stay (src/build-constants.d.ts).
 */
export const OPENS_DOCUMENTS_BY_ID = BUSINESS_LEADS_SPREADSHEET_SCOPE === "full";
