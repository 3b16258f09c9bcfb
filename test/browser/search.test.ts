// A newcomer's search in the real sidebar, in chromium: pick "Austin, Texas, US" with the keyboard,
// start a search for "coffee", and watch the job's progress in the sidebar and its rows arrive in
// the grid; the playground guide's screenshots (docs/playground.md) are taken here. Then the same by keyboard alone,
// at the sidebar's 300 px.
import type { FrameLocator, Page } from "../../dev/browser/playwright";
import {
  AUSTIN,
  describeInBrowser,
  eventually,
  gridColumn,
  openPlayground,
  pickLocationByKeyboard,
  screenshot,
  type Session,
} from "./browser";

async function jobItem(sidebar: FrameLocator, name: string) {
  const item = sidebar.getByRole("listitem").filter({ hasText: name }).first();
  await item.waitFor();
  return item;
}

describeInBrowser("a search from the sidebar", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("a pick made before the last letters' look-up is due closes the list for good: that look-up is not sent", async () => {
    const { sidebar, playground } = session;
    const location = sidebar.getByRole("combobox", { name: "Location" });
    await location.fill("Au");
    await sidebar.getByRole("option").first().waitFor();
    // The look-ups the service was asked for "Aus" (the catalog's GET /locations).
    const lookups = () => playground.runtime.http.requests.filter((r) => r.url.includes("/locations") && r.url.includes("q=Aus")).length;
    // "s" schedules a look-up of "Aus" a moment later; the first place of the list of "Au" is picked first.
    await location.press("s");
    await location.press("ArrowDown");
    await location.press("Enter");
    expect(await location.inputValue()).toBe("");
    // Past the look-up's due time (250 ms): none is sent after the pick, and one sent before it (a slow machine) is not shown.
    const sentBefore = lookups();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await location.getAttribute("aria-expanded")).toBe("false");
    expect(lookups()).toBe(sentBefore);
    // The place picked leaves the list of places for the next test.
    await sidebar.getByRole("list", { name: "Places", exact: true }).getByRole("button").click();
  });

  it("picks a location with the keyboard; a typed city name alone cannot start a search", async () => {
    const { sidebar } = session;
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("coffee");
    const location = sidebar.getByRole("combobox", { name: "Location" });
    await location.fill("Austin");
    await sidebar.getByRole("option").first().waitFor();
    await location.press("Escape");
    expect(await location.getAttribute("aria-expanded")).toBe("false");
    // Not picked from the list: the search is refused (disabled, or a message) and nothing is sent.
    const start = sidebar.getByRole("button", { name: "Start search" });
    if (!(await start.isDisabled())) {
      await start.click();
      await sidebar
        .getByRole("alert")
        .filter({ hasText: /list|pick|choose/i })
        .waitFor();
    }
    expect(session.playground.runtime.http.requests.some((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/searches"))).toBe(
      false,
    );
    await location.fill("");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    // The pick is a chip at once, the field free for another place: one place is one search.
    expect(await sidebar.getByRole("list", { name: "Places", exact: true }).innerText()).toContain(AUSTIN);
    expect(await location.inputValue()).toBe("");
  });

  it("starts the search and shows its progress, while the rows arrive in the grid and fill in", async () => {
    const { sidebar, page, playground } = session;
    await sidebar.getByRole("textbox", { name: "List name" }).fill("Coffee in Austin");
    await sidebar.getByRole("button", { name: "Start search" }).click();
    const item = await jobItem(sidebar, "Coffee in Austin");
    expect(await item.getAttribute("data-job-id")).toMatch(/^[0-9a-f-]{36}$/);
    await item.getByRole("progressbar").waitFor();
    await page.getByRole("tab", { name: "Coffee in Austin" }).waitFor();
    // Rows arrive (names first), then enrichment fills in their email columns.
    await eventually("business names are in the grid", async () => (await gridColumn(page, "Name")).length > 0);
    await eventually("the job is completed in the sidebar", async () => /\b(done|completed)\b/i.test(await item.innerText()));
    await page.getByRole("tab", { name: "Coffee in Austin" }).click();
    await eventually("all 100 rows are in the grid, with their email status", async () => {
      const names = await gridColumn(page, "Name");
      const statuses = await gridColumn(page, "Email status");
      return names.length === 100 && statuses.length === 100 && !statuses.some((s) => /progress|pending/i.test(s));
    });
    const bar = item.getByRole("progressbar");
    const [now, max] = [await bar.getAttribute("aria-valuenow"), await bar.getAttribute("aria-valuemax")];
    if (now !== null && max !== null) expect(Number(now)).toBe(Number(max));
    else expect(await bar.getAttribute("value")).toBe(await bar.getAttribute("max"));
    expect(playground.runtime.spreadsheetApp.testing.values("Coffee in Austin").length).toBe(101);
    const sent = playground.runtime.http.requests.find((r) => r.method.toUpperCase() === "POST" && r.url.endsWith("/api/v1/searches"));
    expect(JSON.parse(sent?.body ?? "{}")).toMatchObject({ input: { query: "coffee", location: "Austin, Texas, US", countryCode: "US" } });
    // The finished search under the form, as the sidebar's first screen shows it.
    await screenshot(page.locator("iframe#sidebar"), "sidebar.png");
    await screenshot(page, "playground.png");
  });
});

describeInBrowser("the sidebar at 300 px, by keyboard alone", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("is 300 px wide and nothing in it needs horizontal scrolling", async () => {
    const { page } = session;
    const box = await page.locator("iframe#sidebar").boundingBox();
    expect(box?.width).toBe(300);
    const overflow = await page.evaluate<number>(
      `(() => { const d = document.querySelector("iframe#sidebar").contentDocument; ` +
        "return d.documentElement.scrollWidth - d.documentElement.clientWidth; })()",
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("every control has an accessible name, and a search can be started with Tab, typing, arrows and Enter", async () => {
    const { page, sidebar } = session;
    const unnamed = await page.evaluate<string[]>(
      `(() => { const d = document.querySelector("iframe#sidebar").contentDocument;
        return Array.from(d.querySelectorAll("button, input, select, textarea")).filter((e) => !e.hidden && e.type !== "hidden")
          .filter((e) => !(e.getAttribute("aria-label") || e.getAttribute("aria-labelledby") || (e.id && d.querySelector('label[for="' + ` +
        `e.id + '"]')) || e.closest("label") || (e.tagName === "BUTTON" && e.textContent.trim())))
          .map((e) => e.outerHTML.slice(0, 80)); })()`,
    );
    expect(unnamed).toEqual([]);
    // From the top of the page: the keyboard starts before the form.
    await sidebar.locator("#account-line").click();
    await tabUntil(page, "Search for");
    await page.keyboard.type("coffee");
    await tabUntil(page, "Location");
    await page.keyboard.type("Aus");
    await sidebar.getByRole("option").first().waitFor();
    const options = await sidebar.getByRole("option").allInnerTexts();
    for (let i = 0; i <= options.findIndex((o) => o.startsWith(AUSTIN)); i += 1) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await tabUntil(page, "Start search");
    await page.keyboard.press("Enter");
    await jobItem(sidebar, "coffee");
    await eventually("rows are in the grid", async () => (await gridColumn(page, "Name")).length > 0);
    await screenshot(page.locator("#grid-wrap"), "grid.png");
  });
});

/** Presses Tab until the focused element in the sidebar has the accessible label `name` (at most 60 presses). */
async function tabUntil(page: Page, name: string): Promise<void> {
  const focusedName =
    `(() => { const d = document.querySelector("iframe#sidebar").contentDocument; const e = d.activeElement; ` +
    `if (!e) return "";
    const label = e.id ? d.querySelector('label[for="' + e.id + '"]') : null;
    return (e.getAttribute("aria-label") || (label && label.textContent) || (e.tagName === "BUTTON" ? e.textContent ` +
    `: "") || "").trim(); })()`;
  for (let presses = 0; presses < 60; presses += 1) {
    if ((await page.evaluate<string>(focusedName)) === name) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${name}" in the sidebar`);
}
