// This file defines the values a production build bakes in (scripts/build.mjs --base-url): the
// service address a user gets when they have not typed one. The default build leaves it empty.

declare const __BUSINESS_LEADS_DEFAULT_BASE_URL__: string | undefined;

/** The service's base address without /api/v1, or "" when the build named none. */
export const DEFAULT_BASE_URL: string =
  typeof __BUSINESS_LEADS_DEFAULT_BASE_URL__ === "string" ? __BUSINESS_LEADS_DEFAULT_BASE_URL__ : "";
