// This file defines the kit's own README (listing/out/README.md): what to paste and upload where,
// in Google's consoles, with each text's length against Google's limit, and what the publisher
// still decides (the category, a review of the terms and the policy).
import type { ListingConfig } from "./config";
import { detailedDescription, placeholderProblems } from "./config";
import { IMAGE_SIZES, SOURCES, TEXT_LIMITS } from "./google-rules";
import { SCREENSHOTS, SITE, STORE, VERIFICATION } from "./kit-files";
import type { BuildManifest } from "./verification";

export function kitReadme(config: ListingConfig, manifests: readonly BuildManifest[]): string {
  const url = (file: string) => `${config.pagesUrl}${file === SITE.pages.home ? "" : file}`;
  const domain = config.pagesUrl.replace(/^https:\/\//, "").split("/")[0] ?? "";
  const placeholders = placeholderProblems(config);
  const lines = [
    `# ${config.name}: the Marketplace kit`,
    "",
    "Written by `npm run listing` from `listing/listing.json` (the one file to edit) and `listing/icon.svg`.",
    "Do not edit these files: edit the config, then run `npm run listing` again.",
    "",
    ...(placeholders.length > 0 ? ["**Before publishing:** " + placeholders.join(" "), ""] : []),
    "## 1. Host the site",
    "",
    `Upload the folder \`${SITE.dir}/\` as it is to ${config.pagesUrl} (a domain you verify in Google Search Console and add to the ` +
      `OAuth consent screen's authorized domains: \`${domain}\`).`,
    "",
    "| Page | File | Address |",
    "|---|---|---|",
    `| Homepage | ${SITE.pages.home} | ${url(SITE.pages.home)} |`,
    `| Privacy policy | ${SITE.pages.privacy} | ${url(SITE.pages.privacy)} |`,
    `| Terms of service | ${SITE.pages.terms} | ${url(SITE.pages.terms)} |`,
    `| Support (also the add-on's Help) | ${SITE.pages.support} | ${url(SITE.pages.support)} |`,
    "",
    "The terms of service and the privacy policy are written from what the code does; have them reviewed for your jurisdiction before " +
      "the listing goes public.",
    "",
    "## 2. OAuth consent screen (Google Cloud console)",
    "",
    `- App name: **${config.name}** (the listing's name, the menu's and the sidebar's)`,
    `- User support e-mail: ${config.supportEmail}`,
    `- App homepage: ${url(SITE.pages.home)}; privacy policy: ${url(SITE.pages.privacy)}; terms of service: ${url(SITE.pages.terms)}`,
    `- App logo: \`${STORE.dir}/${STORE.icon128}\``,
    `- Scopes, and why: \`${VERIFICATION.dir}/${VERIFICATION.scopes}\`; the demo video: \`${VERIFICATION.dir}/${VERIFICATION.demoVideo}\``,
    "",
    ...manifests.map((m) => `- ${m.build} build (${m.file}): ${m.oauthScopes.map((s) => `\`${s}\``).join(", ")}`),
    "",
    "## 3. Marketplace SDK › App Configuration",
    "",
    "- App integration: Google Sheets add-on (an Editor add-on).",
    "- Script ID and version: printed by `npm run release -- --base-url https://…`. Each update: " +
      "run it again and enter the new version here;",
    `  a version that adds scopes needs the consent screen and its verification updated first (${SOURCES.updateAddon}).`,
    "- OAuth scopes: exactly the scopes of the build you released (above).",
    "",
    `## 4. Marketplace SDK › Store Listing (${SOURCES.storeListing})`,
    "",
    `- Application name (${config.name.length}/${TEXT_LIMITS.nameMax} characters): ${config.name}`,
    `- Short description (${config.shortDescription.length}/${TEXT_LIMITS.shortDescriptionMax}):`,
    "",
    `  > ${config.shortDescription}`,
    "",
    `- Detailed description (${detailedDescription(config).length}, ` +
      `fewer than ${TEXT_LIMITS.detailedDescriptionBelow.toLocaleString("en-US")}):`,
    "",
    ...config.detailedDescription.flatMap((p) => [`  > ${p}`, "  >"]).slice(0, -1),
    "",
    `- Category: ${config.category} (pick the nearest in the console's list)`,
    `- Application icon ${IMAGE_SIZES.icon128.width}×${IMAGE_SIZES.icon128.height}: ` +
      `\`${STORE.dir}/${STORE.icon128}\`; ${IMAGE_SIZES.icon32.width}×${IMAGE_SIZES.icon32.height}: \`${STORE.dir}/${STORE.icon32}\``,
    `- Application card banner ${IMAGE_SIZES.cardBanner.width}×${IMAGE_SIZES.cardBanner.height}: \`${STORE.dir}/${STORE.cardBanner}\``,
    `- Screenshots ${IMAGE_SIZES.screenshot.width}×${IMAGE_SIZES.screenshot.height}, in this order:`,
    ...SCREENSHOTS.map((s, i) => `  ${i + 1}. \`${STORE.dir}/${s.file}\`: ${s.shows}`),
    `- Terms of service URL: ${url(SITE.pages.terms)}; privacy policy URL: ${url(SITE.pages.privacy)}; ` +
      `support URL: ${url(SITE.pages.support)}`,
    "",
    "The screenshots come from the playground (the real built sidebar beside its emulated sheet). Screenshots taken in",
    "Google Sheets itself, at 1280×800 and with the same three moments, can replace them.",
    "",
  ];
  return lines.join("\n");
}
