// End to end on the BUILT bundle: a search started from the sidebar is polled to completion by
// refreshJobs passes, and the sheet ends exactly equal to the service's results, once each, with
// every text exact; while the job runs, rows appear and are updated in place, never duplicated.
import { DEMO_KEYS, HOSTILE_EVERY } from "../../dev/simulator";
import { pollUntil, readSheet, serviceAccount, serviceResults, sidebar, sheetOf, type JobView } from "../../dev/world";
import { addPlainTextUserRow, expectedUserCell, plainTextUserRow } from "./plain-text-row";
import { setUpAccount, useWorld } from "../fixtures/world";
import { cellDifferences } from "./exact-sheet";

const world = useWorld();

describe.each([false, true])("a 200-result enriched search (plainTextStopsFormulas: %s)", (plainTextStopsFormulas) => {
  it("ends as exactly the service's businesses, once each, with exact text; partial rows are updated in place", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { maxActiveJobs: 25, runtime: { plainTextStopsFormulas } });
    const [austin] = sidebar(runtime, "findLocations", { q: "Austin", country: "US" });
    expect(austin).toBeDefined();
    const started = sidebar(runtime, "startSearch", { query: "plumbers", location: austin?.label, maxResults: 200 });
    expect(started.status).toBe("queued");
    expect(runtime.spreadsheetApp.testing.sheetNames()).toContain(started.sheetName);
    // A frozen, bold header row, columns sized for reading.
    const info = runtime.spreadsheetApp.testing.sheetInfo(sheetOf(started));
    expect(info.frozenRows).toBe(1);
    expect(runtime.spreadsheetApp.testing.cell(sheetOf(started), "A1").fontWeight).toBe("bold");
    // Name first, then the ways to reach the business; the Business ID after them, narrow.
    const header = readSheet(runtime, sheetOf(started)).headers;
    expect(header.slice(0, 5)).toEqual(["Name", "Phone", "Website", "Emails", "Address"]);
    const idColumn = header.indexOf("Business ID") + 1;
    expect(idColumn).toBeGreaterThan(5);
    expect(runtime.spreadsheetApp.testing.columnWidth(sheetOf(started), 1)).toBeGreaterThan(200);
    expect(runtime.spreadsheetApp.testing.columnWidth(sheetOf(started), idColumn)).toBeLessThan(100);
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

    const seenStatuses = new Set<string>();
    let sawPartialRows = false;
    let userRowAdded = false;
    const jobs = pollUntil(world, runtime, (list) => {
      const job = list.find((j) => j.jobId === started.jobId);
      if (!job) throw new Error("job missing from listJobs");
      seenStatuses.add(job.status);
      const { rows } = readSheet(runtime, sheetOf(job));
      const ids = rows.map((r) => r["Business ID"]).filter((id) => id !== "");
      expect(new Set(ids).size).toBe(ids.length); // never a duplicate, at any pass
      if (job.status !== "completed" && rows.length > 0) sawPartialRows = true;
      // Mid-job the user adds a row of their own between the results (see plain-text-row.ts).
      if (!userRowAdded && job.status !== "completed") userRowAdded = addPlainTextUserRow(runtime, sheetOf(job));
      return job.status === "completed" && job.rowsWritten === job.leadCount;
    });
    expect(sawPartialRows).toBe(true);
    expect([...seenStatuses]).toEqual(expect.arrayContaining(["running", "enriching", "completed"]));

    const job = jobs.find((j) => j.jobId === started.jobId) as JobView;
    const service = await serviceResults(world, apiKey, job.jobId);
    expect(service).toHaveLength(200);
    const { headers, rows: allRows } = readSheet(runtime, sheetOf(job));
    for (const h of ["Business ID", "Name", "Category", "Address", "Phone", "Website", "Emails", "Email status"])
      expect(headers).toContain(h);
    const rows = allRows.filter((r) => r["Business ID"] !== "");
    expect(rows).toHaveLength(200);
    // The user's plain-text row was rewritten on every later pass and is exactly as they left it.
    expect(userRowAdded).toBe(true);
    expect(plainTextUserRow(runtime, sheetOf(job))).toEqual([expect.objectContaining(expectedUserCell(plainTextStopsFormulas))]);
    // No other formula anywhere: the service's "=HYPERLINK(…)" texts stay text.
    const formulas = runtime.spreadsheetApp.testing
      .formulas(sheetOf(job))
      .flat()
      .filter((f) => f !== "");
    expect(formulas).toEqual(plainTextStopsFormulas ? [] : ["=1+2"]);
    expect(cellDifferences(rows, service)).toEqual([]);
    // The hostile values were really there and really exact.
    const titles = service.map((b) => b.title);
    expect(titles.filter((_, i) => (i + 1) % HOSTILE_EVERY === 0).length).toBeGreaterThan(10);
    expect(titles).toEqual(
      expect.arrayContaining(['=HYPERLINK("http://x","y")', "+1 Plumbing", "1/2 Price Pizza", "TRUE", "12%", "'Quoted Name Bakery"]),
    );

    // One charge: the search reserved 200 credits, once.
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(4800);
    // Nothing left to poll: the trigger is gone.
    expect(runtime.triggers).toEqual([]);
    // The key never reached a cell or a log line.
    const everything = JSON.stringify(runtime.spreadsheetApp.testing.sheetNames().map((n) => runtime.spreadsheetApp.testing.values(n)));
    expect(everything).not.toContain(apiKey);
    expect(JSON.stringify(runtime.logs)).not.toContain(apiKey);
  });
});

describe("startSearch refuses bad input before creating anything", () => {
  it.each([
    [{ query: "", location: "Austin, Texas, United States" }, /what to search for/],
    [{ query: "plumbers", location: "Austin, Texas, United States", maxResults: 50 }, /from 100 to 700/],
  ])("%j", async (args, message) => {
    const { runtime } = await setUpAccount(world, { apiKey: DEMO_KEYS.growth.apiKey });
    const before = runtime.spreadsheetApp.testing.sheetNames();
    expect(() => sidebar(runtime, "startSearch", args)).toThrow(message);
    expect(runtime.spreadsheetApp.testing.sheetNames()).toEqual(before);
    expect(runtime.http.requests.filter((r) => r.method.toUpperCase() === "POST")).toEqual([]);
  });

  it("says what a low balance allows", async () => {
    const { runtime } = await setUpAccount(world, { plan: "starter", credits: 150 });
    const [austin] = sidebar(runtime, "findLocations", { q: "Austin" });
    expect(() => sidebar(runtime, "startSearch", { query: "plumbers", location: austin?.label, maxResults: 200 })).toThrow(
      "This search can return at most 150 businesses (you have 150 credits). Lower Max results to 150 or less.",
    );
  });
});
