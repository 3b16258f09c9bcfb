// A whole account list from one click, in the real sidebar (300 px) on the built bundle: the
// preview says the cost and how long the run takes; after "Enrich rows" the run is ONE line of the
// job list ("… of 4,000 rows sent (… businesses) · 1 job running · … waiting", its bar the businesses
// enriched of the run's 4,000), whatever jobs it has; Stop sends no more rows, and the rows say so
// in the grid. The account is the demo key a person saves to watch this (demo-one-job).
import { DEMO_KEYS } from "../../dev/simulator";
import { describeInBrowser, eventually, gridColumn, openPlayground, screenshot, stepClocksTimes, type Session } from "./browser";

const SHEET = "Account list";
const ROWS = 4_000;

describeInBrowser("a whole list from one click", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("says the cost and time first, shows the run as one line, and Stop leaves the waiting rows unsent", async () => {
    const { page, sidebar, playground } = session;
    // The demo key whose account runs one job at a time (docs/playground.md, "The demo keys"), so most rows wait for the background passes.
    const apiKey = DEMO_KEYS.oneJob.apiKey;
    expect(playground.runtime.run("saveSettings", [{ apiKey, baseUrl: playground.simUrl }], { viaScriptRun: true }).error).toBeUndefined();
    const testing = playground.runtime.spreadsheetApp.testing;
    testing.userAddSheet(SHEET);
    const rows = [
      ["Company", "Website", "Owner", "Region"],
      ...Array.from({ length: ROWS }, (_, i) => [`Company ${i + 1}`, `company${i + 1}.example.com`, `Owner ${i + 1}`, "North"]),
    ];
    testing.userSeed(SHEET, "A1", rows);
    testing.setActiveSheet(SHEET);
    await page.getByRole("tab", { name: SHEET }).click();

    await sidebar.getByRole("tab", { name: "Enrich rows" }).click();
    await sidebar.getByRole("button", { name: "Check selection" }).click();
    // 4,000 businesses: 6 jobs of 700, more than run at once, so the preview says how long.
    await sidebar
      .getByText(
        "6 jobs of up to 700: about 2 hours in the background if the account runs 5 jobs at a time, sooner while the sidebar is open",
      )
      .waitFor();
    await sidebar.getByText(/Uses 4,000 of your 10,000 credits/).waitFor();

    await sidebar.getByRole("button", { name: "Enrich rows" }).click();
    await sidebar.getByText(/3,300 more rows wait for a free job slot/).waitFor();
    const line = sidebar.locator("[data-run-id]");
    await eventually("the run shows as one line", async () => (await line.count()) === 1);
    expect(await line.innerText()).toMatch(
      /Enrich Account list[\s\S]*700 of 4,000 rows sent \(700 businesses\) · 1 job running · 3,300 waiting/,
    );
    // Its progress counts businesses enriched (their rows say "completed"), of all the run's, waiting ones too.
    expect(await line.locator(".job-progress").innerText()).toMatch(/^\d+ of 4,000 businesses enriched$/);
    await screenshot(page.locator("iframe#sidebar"), "enrich-run.png");

    // The open sidebar's polls send the next rows as jobs finish: still one line.
    await eventually("a second job of the run is sent", async () => /1,400 of 4,000 rows sent/.test(await line.innerText()));
    expect(await sidebar.locator(".job").count()).toBe(1);
    const sentBefore = playground.runtime.http.requests.filter(
      (r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"),
    ).length;

    await line.getByRole("button", { name: "Stop" }).click();
    await sidebar.getByText(/^Stopped: [\d,]+ rows were not sent; their status in the sheet says so\./).waitFor();
    await eventually("the line says the run stopped", async () => /Stopped/.test(await line.innerText()));
    expect(await line.getByRole("button", { name: "Stop" }).count()).toBe(0);
    // Ten steps of both clocks: the sidebar polls, the playground's passes run; nothing more is sent.
    await stepClocksTimes(10);
    const sentAfter = playground.runtime.http.requests.filter(
      (r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/enrichments"),
    ).length;
    expect(sentAfter).toBe(sentBefore);
    // The grid draws the rows in view (the sent ones at the top); the sheet holds all of them.
    expect((await gridColumn(page, "Enrichment status"))[0]).toMatch(/^(Sent: waiting for results|completed)$/);
    const values = testing.values(SHEET);
    const status = values[0]?.indexOf("Enrichment status") ?? -1;
    const statuses = values.slice(1).map((row) => String(row[status]));
    expect(statuses.filter((s) => s === "Skipped: the run was stopped before this row was sent").length).toBeGreaterThan(2_000);
    expect(statuses.filter((s) => s === "Waiting to be sent")).toHaveLength(0);
    // Nothing wider than the sidebar's frame.
    const overflow = await page.evaluate<number>(
      `(() => { const d = document.querySelector("iframe#sidebar").contentDocument.documentElement; ` +
        "return d.scrollWidth - d.clientWidth; })()",
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
