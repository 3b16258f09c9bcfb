// The playground's page in chromium: the grid shows the emulated spreadsheet as text, a mouse
// selection becomes the document's active range, a pasted list becomes a sheet, sorting moves
// rows, and "Create a job elsewhere" makes a job on the service that this document has not seen,
// which the sidebar's "Open an existing job" then imports. By keyboard alone a list is typed,
// selected with Shift+arrows and checked by the sidebar (which reads that selection); Escape
// cancels an edit and Delete empties cells. With many sheets the tab bar scrolls, one line high.
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
    await page
      .getByLabel(/One business a line/)
      .fill("Zed Coffee, https://zed.example.com\n<b>Bold</b> Beans, not a website\nAlpha Cafe\thttps://alpha.example.com");
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
    await eventually(
      "the document's selection is A2:B3",
      () => playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === "A2:B3",
    );
    await page.getByRole("button", { name: "Sort A → Z" }).click();
    await page.locator('td[data-cell="A2"]').filter({ hasText: "<b>Bold</b> Beans" }).waitFor();
    expect(playground.runtime.spreadsheetApp.testing.values("Pasted list", "A2:A4").flat()).toEqual([
      "<b>Bold</b> Beans",
      "Alpha Cafe",
      "Zed Coffee",
    ]);
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
    await sidebar.getByRole("tab", { name: "Open a job" }).click();
    await sidebar.getByRole("textbox", { name: "Job ID" }).fill(jobId);
    await sidebar.getByRole("button", { name: "Open job" }).click();
    const item = sidebar.locator(`[role=listitem][data-job-id="${jobId}"]`).first();
    await item.waitFor();
    expect(await item.innerText()).toContain("made elsewhere");
    await page.getByRole("tab", { name: /made elsewhere/ }).click();
    await eventually("the imported job's rows are in the grid", async () => (await gridColumn(page, "Name")).length > 0);
  });
});

describeInBrowser("the playground's grid by keyboard", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  const selection = () => session.page.getByLabel("Selection").textContent();
  const press = async (...keys: string[]) => {
    for (const key of keys) await session.page.keyboard.press(key);
  };

  it("types a list with Tab, Enter and arrows, selects it with Shift+arrows, and the sidebar checks that selection", async () => {
    const { page, sidebar, playground } = session;
    await page.locator('td[data-cell="A1"]').click();
    const typeRow = async (name: string, website: string) => {
      await page.keyboard.type(name);
      await press("Tab");
      await page.keyboard.type(website);
      await press("Enter", "ArrowLeft");
    };
    await typeRow("Name", "Website");
    await typeRow("Keyboard Cafe", "https://keyboard-cafe.example.com");
    await typeRow("Arrow Bakery", "https://arrow-bakery.example.com");
    expect(await selection()).toBe("Sheet1!A4");
    await eventually(
      "the typed cells are in the document",
      () =>
        JSON.stringify(playground.runtime.spreadsheetApp.testing.values("Sheet1")) ===
        JSON.stringify([
          ["Name", "Website"],
          ["Keyboard Cafe", "https://keyboard-cafe.example.com"],
          ["Arrow Bakery", "https://arrow-bakery.example.com"],
        ]),
    );
    await press("ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp");
    expect(await selection()).toBe("Sheet1!A1");
    await press("Shift+ArrowDown", "Shift+ArrowDown", "Shift+ArrowRight");
    expect(await selection()).toBe("Sheet1!A1:B3");
    await eventually(
      "the document's selection is A1:B3",
      () => playground.runtime.spreadsheetApp.getActiveRange().getA1Notation() === "A1:B3",
    );
    await sidebar.getByRole("tab", { name: "Enrich rows" }).click();
    await sidebar.getByRole("button", { name: "Check selection" }).click();
    await sidebar
      .getByText(/Keyboard Cafe|\b2\b.*(row|business)/i)
      .first()
      .waitFor();
    expect(await sidebar.locator("body").innerText()).toMatch(/\b2\b[^\n]*(row|business)|(row|business)[^\n]*\b2\b/i);
    await page.locator("#grid").focus();
    await press("Shift+ArrowUp");
    expect(await selection()).toBe("Sheet1!A1:B2");
  });

  it("Escape leaves a cell as it was; Delete empties the selected cells", async () => {
    const { page, playground } = session;
    await page.locator('td[data-cell="A2"]').click();
    await page.keyboard.type("not this");
    await press("Escape");
    expect(await page.locator('td[data-cell="A2"]').textContent()).toBe("Keyboard Cafe");
    await press("Shift+ArrowRight", "Delete");
    await eventually("A2:B2 are empty", () =>
      playground.runtime.spreadsheetApp.testing
        .values("Sheet1", "A2:B2")
        .flat()
        .every((v) => v === ""),
    );
    expect(playground.runtime.spreadsheetApp.testing.values("Sheet1", "A3")).toEqual([["Arrow Bakery"]]);
  });

  it("keeps the sheet-tab bar one line high with 13 sheets: it scrolls, and the active tab is in view", async () => {
    const { page, playground } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    const heightBefore = (await page.locator("#tabs").boundingBox())?.height ?? 0;
    for (let i = 1; i <= 12; i += 1) testing.userAddSheet(`coffee in Austin, Texas, US ${i}`);
    await page.getByRole("tab", { name: "coffee in Austin, Texas, US 12" }).waitFor();
    const bar = await page.locator("#tabs").boundingBox();
    expect(bar?.height ?? 999).toBeLessThanOrEqual(heightBefore + 1);
    expect(
      await page.evaluate<boolean>(`(() => { const t = document.getElementById("tabs"); return t.scrollWidth > t.clientWidth; })()`),
    ).toBe(true);
    const active = await page.getByRole("tab", { name: "coffee in Austin, Texas, US 12" }).boundingBox();
    expect((active?.x ?? -1) >= (bar?.x ?? 0) && (active?.x ?? 0) + (active?.width ?? 0) <= (bar?.x ?? 0) + (bar?.width ?? 0) + 1).toBe(
      true,
    );
    await page.getByRole("tab", { name: "Sheet1" }).click();
    await page.locator('td[data-cell="A3"]').filter({ hasText: "Arrow Bakery" }).waitFor();
  });
});
