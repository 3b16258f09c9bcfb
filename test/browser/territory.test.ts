// A territory from the built sidebar at 300 px (classic scrollbars), on an account that runs 2 jobs
// at a time: queries as chips (Enter, a comma, a pasted list, Backspace, a chip's × by keyboard),
// places as chips (one picked from the catalog, then a pasted column: one matched, Springfield to
// choose among its places by keyboard, one not in the catalog and never sent); the cost line before
// the click, as previewSearch says it, and a territory the credits cannot cover refused with its
// sentence; started, it is ONE line of Jobs ("2 running · 4 waiting · … businesses so far", then
// "6 searches · … businesses"), its sheet opens, the same start again asks first; a second one is
// stopped while its searches wait, and nothing more is sent. Nothing is wider than the frame.
import type { Browser, Page } from "../../dev/browser/playwright";
import { startPlayground, type Playground } from "../../dev/playground/server";
import { simControl } from "../../dev/simulator/control-client";
import { sidebar, type JobView } from "../../dev/world";
import {
  AUSTIN,
  describeInBrowser,
  driveClock,
  eventually,
  expectFits,
  launchChromium,
  openSidebarPage,
  pickLocationByKeyboard,
  screenshot,
  stepClocksTimes,
} from "./browser";

const TERRITORY = "Dentists, orthodontists · Austin +2";
/** `text` matched as it is in a regular expression. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PLACES = ["Austin, Texas, US", "Dallas, Texas, US", "Springfield, Illinois, US"];

describeInBrowser("a territory from the sidebar", () => {
  let browser: Browser;
  let playground: Playground;
  let page: Page;
  const requests = (method: string, path: string) =>
    playground.runtime.http.requests.filter((r) => r.method.toUpperCase() === method && new URL(r.url).pathname === path);
  const searchesSent = () => requests("POST", "/api/v1/searches").length;
  const chips = (list: "Queries" | "Places") => page.getByRole("list", { name: list, exact: true }).getByRole("listitem").allInnerTexts();
  const chipTexts = async (list: "Queries" | "Places") => (await chips(list)).map((text) => text.replace(/\s*×$/, ""));
  const status = () => page.locator("#status");
  const focusedLabel = () =>
    page.evaluate<string>(
      `(() => { const e = document.activeElement; return (e.getAttribute("aria-label") || e.id || e.textContent || "").trim(); })()`,
    );
  const line = (name: string) =>
    page.locator("#jobs li").filter({ has: page.locator(".job-name").filter({ hasText: new RegExp(`^${literal(name)}$`) }) });
  const viewOf = (name: string): JobView | undefined => sidebar(playground.runtime, "listJobs").find((job) => job.name === name);

  beforeAll(async () => {
    playground = await startPlayground({ speed: 0 });
    driveClock(playground);
    const { apiKey } = await simControl(playground.simUrl).createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 2 });
    sidebar(playground.runtime, "saveSettings", { apiKey, baseUrl: playground.simUrl });
    browser = await launchChromium({ scrollbars: true });
    page = await openSidebarPage(browser, playground);
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it(
    "queries as chips: Enter and a comma add one, a pasted list one a line, " + "Backspace removes the last, a chip's × by keyboard",
    async () => {
      const query = page.getByRole("textbox", { name: "Search for" });
      await query.fill("dentists");
      await query.press("Enter");
      await query.pressSequentially("orthodontists,", { delay: 20 });
      expect(await chipTexts("Queries")).toEqual(["dentists", "orthodontists"]);
      expect(await query.inputValue()).toBe("");
      // A list pasted from a sheet's column: the clipboard's text, one query a line.
      await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "endodontists\\nperiodontists\\n");
      document.getElementById("query").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
      expect(await chipTexts("Queries")).toEqual(["dentists", "orthodontists", "endodontists", "periodontists"]);
      await query.press("Backspace");
      expect(await chipTexts("Queries")).toEqual(["dentists", "orthodontists", "endodontists"]);
      // Shift+Tab from the field reaches the last chip's ×; Enter removes it and the keyboard is back in the field.
      await query.press("Shift+Tab");
      expect(await focusedLabel()).toBe("Remove endodontists");
      await page.keyboard.press("Enter");
      expect(await chipTexts("Queries")).toEqual(["dentists", "orthodontists"]);
      expect(await focusedLabel()).toBe("query");
      // No place yet: the cost line says what each place will add, not one search's cost.
      expect(await page.locator("#cost-line").innerText()).toBe("2 searches a place picked · up to 200 credits a place, of your 5,000");
    },
  );

  it(
    "places as chips: one picked from the catalog, then a pasted column, each matched, " +
      "to choose (by keyboard) or not found; one look-up each",
    async () => {
      const location = page.getByRole("combobox", { name: "Location" });
      await pickLocationByKeyboard(page, "Aus", AUSTIN);
      // A pick is listed at once, the first too, and the field is free for the next place.
      expect(await chipTexts("Places")).toEqual([AUSTIN]);
      expect(await location.inputValue()).toBe("");
      // Places in the region of one listed come first: after Austin, Texas, Irving before Irvine.
      await location.pressSequentially("Irv", { delay: 30 });
      await page.getByRole("option", { name: "Irvine, California, United States" }).waitFor();
      const options = await page.getByRole("option").allInnerTexts();
      expect(options.indexOf("Irving, Texas, United States")).toBeLessThan(options.indexOf("Irvine, California, United States"));
      await location.press("Escape");
      await location.fill("");
      expect(await chipTexts("Places")).toEqual([AUSTIN]);
      // Shift+Tab from the field reaches the chip's ×: nothing of the field comes between.
      await location.press("Shift+Tab");
      expect(await focusedLabel()).toBe(`Remove ${AUSTIN}`);
      await location.focus();

      await page.getByRole("button", { name: "Paste places" }).press("Enter");
      const pasted = page.getByRole("textbox", { name: "City names, one a line" });
      expect(await focusedLabel()).toBe("places-text");
      await pasted.fill("Dallas\nSpringfield\nAtlantis\n");
      const lookupsBefore = requests("GET", "/api/v1/locations").length;
      await pasted.press("Tab");
      await page.keyboard.press("Enter");
      await status().filter({ hasText: "Looked up 3 names: 1 added, 1 to choose below, 1 not found." }).waitFor();
      expect(requests("GET", "/api/v1/locations").length - lookupsBefore).toBe(3);
      const found = page.getByRole("list", { name: "Places looked up" }).getByRole("listitem");
      expect(await found.nth(0).innerText()).toBe("Dallas Added: Dallas, Texas, United States");
      expect(await found.nth(1).innerText()).toMatch(
        /^Springfield 8 places found: choose one\. Not listed\? Type it with its region in Location\./,
      );
      expect(await found.nth(2).innerText()).toBe("Atlantis Not in the catalog: nothing is searched for it.");
      expect(await chipTexts("Places")).toEqual([AUSTIN, "Dallas, Texas, United States"]);

      // The keyboard goes from Find places to Springfield's places: Tab to the one in Illinois, Enter.
      const choices = page.getByRole("group", { name: "Places named Springfield" }).getByRole("button");
      expect(await choices.count()).toBe(8);
      for (let presses = 0; presses < 8 && (await focusedLabel()) !== "Springfield, Illinois, United States"; presses += 1)
        await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      expect(await found.nth(1).innerText()).toBe("Springfield Added: Springfield, Illinois, United States");
      expect(await chipTexts("Places")).toEqual([AUSTIN, "Dallas, Texas, United States", "Springfield, Illinois, United States"]);
      expect(await focusedLabel()).toBe("find-places");
      // The message counts the choice: nothing is left to choose.
      expect(await page.locator("#status").innerText()).toBe("Looked up 3 names: 2 added, 1 not found.");
      // Enter in the emptied field, as after the first place, starts nothing: Jobs stays empty and
      // the next test's Start is the first (its identical start would be asked about instead).
      await location.press("Enter");
      expect(await page.locator("#status").innerText()).toBe("Looked up 3 names: 2 added, 1 not found.");
      await expectFits(page, "queries and places as chips, pasted places looked up");
      await screenshot(page, "territory-form.png");
    },
  );

  it(
    "the cost line says every search's cost before the click, as previewSearch does; " +
      "beyond the credits, Start is refused with its sentence",
    async () => {
      const args = { queries: ["dentists", "orthodontists"], locations: PLACES, maxResults: 100 };
      expect(sidebar(playground.runtime, "previewSearch", args)).toEqual({
        searches: 6,
        maxResults: 100,
        creditsNeeded: 600,
        creditsRemaining: 5000,
        problem: null,
        roomNotice: null,
      });
      expect(await page.locator("#cost-line").innerText()).toBe(
        "6 searches (2 queries × 3 places) · up to 100 results each · up to 600 credits of your 5,000",
      );
      expect(await page.locator("#cost-note").innerText()).toBe(
        "As many as your account runs at once start now; the others start as those finish, " +
          "in the background (also with the sidebar closed).",
      );

      const max = page.getByRole("spinbutton", { name: "Max results" });
      await max.fill("700");
      const query = page.getByRole("textbox", { name: "Search for" });
      await query.fill("endodontists");
      await query.press("Enter");
      const problem =
        sidebar(playground.runtime, "previewSearch", { ...args, queries: [...args.queries, "endodontists"], maxResults: 700 }).problem ??
        "";
      expect(problem).toMatch(/^Not enough credits: these 9 searches need up to 6,300 credits \(9 × 700\), and 5,000 remain\./);
      expect(await page.locator("#cost-note").innerText()).toBe(problem);
      const sent = searchesSent();
      expect(await page.getByRole("button", { name: "Start search" }).getAttribute("aria-disabled")).toBe("true");
      // Enter in the form presses Start search, which refuses with previewSearch's sentence and sends nothing.
      await max.press("Enter");
      await page.getByRole("alert").filter({ hasText: problem }).waitFor();
      expect(searchesSent()).toBe(sent);
      await expectFits(page, "a territory the credits cannot cover");

      await query.press("Backspace");
      await max.fill("100");
      expect(await chipTexts("Queries")).toEqual(["dentists", "orthodontists"]);
      expect(await page.locator("#messages").isVisible()).toBe(false);
    },
  );

  it(
    "started, it is one line of Jobs: its searches running and waiting, then what it found; its sheet opens; " +
      "the same start again asks first",
    async () => {
      // The pasted column looked up, its box is closed again.
      const paste = page.getByRole("button", { name: "Paste places" });
      await paste.press("Enter");
      expect(await paste.getAttribute("aria-expanded")).toBe("false");
      await page.getByRole("button", { name: "Start search" }).click();
      await status()
        .filter({
          hasText:
            `Searches started: results arrive in the sheet “${TERRITORY}”. 2 searches run now; ` +
            "4 wait for a free job slot and start in the background.",
        })
        .waitFor();
      const item = line(TERRITORY);
      await item.waitFor();
      expect(await page.locator("#jobs li").count()).toBe(1);
      // The line names its places, not just how many.
      expect(await item.locator(".job-searched").innerText()).toBe("dentists, orthodontists · Austin, Dallas, Springfield");
      const progress = item.locator(".job-progress");
      expect(await progress.innerText()).toMatch(/^2 running · 4 waiting · [\d,]+ business(es)? so far$/);
      expect(await item.getByRole("button", { name: `Stop ${TERRITORY}` }).isVisible()).toBe(true);
      expect(await item.getByRole("combobox", { name: "Refresh" }).isVisible()).toBe(true);

      await eventually(
        "a search has finished and its businesses are in the sheet",
        async () =>
          /^\d running · \d waiting · [1-9][\d,]* businesses so far$/.test(await progress.innerText()) &&
          (await item.locator("progress").getAttribute("aria-valuetext")) !== "0 of 6 searches done",
      );
      expect(await item.locator("progress").getAttribute("aria-valuetext")).toMatch(/^[1-5] of 6 searches done$/);
      await expectFits(page, "a territory running");
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, "territory-line.png");

      await eventually("every search has ended", async () => (await item.getAttribute("data-status")) === "completed");
      const done = viewOf(TERRITORY);
      const more = done?.foundByMore ? ` (${done.foundByMore.toLocaleString("en-US")} found by more than one search)` : "";
      expect(await progress.innerText()).toBe(`6 searches · ${(done?.leadCount ?? 0).toLocaleString("en-US")} businesses${more}`);
      expect(done?.territory).toEqual({ searches: 6, started: 6, waiting: 0, running: 0, finished: 6, failed: 0, stopped: false });
      expect(await item.locator("progress").getAttribute("aria-valuetext")).toBe("6 of 6 searches done");
      expect(await item.getByRole("button", { name: `Stop ${TERRITORY}` }).count()).toBe(0);
      // The line says it is a territory, of how many searches: not one search.
      expect(await item.locator(".job-meta").innerText()).toBe("Territory of 6 searches · Completed");

      await item.getByRole("button", { name: `Open sheet ${TERRITORY}` }).click();
      await status()
        .filter({ hasText: `Showing the sheet “${TERRITORY}”.` })
        .waitFor();
      expect(playground.runtime.spreadsheetApp.getActiveSheet().getName()).toBe(TERRITORY);

      const sent = searchesSent();
      await page.getByRole("button", { name: "Start search" }).click();
      await status()
        .filter({
          hasText: new RegExp(
            `^You ran these 6 searches .*: their results are in “${literal(TERRITORY)}” \\([\\d,]+ businesses\\)\\. ` +
              `Nothing was started or charged\\.`,
          ),
        })
        .waitFor();
      expect(await page.getByRole("button", { name: "Run it again for 600 credits" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Refresh it now for up to 600 credits" }).isVisible()).toBe(true);
      expect(searchesSent()).toBe(sent);
      await expectFits(page, "the same territory again");
      await page.getByRole("button", { name: "Dismiss message" }).click();
    },
  );

  it("Stop while searches wait: they are never started; those under way finish into its sheet", async () => {
    const query = page.getByRole("textbox", { name: "Search for" });
    await query.focus();
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await query.fill("florists");
    expect(await page.locator("#cost-line").innerText()).toMatch(/^3 searches \(1 query × 3 places\)/);
    await page.getByRole("button", { name: "Start search" }).click();
    await status().filter({ hasText: "2 searches run now; 1 waits for a free job slot and starts in the background." }).waitFor();
    const name = "Florists · Austin +2";
    const item = line(name);
    await item.waitFor();
    expect(await item.locator(".job-progress").innerText()).toMatch(/^2 running · 1 waiting · /);
    const florists = () => requests("POST", "/api/v1/searches").filter((r) => (r.body ?? "").includes('"florists"')).length;
    const sentBefore = florists();

    await item.getByRole("button", { name: `Stop ${name}` }).press("Enter");
    await status()
      .filter({
        hasText: `Stopped: 1 search was not started, and not charged. The 2 searches under way finish and are merged into “${name}”.`,
      })
      .waitFor();
    expect(await item.locator(".job-progress").innerText()).toMatch(/^Stopped · 2 running · [\d,]+ business(es)? so far$/);
    expect(await item.getByRole("button", { name: `Stop ${name}` }).count()).toBe(0);
    await stepClocksTimes(10);
    await eventually("the two searches under way have ended", async () => (await item.getAttribute("data-status")) === "completed");
    expect(florists()).toBe(sentBefore);
    expect(await item.locator(".job-progress").innerText()).toMatch(/^Stopped · 2 of 3 searches ran · [1-9][\d,]* businesses/);
    expect(viewOf(name)?.territory).toEqual({ searches: 3, started: 2, waiting: 0, running: 0, finished: 2, failed: 0, stopped: true });
    await expectFits(page, "a stopped territory");
  });
});
