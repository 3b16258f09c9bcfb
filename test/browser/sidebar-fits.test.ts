// The sidebar fits its 300 px frame in every view, in chromium with classic scrollbars (a tall page's
// scrollbar takes 15 px of the 300, as in Sheets on most desktops): the search form, Enrich rows, Open a
// job with recent jobs listed, a long list of jobs with long names, Settings open, the spreadsheet
// check's report, a long error and the question before a repeated search, queries and places as
// chips with places pasted to choose from, and a territory's line among the jobs. In each, neither the
// document nor any element is wider than the frame (no horizontal scrollbar), nothing sticks out
// of it, and only names meant to be cut (with their whole text in a tooltip) are; the account line
// is never cut, and a plan name the service sends longer than the frame wraps inside itself.
import type { Browser, Page } from "../../dev/browser/playwright";
import { startPlayground, type Playground } from "../../dev/playground/server";
import { DEMO_KEYS, simControl } from "../../dev/simulator";
import { expectAccessible } from "./axe";
import {
  AUSTIN,
  describeInBrowser,
  driveClock,
  eventually,
  expectFits,
  launchChromium,
  openSidebarPage,
  pickLocationByKeyboard,
} from "./browser";

/** Whether each part of the account line is drawn whole and inside the frame (never cut). */
async function accountLineWhole(page: Page): Promise<{ text: string; cut: string[] }> {
  return page.evaluate<{ text: string; cut: string[] }>(
    `(() => {
    const line = document.getElementById("account-line");
    const cut = [];
    for (const part of line.querySelectorAll(".part")) {
      const r = part.getBoundingClientRect();
      if (part.scrollWidth > Math.ceil(r.width) || r.right > document.documentElement.clientWidth + 0.5) cut.push(part.textContent);
      const text = document.createRange();
      text.selectNodeContents(part);
      if (new Set(Array.from(text.getClientRects()).map((r) => Math.round(r.top))).size > 1) cut.push(part.textContent + " (broken ` +
      `across lines)");
    }
    if (line.scrollWidth > line.clientWidth) cut.push("the line");
    return { text: line.innerText, cut };
  })()`,
  );
}

describeInBrowser("the sidebar fits 300 px in every view", () => {
  let browser: Browser;
  let playground: Playground;
  let page: Page;
  beforeAll(async () => {
    playground = await startPlayground({ speed: 0 });
    driveClock(playground, 1);
    // A long list of jobs, names long enough to be cut, and one sheet name with a copy suffix.
    const long = `Dentists and orthodontists near downtown ${"and the suburbs ".repeat(4)}`.trim();
    for (const [i, query] of ["coffee", "bakery", "dentists", "plumbers", "florists", "gyms", "barbers", "vets"].entries()) {
      const started = playground.runtime.run("startSearch", [
        { query, location: "Austin, Texas, US", maxResults: 100, name: i % 2 ? long : undefined },
      ]);
      expect(started.errorMessage).toBeUndefined();
    }
    // A territory among them: one line, with a long name.
    const territory = playground.runtime.run("startSearch", [
      { queries: ["dentists", "orthodontists"], locations: ["Austin, Texas, US", "Dallas, Texas, US"], maxResults: 100, name: long },
    ]);
    expect(territory.errorMessage).toBeUndefined();
    browser = await launchChromium({ scrollbars: true });
    page = await openSidebarPage(browser, playground);
    await page.locator("#jobs li").nth(8).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it("the search form and a long list of jobs", async () => {
    await expectFits(page, "search form, 9 jobs");
    await expectAccessible(page, "search form, 9 jobs");
    expect(await accountLineWhole(page)).toEqual({ text: expect.stringMatching(/^Growth · [\d,]+ credits left$/), cut: [] });
    await page.getByRole("textbox", { name: "Search for" }).fill("coffee");
    await pickLocationByKeyboard(page, "Aus", AUSTIN);
    await expectFits(page, "a location picked");
  });

  it("queries and places as chips, a long query whole on its lines, and a pasted place to choose", async () => {
    const query = page.getByRole("textbox", { name: "Search for" });
    await query.fill(`pediatric${"-and-family".repeat(12)}-dentistry`);
    await query.press("Enter");
    await query.fill("coffee");
    await page.getByRole("combobox", { name: "Location" }).press("Enter");
    await page.getByRole("button", { name: "Paste places" }).click();
    await page.getByRole("textbox", { name: "City names, one a line" }).fill("Springfield\nDallas");
    await page.getByRole("button", { name: "Find places" }).click();
    await page.getByRole("group", { name: "Places named Springfield" }).waitFor();
    await expectFits(page, "chips and pasted places");
    await expectAccessible(page, "chips and pasted places");
    await page.getByRole("button", { name: "Paste places" }).click();
  });

  it("the Enrich rows tab, with its preview", async () => {
    await page.getByRole("tab", { name: "Enrich rows" }).click();
    await page.getByRole("button", { name: "Check selection" }).click();
    await eventually(
      "the selection is checked",
      async () => (await page.locator("#messages").isVisible()) || (await page.locator("#preview").isVisible()),
    );
    await expectFits(page, "enrich");
    await expectAccessible(page, "enrich");
  });

  it("the Open a job tab, with recent jobs listed", async () => {
    await page.getByRole("tab", { name: "Open a job" }).click();
    await page.getByRole("button", { name: "Show recent jobs" }).click();
    await page.locator("#recent-jobs li").first().waitFor();
    await expectFits(page, "open a job");
    await expectAccessible(page, "open a job");
    await page.getByRole("tab", { name: "New search" }).click();
  });

  it("Settings open, the account line whole beside Close settings, then the spreadsheet check's report", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await expectFits(page, "settings");
    await expectAccessible(page, "settings");
    expect((await accountLineWhole(page)).cut).toEqual([]);
    await page.getByRole("button", { name: "Check this spreadsheet" }).click();
    await page.locator("#diagnose-report li").nth(5).waitFor();
    await expectFits(page, "diagnose report");
    await expectAccessible(page, "diagnose report");
  });

  it("a long error, shown whole", async () => {
    await page.getByRole("textbox", { name: "API key" }).fill(DEMO_KEYS.revoked.apiKey);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /refused/ })
      .waitFor();
    await expectFits(page, "long error");
    await expectAccessible(page, "long error");
    await page.getByRole("button", { name: "Close settings" }).click();
    await expectFits(page, "long error, settings closed");
  });

  it("an account line longer than the top bar wraps between its parts: its number is never cut", async () => {
    const { apiKey } = await simControl(playground.simUrl).createAccount({ plan: "scale", status: "past_due", credits: 1_234_567 });
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("textbox", { name: "API key" }).fill(apiKey);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.locator("#account-line").filter({ hasText: "1,234,567 credits left" }).waitFor();
    await page.getByRole("button", { name: "Settings" }).click();
    const line = await accountLineWhole(page);
    expect(line).toEqual({ text: expect.stringMatching(/^Scale \(past due\) · ?\s?1,234,567 credits left$/), cut: [] });
    await expectFits(page, "a long account line beside Close settings");
  });

  it(
    "a plan name the service sends 60 characters long, markup in it: shown as text, " + "wrapping inside itself; the other parts whole",
    async () => {
      // The service's own account body, its plan name replaced: a careless or hostile service.
      const { apiKey } = await simControl(playground.simUrl).createAccount({ plan: "growth", credits: 4_321 });
      const account = (await (await fetch(`${playground.simUrl}/api/v1/account`, { headers: { "x-api-key": apiKey } })).json()) as Record<
        string,
        unknown
      >;
      const planName = "<b>Enterprise</b>_Unlimited_Premium_Annual_Plan_<i>2026</i>_";
      expect(planName).toHaveLength(60);
      await simControl(playground.simUrl).injectFaults([
        { method: "GET", path: "/api/v1/account", probability: 1, status: 200, body: JSON.stringify({ ...account, plan_name: planName }) },
      ]);
      const settings = page.getByRole("button", { name: "Settings", exact: true });
      if (await settings.isVisible()) await settings.click();
      await page.getByRole("textbox", { name: "API key" }).fill(apiKey);
      await page.getByRole("button", { name: "Save settings" }).click();
      const accountLine = page.locator("#account-line");
      await accountLine.filter({ hasText: "4,321 credits left" }).waitFor();
      // Text, never markup: no element made of it.
      expect(await accountLine.locator("b, i").count()).toBe(0);
      expect(await accountLine.locator(".part").allTextContents()).toEqual([planName, "4,321 credits left"]);
      // The plan name, longer than the frame, wraps inside itself (and only it); the credits are whole, inside the frame.
      expect(await accountLineWhole(page)).toEqual({
        text: expect.stringContaining("4,321 credits left"),
        cut: [`${planName} (broken across lines)`],
      });
      await expectFits(page, "a 60-character plan name with markup");
      await settings.click();
      await expectFits(page, "a 60-character plan name with markup beside Close settings");
      expect((await accountLineWhole(page)).cut).toEqual([`${planName} (broken across lines)`]);
      await simControl(playground.simUrl).clearFaults();
    },
  );
});
