// This file measures =LEADS_BUSINESS('Results'!H2:H5001, "phone") on the BUILT bundle in the Apps
// Script fakes against the simulator (one virtual clock): how many of 5,000 IDs one evaluation
// fills at a given time per round trip, and how many evaluations (a minute apart, the service
// allowing 1,000 requests a minute) fill them all, with the requests they cost.
import * as path from "node:path";
import type { FakeRuntime } from "../dev/fakes/runtime";
import { newRuntime, serviceResults, startWorld, type World } from "../dev/world";
import { int, printTable } from "./stats";

const NOT_FETCHED = "Not fetched yet: recalculate in a minute";
const MINUTE = 60_000;

interface Evaluation {
  filled: number;
  requests: number;
  roundTrips: number;
  virtualMs: number;
  error: string | undefined;
}

function evaluate(world: World, runtime: FakeRuntime, range: string[][]): Evaluation {
  runtime.counters.reset();
  const started = world.clock.now();
  const result = runtime.run("LEADS_BUSINESS", [range, "phone"], { authMode: "CUSTOM_FUNCTION", user: "editor@example.com" });
  const cells = Array.isArray(result.value) ? (result.value as unknown[][]) : [];
  const c = runtime.counters.snapshot();
  return {
    filled: cells.filter((row) => row[0] !== NOT_FETCHED).length,
    requests: c.fetchRequests,
    roundTrips: c.roundTrips,
    virtualMs: world.clock.now() - started,
    error: result.errorMessage ?? (result.killed ? "killed" : undefined),
  };
}

export async function bigRangeFigures(root: string): Promise<void> {
  const world = await startWorld(29);
  try {
    const { apiKey, accountId } = await world.control.createAccount({ plan: "scale", credits: 50_000 });
    const jobId = await world.control.addDashboardSearch(accountId, "plumbers", "Austin, Texas, US", 5000);
    const range = (await serviceResults(world, apiKey, jobId)).map((b) => [b.id]);
    const runtimeAt = (latencyMs: number): FakeRuntime => {
      world.clock.advance(MINUTE + 1000); // the account's rate window is empty again
      const runtime = newRuntime(world, {
        distDir: path.join(root, "dist"),
        userEmail: "editor@example.com",
        ownerEmail: "owner@example.com",
        fetchLatencyMs: latencyMs,
      });
      runtime.stores.document.set("businessLeads.shared.apiKey", apiKey);
      runtime.stores.document.set("businessLeads.shared.baseUrl", world.url);
      return runtime;
    };
    const show = (e: Evaluation) =>
      e.error
        ? `ERROR ${e.error}`
        : `${int(e.filled)} filled, ${int(e.requests)} requests in ${int(e.roundTrips)} round trips, ${(e.virtualMs / 1000).toFixed(0)} s`;

    const rows: string[][] = [];
    for (const latencyMs of [1000, 3000, 5000, 8000]) {
      rows.push([
        `one evaluation, ${latencyMs / 1000} s a round trip`,
        "< 30 s, no #ERROR!",
        show(evaluate(world, runtimeAt(latencyMs), range)),
      ]);
    }
    // Then every minute until the range is full, at 1 s a round trip.
    const runtime = runtimeAt(1000);
    const evaluations: Evaluation[] = [];
    for (let n = 0; n < 20; n += 1) {
      const e = evaluate(world, runtime, range);
      evaluations.push(e);
      if (e.error || e.filled === range.length) break;
      world.clock.advance(MINUTE + 1000);
    }
    const sent = runtime.http.requests.filter((r) => r.status === 200 && r.url.includes("/businesses/")).map((r) => r.url);
    const total = evaluations.reduce((sum, e) => sum + e.requests, 0);
    rows.push([
      "evaluations a minute apart until all 5,000 are filled",
      "6 (900 a minute)",
      `${int(evaluations.length)} evaluations, ${int(total)} requests, ${int(sent.length - new Set(sent).size)} repeated`,
    ]);
    const again = evaluate(world, runtime, range);
    rows.push(["  the filled range again", "0", show(again)]);
    printTable(
      '=LEADS_BUSINESS(H2:H5001, "phone"): 5,000 IDs of a completed search (round trips of 200, deadline 20 s)',
      ["call", "target", "measured"],
      rows,
    );
  } finally {
    await world.close();
  }
}
