// Counts and words that agree (issue 30 §2), in chromium on the built sidebar alone in its 300 px
// frame, the browser in Tokyo while the spreadsheet is in New York: "Refresh it now" says what it
// did as a daily run does ("N new · N updated · N no longer found", the run's businesses, credits
// and time), and while it runs says so once (no "Last run", no second cost sentence); two searches
// named "Texas dentists" say what each searched; an enrichment of 25 rows with 2 duplicates says
// "25 rows (23 businesses, 2 duplicates)" in its preview, its start and its line, "23 businesses"
// in Open a job, and its bar counts businesses enriched (their rows say "completed"); checked
// again, its rows are skipped as one group; a completed job of another key says nothing of its
// creator's passes; Settings on a Growth plan says nothing of a free search. Every date shown is
// the spreadsheet's time zone's, not the browser's.
import type { Browser, Locator, Page } from "../../dev/browser/playwright";
import { startPlayground, type Playground } from "../../dev/playground/server";
import { simControl } from "../../dev/simulator/control-client";
import { shortDateTime, useSpreadsheet } from "../../src/sidebar/format";
import { searchedWords } from "../../src/rules/searched";
import type { JobView, RecentJob } from "../../src/sidebar/server";
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
} from "./browser";

/** The playground's spreadsheet's time zone (the fakes' default), and the browser's: hours apart. */
const SHEET_ZONE = "America/New_York";
const BROWSER_ZONE = "Asia/Tokyo";

describeInBrowser("counts and words that agree", () => {
  let browser: Browser;
  let playground: Playground;
  let page: Page;
  const status = () => page.locator("#status");
  /** The line of the job named `name` (the first, newest, of several). */
  const line = (name: string): Locator =>
    page.locator("#jobs li").filter({ has: page.locator(".job-name").filter({ hasText: new RegExp(`^${name}$`) }) });
  /** The element's text, or "" while there is none (never waiting for it: only `eventually` moves the clocks). */
  const textOf = async (locator: Locator): Promise<string> => ((await locator.count()) > 0 ? locator.first().innerText() : "");
  const views = (): JobView[] => playground.runtime.run("listJobs", [], { viaScriptRun: true }).value as JobView[];
  const sheetTable = (sheet: string) => {
    const [headers = [], ...rows] = playground.runtime.spreadsheetApp.testing.values(sheet).map((row) => row.map(String));
    return rows.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i] ?? ""])));
  };

  beforeAll(async () => {
    playground = await startPlayground({ speed: 0 });
    driveClock(playground);
    browser = await launchChromium({ scrollbars: true });
    page = await openSidebarPage(browser, playground, { timezoneId: BROWSER_ZONE });
    // The expected words are made as the sidebar makes them: the spreadsheet's zone, the browser's another.
    useSpreadsheet("en_US", SHEET_ZONE, BROWSER_ZONE);
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it("the browser's time zone is not the spreadsheet's", async () => {
    expect(playground.runtime.spreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone()).toBe(SHEET_ZONE);
    expect(await page.evaluate<string>("Intl.DateTimeFormat().resolvedOptions().timeZone")).toBe(BROWSER_ZONE);
  });

  it("Refresh it now says what it did as a daily run does, in the sheet's time zone; while it runs, that alone, once", async () => {
    const sheet = "bakery in Austin, Texas, US";
    await page.getByRole("textbox", { name: "Search for" }).fill("bakery");
    await pickLocationByKeyboard(page, "Aus", AUSTIN);
    await page.getByRole("button", { name: "Start search" }).click();
    await eventually("the search has completed", async () => /Completed/.test(await textOf(line(sheet))));
    expect(await line(sheet).locator(".job-progress").innerText()).toBe("100 businesses found");
    // Its name says what it searched: not said twice.
    expect(await line(sheet).locator(".job-searched").count()).toBe(0);

    await page.getByRole("button", { name: "Start search" }).click();
    await page.getByRole("button", { name: "Refresh it now for up to 100 credits" }).click();
    await status()
      .filter({ hasText: /^Refreshing “bakery in Austin, Texas, US”: the search runs again for up to 100 credits/ })
      .waitFor();
    // Under way: said once, on the line, with no "Last run" beside it and no second cost sentence.
    expect(await line(sheet).locator(".job-meta").innerText()).toBe("Search · Refreshing now: merged into its sheet when done");
    expect(await line(sheet).locator(".last-run, .run-cost, .run-summary").count()).toBe(0);

    let summary = "";
    await eventually("the line says what the run did", async () => {
      summary = await textOf(line(sheet).locator(".run-summary"));
      return summary !== "";
    });
    // The daily run's words (test/browser/refresh.test.ts), and the sheet says the same row by row.
    const [added, updated, gone, kept] = (
      /^(\d+) new · (\d+) updated · (\d+) no longer found(?: · (\d+) kept (?:an earlier value|earlier values))?$/.exec(summary) ?? []
    )
      .slice(1)
      .map((n) => Number(n ?? 0));
    expect((updated ?? 0) + (gone ?? 0)).toBe(100);
    const said = (words: string) => sheetTable(sheet).filter((r) => String(r["Latest refresh"]).split(" · ")[0] === words).length;
    expect([said("New"), said("Updated"), said("No longer found")]).toEqual([added, updated, gone]);
    expect(sheetTable(sheet).filter((r) => /^Updated · (.* · )?kept earlier /.test(String(r["Latest refresh"]))).length).toBe(kept);
    const lastRun = views().find((job) => job.name === sheet)?.lastRun;
    expect(lastRun).toBeTruthy();
    const at = lastRun?.at ?? "";
    expect(await line(sheet).locator(".last-run").innerText()).toBe(
      `Last run ${shortDateTime(at, SHEET_ZONE)} · 100 businesses · 100 credits`,
    );
    expect(shortDateTime(at, SHEET_ZONE)).not.toBe(shortDateTime(at, BROWSER_ZONE));
    // The browser's clock is elsewhere: the time names the spreadsheet's zone.
    expect(shortDateTime(at, SHEET_ZONE)).toMatch(/ E[SD]T$/);
    // The first run's count would be stale beside it: gone, as on a scheduled search.
    expect(await line(sheet).locator(".job-progress, progress").count()).toBe(0);
    expect(await line(sheet).locator(".job-meta").innerText()).toBe("Search · Completed");
    await expectFits(page, "refreshed now");
  });

  it("a scheduled search refreshed now: “refreshing now” alone while it runs, then the run, then each run's cost, once", async () => {
    const sheet = "bakery in Austin, Texas, US";
    const jobId = views().find((job) => job.name === sheet)?.jobId ?? "";
    expect(playground.runtime.run("setRefresh", [{ jobId, every: "day" }], { viaScriptRun: true }).errorMessage).toBeUndefined();
    await page.getByRole("button", { name: "Refresh jobs" }).click();
    await line(sheet).locator(".run-cost").waitFor();
    await page.getByRole("button", { name: "Start search" }).click();
    await page.getByRole("button", { name: "Refresh it now for up to 100 credits" }).click();
    await status()
      .filter({ hasText: /^Refreshing “bakery in Austin, Texas, US”/ })
      .waitFor();
    expect(await line(sheet).locator(".job-schedule").innerText()).toBe("Refreshes daily · refreshing now");
    expect(await line(sheet).locator(".last-run, .run-cost, .run-summary").count()).toBe(0);
    // The cost is said once: in the message.
    expect((await page.locator("body").innerText()).match(/100 credits/g)).toHaveLength(1);
    await eventually("the run is merged", async () => (await line(sheet).locator(".run-summary").count()) === 1);
    expect(await line(sheet).locator(".job-schedule").innerText()).toMatch(/^Refreshes daily · next \w{3} \d\d:\d\d( E[SD]T)?$/);
    expect(await line(sheet).locator(".run-cost").allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(
          /^Each run uses up to 100 credits\. Up to 700 credits a week, 3,000 a month: /.source +
            /your [\d,]+ credits last \d+ days, until \w{3}, \w{3} \d+(, \d{4})?\.$/.source,
        ),
      ),
    ]);
    expect(await line(sheet).locator(".last-run").innerText()).toMatch(/^Last run .+ · 100 businesses · 100 credits$/);
  });

  it("two searches named “Texas dentists” each say what they searched, and their sheet and start in the sheet's time zone", async () => {
    for (const location of ["Fort Worth, Texas, US", "Dallas, Texas, US"]) {
      expect(
        playground.runtime.run("startSearch", [{ query: "dentists", location, maxResults: 100, name: "Texas dentists" }], {
          viaScriptRun: true,
        }).errorMessage,
      ).toBeUndefined();
    }
    await page.getByRole("button", { name: "Refresh jobs" }).click();
    const named = line("Texas dentists");
    await eventually("both are listed", async () => (await named.count()) === 2);
    // Each line says its own search, beside its own sheet (both started in the same second: either comes first).
    const said = await Promise.all(
      [0, 1].map(
        async (i) => `${await named.nth(i).locator(".job-searched").innerText()} | ${await named.nth(i).locator(".job-where").innerText()}`,
      ),
    );
    const started = views().filter((job) => job.name === "Texas dentists");
    expect(said.sort()).toEqual(
      started
        .map(
          (job) =>
            `${job.searched ? searchedWords(job.searched) : ""} | Sheet “${job.sheetName}” · ${shortDateTime(job.createdAt, SHEET_ZONE)}`,
        )
        .sort(),
    );
    expect(said.map((s) => s.split(" | ")[0]).sort()).toEqual(["dentists · Dallas, Texas, US", "dentists · Fort Worth, Texas, US"]);
    await expectFits(page, "two searches of one name");
  });

  it(
    "an enrichment of 25 rows with 2 duplicates: preview, start, line and Open a job say the same rows, " + "businesses and duplicates",
    async () => {
      const testing = playground.runtime.spreadsheetApp.testing;
      const rows = Array.from({ length: 23 }, (_, i) => [`Clinic ${i + 1}`, `clinic${i + 1}.example.com`]);
      // Rows 12 and 20 repeat the businesses of rows 3 and 5 (row 1 is the header).
      rows.splice(10, 0, ["Clinic 2", "clinic2.example.com"]);
      rows.splice(18, 0, ["Clinic 4", "clinic4.example.com"]);
      testing.userAddSheet("Accounts");
      testing.userSeed("Accounts", "A1", [["Company", "Website"], ...rows]);
      testing.setActiveRange("Accounts", "A2:B26");

      await page.getByRole("tab", { name: "Enrich rows" }).click();
      await page.getByRole("button", { name: "Check selection" }).click();
      const preview = page.locator("#preview");
      await preview.getByText("Rows to send: 25 (23 businesses, 2 duplicates)").waitFor();
      expect(await preview.innerText()).toMatch(/Uses 23 of your [\d,]+ credits/);
      await expectFits(page, "the preview of 25 rows with 2 duplicates");

      await page.getByRole("button", { name: "Enrich rows" }).click();
      await status().filter({ hasText: "Enrichment started for rows 2–26 of Accounts: 25 rows (23 businesses, 2 duplicates)." }).waitFor();
      const run = page.locator("[data-run-id]");
      await eventually("the run has completed", async () => /Completed/.test(await textOf(run.locator(".job-meta"))));
      expect(await run.locator(".job-run").innerText()).toBe("25 of 25 rows sent (23 businesses, 2 duplicates) · 1 job");
      expect(await run.locator(".job-progress").innerText()).toBe("23 of 23 businesses enriched");
      expect(await run.locator("progress").getAttribute("aria-valuetext")).toBe("23 of 23 businesses enriched");
      // The sheet: every row, the duplicates too, has its business's result.
      expect(sheetTable("Accounts").map((r) => r["Enrichment status"])).toEqual(Array.from({ length: 25 }, () => "completed"));

      await page.getByRole("tab", { name: "Open a job" }).click();
      await page.getByRole("button", { name: "Show recent jobs" }).click();
      const recent = (playground.runtime.run("recentJobs", [{ kind: "enrichment" }], { viaScriptRun: true }).value as { jobs: RecentJob[] })
        .jobs[0];
      const item = page.locator(`#recent-jobs li[data-job-id="${recent?.jobId ?? ""}"]`);
      expect(await item.locator(".job-meta").innerText()).toBe(
        `Enrichment · Completed · 23 businesses · ${shortDateTime(recent?.createdAt ?? "", SHEET_ZONE)}`,
      );
      await expectFits(page, "Open a job with the enrichment");
    },
  );

  it("checked again, the rows already enriched are one group with their rows, not a line a row", async () => {
    await page.getByRole("tab", { name: "Enrich rows" }).click();
    await page.getByRole("button", { name: "Check selection" }).click();
    const skipped = page.getByRole("list", { name: "Rows that will be skipped" });
    await skipped.waitFor();
    expect(await skipped.getByRole("listitem").allInnerTexts()).toEqual(["Already enriched: 25 rows (2–26)"]);
    await expectFits(page, "the rows already enriched");
  });

  it(
    "Settings on a Growth plan says nothing of a free search; a completed job of another key, " + "nothing of its creator's passes",
    async () => {
      await page.getByRole("button", { name: "Settings", exact: true }).click();
      await page
        .locator("#account-credits")
        .filter({ hasText: /credits remain/ })
        .waitFor();
      expect(await page.locator("#account-details").innerText()).not.toMatch(/free search/i);
      await page.getByRole("button", { name: "Close settings" }).click();

      const { apiKey } = await simControl(playground.simUrl).createAccount({ plan: "starter" });
      expect(
        playground.runtime.run("saveSettings", [{ apiKey, baseUrl: playground.simUrl }], { viaScriptRun: true }).errorMessage,
      ).toBeUndefined();
      expect(views().every((job) => job.mine === false)).toBe(true);
      expect(views().some((job) => job.status === "completed" && job.kind === "search")).toBe(true);
      await page.getByRole("button", { name: "Refresh jobs" }).click();
      await status()
        .filter({ hasText: /^Jobs up to date/ })
        .waitFor();
      expect(await page.locator("#jobs").innerText()).not.toMatch(/creator's passes/);
    },
  );

  it(
    "a German spreadsheet (the playground's /?locale=de_DE): figures as it writes them, " + "dates in the sidebar's English, in its order",
    async () => {
      expect((await fetch(new URL("/?locale=de_DE", playground.url))).status).toBe(200);
      await page.goto(new URL("sidebar", playground.url).href);
      await page
        .locator("#account-line")
        .filter({ hasText: /credits left/ })
        .waitFor();
      expect(await page.locator("#account-line").innerText()).toMatch(/^Starter · \d{1,3}(\.\d{3})* credits left/);
      useSpreadsheet("de_DE", SHEET_ZONE, BROWSER_ZONE);
      const sheet = "bakery in Austin, Texas, US";
      const at = views().find((job) => job.name === sheet)?.lastRun?.at ?? "";
      expect(await line(sheet).locator(".last-run").innerText()).toBe(
        `Last run ${shortDateTime(at, SHEET_ZONE)} · 100 businesses · 100 credits`,
      );
      // One language a sentence: English words in German order ("Wed, 9 Dec, 17:20"), never "Mi., 9. Dez." inside an English one.
      expect(shortDateTime(at, SHEET_ZONE)).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d+ [A-Z][a-z]{2},? /);
      await screenshot(page, "locale-de.png");
      useSpreadsheet("en_US", SHEET_ZONE, BROWSER_ZONE);
    },
  );
});
