// The playground lets a person try `Do not contact` as in Sheets, in chromium: "+" adds a sheet, Rename sheet (by keys) names it
// "Do not contact", a domain typed into its column A as people write it (`https://www.…/`), and the sidebar's Refresh contacts then
// counts the domain's addresses as in Do not contact; the page stays accessible.
import { expectAccessible } from "./axe";
import { describeInBrowser, eventually, finishedSearch, gridCell, openPlayground, type Session } from "./browser";

describeInBrowser("the playground's sheets, added and renamed", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground();
  });
  afterAll(async () => session?.close());

  it("adds a sheet, renames it Do not contact by keys, and a website typed there keeps its domain's addresses out", async () => {
    const { page, playground, sidebar } = session;
    const testing = playground.runtime.spreadsheetApp.testing;
    finishedSearch(playground, "dentists", "Dentists");
    expect(playground.runtime.run("buildContacts", [{}]).errorMessage).toBeUndefined();
    const [header = [], first = []] = testing.values("Contacts").map((row) => row.map(String));
    const domain = String(first[header.indexOf("Domain")]);
    const held = testing.values("Contacts").filter((row) => String(row[header.indexOf("Domain")]) === domain).length;

    const sheets = testing.sheetNames().length;
    await page.getByRole("button", { name: "Add sheet" }).click();
    await eventually("a sheet is added", () => testing.sheetNames().length === sheets + 1);
    const added = testing.sheetNames().at(-1) ?? "";
    await page.getByRole("tab", { name: added }).waitFor();
    await page.getByRole("button", { name: "Rename sheet" }).focus();
    await page.keyboard.press("Enter");
    const name = page.getByRole("textbox", { name: `New name of sheet ${added}` });
    await name.waitFor();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("Do not contact");
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Do not contact" }).waitFor();
    expect(testing.sheetNames()).toContain("Do not contact");
    await expectAccessible(page, "the playground with a renamed sheet");

    await gridCell(page, "A1").click();
    await page.keyboard.type(`https://www.${domain}/`);
    await page.keyboard.press("Enter");
    await eventually("the website is in A1", () => String(testing.values("Do not contact")[0]?.[0]) === `https://www.${domain}/`);

    await sidebar.getByRole("tab", { name: "Contacts" }).click();
    await sidebar.getByRole("button", { name: "Refresh contacts" }).click();
    await sidebar.getByText(new RegExp(`(: |· )${held} in Do not contact( ·|$)`)).waitFor({ timeout: 20_000 });
    const rows = testing.values("Contacts").filter((row) => String(row[header.indexOf("Domain")]) === domain);
    expect(rows.map((row) => row[header.indexOf("Ready to send")])).toEqual(rows.map(() => "No: domain in Do not contact"));
  });
});
