// Tests the words of the run line's "Continue with my key" (src/sidebar/run-continue.ts): when it
// is offered, the question with what the waiting rows cost, and what continuing did.
import type { AccountView } from "../../src/ui/views";
import type { RunView } from "../../src/sidebar/server";
import { continuedText, continueQuestion, offersContinue } from "../../src/sidebar/run-continue";
import { useSpreadsheet } from "../../src/sidebar/format";

// The browser's zone is UTC here: a time in the spreadsheet's other zone names it.
beforeAll(() => useSpreadsheet("en_US", null, "UTC"));

const run = (over: Partial<RunView> = {}): RunView => ({
  runId: "r",
  sheetName: "Accounts",
  rows: 20_000,
  rowsSent: 12_600,
  rowsWaiting: 7_400,
  jobs: 18,
  jobsRunning: 5,
  stopped: false,
  sentByMe: false,
  businessesWaiting: 7_100,
  ...over,
});
const account = (creditsRemaining: number): AccountView => ({
  planCode: "growth",
  planName: "Growth",
  status: "active",
  creditsRemaining,
  creditsAllowance: 10_000,
  maxResultsPerSearch: 700,
  maxAffordableResults: 700,
  freeSearchUsed: true,
  activeSearches: 0,
});

describe("Continue with my key", () => {
  it("is offered for another editor's run whose rows wait, not for one's own, a stopped one or one with nothing waiting", () => {
    expect(offersContinue(run())).toBe(true);
    expect(offersContinue(run({ sentByMe: true }))).toBe(false);
    expect(offersContinue(run({ stopped: true }))).toBe(false);
    expect(offersContinue(run({ rowsWaiting: 0 }))).toBe(false);
  });

  it("asks first, with the credits its waiting businesses take", () => {
    expect(continueQuestion(run(), account(9_800))).toBe(
      "Send the 7,400 waiting rows (7,100 businesses) of “Enrich Accounts” with your key from now on? Uses 7,100 of your 9,800 credits.",
    );
    expect(continueQuestion(run({ rowsWaiting: 1, businessesWaiting: 1 }), account(0))).toBe(
      "Send the 1 waiting row (1 business) of “Enrich Accounts” with your key from now on? Needs 1 credit — only 0 remain.",
    );
    expect(continueQuestion(run(), null)).toMatch(/They take up to 7,100 credits\.$/);
  });

  it("says what changed, and the rows held for the other editor's chunk until when", () => {
    expect(continuedText(run(), { rowsHeld: 0, heldUntil: null }, null)).toBe(
      "Your key now sends the 7,400 waiting rows of “Enrich Accounts”.",
    );
    // The time in the spreadsheet's zone, whatever the browser's.
    const now = new Date("2026-11-20T08:00:00Z");
    expect(continuedText(run(), { rowsHeld: 735, heldUntil: "2026-11-27T13:05:00Z" }, "Europe/Berlin", now)).toBe(
      "Your key now sends the 7,400 waiting rows of “Enrich Accounts”. 735 of them wait until Fri, Nov 27, " +
        "14:05 GMT+1 for a chunk the other editor's key may have sent.",
    );
  });
});
