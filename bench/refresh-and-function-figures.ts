// This file counts what the custom functions and a scheduled refresh cost, on the BUILT bundle in
// the Apps Script fakes against the simulator (one virtual clock): requests of a cold and a cached
// custom-function call, round trips of a 49-ID range, and the pass that merges a 700-result
// refresh run into a 700-row sheet (requests, round trips, spreadsheet reads and writes).
import * as path from "node:path";
import type { FakeRuntime } from "../dev/fakes/runtime";
import { newRuntime, readSheet, serviceJob, serviceResults, sheetOf, sidebar, startWorld, type World } from "../dev/world";
import { int, printTable } from "./stats";

const LOCATION = "Austin, Texas, US";
const DAY = 24 * 60 * 60 * 1000;

interface Cost {
  requests: number;
  roundTrips: number;
  reads: number;
  writes: number;
  error: string | undefined;
}

function cost(runtime: FakeRuntime, work: () => string | undefined): Cost {
  runtime.counters.reset();
  const error = work();
  const c = runtime.counters.snapshot();
  return { requests: c.fetchRequests, roundTrips: c.roundTrips, reads: c.spreadsheetReads, writes: c.spreadsheetWrites, error };
}

const formula =
  (runtime: FakeRuntime, name: string, ...args: unknown[]) =>
  () =>
    runtime.run(name, args, { authMode: "CUSTOM_FUNCTION", user: "editor@example.com" }).errorMessage;

async function completed(world: World, apiKey: string, jobId: string): Promise<void> {
  for (let step = 0; step < 1000; step += 1) {
    if ((await serviceJob(world, apiKey, jobId)).status === "completed") return;
    world.clock.advance(5000);
  }
  throw new Error(`job ${jobId} did not complete`);
}

export async function functionAndRefreshFigures(root: string): Promise<void> {
  const world = await startWorld(23);
  try {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 10_000 });
    const runtime = newRuntime(world, {
      distDir: path.join(root, "dist"),
      userEmail: "editor@example.com",
      ownerEmail: "owner@example.com",
    });
    sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: true });
    const job = sidebar(runtime, "startSearch", { query: "plumbers", location: LOCATION, maxResults: 700 });
    await completed(world, apiKey, job.jobId);
    sidebar(runtime, "refreshJobs");
    const businesses = await serviceResults(world, apiKey, job.jobId);
    const one = businesses[0]?.id;
    const ids = businesses.slice(1, 50).map((b) => [b.id]); // none of them read before

    const rows: string[][] = [];
    const add = (label: string, target: string, c: Cost, show: (c: Cost) => string) =>
      rows.push([label, target, c.error ? `ERROR ${c.error}` : show(c)]);
    const reqs = (c: Cost) => `${int(c.requests)} requests, ${int(c.roundTrips)} round trips`;
    add('LEADS_BUSINESS(id, "phone"), cold', "1 request", cost(runtime, formula(runtime, "LEADS_BUSINESS", one, "phone")), reqs);
    add("  the same call again (cached)", "0", cost(runtime, formula(runtime, "LEADS_BUSINESS", one, "phone")), reqs);
    add(
      'LEADS_BUSINESS(A2:A50, "phone"): 49 IDs, cold',
      "1 round trip",
      cost(runtime, formula(runtime, "LEADS_BUSINESS", ids, "phone")),
      reqs,
    );
    add("  the same range again (cached)", "0", cost(runtime, formula(runtime, "LEADS_BUSINESS", ids, "phone")), reqs);
    add(
      "LEADS_RESULTS(700-result job), cold",
      "≤ 2 round trips",
      cost(runtime, formula(runtime, "LEADS_RESULTS", job.jobId, "title, phone")),
      reqs,
    );
    add("  again (cached)", "0", cost(runtime, formula(runtime, "LEADS_RESULTS", job.jobId, "title, phone")), reqs);
    add("LEADS_CREDITS(), cold", "1 request", cost(runtime, formula(runtime, "LEADS_CREDITS")), reqs);
    add("  cached", "0", cost(runtime, formula(runtime, "LEADS_CREDITS")), reqs);
    printTable("Custom functions (AuthMode.CUSTOM_FUNCTION, an editor who is not the owner)", ["call", "target", "cost"], rows);

    // A daily refresh of the 700-result search, due a day later: the pass that starts the run,
    // then, once the run completed at the service, the pass that merges it into the 700 rows.
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    world.clock.advance(DAY);
    const start = cost(runtime, () => {
      sidebar(runtime, "refreshJobs");
      return undefined;
    });
    world.clock.advance(10 * 60 * 1000);
    const before = readSheet(runtime, sheetOf(job)).rows.length;
    const merge = cost(runtime, () => {
      sidebar(runtime, "refreshJobs");
      return undefined;
    });
    const after = readSheet(runtime, sheetOf(job)).rows;
    const distinct = new Set(after.map((r) => r["Maps URL"])).size;
    const full = (c: Cost) =>
      `${int(c.requests)} requests, ${int(c.roundTrips)} round trips, ${int(c.writes)} writes, ${int(c.reads)} reads`;
    printTable(
      "Scheduled refresh: a 700-result run merged into the search's 700-row sheet",
      ["pass", "target", "cost"],
      [
        ["the due pass: check the account and the search, create the run", "—", full(start)],
        ["the pass that merges the completed run", "≤ 3 requests, ≤ 2 round trips, ≤ 6 writes", full(merge)],
      ],
      [
        `Rows before the merge: ${int(before)}; after: ${int(after.length)}, ${int(distinct)} distinct maps URLs (the run's new ` +
          "businesses appended, none twice).",
      ],
    );
  } finally {
    await world.close();
  }
}
