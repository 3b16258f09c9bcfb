// Jobs made elsewhere, on the built bundle: recentJobs pages the account's API jobs newest first
// and says which ones the document tracks; importJob turns a completed search, a running search
// and an enrichment made directly on the service into exact sheets; a repeat changes nothing;
// an unknown or foreign ID is a clear error that creates no sheet; a killed import is finished
// in the same sheet, never a second one.
import { randomUUID } from "node:crypto";
import { BUSINESS_COLUMNS } from "../../src/sheets/columns";
import { expectedCells, pollUntil, readSheet, serviceResults, sidebar, sidebarRaw, sheetOf, type JobView } from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(13);

/** A job created straight on the service, as another tool would (Node's fetch, not the add-on). */
async function createDirect(apiKey: string, family: "searches" | "enrichments", body: unknown): Promise<string> {
  const res = await fetch(`${world.url}/api/v1/${family}`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { job_id?: string; detail?: string };
  if (res.status !== 202 || !json.job_id) throw new Error(`create ${family}: ${res.status} ${json.detail ?? ""}`);
  return json.job_id;
}

async function label(apiKey: string, city: string): Promise<string> {
  const res = await fetch(`${world.url}/api/v1/locations?q=${encodeURIComponent(city)}`, { headers: { "x-api-key": apiKey } });
  const body = (await res.json()) as { locations: Array<{ label: string }> };
  return body.locations[0]?.label ?? "";
}

function searchBody(location: string, query: string, maxResults = 100) {
  return { name: `${query} (made elsewhere)`, input: { query, location, maxResults }, enrich_contacts: true };
}

/** The sheet holds exactly the service's businesses, each once, with their values. */
async function expectExactSheet(runtime: FakeRuntime, apiKey: string, job: JobView, family = "searches"): Promise<void> {
  const service = await serviceResults(world, apiKey, job.jobId, family);
  const { rows } = readSheet(runtime, sheetOf(job));
  expect(rows.map((r) => r["Business ID"]).sort()).toEqual(service.map((b) => b.id).sort());
  for (const business of service) expect(rows.find((r) => r["Business ID"] === business.id)).toMatchObject(expectedCells(business));
}

describe("importJob", () => {
  it("a completed search made elsewhere becomes an exact sheet at once; importing it again changes nothing", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const jobId = await createDirect(apiKey, "searches", searchBody(await label(apiKey, "Portland"), "plumbers"));
    world.clock.advance(10 * 60 * 1000);
    const { runtime } = await setUpAccount(world, { apiKey: apiKey });
    const sheetsBefore = runtime.spreadsheetApp.testing.sheetNames().length;

    const view = sidebar(runtime, "importJob", { jobId });
    expect(view).toMatchObject({ jobId, kind: "search", status: "completed", rowsWritten: 100, name: "plumbers (made elsewhere)" });
    expect(runtime.spreadsheetApp.testing.sheetNames()).toHaveLength(sheetsBefore + 1);
    await expectExactSheet(runtime, apiKey, view);
    expect(runtime.triggers).toHaveLength(0); // nothing left to poll

    const requests = runtime.counters.fetchRequests;
    const writes = runtime.counters.spreadsheetWrites;
    const again = sidebar(runtime, "importJob", { jobId: ` ${jobId} ` });
    expect(again).toEqual(view);
    expect(runtime.counters.fetchRequests - requests).toBe(0);
    expect(runtime.counters.spreadsheetWrites - writes).toBe(0);
    expect(runtime.spreadsheetApp.testing.sheetNames()).toHaveLength(sheetsBefore + 1);
    expect(sidebar(runtime, "listJobs").map((j) => j.jobId)).toEqual([jobId]);
  });

  it("a running search keeps filling in with later passes until its sheet is exact", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const jobId = await createDirect(apiKey, "searches", searchBody(await label(apiKey, "Seattle"), "roofers", 300));
    world.clock.advance(12_000); // running: some businesses imported
    const { runtime } = await setUpAccount(world, { apiKey: apiKey });
    const view = sidebar(runtime, "importJob", { jobId });
    expect(view.status).toBe("running");
    expect(view.rowsWritten).toBeGreaterThan(0);
    expect(view.rowsWritten).toBeLessThan(300);
    expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);
    const jobs = pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === 300), 30_000);
    await expectExactSheet(runtime, apiKey, jobs[0] as JobView);
  });

  it("an enrichment made elsewhere gets a results sheet of its own, laid out like a search's", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const businesses = ["Acme Bakery", "Zed's Tools", "0042 Studio", "=Equals Co", "Café Ünïcode"].map((name, i) => ({
      business_name: name,
      website_url: `https://site-${i}.example.com/`,
    }));
    const jobId = await createDirect(apiKey, "enrichments", { name: "Enriched elsewhere", businesses });
    const { runtime } = await setUpAccount(world, { apiKey: apiKey });
    const view = sidebar(runtime, "importJob", { jobId });
    expect(view).toMatchObject({ jobId, kind: "enrichment", rowsWritten: 5 });
    const { headers } = readSheet(runtime, sheetOf(view));
    expect(headers.slice(0, 8)).toEqual(BUSINESS_COLUMNS.slice(0, 8).map((c) => c.header));
    expect(headers[0]).toBe("Name");
    const jobs = pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === 5));
    await expectExactSheet(runtime, apiKey, jobs[0] as JobView, "enrichments");
    expect(
      readSheet(runtime, sheetOf(view))
        .rows.map((r) => r.Name)
        .sort(),
    ).toEqual(businesses.map((b) => b.business_name).sort());
  });

  it("an unknown, foreign or malformed ID is a clear error and creates no sheet", async () => {
    const mine = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const other = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const foreign = await createDirect(other.apiKey, "searches", searchBody(await label(other.apiKey, "Austin"), "florists"));
    const { runtime } = await setUpAccount(world, { apiKey: mine.apiKey });
    const sheets = runtime.spreadsheetApp.testing.sheetNames();
    for (const jobId of [foreign, "00000000-0000-4000-8000-000000000000"]) {
      expect(() => sidebar(runtime, "importJob", { jobId })).toThrow(/No search or enrichment with ID .* was found for your API key/);
    }
    const requests = runtime.counters.fetchRequests;
    expect(() => sidebar(runtime, "importJob", { jobId: "abc" })).toThrow(/"abc" is not a job ID/);
    expect(() => sidebarRaw(runtime, "importJob", {})).toThrow(/Enter the job ID/);
    expect(runtime.counters.fetchRequests).toBe(requests);
    expect(runtime.spreadsheetApp.testing.sheetNames()).toEqual(sheets);
    expect(sidebar(runtime, "listJobs")).toEqual([]);
    expect(runtime.triggers).toHaveLength(0);
  });

  it("an import killed at any spreadsheet call is finished by repeating it, in one sheet", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const jobId = await createDirect(apiKey, "searches", searchBody(await label(apiKey, "Denver"), "tailors"));
    world.clock.advance(10 * 60 * 1000);
    for (let call = 1; call <= 12; call += 1) {
      const { runtime } = await setUpAccount(world, { apiKey: apiKey });
      const before = runtime.spreadsheetApp.testing.sheetNames().length;
      runtime.killAt({ spreadsheetCall: call });
      runtime.run("importJob", [{ jobId }], { viaScriptRun: true });
      const view = sidebar(runtime, "importJob", { jobId });
      const done = view.rowsWritten === 100 ? view : (sidebar(runtime, "refreshJobs")[0] as JobView);
      expect(runtime.spreadsheetApp.testing.sheetNames()).toHaveLength(before + 1);
      await expectExactSheet(runtime, apiKey, done);
    }
  });
});

describe("recentJobs", () => {
  it("pages both lists newest first, 20 a page, and marks the jobs this document tracks", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 20000, maxActiveJobs: 40 });
    const location = await label(apiKey, "Boston");
    const created: string[] = [];
    for (let i = 0; i < 27; i += 1) {
      world.clock.advance(1000);
      created.push(
        i % 7 === 3
          ? await createDirect(apiKey, "enrichments", {
              businesses: [{ business_name: `Shop ${i}`, website_url: `https://shop${i}.example.com` }],
            })
          : await createDirect(apiKey, "searches", searchBody(location, `query ${i}`)),
      );
    }
    const { runtime } = await setUpAccount(world, { apiKey: apiKey });
    const page1 = sidebar(runtime, "recentJobs");
    const page2 = sidebar(runtime, "recentJobs", { page: 2 });
    expect([page1.jobs.length, page1.hasMore, page2.jobs.length, page2.hasMore]).toEqual([20, true, 7, false]);
    const all = [...page1.jobs, ...page2.jobs];
    expect(all.map((j) => j.jobId)).toEqual([...created].reverse());
    expect(all.filter((j) => j.kind === "enrichment").map((j) => j.jobId)).toEqual(created.filter((_, i) => i % 7 === 3).reverse());
    expect(all.every((j) => !j.tracked)).toBe(true);

    const searches = sidebar(runtime, "recentJobs", { kind: "search", page: 2 });
    expect(searches.jobs.map((j) => j.jobId)).toEqual(
      created
        .filter((_, i) => i % 7 !== 3)
        .reverse()
        .slice(20),
    );
    expect(searches.hasMore).toBe(false);

    sidebar(runtime, "importJob", { jobId: created[25] ?? "" });
    const after = sidebar(runtime, "recentJobs", { kind: "search" });
    expect(after.jobs.filter((j) => j.tracked).map((j) => j.jobId)).toEqual([created[25]]);
    expect(() => sidebarRaw(runtime, "recentJobs", { kind: "dashboard" })).toThrow(/"search" or "enrichment"/);
  });
});
