// The sidebar's Contacts tab in chromium, in its 300 px frame, on the playground: reached by keys, Build contacts writes the sheet and
// the counts say how many are ready and why the others are not (a bounced address among them, each reason's meaning a click away),
// HubSpot's file downloads as the sheet's ready rows with its whole name said, its text shown to copy as well, every row once "All"
// is chosen; then "New since the last file" is offered first and holds only a new search's rows, and an address is forgotten by
// keyboard after the sidebar asked; the view fits, and axe finds no WCAG 2.1 A/AA violation.
import { mkdtempSync, readFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeInBrowser, eventually, expectFits, finishedSearch, openSidebarAlone, screenshot, type SidebarSession } from "./browser";
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
    expect(lines[1]).toMatch(/^Not ready: 1 bounced( · [\d,]+ [a-z -“”_]+)*$/);
    // What each reason means, a click away.
    await panel.getByText("What these mean").click();
    await panel.getByText(/^Bounced: the mailbox refused a message\. Never offered again\.$/).waitFor();
    await panel.getByText("A field starting like a formula (=, +, -, @) gets a ' in front.").waitFor();
    await expectFits(page, "contacts with counts");
    await expectAccessible(page, "contacts with counts");
    await screenshot(page, "sidebar-contacts.png");

    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "HubSpot" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-hubspot-ready-\d{4}-\d{2}-\d{2}\.csv$/);
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
      .filter({ hasText: `Downloaded ${download.suggestedFilename()}: ${ready.length} contacts. No file? Copy the text below.` })
      .waitFor();
    // The whole file name shows, on lines of its own if it must: nothing of it is cut.
    expect(await page.getByRole("status").filter({ hasText: download.suggestedFilename() }).isVisible()).toBe(true);
    // The same text to copy (a text box gives its line ends as LF).
    expect(await panel.getByRole("textbox", { name: "File text" }).inputValue()).toBe(file.replace(/\r\n/g, "\n"));
    await screenshot(page, "sidebar-contacts-download.png");
    await expectFits(page, "contacts after a download");
    await expectAccessible(page, "contacts after a download");

    // "All", the same tool's file holds every row, the bounced one too, in the sheet's order.
    await panel.getByRole("combobox", { name: "Which contacts" }).selectOption("all");
    const [everyone] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "HubSpot" }).click()]);
    expect(everyone.suggestedFilename()).not.toBe(download.suggestedFilename());
    const allSaved = path.join(mkdtempSync(path.join(os.tmpdir(), "contacts-")), everyone.suggestedFilename());
    await everyone.saveAs(allSaved);
    const [, ...allBody] = parseCsv(readFileSync(allSaved, "utf8"));
    expect(allBody.map((r) => r[0])).toEqual(rows.map((r) => r.Email));
    expect(allBody.length).toBeGreaterThan(body.length);
  });

  it("offers the new rows since the last file first, and forgets an address by keyboard once the person confirmed", async () => {
    const { page, playground } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    const panel = page.getByRole("tabpanel", { name: "Contacts" });
    const before = testing.values("Contacts").length - 1;
    // The sidebar's pace is the first test's.
    finishedSearch(playground, "plumbers", "Plumbers");
    await panel.getByRole("button", { name: "Refresh contacts" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /new\.$/ })
      .waitFor();
    // A file was made: the daily file is the first choice (chosen by keys: Home picks the first).
    const which = panel.getByRole("combobox", { name: "Which contacts" });
    expect((await which.locator("option").allTextContents())[0]).toBe("New since the last file");
    await which.focus();
    await page.keyboard.press("Home");
    expect(await which.inputValue()).toBe("new");
    const sheet = testing.values("Contacts").map((row) => row.map(String));
    const header = sheet[0] ?? [];
    const added = sheet
      .slice(before + 1)
      .filter((row) => row[header.indexOf("Ready to send")] === "Yes")
      .map((row) => row[0]);
    expect(added.length).toBeGreaterThan(0);
    const [fresh] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "HubSpot" }).click()]);
    expect(fresh.suggestedFilename()).toMatch(/^contacts-hubspot-new-\d{4}-\d{2}-\d{2}\.csv$/);
    const freshSaved = path.join(mkdtempSync(path.join(os.tmpdir(), "contacts-")), fresh.suggestedFilename());
    await fresh.saveAs(freshSaved);
    const [, ...freshBody] = parseCsv(readFileSync(freshSaved, "utf8"));
    expect(freshBody.map((r) => r[0])).toEqual(added);
    await expectFits(page, "contacts, new since the last file");
    await expectAccessible(page, "contacts, new since the last file");

    // Forget an address, by keyboard: the field, then Forget…, then the question's answer, which took the focus.
    const email = String(sheet[1]?.[0]);
    const field = panel.getByRole("textbox", { name: "Forget an address" });
    await field.focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page
      .getByRole("status")
      .filter({ hasText: `Forget ${email}? It leaves every sheet here` })
      .waitFor();
    await expectAccessible(page, "contacts, forget asked");
    await screenshot(page, "sidebar-contacts-forget.png");
    expect(await page.evaluate<string>("document.activeElement?.textContent ?? ''")).toBe("Forget it");
    await page.keyboard.press("Enter");
    await page
      .getByRole("status")
      .filter({ hasText: new RegExp(`^Forgot ${email.replace(/[.+]/g, "\\$&")}: \\d+ cells in \\d sheets changed\\.$`) })
      .waitFor();
    const everywhere = testing.sheetNames().flatMap((name) => testing.values(name).flat().map(String));
    expect(everywhere.filter((cell) => cell.toLowerCase() === email.toLowerCase())).toEqual([]);
    expect(
      testing
        .values("Do not contact")
        .flat()
        .map(String)
        .some((cell) => cell.startsWith("sha256:")),
    ).toBe(true);
    await screenshot(page, "sidebar-contacts-forgot.png");
    await expectFits(page, "contacts after forgetting");
    await expectAccessible(page, "contacts after forgetting");
    await screenshot(panel, "sidebar-contacts-panel.png");
  });

  it("Settings shows the consent countries, says they are the team's call and not legal advice, and saves them", async () => {
    const { page, playground } = session;
    await page.getByRole("button", { name: "Settings" }).click();
    const field = page.getByRole("textbox", { name: "Prior consent needed in" });
    expect(await field.inputValue()).toBe("DE");
    await page.getByText("Codes such as DE, AT. Your team's call, not legal advice.").waitFor();
    await field.fill("de; at");
    await field.press("Enter");
    await page.getByRole("status").filter({ hasText: "Consent countries saved: DE, AT." }).waitFor();
    expect(await field.inputValue()).toBe("DE, AT");
    expect(playground.runtime.run("getSettings", []).value).toMatchObject({ consentCountries: ["DE", "AT"] });
    await screenshot(page, "sidebar-settings-consent.png");
    await expectFits(page, "settings with the consent countries");
    await expectAccessible(page, "settings with the consent countries");
  });
});
