// This file defines the terms of service page: what the publisher offers, what the user agrees to,
// and where the service's own terms take over. A template in plain words: the publisher has it
// reviewed before the listing goes public (the kit's README says so).
import type { ListingConfig } from "../config";
import { SITE } from "../kit-files";
import { escapeHtml, page } from "./layout";

export function termsPage(config: ListingConfig): string {
  const name = escapeHtml(config.name);
  const publisher = escapeHtml(config.publisher);
  const service = escapeHtml(config.serviceName);
  const email = escapeHtml(config.supportEmail);
  const body =
    `
<h1>Terms of service</h1>
<p class="updated">Last updated ${escapeHtml(config.lastUpdated)}</p>
<p class="lead">These terms apply to the ${name} spreadsheet add-on, published by ${publisher} ("we"). ` +
    `By installing or using it you agree to them.</p>

<h2 id="what">What ${name} is</h2>
<p>${name} connects your spreadsheets to the ${service}: it starts searches and enrichments on your account with that service and writes ` +
    "their results into your sheets. The add-on is free of charge; the searches and enrichments it starts use your account's credits, " +
    `on the service's terms and prices. The sidebar says what a search costs before it runs.</p>

<h2 id="account">Your account and your key</h2>
<p>You need an account and an API key of the ${service}. You are responsible for the key you save and for what is started with it, ` +
    "including by editors you share it with through <em>Share my key with formulas in this document</em>. " +
    `The service's own terms govern your account, its credits and the data it returns.</p>

<h2 id="use">How you may use it</h2>
<ul>
<li>Use the contact data you obtain lawfully: for example under the laws on unsolicited e-mail and calls, and on personal data, ` +
    `that apply to you and to the people you contact.</li>
<li>Do not use ${name} to disrupt the service or Google's, to get around their limits, or to infringe anyone's rights.</li>
</ul>

<h2 id="data">Your data</h2>
<p>Your spreadsheets and their results are yours. How ${name} handles data is described in the <a href="${SITE.pages.privacy}">privacy ` +
    `policy</a>, which is part of these terms.</p>

<h2 id="warranty">No warranty</h2>
<p>${name} is provided "as is". We work to keep it correct and available, but we do not guarantee that it is free of errors, ` +
    `that it is available at all times, or that the data the service returns is complete or accurate.</p>

<h2 id="liability">Liability</h2>
<p>To the extent the law allows, we are not liable for indirect or consequential losses, or for lost data, profits or credits, ` +
    `arising from the use of ${name}. Nothing in these terms limits liability that cannot be limited by law.</p>

<h2 id="changes">Changes and ending</h2>
<p>We may change ${name} and these terms; the date above says when they last changed, and a change that needs new permissions asks for ` +
    `your consent in Google Sheets. You may stop using ${name} at any time by uninstalling it (see <a ` +
    `href="${SITE.pages.privacy}#removal">what stays</a>).</p>

<h2 id="contact">Contact</h2>
<p><a href="mailto:${email}">${email}</a></p>
`;
  return page(config, "terms", "Terms of service", body);
}
