// This file defines the support page: getting started, "Check this spreadsheet" (the self-check the
// menu and the sidebar's Settings offer), what the messages a user may meet mean and what to do,
// removing the add-on, and how to reach the publisher. Its answers follow the README and the
// add-on's own messages (src/api/errors.ts, src/errors/user-error.ts, src/gas/pass-runner.ts).
import type { ListingConfig } from "../config";
import { SITE } from "../kit-files";
import { escapeHtml, page } from "./layout";

export function supportPage(config: ListingConfig): string {
  const name = escapeHtml(config.name);
  const service = escapeHtml(config.serviceName);
  const email = escapeHtml(config.supportEmail);
  const menu = `<em>Extensions › ${name}</em>`;
  const body =
    `
<h1>Support</h1>
<p class="lead">Answers to common questions about ${name}, what its messages mean, and how to reach us.</p>

<h2 id="start">Getting started</h2>
<ol>
<li>Open a spreadsheet, then ${menu} <em>› Open ${name}</em>.</li>
<li>Paste your API key of the ${service} and save. The top of the sidebar then shows your plan and credits.</li>
<li>Type what you look for ("dentists") and pick the place from the list, then <em>Start search</em>. ` +
    "The results arrive in a new sheet as the service finds them; the sidebar shows the progress, " +
    `and what the search costs before it runs.</li>
<li>To enrich your own list: select its rows, open the sidebar's <em>Enrich rows</em> tab, press <em>Check selection</em>, ` +
    "then <em>Enrich rows</em>. The list needs a name column and a website column; the preview says which rows will be sent before " +
    `anything is.</li>
</ol>

<h2 id="check">Check this spreadsheet</h2>
<p>When something does not work as expected, run ${menu} <em>› Check this spreadsheet</em> (or the link of that name in the sidebar's ` +
    "Settings). On your spreadsheet, it checks the service with your key (one request, no credits), that text is written as text, " +
    "that the add-on can keep its records and take its lock, and how Google ran your last background update. It shows what it found, " +
    `never your key, and leaves the spreadsheet as it was. Send us its report if you write to us.</p>

<h2 id="messages">Messages, and what to do</h2>
<dl>
<dt><strong>"${name} is not set up yet"</strong></dt>
<dd>Open the sidebar and save your API key.</dd>
<dt><strong>"The lead service refused the API key"</strong></dt>
<dd>The key is wrong, revoked or rotated. Save the current one in the sidebar's Settings. The message says which key is still in use: ` +
    `nothing is saved until the service accepts the new one.</dd>
<dt><strong>Not enough credits</strong></dt>
<dd>The search or the enrichment needs more credits than the account has: lower <em>Max results</em>, enrich fewer rows, ` +
    `or add credits to your account with the service. Nothing was charged.</dd>
<dt><strong>"Google's daily limit … is used up"</strong></dt>
<dd>Google limits how often an add-on may read and save data, and fetch, for each Google account per day (shared with your other ` +
    `add-ons). It works again within 24 hours, and nothing is lost: your jobs go on on the service and their results come in then.</dd>
<dt><strong>"Waiting for the sidebar"</strong></dt>
<dd>Google ran the hourly background update without your spreadsheet. Open the sidebar, or press <em>Refresh jobs</em>, ` +
    `and the results come in.</dd>
<dt><strong>A formula shows #ERROR! and asks you to share your key</strong></dt>
<dd>Google runs formulas without your personal settings. In the sidebar's Settings, tick <em>Share my key with formulas in this ` +
    `document</em> (the sentence beside it says what that means), then enter the formula again.</dd>
<dt><strong>"Not fetched yet: recalculate in a minute"</strong></dt>
<dd>A formula over a long range reads as much as the service's rate limit and Google's 30 seconds allow. Enter it again a minute later: ` +
    `it reads only the cells still missing.</dd>
<dt><strong>"… is already changing this document"</strong></dt>
<dd>Another click, another editor or a background update is writing the same spreadsheet. Try again in a moment.</dd>
</dl>

<h2 id="background">Results that keep coming</h2>
<p>A search or an enrichment runs on the service for minutes to hours. While one is in progress, ${name} keeps one hourly background ` +
    "update that writes its results into the sheet; with the sidebar open, they come in every few seconds. Once no work is left, " +
    "the background update removes itself. Sorting a results sheet or inserting rows meanwhile changes nothing: " +
    `rows are found by their business, not by their position.</p>

<h2 id="remove">Removing ${name}</h2>
<p>Uninstall it from <em>Extensions › Add-ons › Manage add-ons</em>. Your results sheets stay, as do the records the add-on kept; ` +
    `the <a href="${SITE.pages.privacy}#removal">privacy policy</a> lists what stays and how to remove it.</p>

<h2 id="contact">Contact us</h2>
<p>Write to <a href="mailto:${email}">${email}</a> with what you did, what you saw (a screenshot helps) ` +
    `and the report of <a href="#check">Check this spreadsheet</a>. Never send your API key: we never need it.</p>
`;
  return page(config, "support", "Support", body);
}
