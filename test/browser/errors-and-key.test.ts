// What the real sidebar says when the service refuses: a revoked key (401) and a search the
// credits no longer cover (402) each show a sentence a sales person can act on; and once a key is
// saved, the full key is nowhere in the sidebar's DOM, only its masked hint.
import { DEMO_KEYS, simControl } from "../../dev/simulator";
import { AUSTIN, describeInBrowser, eventually, openPlayground, pickLocationByKeyboard, sidebarDomText, type Session } from "./browser";
import type { FrameLocator } from "../../dev/browser/playwright";

async function saveKey(sidebar: FrameLocator, apiKey: string): Promise<void> {
  await sidebar.getByRole("textbox", { name: "API key" }).fill(apiKey);
  await sidebar.getByRole("button", { name: "Save settings" }).click();
}

describeInBrowser("the sidebar's messages and the key", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground({ presetKey: null });
    await session.sidebar.getByRole("textbox", { name: "Service address" }).fill(session.playground.simUrl);
  });
  afterAll(async () => session?.close());

  it("a revoked key (401) gets a readable message and is not saved", async () => {
    const { sidebar, playground } = session;
    await saveKey(sidebar, DEMO_KEYS.revoked.apiKey);
    const alert = sidebar.getByRole("alert");
    await alert.filter({ hasText: /key/i }).waitFor();
    const text = await alert.innerText();
    expect(text).toMatch(/refused the API key/i);
    expect(text).not.toMatch(/401|detail|stack|Error:/);
    expect([...playground.runtime.stores.user().keys()]).toEqual([]);
  });

  it("after saving, the full key is nowhere in the DOM; the hint shows its last 4 characters", async () => {
    const { sidebar, page, playground } = session;
    const { apiKey } = await simControl(playground.simUrl).createAccount({ plan: "starter", credits: 150 });
    await saveKey(sidebar, apiKey);
    await sidebar
      .getByText(`••••${apiKey.slice(-4)}`)
      .first()
      .waitFor();
    expect(await sidebar.locator("#api-key").inputValue()).toBe("");
    const dom = await sidebarDomText(page);
    expect(dom).not.toContain(apiKey);
    expect(dom).not.toContain(apiKey.slice(0, -4));
    await sidebar.getByText(/^Starter · 150 credits left$/).waitFor();
  });

  it("a search the credits no longer cover (402) gets a readable message", async () => {
    const { sidebar, playground } = session;
    // The account's credits are spent elsewhere after the sidebar read them: only the service knows.
    const account = (await (
      await fetch(`${playground.simUrl}/api/v1/account`, { headers: { "x-api-key": await currentKey(session) } })
    ).json()) as { credits_remaining: number };
    expect(account.credits_remaining).toBe(150);
    const spent = await fetch(`${playground.simUrl}/api/v1/searches`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": await currentKey(session), "idempotency-key": "spend-elsewhere" },
      body: JSON.stringify({ input: { query: "bakery", location: "Austin, Texas, US", maxResults: 100 } }),
    });
    expect(spent.status).toBe(202);
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("coffee");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    await sidebar.getByRole("button", { name: "Start search" }).click();
    const alert = sidebar.getByRole("alert");
    await eventually("the sidebar says why", async () => /credit/i.test(await alert.innerText().catch(() => "")));
    const text = await alert.innerText();
    expect(text).toMatch(/50/);
    expect(text).not.toMatch(/402|detail|stack|Error:/);
  });
});

/** The key the sidebar saved, read where the add-on keeps it (the test may; the page may not). */
async function currentKey(session: Session): Promise<string> {
  const key = session.playground.runtime.stores.user().get("businessLeads.apiKey");
  if (typeof key !== "string") throw new Error("no key saved");
  return key;
}
