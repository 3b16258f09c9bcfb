// Nothing charged by accident, in the built sidebar at 300 px: a start identical to a search of the
// last day asks first (open its sheet, refresh it now, or run it again for the credits the cost
// line shows) and sends nothing; refreshing merges into its own sheet; running it again names the
// new sheet with its " (2)" in view; and the "results arrive in the sheet…" message goes once that
// search has completed.
import type { Page } from "../../dev/browser/playwright";
import type { Playground } from "../../dev/playground/server";
import {
  AUSTIN,
  describeInBrowser,
  eventually,
  expectFits,
  openSidebarAlone,
  pickLocationByKeyboard,
  screenshot,
  type SidebarSession,
} from "./browser";

describeInBrowser("a search started again from the sidebar", () => {
  let session: SidebarSession;
  let playground: Playground;
  let page: Page;
  const searchesSent = () =>
    playground.runtime.http.requests.filter((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/api/v1/searches")).length;
  const status = () => page.locator("#status");

  beforeAll(async () => {
    session = await openSidebarAlone();
    ({ playground, page } = session);
  });
  afterAll(async () => session?.close());

  it("the first search starts; its “results arrive” message goes once it has completed", async () => {
    await page.getByRole("textbox", { name: "Search for" }).fill("bakery");
    await pickLocationByKeyboard(page, "Aus", AUSTIN);
    await page.getByRole("button", { name: "Start search" }).click();
    await status().filter({ hasText: "Search started: results arrive in the sheet “bakery in Austin, Texas, US”." }).waitFor();
    const job = page.locator("#jobs li").first();
    await eventually("the search has completed", async () => /Completed/.test(await job.innerText()));
    await eventually("the message has gone", async () => !(await page.locator("#messages").isVisible()));
  });

  it(
    "the same search again asks first, sends nothing, and offers its sheet, a refresh or a run, " + "each for the cost line's 100 credits",
    async () => {
      const before = searchesSent();
      await page.getByRole("button", { name: "Start search" }).click();
      const ask = status().filter({
        hasText:
          /^You ran this search .*: its results are in “bakery in Austin, Texas, US” \(100 businesses\)\. Nothing was started or charged\./,
      });
      await ask.waitFor();
      expect(searchesSent()).toBe(before);
      expect(await page.locator("#cost-line").innerText()).toMatch(/^Uses 100 of your/);
      const runAgain = page.getByRole("button", { name: "Run it again for 100 credits" });
      expect(await runAgain.isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Refresh it now for up to 100 credits" }).isVisible()).toBe(true);
      await expectFits(page, "the question");
      await screenshot(page, "repeat-search-asks.png");

      await page.getByRole("button", { name: "Open its sheet" }).click();
      await status().filter({ hasText: "Showing the sheet “bakery in Austin, Texas, US”." }).waitFor();
      expect(playground.runtime.spreadsheetApp.getActiveSheet().getName()).toBe("bakery in Austin, Texas, US");
      expect(searchesSent()).toBe(before);
    },
  );

  it("the question goes when the form holds another search", async () => {
    await page.getByRole("button", { name: "Start search" }).click();
    await status()
      .filter({ hasText: /^You ran this search/ })
      .waitFor();
    await page.getByRole("spinbutton", { name: "Max results" }).fill("200");
    expect(await page.locator("#messages").isVisible()).toBe(false);
    await page.getByRole("spinbutton", { name: "Max results" }).fill("100");
  });

  it("refresh it now: the search runs again into its own sheet, no business twice, and the message goes when it is merged", async () => {
    const before = searchesSent();
    const sheetName = "bakery in Austin, Texas, US";
    const rowsBefore = playground.runtime.spreadsheetApp.testing.values(sheetName).length;
    await page.getByRole("button", { name: "Start search" }).click();
    await page.getByRole("button", { name: "Refresh it now for up to 100 credits" }).click();
    await status()
      .filter({ hasText: `Refreshing “${sheetName}”: the search runs again for up to 100 credits` })
      .waitFor();
    expect(searchesSent()).toBe(before + 1);
    await eventually("the run is merged and the message gone", async () => !(await page.locator("#messages").isVisible()));
    const values = playground.runtime.spreadsheetApp.testing.values(sheetName);
    const mapsUrl = (values[0] ?? []).indexOf("Maps URL");
    const urls = values
      .slice(1)
      .map((row) => row[mapsUrl])
      .filter((url) => url !== "");
    expect(values.length).toBeGreaterThan(rowsBefore);
    expect(new Set(urls).size).toBe(urls.length);
    expect(playground.runtime.spreadsheetApp.testing.sheetNames().filter((n) => n.startsWith("bakery"))).toEqual([sheetName]);
    expect(searchesSent()).toBe(before + 1);
  });

  it("run again: a new search into a new sheet, its “(2)” in view in the message", async () => {
    const before = searchesSent();
    await page.getByRole("button", { name: "Start search" }).click();
    await page.getByRole("button", { name: "Run it again for 100 credits" }).click();
    await status()
      .filter({ hasText: /^Search started/ })
      .waitFor();
    expect(searchesSent()).toBe(before + 1);
    expect(await status().innerText()).toBe("Search started: results arrive in the sheet “bakery in Austin, Texas, US (2)”.");
    // The name may be cut to a line (its whole text in the tooltip), never its " (2)".
    const name = page.locator("#status .name");
    expect(await name.getAttribute("title")).toBe("bakery in Austin, Texas, US (2)");
    expect(await name.innerText()).toBe("bakery in Austin, Texas, US");
    const suffixShown = await page.evaluate<boolean>(`(() => {
      const status = document.getElementById("status");
      const walker = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.textContent.includes("(2)")) node = walker.nextNode();
      const range = document.createRange(); range.selectNodeContents(node);
      const r = range.getBoundingClientRect(), box = status.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left && r.right <= box.right && r.bottom <= box.bottom;
    })()`);
    expect(suffixShown).toBe(true);
    await expectFits(page, "started again");
  });
});
