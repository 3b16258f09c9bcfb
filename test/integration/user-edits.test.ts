// A user who sorts, inserts columns, types notes, renames or deletes the results sheet while a
// job runs does not break the import: columns are found by header, rows by Business ID, and a
// deleted sheet is recreated and refilled. Runs the BUILT bundle in the fakes.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { columnOfHeader, newRuntime, pollUntil, readSheet, serviceResults, sidebar, sheetOf, type JobView } from "../../dev/world";
import { expectSheetExact } from "./exact-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";

const world = useWorld(3);

async function startJob(maxResults = 150): Promise<{ runtime: FakeRuntime; apiKey: string; job: JobView }> {
  const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25 });
  const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
  const job = sidebar(runtime, "startSearch", { query: "roofers", location: location?.label, maxResults });
  return { runtime, apiKey, job };
}

function runUntilRows(runtime: FakeRuntime, jobId: string, minRows: number): JobView {
  const jobs = pollUntil(world, runtime, (list) => (list.find((j) => j.jobId === jobId)?.rowsWritten ?? 0) >= minRows, 2000);
  return jobs.find((j) => j.jobId === jobId) as JobView;
}

function finish(runtime: FakeRuntime, jobId: string): JobView {
  const jobs = pollUntil(world, runtime, (list) => {
    const job = list.find((j) => j.jobId === jobId);
    return job?.status === "completed" && job.rowsWritten === job.leadCount && runtime.triggers.length === 0;
  });
  return jobs.find((j) => j.jobId === jobId) as JobView;
}

const expectExact = (runtime: FakeRuntime, apiKey: string, job: JobView) => expectSheetExact(world, runtime, apiKey, job);

describe("user edits during a job", () => {
  it("sorting the rows and inserting a column of notes mid-job: rows updated in place, the notes kept", async () => {
    const { runtime, apiKey, job } = await startJob();
    const partial = runUntilRows(runtime, job.jobId, 20);
    const testing = runtime.spreadsheetApp.testing;
    const nameColumn = readSheet(runtime, sheetOf(partial)).headers.indexOf("Name") + 1;
    testing.userSortSheet(sheetOf(partial), nameColumn, false); // by Name, descending
    testing.userInsertColumns(sheetOf(partial), 3, 1); // a new column C, among ours
    testing.userType(sheetOf(partial), "C1", "My notes");
    testing.userType(sheetOf(partial), "C2", "call back Monday");
    testing.userType(sheetOf(partial), "C3", "0042");
    const notedId = readSheet(runtime, sheetOf(partial)).rows[0]?.["Business ID"];

    const done = finish(runtime, job.jobId);
    await expectExact(runtime, apiKey, done);
    const { headers, rows } = readSheet(runtime, sheetOf(done));
    expect(headers[2]).toBe("My notes");
    expect(rows.find((r) => r["Business ID"] === notedId)?.["My notes"]).toBe("call back Monday");
    expect(rows.filter((r) => r["My notes"] === "call back Monday")).toHaveLength(1);
  });

  it("renaming the sheet mid-job: the job follows it by id", async () => {
    const { runtime, apiKey, job } = await startJob();
    const partial = runUntilRows(runtime, job.jobId, 10);
    runtime.spreadsheetApp.testing.userRenameSheet(sheetOf(partial), "My roofers");
    const done = finish(runtime, job.jobId);
    expect(done.sheetName).toBe("My roofers");
    await expectExact(runtime, apiKey, done);
  });

  it("two jobs' sheets swapping names mid-job: each job writes its own sheet, found by id", async () => {
    const { runtime, apiKey, job } = await startJob();
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const other = sidebar(runtime, "startSearch", { query: "plumbers", location: location?.label, maxResults: 150 });
    const first = runUntilRows(runtime, job.jobId, 10);
    const second = runUntilRows(runtime, other.jobId, 10);
    const testing = runtime.spreadsheetApp.testing;
    testing.userRenameSheet(sheetOf(first), "swap");
    testing.userRenameSheet(sheetOf(second), sheetOf(first));
    testing.userRenameSheet("swap", sheetOf(second));
    // Spare empty rows below each, as a new sheet in Sheets has: room to append without growing the grid.
    for (const name of [sheetOf(first), sheetOf(second)]) testing.userInsertRows(name, testing.sheetInfo(name).maxRows + 1, 500);
    // Each pass from now on writes each job's rows into its own sheet only, not into the one that took its name.
    for (let pass = 0; pass < 3; pass += 1) {
      world.clock.advance(10_000);
      sidebar(runtime, "refreshJobs");
      for (const [view, sheet] of [
        [job, sheetOf(second)],
        [other, sheetOf(first)],
      ] as const) {
        const own = new Set((await serviceResults(world, apiKey, view.jobId)).map((b) => b.id));
        expect(readSheet(runtime, sheet).rows.filter((row) => !own.has(String(row["Business ID"])))).toEqual([]);
      }
    }
    const done = [finish(runtime, job.jobId), finish(runtime, other.jobId)];
    expect(done.map((view) => view.sheetName)).toEqual([sheetOf(second), sheetOf(first)]);
    for (const view of done) await expectExact(runtime, apiKey, view);
  });

  it("deleting the sheet mid-job: it is recreated, refilled completely, and the job says so", async () => {
    const { runtime, apiKey, job } = await startJob();
    const partial = runUntilRows(runtime, job.jobId, 10);
    runtime.spreadsheetApp.testing.userAddSheet("Other");
    runtime.spreadsheetApp.testing.userDeleteSheet(sheetOf(partial));
    const done = finish(runtime, job.jobId);
    expect(runtime.spreadsheetApp.testing.sheetNames()).toContain(done.sheetName);
    expect(done.error).toMatch(/deleted; it was recreated/);
    await expectExact(runtime, apiKey, done);
  });

  it("a user's own row inside the results is left as it was, its text exact", async () => {
    const { runtime, apiKey, job } = await startJob();
    const partial = runUntilRows(runtime, job.jobId, 10);
    const testing = runtime.spreadsheetApp.testing;
    testing.userInsertRows(sheetOf(partial), 3, 1);
    for (const [header, value] of [
      ["Name", "my own lead"],
      ["Category", "0042"],
      ["Address", "1/2"],
    ] as const) {
      testing.userSeed(sheetOf(partial), `${columnOfHeader(runtime, sheetOf(partial), header)}3`, [[value]]);
    }
    const done = finish(runtime, job.jobId);
    await expectExact(runtime, apiKey, done);
    const mine = readSheet(runtime, sheetOf(done)).rows.filter((r) => r.Name === "my own lead");
    expect(mine).toHaveLength(1);
    expect([mine[0]?.Category, mine[0]?.Address]).toEqual(["0042", "1/2"]);
  });
});

describe("a job that fails", () => {
  it("is recorded with the service's error and what happened to the credits, and polling stops", async () => {
    const { runtime, job } = await startJob(200);
    runUntilRows(runtime, job.jobId, 10);
    await world.control.failJob(job.jobId, "Provider run aborted");
    const jobs = pollUntil(world, runtime, () => runtime.triggers.length === 0);
    const failed = jobs.find((j) => j.jobId === job.jobId) as JobView;
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("Provider run aborted");
    expect(failed.error).toMatch(/reserved 200 credits/);
  });
});

describe("the poll trigger", () => {
  it("an add-on keeps one hourly trigger, even when asked for every 5 minutes", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
    const runtime = newRuntime(world, { installation: "addon" });
    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, pollEveryMinutes: 5 });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    sidebar(runtime, "startSearch", { query: "a", location: location?.label, maxResults: 100 });
    sidebar(runtime, "startSearch", { query: "b", location: location?.label, maxResults: 100 });
    sidebar(runtime, "refreshJobs");
    expect(runtime.triggers.map((t) => [t.handler, t.schedule])).toEqual([["pollJobs", "everyHours(1)"]]);
  });

  it("a bound copy polls at the chosen interval, with one trigger, and the trigger runs the pass", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
    const runtime = newRuntime(world, { installation: "bound" });
    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, pollEveryMinutes: 5 });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const job = sidebar(runtime, "startSearch", { query: "c", location: location?.label, maxResults: 100 });
    sidebar(runtime, "startSearch", { query: "d", location: location?.label, maxResults: 100 });
    expect(runtime.triggers.map((t) => [t.handler, t.schedule])).toEqual([["pollJobs", "everyMinutes(5)"]]);
    for (let i = 0; i < 20 && runtime.triggers.length > 0; i += 1) {
      world.clock.advance(5 * 60 * 1000);
      for (const run of runtime.fireDueTriggers()) expect(run.errorMessage).toBeUndefined();
    }
    expect(runtime.triggers).toEqual([]);
    const finished = sidebar(runtime, "listJobs").find((j) => j.jobId === job.jobId);
    expect(finished?.status).toBe("completed");
    expect(finished?.rowsWritten).toBe(100);
  });
});

describe("a job the current key cannot see", () => {
  it("stops being polled, says why, and lets the trigger go", async () => {
    const { runtime, job } = await startJob(100);
    const other = await world.control.createAccount({ plan: "growth", credits: 5000 });
    sidebar(runtime, "saveSettings", { apiKey: other.apiKey, baseUrl: world.url });
    const [listed] = sidebar(runtime, "refreshJobs");
    expect(listed?.jobId).toBe(job.jobId);
    expect(listed?.error).toMatch(/No API key saved in this document can see this job any more/);
    expect(runtime.triggers).toEqual([]);
    const requestsBefore = runtime.counters.fetchRequests;
    sidebar(runtime, "refreshJobs");
    expect(runtime.counters.fetchRequests).toBe(requestsBefore); // nothing left to poll
  });
});
