// Messages that stay true, in the built sidebar at 300 px: a refused key's message is shown whole
// (wrapped, never clipped), says first what happened and what was kept, and does not send the user
// to the Settings they are in; the spreadsheet check made before it is taken away; a refused
// button's reason ("Pick a location from the list first") goes once a location is picked; and
// after the key is shared with formulas, the message says that cells showing the error must be
// entered again.
import type { Page } from "../../dev/browser/playwright";
import { DEMO_KEYS } from "../../dev/simulator";
import {
  AUSTIN,
  describeInBrowser,
  expectFits,
  openSidebarAlone,
  pickLocationByKeyboard,
  screenshot,
  type SidebarSession,
} from "./browser";

/** Whether an element's whole text is drawn: nothing cut by its box or clamped, nothing outside the frame. */
async function shownWhole(page: Page, selector: string): Promise<{ cut: boolean; clamped: string; outside: boolean }> {
  return page.evaluate(`(() => {
    const e = document.querySelector(${JSON.stringify(selector)});
    const s = getComputedStyle(e), r = e.getBoundingClientRect();
    return {
      cut: e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1,
      clamped: s.webkitLineClamp + " " + s.textOverflow,
      outside: r.left < 0 || r.right > document.documentElement.clientWidth + 0.5,
    };
  })()`);
}

describeInBrowser("the sidebar's messages stay true and whole", () => {
  let session: SidebarSession;
  let page: Page;
  const hint = DEMO_KEYS.growth.apiKey.slice(-4);

  beforeAll(async () => {
    session = await openSidebarAlone();
    ({ page } = session);
  });
  afterAll(async () => session?.close());

  it("a refused button's reason goes once its cause is gone: a location picked", async () => {
    await page.getByRole("textbox", { name: "Search for" }).fill("bakery");
    // Enter in the form presses Start search, which refuses (aria-disabled) and says why. (Enter in
    // Search for with a query typed adds it as a chip instead: that is the queries' own key.)
    await page.getByRole("spinbutton", { name: "Max results" }).press("Enter");
    const alert = page.getByRole("alert");
    await alert.filter({ hasText: /^Pick a location from the list first/ }).waitFor();
    await pickLocationByKeyboard(page, "Aus", AUSTIN);
    expect(await page.locator("#messages").isVisible()).toBe(false);
  });

  it("a refused key: what happened, then what was kept, whole and visible; the earlier check is taken away", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Check this spreadsheet" }).click();
    const report = page.locator("#diagnose-report");
    await report
      .getByText(/The lead service accepts your API key/)
      .first()
      .waitFor();

    await page.getByRole("textbox", { name: "API key" }).fill(DEMO_KEYS.revoked.apiKey);
    await page.getByRole("button", { name: "Save settings" }).click();
    const alert = page.getByRole("alert").filter({ hasText: /refused/ });
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toBe(
      "The lead service refused the API key you entered: it is wrong, incomplete or revoked. Nothing was saved: " +
        `the key in use is still ••••${hint}. ` +
        "Copy the whole key from your account page, paste it into the API key field and save again.",
    );
    expect(text).not.toMatch(/Settings/);
    expect(await shownWhole(page, "#alert")).toEqual({ cut: false, clamped: "none clip", outside: false });
    expect(await alert.isVisible()).toBe(true);
    // The check was of the settings before this attempt: it is gone, not left saying all is well.
    expect(await report.isVisible()).toBe(false);
    expect(await page.getByText(/accepts your API key/).count()).toBe(0);
    await expectFits(page, "refused key in Settings");
    await screenshot(page, "refused-key.png");
  });

  it("after the key is shared with formulas, the message says to enter the cells showing the error again", async () => {
    const share = page.getByRole("checkbox", { name: /Share my key with formulas/ });
    expect(await page.evaluate<boolean>(`document.getElementById("share").checked`)).toBe(false);
    await page.getByRole("textbox", { name: "API key" }).fill("");
    await share.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    const status = page.getByRole("status").filter({ hasText: /^Settings saved/ });
    await status.waitFor();
    expect(await status.innerText()).toBe(
      `Settings saved. The key in use is ••••${hint}. Formulas can use your key now. A formula cell that still shows #ERROR! keeps it ` +
        "until it is entered again: double-click the cell, then press Enter.",
    );
    expect(await shownWhole(page, "#status")).toMatchObject({ cut: false, outside: false });
    // Saved again with nothing changed: the advice is not repeated.
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: new RegExp(`^Settings saved\\. The key in use is ••••${hint}\\.$`) })
      .waitFor();
  });
});
