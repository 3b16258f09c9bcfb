// Property-based fault tests of enrichment on the BUILT bundle: for each seeded schedule a messy
// sheet is enriched through the service's active-jobs limit (chunks wait and are sent by later
// passes), lost and refused creations, faults on status and result reads, executions killed at a
// random spreadsheet or fetch call, overlapping passes and sorts between passes. Every schedule
// must end with every row right, the user's columns untouched, and one charge per chunk.
// Which schedules: fault-seeds.ts (a sample in npm test, 200 in test:all, FAULT_SEED=s for one).
import { serviceAccount, sidebar } from "../../dev/world";
import {
  enrichedBusinesses,
  expectRowsRight,
  expectedUnique,
  messyRows,
  pairKey,
  seedSheet,
  serviceEnrichments,
  userColumns,
} from "./enrich-sheet";
import { makeEnrichSchedule, type EnrichSchedule } from "./enrich-schedule";
import { faultSeeds, itExercisedEveryKind } from "./fault-seeds";
import { PersonAtWork } from "./person-acts";
import { PERSON_ACTS, personActOf, runFaultyPass } from "./schedule";
import { setUpAccount, useWorld } from "../fixtures/world";

/** `npm test`'s schedules: together they fire every kind of fault counted below twice (the cheapest such set found). */
const SAMPLE = [1, 10, 22, 33, 39];
const choice = faultSeeds(SAMPLE);
const { seeds, atLeast } = choice;
const SHEET = "Leads";
const CREDITS = 5000;

const world = useWorld(13);
/** What the schedules really exercised, so a run whose faults never fired cannot pass quietly. */
const tally = {
  killedPasses: 0,
  overlaps: 0,
  sorts: 0,
  waitedChunks: 0,
  twoChunkRuns: 0,
  killedStarts: 0,
  failedJobs: 0,
  /** What a person did inside a pass (person-acts.ts), by kind. */
  personActs: { sort: 0, insertAbove: 0, retype: 0 },
};
/** Each act of a person inside a pass, at least, over the full run's 200 schedules (about half of what they fire). */
const PERSON_ACT_THRESHOLD = 25;

async function runSchedule(schedule: EnrichSchedule): Promise<void> {
  const { runtime, apiKey } = await setUpAccount(world, {
    credits: CREDITS,
    maxActiveJobs: schedule.maxActiveJobs,
    runtime: { plainTextStopsFormulas: schedule.seed % 2 === 0 },
  });
  const specs = messyRows(schedule.rows, schedule.seed * 3);
  seedSheet(runtime, SHEET, specs);
  runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
  const unique = expectedUnique(specs);
  const chunks = Math.ceil(unique.length / 700);
  if (chunks > 1) tally.twoChunkRuns += 1;

  const faults = [];
  if (schedule.creation429 > 0)
    faults.push({
      method: "POST",
      path: "/api/v1/enrichments",
      status: 429,
      headers: { "retry-after": "10" },
      times: schedule.creation429,
    });
  if (schedule.loseCreationResponse) faults.push({ method: "POST", path: "/api/v1/enrichments", lose: true, times: 1 });
  if (faults.length > 0) await world.control.injectFaults(faults);
  if (schedule.killStartAfterCreate) {
    runtime.killAt({ fetchCall: 2, fetchPhase: "after" }); // call 1 reads the account
    const killed = runtime.run("startEnrichment", [{}], { viaScriptRun: true });
    if (killed.killed) tally.killedStarts += 1;
  }
  const started = sidebar(runtime, "startEnrichment", {});
  await world.control.clearFaults();
  if (started.jobs.length < chunks) tally.waitedChunks += 1;
  let userView = userColumns(runtime, SHEET);
  const person = new PersonAtWork(runtime, () => ({
    sheetName: SHEET,
    sortHeader: "Company",
    retypeHeader: "Enrichment status",
    keyOf: (row) => `${String(row.Company)}\u0001${String(row.Website)}`,
  }));

  const unexpected: string[] = [];
  let done = false;
  for (const [index, plan] of schedule.passes.entries()) {
    if (plan.sortBy !== null) {
      runtime.spreadsheetApp.testing.userSortSheet(SHEET, Math.abs(plan.sortBy), plan.sortBy > 0);
      userView = userColumns(runtime, SHEET);
      tally.sorts += 1;
    }
    if (plan.failJob) {
      const [first] = await serviceEnrichments(world, apiKey);
      const current = first ? ((await world.control.job(first.id)) as { status?: unknown }) : {};
      if (first && current.status !== "completed" && current.status !== "failed")
        await world.control.failJob(first.id, "The crawler stopped");
    }
    const act = person.actFor(personActOf(schedule.seed, index));
    const pass = await runFaultyPass(
      world,
      runtime,
      {
        ...plan,
        act:
          act &&
          (() => {
            act();
            // What the person did to their own columns is theirs: the add-on must leave it as they left it.
            userView = userColumns(runtime, SHEET);
          }),
      },
      unexpected,
    );
    if (pass.killed) tally.killedPasses += 1;
    if (pass.overlapped) tally.overlaps += 1;
    const jobs = await serviceEnrichments(world, apiKey);
    const states = await Promise.all(jobs.map((j) => world.control.job(j.id) as Promise<{ status?: unknown }>));
    if (jobs.length >= chunks && states.every((s) => s.status === "completed" || s.status === "failed") && runtime.triggers.length === 0) {
      done = true;
      break;
    }
  }
  expect(unexpected).toEqual([]);
  expect(done).toBe(true);
  for (const act of PERSON_ACTS) tally.personActs[act] += person.acted[act];
  sidebar(runtime, "refreshJobs"); // a clean pass afterwards changes nothing

  // One job per chunk, exactly the unique pairs, each once.
  const jobs = await serviceEnrichments(world, apiKey);
  expect(jobs).toHaveLength(chunks);
  const received = jobs.flatMap((j) => j.businesses.map((b) => pairKey(b.business_name, b.website_url)));
  expect(received.sort()).toEqual(unique.map((u) => pairKey(u.name, u.url)).sort());
  const failed = new Set<string>();
  let refunded = 0;
  for (const job of jobs) {
    const state = (await world.control.job(job.id)) as { status?: unknown };
    if (state.status !== "failed") continue;
    tally.failedJobs += 1;
    refunded += job.businesses.length;
    for (const b of job.businesses) failed.add(pairKey(b.business_name, b.website_url));
  }
  const byPair = await enrichedBusinesses(world, apiKey, jobs);
  expectRowsRight(runtime, SHEET, specs, new Set(unique.map((u) => pairKey(u.name, u.url))), byPair, null, failed, undefined, person);
  expect(userColumns(runtime, SHEET)).toEqual(userView);
  expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(CREDITS - unique.length + refunded);
}

describe("enrichment survives seeded fault schedules", () => {
  it.each(seeds)("schedule %i", async (seed) => {
    await runSchedule(makeEnrichSchedule(seed));
  });

  itExercisedEveryKind(choice, () => {
    expect(tally.killedPasses).toBeGreaterThanOrEqual(atLeast(11));
    expect(tally.overlaps).toBeGreaterThanOrEqual(atLeast(11));
    expect(tally.sorts).toBeGreaterThanOrEqual(atLeast(11));
    expect(tally.waitedChunks).toBeGreaterThanOrEqual(atLeast(6));
    expect(tally.twoChunkRuns).toBeGreaterThanOrEqual(atLeast(6));
    expect(tally.killedStarts).toBeGreaterThanOrEqual(atLeast(6));
    expect(tally.failedJobs).toBeGreaterThanOrEqual(atLeast(3));
    const fewActs = PERSON_ACTS.filter((act) => tally.personActs[act] < Math.max(2, atLeast(PERSON_ACT_THRESHOLD)));
    expect(fewActs.map((act) => `${act}: ${tally.personActs[act]}`)).toEqual([]);
  });
});
