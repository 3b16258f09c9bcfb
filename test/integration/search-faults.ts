// This file defines the property-based fault tests of searches on the BUILT bundle, one test file
// per build (search-faults-*.test.ts, so jest runs them side by side): for each seeded schedule a search is started
// and polled through 429s (seconds and HTTP-date), 503 bursts, lost responses, truncated JSON, a
// failure mid-pagination, executions killed at a random spreadsheet or fetch call, overlapping
// passes, a lost creation response and jobs that fail. Every schedule must end with the sheet
// exactly equal to the service's results, once each, and one charge per search.
// Both builds run every schedule: dist/ (spreadsheets.currentonly, jobs in document properties) and
// dist-full/ (the full scope, jobs in the spreadsheet's developer metadata, user lock and the store's write claim).
// Which schedules: fault-seeds.ts (a sample in npm test, 200 in test:all, FAULT_SEED=s for one).
import * as path from "node:path";
import {
  austinLabel,
  expectedCells,
  readSheet,
  serviceAccount,
  serviceResults,
  sidebar,
  sheetOf,
  startWorld,
  type JobView,
  type World,
} from "../../dev/world";
import { addPlainTextUserRow, expectedUserCell, plainTextUserRow } from "./plain-text-row";
import { setUpAccount } from "../fixtures/world";
import { faultSeeds, itExercisedEveryKind } from "./fault-seeds";
import { mismatches } from "./mismatches";
import { PersonAtWork } from "./person-acts";
import { actAtFirstRequest, makeSchedule, PERSON_ACTS, personActOf, type Schedule } from "./schedule";

/** `npm test`'s schedules: together they fire every kind of fault counted below twice, in both builds (the cheapest such set found). */
const SAMPLE = [4, 10, 19, 27, 41, 44];
const choice = faultSeeds(SAMPLE);
/** Each act of a person inside a pass, at least, over the full run's 200 schedules (about half of what they fire). */
const PERSON_ACT_THRESHOLD = 25;
const { seeds, atLeast } = choice;
const LOCATION = "Austin, Texas, US";
/** Why the service fails a job the schedule fails: the job line carries the service's reason. */
const JOB_FAILURE = "The map provider stopped answering";
const BUILDS = {
  default: { build: "default", distDir: path.resolve(__dirname, "../../dist") },
  full: { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") },
} as const;

let world: World;
let location = LOCATION;
/** What the schedules really exercised, so a run whose faults never fired cannot pass quietly. */
type Tally = {
  killedPasses: number;
  overlaps: number;
  failedJobs: number;
  multiPageJobs: number;
  killedStarts: number;
  /** What a person did inside a pass (person-acts.ts), by kind. */
  personActs: Record<string, number>;
  plainTextRows: { stopsFormulas: number; keepsFormulas: number };
};
const newTally = (): Tally => ({
  killedPasses: 0,
  overlaps: 0,
  failedJobs: 0,
  multiPageJobs: 0,
  killedStarts: 0,
  personActs: {},
  plainTextRows: { stopsFormulas: 0, keepsFormulas: 0 },
});

async function runSchedule(schedule: Schedule, distDir: string, tally: Tally): Promise<void> {
  const credits = 5000;
  const plainTextStopsFormulas = schedule.seed % 2 === 0;
  const { runtime, apiKey } = await setUpAccount(world, { credits, maxActiveJobs: 25, runtime: { plainTextStopsFormulas, distDir } });
  const args = { query: `plumbers ${schedule.seed}`, location, maxResults: schedule.maxResults, enrichContacts: schedule.enrich };

  // Start: possibly with a lost response, possibly killed once the service already has the job.
  if (schedule.loseCreationResponse) await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 1 }]);
  if (schedule.killStartAfterCreate) {
    runtime.killAt({ fetchCall: 2, fetchPhase: "after" }); // call 1 reads account + locations
    const killed = runtime.run("startSearch", [args], { viaScriptRun: true });
    expect(killed.killed).toBe(true);
    tally.killedStarts += 1;
  }
  const started = sidebar(runtime, "startSearch", args);
  await world.control.clearFaults();

  const unexpected: string[] = [];
  let done = false;
  let userRowAdded = false;
  const person = new PersonAtWork(runtime, () => ({
    sheetName: sheetOf(started),
    sortHeader: "Name",
    retypeHeader: "Enrichment status",
    keyOf: (row) => String(row["Business ID"]),
  }));
  for (const [index, plan] of schedule.passes.entries()) {
    if (plan.failJob) {
      const current = (await world.control.job(started.jobId)) as { status?: unknown };
      if (current.status !== "completed" && current.status !== "failed") await world.control.failJob(started.jobId, JOB_FAILURE);
    }
    if (plan.faults.length > 0) await world.control.injectFaults(plan.faults);
    if (plan.kill) runtime.killAt(plan.kill);
    const stopActing = actAtFirstRequest(runtime, person.actFor(personActOf(schedule.seed, index)));
    let unsubscribe: (() => void) | null = null;
    if (plan.overlap) {
      unsubscribe = runtime.onBeforeFetch(() => {
        unsubscribe?.();
        tally.overlaps += 1;
        // The first pass gave its locks up around this fetch: the second runs whole, and the sheet still ends exact.
        const second = runtime.run("refreshJobs", [], { viaScriptRun: true });
        if (second.error !== undefined && !second.killed) unexpected.push(`overlap: ${second.errorMessage ?? ""}`);
      });
    }
    world.clock.advance(plan.advanceMs);
    const result = runtime.run("refreshJobs", [], { viaScriptRun: true });
    unsubscribe?.();
    stopActing();
    if (result.killed) tally.killedPasses += 1;
    if (result.error !== undefined && !result.killed) unexpected.push(result.errorMessage ?? String(result.error));
    await world.control.clearFaults();
    // Once results are there, the user adds a plain-text row of their own (plain-text-row.ts).
    if (!userRowAdded && runtime.spreadsheetApp.testing.sheetNames().includes(sheetOf(started)))
      userRowAdded = addPlainTextUserRow(runtime, sheetOf(started));
    const job = (await world.control.job(started.jobId)) as { status?: unknown };
    if ((job.status === "completed" || job.status === "failed") && runtime.triggers.length === 0) {
      done = true;
      break;
    }
  }
  expect(unexpected).toEqual([]);
  expect(done).toBe(true);
  for (const act of PERSON_ACTS) tally.personActs[act] = (tally.personActs[act] ?? 0) + person.acted[act];

  // A clean pass afterwards changes nothing: the sheet is already final.
  const finalJobs = sidebar(runtime, "refreshJobs");
  const job = finalJobs.find((j) => j.jobId === started.jobId) as JobView;
  expect(finalJobs).toHaveLength(1);
  const service = await serviceResults(world, apiKey, started.jobId);
  const { rows: allRows } = readSheet(runtime, sheetOf(job));
  const rows = allRows.filter((r) => r["Business ID"] !== "");
  const ids = rows.map((r) => r["Business ID"]);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(ids)).toEqual(new Set(service.map((b) => b.id)));
  const formulas = runtime.spreadsheetApp.testing
    .formulas(sheetOf(job))
    .flat()
    .filter((f) => f !== "");
  if (userRowAdded) {
    tally.plainTextRows[plainTextStopsFormulas ? "stopsFormulas" : "keepsFormulas"] += 1;
    expect(plainTextUserRow(runtime, sheetOf(job))).toEqual([expect.objectContaining(expectedUserCell(plainTextStopsFormulas))]);
  }
  expect(formulas).toEqual(userRowAdded && !plainTextStopsFormulas ? ["=1+2"] : []);
  const byId = new Map(rows.map((r) => [r["Business ID"], r]));
  const cells = service.flatMap((business) => {
    const row = byId.get(business.id) ?? {};
    return Object.entries(expectedCells(business)).map(([header, value]): [string, unknown, unknown] => [
      `${business.id} ${header}`,
      person.seen(business.id, header, row[header], value),
      value,
    ]);
  });
  expect(mismatches(cells)).toEqual([]);
  // No orphan results sheet from a killed start.
  expect(runtime.spreadsheetApp.testing.sheetNames().filter((n) => n.startsWith("plumbers"))).toEqual([job.sheetName]);

  // One charge: the reservation, or nothing once a failed job's credits came back.
  const account = await serviceAccount(world, apiKey);
  const searches = (await fetch(`${world.url}/api/v1/searches`, { headers: { "x-api-key": apiKey } }).then((r) => r.json())) as {
    total: number;
  };
  expect(searches.total).toBe(1);
  if (service.length > 500) tally.multiPageJobs += 1;
  if (job.status === "failed") {
    tally.failedJobs += 1;
    expect(account.credits_remaining).toBe(credits);
    expect(job.error).toContain(JOB_FAILURE);
  } else {
    expect(account.credits_remaining).toBe(credits - schedule.maxResults);
  }
}

/** The schedules in one build (`dist/` or `dist-full/`). */
export function describeSearchFaults(which: keyof typeof BUILDS): void {
  const { build, distDir } = BUILDS[which];
  describe(`imports survive seeded fault schedules (${build} build)`, () => {
    const tally = newTally();
    const statsBefore = { faulted: 0, lost: 0, byStatus: {} as Record<string, number> };
    beforeAll(async () => {
      world = await startWorld(11);
      location = await austinLabel(world);
      Object.assign(statsBefore, await fetch(`${world.url}/__sim/stats`).then((r) => r.json()));
    });
    afterAll(async () => world.close());

    it.each(seeds)("schedule %i", async (seed) => {
      await runSchedule(
        makeSchedule(seed, () => world.clock.now()),
        distDir,
        tally,
      );
    });

    itExercisedEveryKind(choice, async () => {
      const now = (await fetch(`${world.url}/__sim/stats`).then((r) => r.json())) as {
        faulted: number;
        lost: number;
        byStatus: Record<string, number>;
      };
      // This build's share of the simulator's counts.
      const stats = {
        lost: now.lost - statsBefore.lost,
        byStatus: Object.fromEntries(Object.keys(now.byStatus).map((k) => [k, (now.byStatus[k] ?? 0) - (statsBefore.byStatus[k] ?? 0)])),
      };
      expect(tally.killedPasses).toBeGreaterThanOrEqual(atLeast(11));
      expect(tally.killedStarts).toBeGreaterThanOrEqual(atLeast(6));
      expect(tally.overlaps).toBeGreaterThanOrEqual(atLeast(11));
      expect(tally.failedJobs).toBeGreaterThanOrEqual(atLeast(6));
      expect(tally.multiPageJobs).toBeGreaterThanOrEqual(atLeast(6));
      const fewActs = PERSON_ACTS.filter((act) => (tally.personActs[act] ?? 0) < Math.max(2, atLeast(PERSON_ACT_THRESHOLD)));
      expect(fewActs.map((act) => `${act}: ${tally.personActs[act] ?? 0}`)).toEqual([]);
      // Both of Google's possible "@" behaviours met a user's plain-text row many times.
      expect(Math.min(tally.plainTextRows.stopsFormulas, tally.plainTextRows.keepsFormulas)).toBeGreaterThanOrEqual(atLeast(11));
      expect(stats.lost).toBeGreaterThanOrEqual(atLeast(11));
      expect(stats.byStatus["429"] ?? 0).toBeGreaterThanOrEqual(atLeast(11));
      expect(stats.byStatus["503"] ?? 0).toBeGreaterThanOrEqual(atLeast(11));
    });
  });
}
