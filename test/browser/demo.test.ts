// The README's demo at the playground's default pace, in chromium: a 700-result search for coffee
// in Austin, whose rows arrive in the grid in several steps (one per poll of the sidebar) and then
// fill in with contacts in several more, instead of all at once.
import { DEFAULT_SPEED } from "../../dev/playground/server";
import { AUSTIN, describeInBrowser, eventually, openPlayground, pickLocationByKeyboard, type Session } from "./browser";

describeInBrowser("the demo, at the default pace", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground({ speed: DEFAULT_SPEED });
  });
  afterAll(async () => session?.close());

  it("shows a 700-result search's rows arriving, then filling in, in several steps each", async () => {
    const { sidebar, playground } = session;
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("coffee");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    await sidebar.getByRole("spinbutton", { name: "Max results" }).fill("700");
    await sidebar.getByRole("textbox", { name: "List name" }).fill("Coffee demo");
    const startedAt = Date.now();
    await sidebar.getByRole("button", { name: "Start search" }).click();
    const testing = playground.runtime.spreadsheetApp.testing;
    const seen: Array<{ at: number; rows: number; filled: number }> = [];
    const sample = () => {
      if (!testing.sheetNames().includes("Coffee demo")) return;
      const values = testing.values("Coffee demo");
      const status = values[0]?.indexOf("Email status") ?? -1;
      const last = seen[seen.length - 1];
      const rows = Math.max(0, values.length - 1);
      const filled = values.slice(1).filter((r) => status >= 0 && r[status] !== "" && !/progress|pending/i.test(String(r[status]))).length;
      if (last === undefined || last.rows !== rows || last.filled !== filled) seen.push({ at: Date.now() - startedAt, rows, filled });
    };
    const sampler = setInterval(sample, 100);
    try {
      await eventually("all 700 rows are filled in", () => seen.some((s) => s.rows === 700 && s.filled === 700), 240_000);
    } finally {
      clearInterval(sampler);
    }
    process.stdout.write(`demo pace (speed ${DEFAULT_SPEED}): ${JSON.stringify(seen)}\n`);
    const rowSteps = new Set(seen.map((s) => s.rows).filter((n) => n > 0 && n < 700));
    const fillSteps = new Set(seen.map((s) => s.filled).filter((n) => n > 0 && n < 700));
    expect(rowSteps.size).toBeGreaterThanOrEqual(3);
    expect(fillSteps.size).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
