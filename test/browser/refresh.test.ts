// A scheduled refresh watched in the playground, in chromium, on the built sidebar in its 300 px
// frame: a completed search set to refresh daily asks first, with what each run costs (Cancel
// leaves it off); once on, the job says "Refreshes daily · next …" instead of a date. "+1 day"
// lives through the day's hourly background passes (the run starts when due), "+1 hour" brings
// the next pass, which merges the run into the same sheet: the job line says "N new · N updated ·
// N no longer found" with the run's businesses and credits, the sheet says the same row by row,
// and no name changes under a Maps URL.
import { AUSTIN, describeInBrowser, eventually, openPlayground, pickLocationByKeyboard, screenshot, type Session } from "./browser";

describeInBrowser("a scheduled refresh, watched with the clock control", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("asks before the schedule is on, runs a day later and says what the run did: new, updated, no longer found", async () => {
    const { page, sidebar, playground } = session;
    const sheet = "Coffee refreshed";
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("coffee");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    await sidebar.getByRole("textbox", { name: "List name" }).fill(sheet);
    await sidebar.getByRole("button", { name: "Start search" }).click();
    const item = sidebar.getByRole("listitem").filter({ hasText: sheet }).first();
    await eventually("the search is completed", async () => /\bcompleted\b/i.test(await item.innerText()));
    const testing = playground.runtime.spreadsheetApp.testing;
    const table = () => {
      const [headers = [], ...rows] = testing.values(sheet).map((row) => row.map(String));
      return rows.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i] ?? ""])));
    };
    const before = table();
    expect(before).toHaveLength(100);
    // The finished search's line: its state, no stale date, no "rows written" beside "found".
    expect(await item.locator(".job-meta").innerText()).toBe("Search · Completed");
    expect(await item.innerText()).not.toMatch(/rows? written|added/);

    // Weekly, then Cancel: nothing is saved, the menu is back on Off.
    const schedule = item.getByRole("combobox", { name: "Refresh" });
    await schedule.selectOption("week");
    const ask = item.getByRole("group");
    await ask.filter({ hasText: /^Refresh weekly\? The search runs again every week and uses 100 of your [\d,]+ credits\./ }).waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    expect(await schedule.inputValue()).toBe("off");
    expect(await item.locator(".job-schedule").count()).toBe(0);

    // Daily: the question names what each run costs, as the search form does; the answer turns it on.
    await schedule.selectOption("day");
    // And what the schedule spends over time: a week, a month, and until when the credits last.
    const until = "until \\w{3}, \\w{3} \\d+(, \\d{4})?\\.";
    await ask
      .locator("p")
      .filter({
        hasText: new RegExp(
          `^Refresh daily\\? The search runs again every day and uses 100 of your 9,900 credits\\. ` +
            `New businesses are added to the sheet; none is removed\\. Up to 700 credits a week, 3,000 a month: ` +
            `your 9,900 credits last 99 days, ${until}$`,
        ),
      })
      .waitFor();
    // In view, the keyboard on its answer.
    expect(
      await ask.getByRole("button", { name: "Refresh daily" }).evaluate((button) => button === button.ownerDocument.activeElement),
    ).toBe(true);
    await screenshot(page.locator("iframe#sidebar"), "refresh-ask.png");
    await ask.getByRole("button", { name: "Refresh daily" }).click();
    await sidebar
      .getByRole("status")
      .filter({ hasText: /is refreshed daily\. Each run uses up to 100 credits; [\d,]+ remain\./ })
      .waitFor();
    const line = () => sidebar.getByRole("listitem").filter({ hasText: sheet }).first();
    await eventually("the job says its schedule", async () =>
      /^Refreshes daily · next \w{3} \d\d:\d\d( E[SD]T)?$/.test(
        await line()
          .locator(".job-schedule")
          .innerText()
          .catch(() => ""),
      ),
    );
    await line()
      .locator(".run-cost")
      .filter({
        hasText: new RegExp(
          `^Each run uses up to 100 credits\\. Up to 700 credits a week, 3,000 a month: your [\\d,]+ credits last \\d+ days, ${until}$`,
        ),
      })
      .waitFor();

    await page.getByRole("button", { name: "+1 day" }).click();
    await page.getByText(/Moved the clock forward a day: \d+ background passes ran\./).waitFor();
    // The sidebar reopened: the run started and is under way.
    await eventually(
      "the run is under way",
      async () =>
        (await line()
          .locator(".job-schedule")
          .innerText()
          .catch(() => "")) === "Refreshes daily · refreshing now",
    );

    await page.getByRole("button", { name: "+1 hour" }).click();
    await page.getByText(/Moved the clock forward 1 h: 1 background pass ran\./).waitFor();
    let summary = "";
    await eventually("the job says what the run did", async () => {
      summary = await line()
        .locator(".run-summary")
        .innerText()
        .catch(() => "");
      // Updated rows that kept an earlier value the run returned empty are counted too, when there are any.
      return /^\d+ new · \d+ updated · \d+ no longer found( · \d+ kept (an earlier value|earlier values))?$/.test(summary);
    });
    const [added, updated, gone, kept = 0] = (summary.match(/\d+/g) ?? []).map(Number);
    expect((updated ?? 0) + (gone ?? 0)).toBe(100);
    expect(added).toBeGreaterThan(0);
    expect(await line().locator(".last-run").innerText()).toMatch(/^Last run .+ · 100 businesses · 100 credits$/);
    expect(await line().locator(".job-schedule").innerText()).toMatch(/^Refreshes daily · next \w{3} \d\d:\d\d( E[SD]T)?$/);

    // The sheet says the same, row by row; no business twice, no name changed under its Maps URL.
    const after = table();
    const said = (words: string) => after.filter((r) => String(r["Latest refresh"]).split(" · ")[0] === words).length;
    expect([said("New"), said("Updated"), said("No longer found")]).toEqual([added, updated, gone]);
    expect(after.filter((r) => /^Updated · (.* · )?kept earlier /.test(String(r["Latest refresh"]))).length).toBe(kept);
    expect(new Set(after.map((r) => r["Maps URL"])).size).toBe(after.length);
    for (const row of before) expect(after.find((r) => r["Maps URL"] === row["Maps URL"])?.Name).toBe(row.Name);

    // Nothing wider than the 300 px frame.
    const overflow = await page.evaluate<number>(
      `(() => { const d = document.querySelector("iframe#sidebar").contentDocument.documentElement; ` +
        "return d.scrollWidth - d.clientWidth; })()",
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await line().scrollIntoViewIfNeeded();
    await screenshot(page.locator("iframe#sidebar"), "refresh.png");

    // Another search under the same list name: the two lines say which sheet and when.
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("tea");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN); // the sidebar reopened with the clock's moves
    await sidebar.getByRole("textbox", { name: "List name" }).fill(sheet);
    await sidebar.getByRole("button", { name: "Start search" }).click();
    const named = sidebar.getByRole("listitem").filter({ has: sidebar.locator(".job-name").filter({ hasText: new RegExp(`^${sheet}$`) }) });
    await eventually("both jobs are listed", async () => (await named.count()) === 2);
    const where = await named.locator(".job-where").allInnerTexts();
    expect(where).toHaveLength(2);
    expect(where[0]).toMatch(new RegExp(`^Sheet “${sheet} \\(2\\)” · \\w{3}, \\w{3} \\d+, \\d\\d:\\d\\d( E[SD]T)?$`));
    await named.last().scrollIntoViewIfNeeded();
    await screenshot(page.locator("iframe#sidebar"), "jobs-same-name.png");
    expect(where[1]).toMatch(new RegExp(`^Sheet “${sheet}” · \\w{3}, \\w{3} \\d+, \\d\\d:\\d\\d( E[SD]T)?$`));
  });
});
