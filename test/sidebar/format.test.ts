// Tests the sidebar's words and numbers: the cost line, the bounds of a search, job progress,
// status words, schedules and what a refresh run did, dates in the spreadsheet's time zone, what a
// search searched, and an enrichment's rows, businesses and duplicates (src/sidebar/format.ts).
import type { AccountView } from "../../src/ui/views";
import type { JobView, RunOutcome, RunView, TerritoryView } from "../../src/sidebar/server";
import { territoryProblem } from "../../src/rules/affordability";
import {
  TERRITORY_PACE,
  perPlaceCost,
  territoryCost,
  territoryLine,
  territoryStarted,
  runLine,
  runProgress,
  businessesOfRows,
  skippedGroups,
  searchedText,
  shortDate,
  shortDateTime,
  nextRunWhen,
  runState,
  useSpreadsheet,
  accountLine,
  costLine,
  lastRunText,
  resultsProblem,
  runCostText,
  creditsBar,
  groupDigits,
  isActive,
  jobProgress,
  locationText,
  refreshQuestion,
  rowsWrittenText,
  runSummary,
  scheduleLine,
  jobWhere,
  searchBounds,
  statusWords,
} from "../../src/sidebar/format";

const account = (over: Partial<AccountView> = {}): AccountView => ({
  planCode: "starter",
  planName: "Starter",
  status: "active",
  creditsRemaining: 1500,
  creditsAllowance: 2000,
  maxResultsPerSearch: 700,
  maxAffordableResults: 700,
  freeSearchUsed: true,
  activeSearches: 0,
  ...over,
});

const job = (over: Partial<JobView> = {}): JobView => ({
  jobId: "j",
  kind: "search",
  name: "coffee in Austin",
  status: "running",
  leadCount: 120,
  enrichedCount: 0,
  creditsCharged: 300,
  sheetName: "coffee in Austin",
  rowsWritten: 120,
  error: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  finishedAt: null,
  refresh: null,
  mine: true,
  runCredits: 300,
  refreshing: false,
  ...over,
});

// The browser's zone is UTC here, the spreadsheet's not known: a time in another zone names it.
beforeAll(() => useSpreadsheet("en_US", null, "UTC"));
afterAll(() => useSpreadsheet("en_US", null));

describe("groupDigits", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1200, "1,200"],
    [1234567, "1,234,567"],
    [-4500, "-4,500"],
  ])("%d → %s", (n, text) => {
    expect(groupDigits(n)).toBe(text);
  });
});

describe("costLine", () => {
  it("says what a paid search reserves and what remains after it", () => {
    expect(costLine(account(), 300)).toBe("Uses 300 of your 1,500 credits");
  });
  it("charges a free account's one search 100 credits whatever it asks", () => {
    expect(costLine(account({ planCode: "free", creditsRemaining: 100, freeSearchUsed: false }), 100)).toBe("Uses 100 of your 100 credits");
  });
  it("says so when the credits do not cover it", () => {
    expect(costLine(account({ creditsRemaining: 250 }), 300)).toBe("Needs 300 credits — only 250 remain");
  });
});

describe("searchBounds and resultsProblem", () => {
  it("bounds max results by what the account can afford, and says what is wrong with a typed value instead of correcting it", () => {
    const bounds = searchBounds(account({ creditsRemaining: 450, maxAffordableResults: 450 }));
    expect(bounds).toEqual({ min: 100, max: 450, blocked: null });
    expect(resultsProblem("333", bounds)).toBeNull();
    expect(resultsProblem("100", bounds)).toBeNull();
    expect(resultsProblem("450", bounds)).toBeNull();
    expect(resultsProblem("20", bounds)).toBe("A search asks for at least 100 results: type 100 or more.");
    expect(resultsProblem("900", bounds)).toBe("A search asks for at most 700 results: type 700 or less.");
    expect(resultsProblem("500", bounds)).toBe("Your credits cover up to 450 results: type 450 or less.");
    expect(resultsProblem("", bounds)).toMatch(/whole number from 100 to 700/);
    expect(resultsProblem("abc", bounds)).toMatch(/whole number/);
    expect(resultsProblem("150.5", bounds)).toMatch(/whole number/);
  });
  it("puts the account in one line, with its status when it is not active", () => {
    expect(accountLine(account({ planName: "Growth", creditsRemaining: 9800 }))).toBe("Growth · 9,800 credits left");
    expect(accountLine(account({ planName: "Starter", status: "past_due", creditsRemaining: 1 }))).toBe(
      "Starter (past due) · 1 credit left",
    );
  });
  it("says what each refresh run may spend, and what the latest one did, a scheduled run or Refresh it now alike", () => {
    expect(runCostText({ runCredits: 100, mine: true }, account({ creditsRemaining: 9800 }))).toBe(
      "Each run uses up to 100 credits; 9,800 remain.",
    );
    expect(runCostText({ runCredits: 100, mine: true }, null)).toBe("Each run uses up to 100 credits.");
    // Another editor's search: its runs may be charged to their key, so this user's credits are not named.
    expect(runCostText({ runCredits: 100, mine: false }, account({ creditsRemaining: 9800 }))).toBe("Each run uses up to 100 credits.");
    expect(runCostText({ runCredits: null, mine: true }, account())).toBe("");
    const run: RunOutcome = {
      at: "2026-11-23T09:00:00.000Z",
      added: 4,
      updated: 96,
      notFound: 4,
      businesses: 100,
      credits: 100,
      keptEarlier: 0,
    };
    const now = new Date("2026-11-23T12:00:00Z");
    expect(runSummary(run)).toBe("4 new · 96 updated · 4 no longer found");
    expect(runSummary({ ...run, added: 1200, keptEarlier: 12 })).toBe(
      "1,200 new · 96 updated · 4 no longer found · 12 kept earlier values",
    );
    expect(runSummary({ ...run, keptEarlier: 1 })).toBe("4 new · 96 updated · 4 no longer found · 1 kept an earlier value");
    expect(lastRunText(run, "America/Chicago", now)).toBe("Last run Mon, Nov 23, 03:00 CST · 100 businesses · 100 credits");
    expect(lastRunText({ ...run, credits: null, businesses: 1 }, "Asia/Tokyo", now)).toBe("Last run Mon, Nov 23, 18:00 GMT+9 · 1 business");
  });
  it("asks before a schedule goes on, with what each run costs as the search form says it", () => {
    expect(refreshQuestion({ runCredits: 100, mine: true }, "day", account({ creditsRemaining: 9800 }))).toBe(
      "Refresh daily? The search runs again every day and uses 100 of your 9,800 credits. " +
        "New businesses are added to the sheet; none is removed.",
    );
    expect(refreshQuestion({ runCredits: 700, mine: true }, "week", account({ creditsRemaining: 300 }))).toMatch(
      /^Refresh weekly\? The search runs again every week and needs 700 credits — only 300 remain\./,
    );
    expect(refreshQuestion({ runCredits: 100, mine: false }, "day", account())).toMatch(
      /uses up to 100 credits of the account that started it\./,
    );
  });
  it("never above the service's 700", () => {
    expect(searchBounds(account({ creditsRemaining: 5000, maxAffordableResults: 900 })).max).toBe(700);
  });
  it("blocks a used free search, an inactive plan and too few credits, each with its reason", () => {
    expect(searchBounds(account({ planCode: "free", freeSearchUsed: true, maxAffordableResults: 0 })).blocked).toMatch(
      /free plan's one search has been used/,
    );
    expect(searchBounds(account({ maxResultsPerSearch: 0, maxAffordableResults: 0 })).blocked).toMatch(/not active/);
    expect(searchBounds(account({ creditsRemaining: 40, maxAffordableResults: 40 })).blocked).toBe(
      "Not enough credits: 40 remain, and a search needs at least 100.",
    );
  });
});

describe("creditsBar", () => {
  it("shows remaining of allowance", () => {
    expect(creditsBar(account())).toEqual({ value: 1500, max: 2000, text: "1,500 of 2,000 credits remain" });
  });
  it("is full, not overflowing, when top-ups exceed the allowance", () => {
    expect(creditsBar(account({ creditsRemaining: 2600 }))).toMatchObject({ value: 2600, max: 2600 });
  });
});

describe("jobProgress", () => {
  it("is imported of requested while a search runs", () => {
    expect(jobProgress(job())).toEqual({ value: 120, max: 300, text: "120 of 300 imported" });
  });
  it("is enriched of imported while enriching", () => {
    expect(jobProgress(job({ status: "enriching", leadCount: 280, enrichedCount: 70 }))).toEqual({
      value: 70,
      max: 280,
      text: "70 of 280 enriched",
    });
  });
  it("is indeterminate while nothing is known", () => {
    expect(jobProgress(job({ status: "queued", creditsCharged: null, leadCount: null })).value).toBeNull();
  });
  it("is full when done", () => {
    expect(jobProgress(job({ status: "completed", leadCount: 280 }))).toEqual({ value: 280, max: 280, text: "280 businesses found" });
  });
});

describe("words", () => {
  it("names statuses in plain words, an unknown one too: never the service's raw code", () => {
    expect(statusWords("enriching")).toBe("Enriching contacts");
    expect(statusWords("paused_by_admin")).toBe("Paused by admin");
    expect(statusWords("in_progress")).toBe("In progress");
    expect(statusWords("pending")).toBe("Pending");
  });
  it("knows which jobs are still active", () => {
    expect(isActive(job({ status: "importing" }))).toBe(true);
    expect(isActive(job({ status: "completed" }))).toBe(false);
    expect(isActive(job({ status: "failed" }))).toBe(false);
  });
  it("says an enrichment's rows and where, never that they are “written” (written is not finished)", () => {
    expect(rowsWrittenText(job({ rowsWritten: 1 }))).toBe("1 row in “coffee in Austin”");
    expect(rowsWrittenText(job({ sheetName: null, rowsWritten: 1200 }))).toBe("1,200 rows");
  });
  it("describes a schedule by how often and when next, not by a date that goes stale", () => {
    expect(scheduleLine(null, false)).toBe("Not refreshed automatically.");
    const refresh = {
      every: "day" as const,
      nextRunAt: "2026-11-29T07:41:00.000Z",
      lastRunAt: "2026-11-28T07:41:00.000Z",
      lastError: null,
      lastRunAdded: null,
      lastRunUpdated: null,
      lastRunNotFound: null,
      lastRunBusinesses: null,
      lastRunCredits: null,
      running: false,
    };
    const now = new Date("2026-11-28T12:00:00Z");
    expect(scheduleLine(refresh, false, "UTC", now)).toBe("Refreshes daily · next Sun 07:41");
    expect(scheduleLine(refresh, false, "America/Los_Angeles", now)).toBe("Refreshes daily · next Sat 23:41 PST");
    expect(scheduleLine({ ...refresh, every: "week", nextRunAt: "2026-12-20T07:41:00.000Z" }, false, "UTC", now)).toBe(
      "Refreshes weekly · next Sun, Dec 20, 07:41",
    );
    // A run under way, or asked for and not started yet: said once, instead of the next one.
    expect(scheduleLine(refresh, true, "UTC", now)).toBe("Refreshes daily · refreshing now");
  });
  it("tells two jobs of the same name apart by their sheet and start", () => {
    expect(
      jobWhere(
        { sheetName: "coffee in Austin (2)", createdAt: "2026-11-26T09:12:00.000Z" },
        "America/New_York",
        new Date("2026-11-27T00:00:00Z"),
      ),
    ).toBe("Sheet “coffee in Austin (2)” · Thu, Nov 26, 04:12 EST");
    expect(jobWhere({ sheetName: null, createdAt: "2026-11-26T09:12:00.000Z" }, "Asia/Kolkata", new Date("2026-11-27T00:00:00Z"))).toBe(
      "Started Thu, Nov 26, 14:42 GMT+5:30",
    );
  });
  it("says what a search searched under any name, unless its name already says its query and place", () => {
    const searched = { query: "dentists", place: "Fort Worth, Texas, US" };
    const said = "dentists · Fort Worth, Texas, US";
    expect(searchedText({ name: "Texas dentists", searched })).toBe(said);
    expect(searchedText({ name: "dentists in Fort Worth, Texas, US", searched })).toBeNull();
    expect(searchedText({ name: "Dentists · fort worth texas us", searched })).toBeNull();
    // The query and the place's own name are enough: "Coffee in Austin" says "coffee · Austin, Texas, US".
    expect(searchedText({ name: "Coffee in Austin", searched: { query: "coffee", place: "Austin, Texas, US" } })).toBeNull();
    expect(searchedText({ name: "Dallas dentists", searched })).toBe(said);
    expect(searchedText({ name: "Fort Worth", searched })).toBe(said);
    expect(
      searchedText({ name: "dentists, orthodontists in 5 places", searched: { query: "dentists, orthodontists", place: "5 places" } }),
    ).toBeNull();
    expect(searchedText({ name: "Enrich Accounts", searched: null })).toBeNull();
    // A territory's name shortens its places: its line names them all.
    const territory = { searches: 6, started: 2, waiting: 4, running: 2, finished: 0, failed: 0, stopped: false };
    const places = { query: "dentists, orthodontists", place: "Austin, Dallas, Springfield" };
    expect(searchedText({ name: "Dentists, orthodontists · Austin +2", searched: places, territory })).toBe(
      "dentists, orthodontists · Austin, Dallas, Springfield",
    );
    expect(searchedText({ name: "Zahnärzte", searched: { query: "Zahnärzte", place: "München, Bayern, DE" } })).toBe(
      "Zahnärzte · München, Bayern, DE",
    );
    // A query with " · " of its own is said as it is.
    expect(searchedText({ name: "Mine", searched: { query: "a · b", place: "Austin, Texas, US" } })).toBe("a · b · Austin, Texas, US");
  });
  it("shows a location by its full name, else its label", () => {
    expect(locationText({ full_name: "Austin, Texas, United States", label: "Austin,Texas,United States" })).toBe(
      "Austin, Texas, United States",
    );
    expect(locationText({ full_name: null, label: "Austin,Texas,United States" })).toBe("Austin,Texas,United States");
  });
});

describe("an enrichment run's line", () => {
  const run = (over: Partial<RunView>): RunView => ({
    runId: "r",
    sheetName: "Accounts",
    rows: 20_000,
    rowsSent: 12_600,
    rowsWaiting: 7_400,
    businessesWaiting: 7_400,
    jobs: 18,
    jobsRunning: 5,
    stopped: false,
    sentByMe: true,
    ...over,
  });
  /** `count` jobs of 700 businesses: `done` completed, the others enriching with `enriched` each so far. */
  const jobs = (count: number, done: number, enriched = 0): JobView[] =>
    Array.from({ length: count }, (_, i) =>
      job({ kind: "enrichment", status: i < done ? "completed" : "enriching", leadCount: 700, enrichedCount: i < done ? 700 : enriched }),
    );

  it("says the rows sent with their businesses, the jobs running and the rows waiting", () => {
    expect(runLine(run({ rowsSent: 12_600 }), jobs(18, 13))).toBe(
      "12,600 of 20,000 rows sent (12,600 businesses) · 5 jobs running · 7,400 waiting",
    );
    expect(runState(run({}))).toBe("Sending rows");
  });

  it("once every row is sent, the jobs still running; once they end, the jobs it took", () => {
    expect(
      runLine(run({ rowsSent: 20_000, rowsWaiting: 0, businessesWaiting: 0, jobsRunning: 1, rows: 20_000 }), [
        ...jobs(28, 28),
        job({ kind: "enrichment", leadCount: 400 }),
      ]),
    ).toBe("20,000 of 20,000 rows sent (20,000 businesses) · 1 job running");
    expect(runState(run({ rowsSent: 20_000, rowsWaiting: 0, jobsRunning: 1 }))).toBe("Enriching contacts");
    expect(runLine(run({ rows: 1_400, rowsSent: 1_400, rowsWaiting: 0, jobsRunning: 0, jobs: 2 }), jobs(2, 2))).toBe(
      "1,400 of 1,400 rows sent (1,400 businesses) · 2 jobs",
    );
    expect(runState(run({ rowsSent: 20_000, rowsWaiting: 0, jobsRunning: 0 }))).toBe("Completed");
  });

  it("says rows, businesses and duplicates as the preview does: 25 rows of 23 businesses", () => {
    const oneJob = [job({ kind: "enrichment", status: "completed", leadCount: 23, enrichedCount: 23 })];
    expect(runLine(run({ rows: 25, rowsSent: 25, rowsWaiting: 0, businessesWaiting: 0, jobs: 1, jobsRunning: 0 }), oneJob)).toBe(
      "25 of 25 rows sent (23 businesses, 2 duplicates) · 1 job",
    );
    expect(businessesOfRows(25, 23)).toBe("(23 businesses, 2 duplicates)");
    expect(businessesOfRows(1, 1)).toBe("(1 business)");
    expect(businessesOfRows(1_201, 1_200)).toBe("(1,200 businesses, 1 duplicate)");
  });

  it("its progress counts the businesses whose enrichment has completed, not the rows written", () => {
    // 4,000 rows sent in 6 jobs: 2 completed, 4 still enriching, 1,504 businesses not enriched yet ("pending" in the sheet).
    const six = [
      ...jobs(2, 2),
      ...Array.from({ length: 4 }, (_, i) =>
        job({ kind: "enrichment", status: "enriching", leadCount: i < 3 ? 700 : 500, enrichedCount: 424 }),
      ),
    ];
    const sent = run({ rows: 4_000, rowsSent: 4_000, rowsWaiting: 0, businessesWaiting: 0, jobs: 6, jobsRunning: 4 });
    expect(runProgress(sent, six)).toEqual({ value: 3_096, max: 4_000, text: "3,096 of 4,000 businesses enriched" });
    // Rows still waiting count too: their businesses are the run's.
    expect(runProgress(run({ businessesWaiting: 3_300 }), jobs(1, 0, 100))).toEqual({
      value: 100,
      max: 4_000,
      text: "100 of 4,000 businesses enriched",
    });
    expect(runProgress(run({ businessesWaiting: 0 }), []).text).toBe("0 of 0 businesses enriched");
  });

  it("a stopped run says so, and whether its jobs are still finishing", () => {
    expect(runState(run({ stopped: true, rowsWaiting: 0, jobsRunning: 2 }))).toBe("Stopped · its jobs finish");
    expect(runState(run({ stopped: true, rowsWaiting: 0, jobsRunning: 0 }))).toBe("Stopped");
    expect(
      runLine(run({ stopped: true, rowsWaiting: 0, businessesWaiting: 0, jobsRunning: 0, rowsSent: 1_400, jobs: 2 }), jobs(2, 2)),
    ).toBe("1,400 of 20,000 rows sent (1,400 businesses) · 2 jobs");
  });
});

describe("the rows a preview skips", () => {
  it("are grouped by reason, each with its rows as ranges, not one line a row", () => {
    const skipped = [
      ...Array.from({ length: 12 }, (_, i) => ({ row: 3 + i, reason: "already enriched" })),
      { row: 17, reason: "no website" },
      { row: 20, reason: "already enriched" },
      { row: 21, reason: "already enriched" },
      { row: 30, reason: "not enough credits (0 remain)" },
    ].sort((a, b) => a.row - b.row);
    expect(skippedGroups(skipped)).toEqual([
      "Already enriched: 14 rows (3–14, 20–21)",
      "No website: row 17",
      "Not enough credits (0 remain): row 30",
    ]);
    const scattered = Array.from({ length: 9 }, (_, i) => ({ row: 2 + 2 * i, reason: "no business name" }));
    expect(skippedGroups(scattered)).toEqual(["No business name: 9 rows (2, 4, 6, 8, 10, 12, …)"]);
    expect(skippedGroups([])).toEqual([]);
  });
});

describe("dates a person reads", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  it("are in the spreadsheet's time zone, whatever the browser's, on a 24-hour clock", () => {
    expect(shortDateTime("2026-11-23T14:05:00.000Z", "America/New_York", now)).toBe("Mon, Nov 23, 09:05 EST");
    expect(shortDateTime("2026-11-23T14:05:00.000Z", "Europe/Berlin", now)).toBe("Mon, Nov 23, 15:05 GMT+1");
    // After midnight there: another day, and 00:30, never 24:30.
    expect(shortDateTime("2026-11-23T23:30:00.000Z", "Europe/Berlin", now)).toBe("Tue, Nov 24, 00:30 GMT+1");
    // Another year in that zone says its year.
    expect(shortDateTime("2025-12-31T23:30:00.000Z", "America/New_York", now)).toBe("Wed, Dec 31, 2025, 18:30 EST");
    expect(shortDateTime("2025-12-31T23:30:00.000Z", "Asia/Tokyo", now)).toBe("Thu, Jan 1, 08:30 GMT+9");
    expect(shortDateTime(null, "UTC")).toBe("");
    expect(nextRunWhen("2026-11-29T02:00:00.000Z", "America/Chicago", now)).toBe("Sat 20:00 CST");
  });

  it("name no zone where the spreadsheet's is the browser's; a job of a spreadsheet in another zone names its", () => {
    useSpreadsheet("en_US", "America/New_York", "America/New_York");
    expect(shortDateTime("2026-11-23T14:05:00.000Z", "America/New_York", now)).toBe("Mon, Nov 23, 09:05");
    expect(shortDateTime("2026-11-23T14:05:00.000Z", "Europe/Berlin", now)).toBe("Mon, Nov 23, 15:05 GMT+1");
    // The spreadsheet's zone in a browser elsewhere (the playground's page in UTC): named, as it could be read as the browser's.
    useSpreadsheet("en_US", "America/New_York", "UTC");
    expect(shortDateTime("2026-11-23T14:05:00.000Z", "America/New_York", now)).toBe("Mon, Nov 23, 09:05 EST");
    useSpreadsheet("en_US", null, "UTC");
  });

  it("and figures follow the spreadsheet's region in the sidebar's one language: de_DE reads 4.577 and Mon 23 Nov, its zone CET", () => {
    useSpreadsheet("de_DE", "UTC", "UTC");
    expect(groupDigits(4577)).toBe("4.577");
    expect(accountLine(account({ creditsRemaining: 4577 }))).toBe("Starter · 4.577 credits left");
    expect(shortDateTime("2026-11-23T14:05:00.000Z", "UTC", now)).toBe("Mon, 23 Nov, 14:05");
    // An English sentence, a German spreadsheet in Berlin read from a browser in Austin: English words, one zone label.
    useSpreadsheet("de_DE", "Europe/Berlin", "America/Chicago");
    expect(shortDateTime("2026-12-09T16:20:00.000Z", "Europe/Berlin", now)).toBe("Wed, 9 Dec, 17:20 CET");
    expect(shortDate(new Date("2026-12-21T12:00:00.000Z"), "Europe/Berlin", now)).toBe("Mon, 21 Dec");
    useSpreadsheet("not a locale!", "UTC", "UTC");
    expect(groupDigits(4577)).toBe("4,577");
    useSpreadsheet("en_US", null, "UTC");
  });
});

describe("a territory", () => {
  const counts = (over: Partial<TerritoryView> = {}): TerritoryView => ({
    searches: 6,
    started: 2,
    waiting: 4,
    running: 2,
    finished: 0,
    failed: 0,
    stopped: false,
    ...over,
  });

  it(
    "costs every search before the click, in previewSearch's figures, and is refused with its sentence when " +
      "the credits cannot cover it",
    () => {
      const growth = account({ planCode: "growth", creditsRemaining: 5000 });
      expect(territoryCost(growth, 2, 3, 100)).toEqual({
        line: "6 searches (2 queries × 3 places) · up to 100 results each · up to 600 credits of your 5,000",
        problem: null,
      });
      expect(territoryCost(growth, 1, 2, 700).line).toBe(
        "2 searches (1 query × 2 places) · up to 700 results each · up to 1,400 credits of your 5,000",
      );
      // Two queries and no place yet: what each place picked will cost, not one search's cost.
      expect(perPlaceCost(account({ creditsRemaining: 10000 }), 2, 100)).toBe(
        "2 searches a place picked · up to 200 credits a place, of your 10,000",
      );
      const short = territoryCost(growth, 3, 3, 700);
      expect(short.problem).toBe(territoryProblem(growth, 9, 700));
      expect(short.problem).toMatch(/6,300 credits.*5,000 remain/);
      expect(territoryCost(account({ planCode: "free", freeSearchUsed: false, creditsRemaining: 100 }), 2, 1, 100).problem).toMatch(
        /free account's one search cannot be a territory/,
      );
      expect(TERRITORY_PACE).toBe(
        "As many as your account runs at once start now; the others start as those finish, " +
          "in the background (also with the sidebar closed).",
      );
    },
  );

  it("says once started how many run now and how many wait", () => {
    expect(territoryStarted(counts())).toBe("2 searches run now; 4 wait for a free job slot and start in the background.");
    expect(territoryStarted(counts({ started: 2, running: 2, waiting: 1, searches: 3 }))).toBe(
      "2 searches run now; 1 waits for a free job slot and starts in the background.",
    );
    expect(territoryStarted(counts({ started: 1, running: 1, waiting: 2, searches: 3 }))).toBe(
      "1 search runs now; 2 wait for a free job slot and start in the background.",
    );
    expect(territoryStarted(counts({ started: 6, running: 6, waiting: 0 }))).toBe("");
  });

  it(
    "is one line: its searches running and waiting and the businesses so far, then its searches and businesses, " +
      "those found by more than one search said",
    () => {
      const running = job({
        status: "running",
        leadCount: 212,
        territory: counts({ running: 2, waiting: 3, finished: 1, started: 3 }),
        foundByMore: 4,
      });
      expect(territoryLine(running, counts({ running: 2, waiting: 3, finished: 1, started: 3 }))).toBe(
        "2 running · 3 waiting · 212 businesses so far",
      );
      expect(jobProgress(running)).toEqual({
        value: 1,
        max: 6,
        text: "2 running · 3 waiting · 212 businesses so far",
        valueText: "1 of 6 searches done",
      });
      const done = counts({ started: 6, waiting: 0, running: 0, finished: 6 });
      expect(territoryLine(job({ status: "completed", leadCount: 500, foundByMore: 100 }), done)).toBe(
        "6 searches · 500 businesses (100 found by more than one search)",
      );
      expect(territoryLine(job({ status: "completed", leadCount: 1, foundByMore: 1 }), done)).toBe(
        "6 searches · 1 business (1 found by more than one search)",
      );
      expect(territoryLine(job({ status: "completed", leadCount: 80, foundByMore: 0 }), { ...done, finished: 5, failed: 1 })).toBe(
        "6 searches · 1 failed · 80 businesses",
      );
    },
  );

  it("once stopped: its searches under way, then how many of its searches ran; its bar counts only those", () => {
    const stopped = counts({ searches: 3, started: 1, waiting: 0, running: 1, stopped: true });
    expect(territoryLine(job({ status: "running", leadCount: 40 }), stopped)).toBe("Stopped · 1 running · 40 businesses so far");
    const ended = { ...stopped, running: 0, finished: 1 };
    expect(territoryLine(job({ status: "completed", leadCount: 100, foundByMore: 0 }), ended)).toBe(
      "Stopped · 1 of 3 searches ran · 100 businesses",
    );
    expect(jobProgress(job({ status: "completed", territory: ended }))).toMatchObject({
      value: 1,
      max: 1,
      valueText: "1 of 1 search done",
    });
  });
});
