// The sidebar's Contacts tab in chromium, in its 300 px frame, on the playground: reached by keys,
// Build contacts writes the sheet and the counts say how many are ready and why the others are not
// (a bounced address among them), HubSpot's file downloads as the sheet's ready rows, its text shown
// to copy as well, and every row once "Also those not ready to send" is ticked; the view fits, and axe finds no WCAG 2.1 A/AA violation.
import { mkdtempSync, readFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeInBrowser, eventually, expectFits, openSidebarAlone, screenshot, type SidebarSession } from "./browser";
import { expectAccessible } from "./axe";
import { parseCsv } from "../contacts/strict-csv";

describeInBrowser("the sidebar's Contacts tab", () => {
  let session: SidebarSession;
  beforeAll(async () => {
    session = await openSidebarAlone();
  });
  afterAll(async () => session?.close());

  it("builds the sheet, says the counts with their reasons, and downloads a tool's file", async () => {
    const { page, playground } = session;
    const started = playground.runtime.run("startSearch", [
      { query: "dentists", location: "Austin, Texas, US", maxResults: 100, name: "Dentists" },
    ]);
    expect(started.errorMessage).toBeUndefined();
    const testing = playground.runtime.spreadsheetApp.testing;
    await eventually("the search is written", () => testing.values("Dentists").length === 101);

    // By keys: End moves from the first tab to Contacts, which reads the counts.
    await page.getByRole("tab", { name: "New search" }).focus();
    await page.keyboard.press("End");
    const tab = page.getByRole("tab", { name: "Contacts" });
    expect(await tab.getAttribute("aria-selected")).toBe("true");
    const panel = page.getByRole("tabpanel", { name: "Contacts" });
    await panel.getByText("No Contacts sheet yet.").waitFor();
    await expectAccessible(page, "contacts, no sheet yet");

    await panel.getByRole("button", { name: "Build contacts" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^“Contacts”: [\d,]+ new\.$/ })
      .waitFor();
    await panel.getByRole("button", { name: "Refresh contacts" }).waitFor();
    const sheet = () => {
      const [headers = [], ...rows] = testing.values("Contacts").map((row) => row.map(String));
      return { headers, rows: rows.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i] ?? ""]))) };
    };
    // A mail merge marks the first address bounced; Refresh says so in the counts.
    const { headers } = sheet();
    testing.userSeed("Contacts", `${String.fromCharCode(65 + headers.length)}1`, [["Merge status"], ["BOUNCED"]]);
    await panel.getByRole("button", { name: "Refresh contacts" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /0 new\.$/ })
      .waitFor();
    const { rows } = sheet();
    const ready = rows.filter((r) => r["Ready to send"] === "Yes");
    expect(rows[0]?.["Ready to send"]).toBe("No: bounced");
    const lines = await panel.locator("#contacts-counts p").allTextContents();
    expect(lines[0]).toBe(`${ready.length} of ${rows.length} contacts ready to send.`);
    expect(lines[1]).toMatch(/^Not ready: 1 bounced( · [\d,]+ [a-z -]+)*$/);
    await panel.getByText("A field starting like a formula (=, +, -, @) gets a ' in front.").waitFor();
    await expectFits(page, "contacts with counts");
    await expectAccessible(page, "contacts with counts");
    await screenshot(page, "sidebar-contacts.png");

    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "HubSpot" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-hubspot-contacts-ready-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = path.join(mkdtempSync(path.join(os.tmpdir(), "contacts-")), download.suggestedFilename());
    await download.saveAs(saved);
    const file = readFileSync(saved, "utf8");
    const [header, ...body] = parseCsv(file);
    expect(header).toEqual([
      "Email",
      "First Name",
      "Last Name",
      "Company Name",
      "Company Domain Name",
      "Phone Number",
      "Website URL",
      "City",
    ]);
    expect(body.map((r) => r[0])).toEqual(ready.map((r) => r.Email));
    await page
      .getByRole("status")
      .filter({ hasText: `Downloaded “${download.suggestedFilename()}”. No file? Copy the text below.` })
      .waitFor();
    // The same text to copy (a text box gives its line ends as LF).
    expect(await panel.getByRole("textbox", { name: "File text" }).inputValue()).toBe(file.replace(/\r\n/g, "\n"));
    await expectFits(page, "contacts after a download");
    await expectAccessible(page, "contacts after a download");

    // Ticked, the same tool's file holds every row, the bounced one too, in the sheet's order.
    await panel.getByRole("checkbox", { name: "Also those not ready to send" }).check();
    const [everyone] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "HubSpot" }).click()]);
    expect(everyone.suggestedFilename()).not.toBe(download.suggestedFilename());
    const allSaved = path.join(mkdtempSync(path.join(os.tmpdir(), "contacts-")), everyone.suggestedFilename());
    await everyone.saveAs(allSaved);
    const [, ...allBody] = parseCsv(readFileSync(allSaved, "utf8"));
    expect(allBody.map((r) => r[0])).toEqual(rows.map((r) => r.Email));
    expect(allBody.length).toBeGreaterThan(body.length);
  });
});
