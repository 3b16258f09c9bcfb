// Another editor's waiting run in the real sidebar (300 px), on the built bundle: its line says
// another editor's key sends it and offers "Continue with my key" beside Stop; the button asks
// first, with what the waiting rows cost; once continued, the line is the user's own run (no more
// offer) and the message says which rows wait for the other editor's chunk.
import { simControl } from "../../dev/simulator/control-client";
import { describeInBrowser, eventually, openPlayground, screenshot, type Session } from "./browser";

const SHEET = "Account list";
const OTHER = "other@example.com";

describeInBrowser("another editor's waiting run", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("offers Continue with my key, asks with the cost, and the run is then sent with this key", async () => {
    const { page, sidebar, playground } = session;
    const control = simControl(playground.simUrl);
    const mine = await control.createAccount({ plan: "growth", credits: 10_000, maxActiveJobs: 25 });
    const theirs = await control.createAccount({ plan: "growth", credits: 10_000, maxActiveJobs: 1 });
    const runtime = playground.runtime;
    expect(
      runtime.run("saveSettings", [{ apiKey: mine.apiKey, baseUrl: playground.simUrl }], { viaScriptRun: true }).error,
    ).toBeUndefined();
    expect(
      runtime.run("saveSettings", [{ apiKey: theirs.apiKey, baseUrl: playground.simUrl }], { viaScriptRun: true, user: OTHER }).error,
    ).toBeUndefined();
    const testing = runtime.spreadsheetApp.testing;
    testing.userAddSheet(SHEET);
    testing.userSeed(SHEET, "A1", [
      ["Company", "Website"],
      ...Array.from({ length: 1_000 }, (_, i) => [`Company ${i + 1}`, `company${i + 1}.example.com`]),
    ]);
    // The other editor's start: one job (their account runs one at a time), the other 300 rows wait.
    expect(runtime.run("startEnrichment", [{ sheetName: SHEET }], { viaScriptRun: true, user: OTHER }).error).toBeUndefined();

    await sidebar.getByRole("button", { name: "Refresh jobs" }).click();
    const line = sidebar.locator("[data-run-id]");
    await line.getByText("Sent by another editor's key.").waitFor();
    expect(await line.getByRole("button", { name: "Stop" }).count()).toBe(1);
    await line.getByRole("button", { name: "Continue with my key" }).click();
    const question = line.getByRole("group");
    await question
      .getByText(/^Send the 300 waiting rows \(300 businesses\) of “Enrich Account list” with your key from now on\? (Uses|Needs) /)
      .waitFor();
    await screenshot(page.locator("iframe#sidebar"), "enrich-continue.png");

    await question.getByRole("button", { name: "Continue with my key" }).click();
    await sidebar
      .getByText(
        new RegExp(
          /^Your key now sends the 300 waiting rows of “Enrich Account list”\. /.source +
            /300 of them wait until .+ for a chunk the other editor's key may have sent\.$/.source,
        ),
      )
      .waitFor();
    await eventually(
      "the line is the user's own run",
      async () => (await line.getByRole("button", { name: "Continue with my key" }).count()) === 0,
    );
    expect(await line.getByText("Sent by another editor's key", { exact: false }).count()).toBe(0);
    // The other key's job still runs: the line says whose key does what now, not that its creator sends it.
    expect(await line.getByText("Started by another key", { exact: false }).count()).toBe(0);
    expect(await line.locator(".hint").first().innerText()).toBe(
      "Your key sends its waiting rows; the jobs another key sent are filled in by that key's passes.",
    );
    const overflow = await page.evaluate<number>(
      `(() => { const d = document.querySelector("iframe#sidebar").contentDocument.documentElement; ` +
        "return d.scrollWidth - d.clientWidth; })()",
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
