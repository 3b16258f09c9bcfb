// The playground guide's demo (docs/playground.md) at the playground's default pace, in chromium: a 700-result search for coffee
// in Austin, whose rows arrive in the grid in several steps (one per poll of the sidebar) and then
// fill in with contacts in several more, instead of all at once. The test lives through that pace
// poll by poll: each step moves the playground's virtual clock as far as DEFAULT_SPEED would in one
// poll interval, then runs the page's clock to the sidebar's next poll; nothing waits in real time.
import { DEFAULT_SPEED } from "../../dev/playground/server";
import { SCRIPT_RUN_PATH } from "../../dev/playground/script-run-shim";
import { POLL_INTERVAL_MS } from "../../src/sidebar/poller";
import { AUSTIN, describeInBrowser, openPlayground, pickLocationByKeyboard, settled, type Session } from "./browser";

/** More polls than a 700-result search and its contacts take at the default pace. */
const MAX_POLLS = 60;
/** How far the page's clock moves at a time while the test waits for a poll the sidebar has not yet timed. */
const STEP_MS = 250;

describeInBrowser("the demo, at the default pace", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openPlayground({ speed: 0 });
  });
  afterAll(async () => session?.close());

  it("shows a 700-result search's rows arriving, then filling in, in several steps each", async () => {
    const { page, sidebar, playground } = session;
    await sidebar.getByRole("textbox", { name: "Search for" }).fill("coffee");
    await pickLocationByKeyboard(sidebar, "Aus", AUSTIN);
    await sidebar.getByRole("spinbutton", { name: "Max results" }).fill("700");
    await sidebar.getByRole("textbox", { name: "List name" }).fill("Coffee demo");
    await sidebar.getByRole("button", { name: "Start search" }).click();
    await sidebar
      .getByRole("status")
      .filter({ hasText: /Search started/ })
      .waitFor();
    const testing = playground.runtime.spreadsheetApp.testing;
    const seen: Array<{ poll: number; rows: number; filled: number }> = [];
    const sample = (poll: number) => {
      if (!testing.sheetNames().includes("Coffee demo")) return;
      const values = testing.values("Coffee demo");
      const status = values[0]?.indexOf("Email status") ?? -1;
      const last = seen[seen.length - 1];
      const rows = Math.max(0, values.length - 1);
      const filled = values.slice(1).filter((r) => status >= 0 && r[status] !== "" && !/progress|pending/i.test(String(r[status]))).length;
      if (last === undefined || last.rows !== rows || last.filled !== filled) seen.push({ poll, rows, filled });
    };
    for (let poll = 1; poll <= MAX_POLLS && !seen.some((s) => s.rows === 700 && s.filled === 700); poll += 1) {
      const polled = page.waitForResponse(
        (r) => r.url().endsWith(SCRIPT_RUN_PATH) && (r.request().postData() ?? "").includes('"refreshJobs"'),
      );
      let answered = false;
      polled.then(
        () => (answered = true),
        () => undefined,
      ); // a failed wait is thrown by `await polled` below
      // The sidebar sets its next poll's timer once it has shown the last answer and, when a job
      // moved, the account it then asks for: wait for those answers (events, not a time) first.
      await settled();
      playground.advance(POLL_INTERVAL_MS * DEFAULT_SPEED);
      await page.clock.runFor(POLL_INTERVAL_MS);
      // Should the timer still have been set after the run above (the account asked for once the
      // answer was shown, later than the wait above), step the page's clock on until the poll is
      // sent, never waiting in real time: at most two intervals of its time after its last answer
      // (one would do, but the page may set the timer a step or two after that answer came).
      for (let moved = 0; !answered && moved < 2 * POLL_INTERVAL_MS; ) {
        if (await settled()) {
          moved = 0;
          continue;
        }
        await Promise.race([polled, page.clock.runFor(STEP_MS)]);
        moved += STEP_MS;
      }
      if (!answered)
        throw new Error(`poll ${poll}: the sidebar sent no refreshJobs within two intervals of its clock after its last answer`);
      await polled;
      sample(poll);
    }
    process.stdout.write(`demo pace (speed ${DEFAULT_SPEED}, a poll every ${POLL_INTERVAL_MS} ms): ${JSON.stringify(seen)}\n`);
    expect(seen.some((s) => s.rows === 700 && s.filled === 700)).toBe(true);
    const rowSteps = new Set(seen.map((s) => s.rows).filter((n) => n > 0 && n < 700));
    const fillSteps = new Set(seen.map((s) => s.filled).filter((n) => n > 0 && n < 700));
    expect(rowSteps.size).toBeGreaterThanOrEqual(3);
    expect(fillSteps.size).toBeGreaterThanOrEqual(3);
  });
});
