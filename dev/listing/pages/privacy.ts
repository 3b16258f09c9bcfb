// This file defines the privacy policy page: what the add-on reads and writes (the spreadsheets it
// is used in, what it writes there about people, and the lead service), what it keeps and where (each store the code opens, which the
// kit's checks find in src/ and hold this page to), what it never does, how to remove it and what
// stays, and the Limited Use statement of Google's API Services User Data Policy.
import type { ListingConfig } from "../config";
import { LIMITED_USE_STATEMENT, SOURCES } from "../google-rules";
import { SITE } from "../kit-files";
import { escapeHtml, page } from "./layout";

export function privacyPage(config: ListingConfig): string {
  const name = escapeHtml(config.name);
  const service = escapeHtml(config.serviceName);
  const email = escapeHtml(config.supportEmail);
  const body =
    `
<h1>Privacy policy</h1>
<p class="updated">Last updated ${escapeHtml(config.lastUpdated)}</p>
<p class="lead">${name} is a spreadsheet add-on that finds local businesses and enriches your lists with contact data from ` +
    `the ${service}. This page says what it reads, what it writes, what it keeps and where, and whom it sends what.</p>

<h2 id="reads-writes">What ${name} reads and writes</h2>
<h3>The spreadsheets you use it in</h3>
<ul>
<li>It <strong>writes</strong> the businesses a search finds into a new sheet of the spreadsheet (one sheet per search), ` +
    `and updates that sheet in place as the service fills in contacts or a scheduled refresh runs.</li>
<li>When you enrich rows, it <strong>reads</strong> the sheet they are on (to find their header row, ` +
    "and to put each result in its row even if you sort meanwhile), sends the name and website of each row you selected, " +
    "and <strong>writes</strong> the contacts found into columns beside them, in the same rows. Rows you did not select are neither sent " +
    `nor changed.</li>
<li>It reads which sheet and cells are selected, to know what you asked for.</li>
<li><em>Check this spreadsheet</em> writes a few test values into a temporary sheet, reads them back and removes the sheet.</li>
<li>The standard version only ever opens the spreadsheet it is used in. A version your administrator may install instead (it asks to ` +
    `"see, edit, create and delete all your Google Sheets spreadsheets") also opens, by their ids, ` +
    "the spreadsheets where <em>you</em> started a search or an enrichment that is still in progress, " +
    "to finish writing its results when the hourly background update runs without them; it never lists, " +
    `searches or opens any other spreadsheet.</li>
</ul>
<h3>What it writes about people</h3>
<p>The contact data it writes can be about people, not only businesses: the <strong>names of owners and decision makers</strong>, ` +
    "their <strong>e-mail addresses</strong> (and whether each address was found deliverable), the business's phones, " +
    "its street <strong>address</strong> and its social profiles. It writes them only into the sheets of the spreadsheets you use it in, " +
    "where you and the people you share the spreadsheet with can read them; it keeps no copy elsewhere. " +
    "You decide what you do with them, and you are responsible for using them as the law where you and they are (for instance the GDPR " +
    `or CAN-SPAM) allows; delete a row, a column or the sheet to remove them.</p>
<h3>Your Google account</h3>
<p>${name} does not read your e-mail, your contacts, your calendar, your Drive files or your name and e-mail address.</p>

<h2 id="sends">What ${name} sends, and to whom</h2>
<p>Only to the ${service}, over https, at the one address your version of the add-on allows (Google refuses any other):</p>
<ul>
<li>your API key, which tells the service which account to charge;</li>
<li>for a search: what and where you search for, how many results, the language and whether to look up contacts;</li>
<li>for an enrichment: the name and website of each business in the rows you selected (no other column);</li>
<li>the ids of jobs, to read their progress and results; and for the LEADS_ formulas, what their arguments ask for.</li>
</ul>
<p>The service's answers (businesses, their contacts, your credits) are written into your sheet or shown in the sidebar. ` +
    `What the service keeps is governed by your agreement with it. ${name} sends nothing to ${escapeHtml(config.publisher)} or to anyone ` +
    `else: no analytics, no advertising, no tracking.</p>

<h2 id="stores">What ${name} keeps, and where</h2>
<p>Everything below is kept by Google, in your Google account or in the spreadsheet, in storage only ${name} can ` +
    `read. ${escapeHtml(config.publisher)} has no copy of any of it.</p>
<table>
<thead><tr><th>Where</th><th>What</th><th>For how long</th></tr></thead>
<tbody>
<tr><td>Your <strong>user properties</strong> (Apps Script's storage for this add-on in your own Google account)</td>
<td>Your API key and the service's address; your settings; a random id that tells your actions apart from another editor's; ` +
    "when your last background update ran and whether it had its spreadsheet; in the version that opens spreadsheets by id, " +
    "the ids of the spreadsheets where you have work in progress. While rows are being sent to be enriched, " +
    `the batch being sent (names and websites, at most 700) until the service confirms it.</td>
<td>The key and settings until you replace them; the rest until the work it is for is done.</td></tr>
<tr><td>The spreadsheet's <strong>document properties</strong> (standard version) or its <strong>developer metadata</strong> (the ` +
    `version that opens spreadsheets by id), visible to this add-on only</td>
<td>The record of each search and enrichment of the spreadsheet (its job id, name, sheet, status, counts and refresh schedule); ` +
    "a short digest of each editor's key, which cannot be used to call the service, so that a job is followed with the key that started " +
    "it; and, only if you tick <em>Share my key with formulas in this document</em> in Settings, " +
    "a copy of your key and the service's address, because Google runs formulas without your user properties. " +
    `Unticking it removes the copy.</td>
<td>While the spreadsheet exists; the records of finished jobs are removed, oldest first, beyond the latest 40 or when room is ` +
    `needed.</td></tr>
<tr><td>The spreadsheet's <strong>document cache</strong></td>
<td>What the LEADS_ formulas read (businesses, jobs, credits, locations), so a formula does not ask the service again for the same ` +
    `thing.</td>
<td>At most 6 hours (a minute for your credits).</td></tr>
<tr><td>A <strong>trigger</strong> (a time-driven background update, under your account)</td>
<td>Nothing but the name of the function it runs.</td>
<td>While a search, an enrichment or a scheduled refresh is in progress; it removes itself once no work is left.</td></tr>
<tr><td>Your sheets</td>
<td>The results: the sheets and columns described above. They are your data.</td>
<td>Until you delete them.</td></tr>
</tbody>
</table>

<h2 id="never">What ${name} never does</h2>
<ul>
<li>It never puts your API key in a cell, a log, an error message or the sidebar's page (the sidebar shows its last four characters).</li>
<li>It never sells, rents or shares your data, uses it for advertising, or lets a person at ${escapeHtml(config.publisher)} read it.</li>
<li>It never uses data from your spreadsheets to train artificial intelligence or machine learning models.</li>
<li>It never sends anything to an address other than the ${service}'s.</li>
</ul>

<h2 id="limited-use">Google user data: Limited Use</h2>
<p>${name}'s use and transfer to any other app of information received from Google APIs will adhere to the <a ` +
    `href="${SOURCES.userDataPolicy}">${LIMITED_USE_STATEMENT}</a>. It uses the spreadsheet data it reads only to provide the features ` +
    `you see in its sidebar, menu and formulas.</p>

<h2 id="removal">Removing ${name}, and what stays</h2>
<ol>
<li>If you shared your key with formulas, untick <em>Share my key with formulas in this document</em> in the sidebar's Settings first: ` +
    `that removes the copy from the spreadsheet.</li>
<li>In Google Sheets, open <em>Extensions › Add-ons › Manage add-ons</em>, and on ${name} choose <em>Uninstall</em>. ` +
    `An administrator can remove it for the whole domain from the Admin console.</li>
</ol>
<p>What stays:</p>
<ul>
<li>The results sheets and the columns written beside your rows: they are your data; delete them like any sheet or column.</li>
<li>The job records in the spreadsheet's document properties or developer metadata, and your user properties: Google keeps them, ` +
    `readable only by ${name}, which no longer runs. The records hold no key unless you shared it; ` +
    `deleting the spreadsheet deletes them.</li>
<li>Your API key in your user properties: to make sure it can never be used again, revoke it in your account with the service.</li>
<li>No trigger keeps running for work that is done: the background update removes itself once no work is left.</li>
</ul>

<h2 id="contact">Contact</h2>
<p>Questions about this policy or your data: <a href="mailto:${email}">${email}</a>. See also the <a href="${SITE.pages.terms}">terms of ` +
    `service</a> and the <a href="${SITE.pages.support}">support page</a>.</p>
`;
  return page(config, "privacy", "Privacy policy", body);
}
