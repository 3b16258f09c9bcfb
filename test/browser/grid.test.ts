// The playground's page in chromium: the grid shows the emulated spreadsheet as text, a mouse
// selection becomes the document's active range, a pasted list becomes a sheet, sorting moves
// rows, and "Create a job elsewhere" makes a job on the service that this document has not seen,
// which the sidebar's "Open an existing job" then imports.
import { DEMO_KEYS } from "../../dev/simulator";
import { describeInBrowser, eventually, gridColumn, openPlayground, type Session } from "./browser";

describeInBrowser("the playground's grid", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("pastes a list as a new sheet, selected, shown cell by cell as text", async () => {
    const { page, playground } = session;
    await page.getByText("Paste a list", { exact: true }).click();
    await page.getByLabel(/One business a line/).fill("Zed Coffee, https://zed.example.com\n<b>Bold</b> Beans, not a website\nAlpha Cafe\thttps://alpha.example.com");
    await page.getByRole("button", { name: "Paste as a new sheet" }).click();
    await page.getByRole("tab", { name: "Pasted list" }).waitFor();
    expect(await page.getByRole("tab", { name: "Pasted list" }).getAttribute("aria-selected")).toBe("true");
    await page.locator('td[data-cell="A3"]').filter({ hasText: "<b>Bold</b> Beans" }).waitFor();
    expect(await page.locator("#grid b").count()).toBe(0);
    expect(await page.getByLabel("Selection").textContent()).toBe("Pasted list!A1:B4");
    expect(playground.runtime.spreadsheetApp.testing.values("Pasted list")).toEqual([
      ["Name", "Website"],
      ["Zed Coffee", "https://zed.example.com"],
      ["<b>Bold</b> Beans", "not a website"],
      ["Alpha Cafe", "https://alpha.example.com"],
    ]);
  });

  it("turns a mouse drag into the document's selection, and sorts by the selected column", async () => {
    const { page, playground } = session;
    await page.locator('td[data-cell="A2"]').hover();
    await page.mouse.down();
    await page.locator('td[data-cell="B3"]').hover();
    await page.mouse.up();
    await page.waitForFunction(`document.getElementById("selection").value === "Pasted list!A2:B3"`);
    await eventually("the document's selection is A2:B3", () => playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === "A2:B3");
    await page.getByRole("button", { name: "Sort A → Z" }).click();
    await page.locator('td[data-cell="A2"]').filter({ hasText: "<b>Bold</b> Beans" }).waitFor();
    expect(playground.runtime.spreadsheetApp.testing.values("Pasted list", "A2:A4").flat()).toEqual(["<b>Bold</b> Beans", "Alpha Cafe", "Zed Coffee"]);
    expect(await page.locator('td[data-cell="A1"]').textContent()).toBe("Name");
  });

  it("creates a job elsewhere: a search the demo account owns, unknown to this document", async () => {
    const { page, playground } = session;
    await page.getByRole("button", { name: "Create a job elsewhere" }).click();
    await page.waitForFunction(`/^[0-9a-f-]{36}$/.test(document.getElementById("elsewhere-id").value)`);
    const jobId = (await page.locator("#elsewhere-id").textContent()) ?? "";
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const res = await fetch(`${playground.simUrl}/api/v1/searches/${jobId}`, { headers: { "x-api-key": DEMO_KEYS.growth.apiKey } });
    expect(res.status).toBe(200);
    expect(JSON.stringify([...playground.runtime.stores.document])).not.toContain(jobId);
  });

  it("opens the job made elsewhere from the sidebar: tracked, with a sheet of its own that fills in", async () => {
    const { page, sidebar } = session;
    const jobId = (await page.locator("#elsewhere-id").textContent()) ?? "";
    await sidebar.getByRole("textbox", { name: "Job ID" }).fill(jobId);
    await sidebar.getByRole("button", { name: "Open job" }).click();
    const item = sidebar.locator(`[role=listitem][data-job-id="${jobId}"]`).first();
    await item.waitFor();
    expect(await item.innerText()).toContain("made elsewhere");
    await page.getByRole("tab", { name: /made elsewhere/ }).click();
    await eventually("the imported job's rows are in the grid", async () => (await gridColumn(page, "Name")).length > 0, 60_000);
  });
});
