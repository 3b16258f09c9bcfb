// A scheduled refresh watched in the playground, in chromium: a completed search set to refresh
// daily in the sidebar; "+1 day" lives through the day's hourly background passes (the run starts
// when due, and the sidebar, reopened, shows the next run a day later), "+1 hour" brings the next
// pass, which merges the run into the same sheet: the businesses the provider finds now are added.
import { AUSTIN, describeInBrowser, eventually, openPlayground, pickLocationByKeyboard, type Session } from "./browser";

describeInBrowser("a scheduled refresh, watched with the clock control", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("runs the daily refresh a day later and merges it an hour after that", async () => {
    const { page, sidebar, playground } = session;
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("coffee");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    await sidebar.getByRole("textbox", { name: "List name" }).fill("Coffee refreshed");
    await sidebar.getByRole("button", { name: "Start search" }).click();
    const item = sidebar.getByRole("listitem").filter({ hasText: "Coffee refreshed" }).first();
    await eventually("the search is completed", async () => /\bcompleted\b/i.test(await item.innerText()), 60_000);
    const rows = () => playground.runtime.spreadsheetApp.testing.values("Coffee refreshed").length - 1;
    expect(rows()).toBe(100);

    await item.getByRole("combobox", { name: "Refresh" }).selectOption("day");
    // What each run may spend, against what remains, in the message and under the job.
    await sidebar.getByRole("status").filter({ hasText: /is refreshed daily\. Each run uses up to 100 credits; [\d,]+ remain\./ }).waitFor();
    await item.locator(".run-cost").filter({ hasText: /^Each run uses up to 100 credits; [\d,]+ remain\.$/ }).waitFor();
    const scheduled = await item.locator(".hint").filter({ hasText: /Next run/ }).innerText();
    const clockText = async () => (await page.locator("#clock").textContent()) ?? "";
    const virtualTime = async () => Date.parse(`${/Virtual clock (\S+ \S+) UTC/.exec(await clockText())?.[1] ?? ""}Z`);
    const before = await virtualTime();

    await page.getByRole("button", { name: "+1 day" }).click();
    await page.getByText(/Moved the clock forward a day: \d+ background passes ran\./).waitFor();
    await eventually("the clock shows a day later", async () => (await virtualTime()) - before >= 24 * 3_600_000 - 60_000);
    // The sidebar reopened: the schedule moved on by a day (the run started).
    const reopened = sidebar.getByRole("listitem").filter({ hasText: "Coffee refreshed" }).first();
    await eventually("the next run is a day later", async () => {
      const text = await reopened.locator(".hint").filter({ hasText: /Next run/ }).innerText().catch(() => "");
      return text !== "" && text !== scheduled;
    });

    await page.getByRole("button", { name: "+1 hour" }).click();
    await page.getByText(/Moved the clock forward 1 h: 1 background pass ran\./).waitFor();
    expect(rows()).toBeGreaterThan(100);
    await page.getByRole("tab", { name: "Coffee refreshed" }).click();
    await eventually("the grid shows the merged rows", async () => (await page.locator('#grid td[data-cell="A101"]').count()) > 0);
    // The job shows its last run: when, businesses added, credits used.
    const again = sidebar.getByRole("listitem").filter({ hasText: "Coffee refreshed" }).first();
    await eventually("the last run is shown", async () => /Last run .+?: [\d,]+ business(es)? added, [\d,]+ credits?\./.test(await again.innerText().catch(() => "")));
  });
});
