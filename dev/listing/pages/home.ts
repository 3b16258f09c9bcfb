// This file defines the site's homepage: what the add-on does, for whom, what it needs, with two of
// the kit's screenshots, and the links a Marketplace reviewer and the OAuth consent screen ask for.
import type { ListingConfig } from "../config";
import { SCREENSHOTS, SITE } from "../kit-files";
import { escapeHtml, page } from "./layout";

export function homePage(config: ListingConfig): string {
  const name = escapeHtml(config.name);
  const [first, second] = SCREENSHOTS;
  const paragraphs = config.detailedDescription.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const figure = (shot: (typeof SCREENSHOTS)[number]) =>
    `<figure><img src="${shot.file}" alt="${escapeHtml(shot.shows)}" width="1280" height="800">` +
    `<figcaption>${escapeHtml(shot.shows)}.</figcaption></figure>`;
  const body =
    `
<h1>${name}</h1>
<p class="lead">${escapeHtml(config.shortDescription)}</p>
${figure(first)}
${paragraphs}
${figure(second)}
<h2 id="install">Install</h2>
<p>In Google Sheets: <em>Extensions › Add-ons › Get add-ons</em>, search for ${name}, then <em>Install</em>. ` +
    `Open it from <em>Extensions › ${name} › Open ${name}</em> and save your API key of the ${escapeHtml(config.serviceName)} in the ` +
    `sidebar. The <a href="${SITE.pages.support}">support page</a> walks through the first search.</p>
<h2 id="data">Your data</h2>
<p>${name} works only in the spreadsheets you use it in and sends the service only what a search or an enrichment needs. ` +
    `The <a href="${SITE.pages.privacy}">privacy policy</a> says what it keeps and where; the <a href="${SITE.pages.terms}">terms of ` +
    `service</a> say what you agree to.</p>
`;
  return page(config, "home", config.name, body);
}
