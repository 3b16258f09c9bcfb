// End to end on the BUILT bundle: an enrichment run is listed from its start. On an account whose
// one job slot is taken, a start creates no job (the service's limit answers 429): the run is one
// line of listJobs all the same, its rows waiting, and showJobSheet and stopEnrichment take the run's own id; once
// the slot frees, a later pass sends the rows and the line carries on as the run's jobs.
import { sidebar } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(5);

describe("an enrichment run whose first rows meet a full job limit", () => {
  it("is listed from its start, can be stopped by its own id, and its rows say so", async () => {
    const { runtime } = await setUpAccount(world, { credits: 1000, maxActiveJobs: 1 });
    const [austin] = sidebar(runtime, "findLocations", { q: "Austin", country: "US" });
    // The account's one slot: a search that runs while the clock stands still.
    sidebar(runtime, "startSearch", { query: "plumbers", location: austin?.label ?? "", maxResults: 100 });
    runtime.spreadsheetApp.testing.userAddSheet("Leads");
    runtime.spreadsheetApp.testing.userSeed("Leads", "A1", [
      ["Company", "Website"],
      ["Acme Roofing", "acme-roofing.com"],
      ["Bolt Plumbing", "bolt-plumbing.com"],
    ]);
    runtime.spreadsheetApp.testing.setActiveSheet("Leads");
    const started = sidebar(runtime, "startEnrichment", {});
    expect([started.jobs.length, started.waiting]).toEqual([0, 2]);

    const line = sidebar(runtime, "listJobs").find((job) => job.kind === "enrichment");
    expect(line).toMatchObject({
      name: "Enrich Leads",
      status: "queued",
      sheetName: "Leads",
      mine: true,
      run: { rows: 2, rowsSent: 0, rowsWaiting: 2, jobs: 0, stopped: false },
    });
    expect(line?.jobId).toBe(line?.run?.runId);
    // Its Open sheet brings its list to the front, as any line's does.
    const testing = runtime.spreadsheetApp.testing;
    testing.setActiveSheet(testing.sheetNames().find((name) => name !== "Leads") ?? "");
    expect(sidebar(runtime, "showJobSheet", { jobId: line?.jobId ?? "" })).toEqual({ sheetName: "Leads" });
    expect(runtime.spreadsheetApp.getActiveSheet().getName()).toBe("Leads");

    const after = sidebar(runtime, "stopEnrichment", { jobId: line?.jobId ?? "" });
    expect(after.find((job) => job.jobId === line?.jobId)).toMatchObject({ status: "completed", run: { rowsWaiting: 0, stopped: true } });
    const statuses = runtime.spreadsheetApp.testing
      .values("Leads")
      .slice(1)
      .map((row) => row[2]);
    expect(statuses).toEqual([
      "Skipped: the run was stopped before this row was sent",
      "Skipped: the run was stopped before this row was sent",
    ]);
  });
});
