// This file defines the property-based fault tests of territories on the BUILT bundle, one test
// file per build (territory-faults-*.test.ts, so jest runs them side by side): for each seeded
// schedule (territory-schedule.ts) a territory of one or two queries in two or three neighbouring
// places is started on an account with few job slots (its later searches wait for a slot: the
// service's active-jobs limit answers 429), perhaps with its first creation's answer lost or its
// start killed at a call; then passes bring it in through lost creations, the rate's 429s and 503s
// on creations, 429s, 503s, lost and truncated answers on statuses and pages, executions killed at
// a random spreadsheet or fetch call, overlapping passes, hourly trigger passes, sorts of the sheet
// and a column the user inserted among the add-on's; in some schedules a daily refresh then falls
// due and is brought in the same way. After every run: each search created once in the run and
// charged once; each business on exactly one row (by Maps URL); its `Found by` exactly the searches
// of the latest run that found it, in the territory's order; every note on its business's row.
// Which schedules: fault-seeds.ts (a sample in npm test, 200 in test:all, FAULT_SEED=s for one).
import * as path from "node:path";
import {
  readSheet,
  serviceAccount,
  sidebar,
  sheetOf,
  startWorld,
  type JobView,
  type ServiceBusiness,
  type SidebarArgs,
  type World,
} from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { METROS } from "../../dev/simulator";
import { columnLetters } from "../../src/sheets/column-letters";
import { setUpAccount } from "../fixtures/world";
import { faultSeeds, itExercisedEveryKind } from "./fault-seeds";
import { mismatches } from "./mismatches";
import { PersonAtWork, type ActTally } from "./person-acts";
import { personActOf, runFaultyPass } from "./schedule";
import { latestRefreshOf, serviceFinds, sheetChecks } from "./territory-expect";
import { makeTerritorySchedule, RATE_RETRY_AFTER, type TerritoryPassPlan, type TerritorySchedule } from "./territory-schedule";

/**
 * `npm test`'s schedules: together they fire every kind of fault counted below twice, in both builds (the cheapest such set
 * found over the first 100 seeds; a killed creation fires in 4 of them per build, 36 and 83 in both).
 */
const SAMPLE = [9, 36, 45, 83];
const choice = faultSeeds(SAMPLE);
const { seeds, atLeast } = choice;
/** `calls`: about how many SpreadsheetApp calls a start and a pass that merges make in each build. */
const BUILDS = {
  default: { build: "default", distDir: path.resolve(__dirname, "../../dist"), calls: { start: 51, pass: 19 } },
  full: { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full"), calls: { start: 59, pass: 25 } },
} as const;
const CREDITS = 20_000;
const NOTES = "My notes";
const CALL_NOTES = "Call notes";

/**
 * The simulator's Dallas–Fort Worth places, in the order of a tour of the area: places next to each other (or two apart) share businesses.
 */
const RING = (METROS.find((metro) => metro.name === "Dallas–Fort Worth")?.places ?? []).map((place) => place.label);

let world: World;

/**
 * What the schedules really exercised, so a run whose faults never fired cannot pass quietly; what a person did inside
 * the passes is ActTally's.
 */
interface Tally extends ActTally {
  runs: number;
  refreshRuns: number;
  killedStarts: number;
  killedSpreadsheetCalls: number;
  killedMerges: number;
  killedFetches: number;
  killedCreations: number;
  lostCreations: number;
  jobLimit429: number;
  rate429: number;
  creation503: number;
  read429: number;
  read503: number;
  lostReads: number;
  laterCreations: number;
  overlaps: number;
  sorts: number;
  insertedColumns: number;
  triggerPasses: number;
  foundByMore: number;
}
const newTally = (): Tally => ({
  runs: 0,
  refreshRuns: 0,
  killedStarts: 0,
  killedSpreadsheetCalls: 0,
  killedMerges: 0,
  killedFetches: 0,
  killedCreations: 0,
  lostCreations: 0,
  jobLimit429: 0,
  rate429: 0,
  creation503: 0,
  read429: 0,
  read503: 0,
  lostReads: 0,
  laterCreations: 0,
  overlaps: 0,
  sorts: 0,
  insertedColumns: 0,
  triggerPasses: 0,
  foundByMore: 0,
  sortsInPass: 0,
  insertsInPass: 0,
  retypesInPass: 0,
});

const isCreation = (r: { method: string; url: string }) => r.method === "POST" && /\/api\/v1\/searches$/.test(r.url);
const isResults = (r: { method: string; url: string }) => r.method === "GET" && /\/results\?/.test(r.url);

function viewOf(runtime: FakeRuntime, jobId: string): JobView {
  const view = sidebar(runtime, "listJobs").find((j) => j.jobId === jobId);
  if (!view) throw new Error(`the territory ${jobId} is no longer listed`);
  return view;
}

/** The territory's searches' labels, in its order (queries outer, places inner). */
function labelsOf(schedule: TerritorySchedule): { places: string[]; labels: string[] } {
  const places = Array.from({ length: schedule.places.count }, (_, i) => RING[(schedule.places.first + i) % RING.length] ?? "");
  return { places, labels: schedule.queries.flatMap((query) => places.map((place) => `${query} · ${place}`)) };
}

/** The user's notes: which business (by Maps URL) each note was typed beside, per column of theirs. */
type Notes = Map<string, Map<string, string>>;

/**
 * The user types notes beside some businesses: in a column of their own right of the add-on's
 * (`NOTES`), and once, in a column they insert among the add-on's (column C). Rows noted before keep their notes.
 */
function typeNotes(runtime: FakeRuntime, sheetName: string, schedule: TerritorySchedule, notes: Notes, tally: Tally): void {
  const testing = runtime.spreadsheetApp.testing;
  if (schedule.insertedColumn && !notes.has(CALL_NOTES)) {
    testing.userInsertColumns(sheetName, 3, 1);
    testing.userType(sheetName, "C1", CALL_NOTES);
    const calls = new Map<string, string>();
    const { rows: listed, rowNumbers: listedAt } = readSheet(runtime, sheetName);
    listed.forEach((row, i) => {
      if (i % 3 !== 0) return;
      calls.set(String(row["Maps URL"]), `called ${i}`);
      testing.userType(sheetName, `C${listedAt[i]}`, `called ${i}`);
    });
    notes.set(CALL_NOTES, calls);
    tally.insertedColumns += 1;
  }
  const { headers, rows, rowNumbers } = readSheet(runtime, sheetName);
  const at = headers.indexOf(NOTES);
  // The first empty column after the add-on's, as a user types beside a sheet.
  const column = columnLetters(at >= 0 ? at + 1 : headers.length + 1);
  if (at < 0) testing.userType(sheetName, `${column}1`, NOTES);
  const mine = notes.get(NOTES) ?? new Map<string, string>();
  notes.set(NOTES, mine);
  for (const [n, fraction] of schedule.notedRows.entries()) {
    const index = Math.floor(fraction * rows.length);
    const url = String(rows[index]?.["Maps URL"]);
    if (mine.has(url) || rows[index] === undefined) continue;
    const note = `note ${mine.size}.${n}: call back`;
    mine.set(url, note);
    testing.userType(sheetName, `${column}${rowNumbers[index]}`, note);
  }
}

/** The user sorts the whole sheet (below its frozen header) by one of its columns, when it has it. */
function userSort(runtime: FakeRuntime, sheetName: string, sort: NonNullable<TerritoryPassPlan["sort"]>): boolean {
  const { headers } = readSheet(runtime, sheetName);
  if (headers.indexOf(sort.header) < 0) return false;
  runtime.spreadsheetApp.testing.userSortSheet(sheetName, headers.indexOf(sort.header) + 1, sort.ascending);
  return true;
}

/**
 * Counts what the add-on met on the wire since the last count: lost answers, 429s and 503s, by call.
 * A creation's 429 is the rate's when the pass injected it (its retry-after), else the service's active-jobs limit.
 */
function tallyRequests(
  runtime: FakeRuntime,
  tally: Tally,
  pass: { rate429: boolean; killedExecution: number | undefined; start: boolean },
): void {
  const requests = runtime.http.requests;
  for (const r of requests) {
    const creation = isCreation(r);
    if (r.status === undefined) {
      if (r.executionId !== pass.killedExecution) tally[creation ? "lostCreations" : "lostReads"] += 1;
    } else if (r.status === 429) {
      if (creation) tally[pass.rate429 ? "rate429" : "jobLimit429"] += 1;
      else tally.read429 += 1;
    } else if (r.status === 503) tally[creation ? "creation503" : "read503"] += 1;
    else if (creation && r.status < 300 && !pass.start) tally.laterCreations += 1;
  }
  requests.splice(0);
}

/**
 * The start: perhaps its first creation's answer lost, perhaps killed at a call and started again by the user, as a person clicks again.
 */
async function startTerritory(
  runtime: FakeRuntime,
  schedule: TerritorySchedule,
  args: SidebarArgs<"startSearch">[0],
  tally: Tally,
  unexpected: string[],
): Promise<JobView> {
  if (schedule.start.loseCreation) await world.control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true, times: 1 }]);
  let killedExecution: number | undefined;
  if (schedule.start.kill) {
    runtime.killAt(schedule.start.kill);
    const first = runtime.run("startSearch", [args], { viaScriptRun: true });
    if (first.killed) {
      tally.killedStarts += 1;
      killedExecution = first.executionId;
    } else if (first.error !== undefined) unexpected.push(`start: ${first.errorMessage ?? ""}`);
  }
  const started = sidebar(runtime, "startSearch", args);
  await world.control.clearFaults();
  tallyRequests(runtime, tally, { rate429: false, killedExecution, start: true });
  return started;
}

/** After a run has ended: the sheet, the territory's line and the account against what the service returned. */
async function expectRunRight(
  runtime: FakeRuntime,
  apiKey: string,
  schedule: TerritorySchedule,
  view: JobView,
  run: number,
  notes: Notes,
  cache: Map<string, ServiceBusiness[]>,
  tally: Tally,
  person: PersonAtWork,
): Promise<void> {
  const { labels } = labelsOf(schedule);
  const searches = labels.length;
  const finds = await serviceFinds(world, apiKey, labels, run, cache);
  // Each search charged once per run.
  expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(CREDITS - (run + 1) * searches * schedule.maxResults);

  // Each business on exactly one row, with the searches of the latest run that found it.
  const { rows } = readSheet(runtime, sheetOf(view));
  const businessRows = rows.filter((r) => r["Business ID"] !== "");
  expect(mismatches(sheetChecks(businessRows, finds, run, person))).toEqual([]);
  const said = (words: string) => [...finds.values()].filter((found) => latestRefreshOf(found, run) === words).length;
  const foundByMore = [...finds.values()].filter((found) => found.labels.length > 1).length;
  if (foundByMore > 0) tally.foundByMore += 1;

  // The territory's one line.
  expect(view).toMatchObject({ status: "completed", leadCount: businessRows.length, foundByMore, error: null });
  expect(view.territory).toEqual({ searches, started: searches, waiting: 0, running: 0, finished: searches, failed: 0, stopped: false });
  if (run === 0) expect(view.creditsCharged).toBe(searches * schedule.maxResults);
  else {
    const refresh = view.refresh;
    expect(refresh?.lastError).toBeNull();
    // "No longer found" counts the run's own: the businesses the run before it found, not those missing since earlier runs.
    const lostThisRun = [...finds.values()].filter(
      (found) => latestRefreshOf(found, run) === "No longer found" && found.last === run - 1,
    ).length;
    expect([refresh?.lastRunAdded, refresh?.lastRunUpdated, refresh?.lastRunNotFound, refresh?.lastRunCredits]).toEqual([
      said("New"),
      said("Updated"),
      lostThisRun,
      searches * schedule.maxResults,
    ]);
  }

  // Every note on the row of its business, and nowhere else.
  for (const [header, byUrl] of notes) {
    const noted = rows
      .filter((r) => r[header] !== "" && r[header] !== undefined)
      .map((r): [string, unknown] => [String(r["Maps URL"]), r[header]]);
    expect(new Map(noted)).toEqual(byUrl);
    expect(noted).toHaveLength(byUrl.size);
  }
}

/** Whether the run under way has ended: the first when the territory completed, a refresh when its run is counted. */
function runEnded(view: JobView, run: number, lastRunAt: string | null | undefined): boolean {
  if (view.status !== "completed") return false;
  return run === 0 || (view.refresh?.lastRunAt !== lastRunAt && view.refresh?.running === false && view.refresh.lastRunBusinesses !== null);
}

/** One run's passes, until it has ended; returns the territory's line then, or null when the passes ran out first. */
async function runPasses(
  runtime: FakeRuntime,
  started: JobView,
  schedule: TerritorySchedule,
  run: number,
  notes: Notes,
  tally: Tally,
  unexpected: string[],
  person: PersonAtWork,
): Promise<JobView | null> {
  const lastRunAt = run === 0 ? undefined : viewOf(runtime, started.jobId).refresh?.lastRunAt;
  const sheetName = sheetOf(started);
  for (const [index, plan] of (schedule.runs[run] ?? []).entries()) {
    if (plan.sort && userSort(runtime, sheetName, plan.sort)) tally.sorts += 1;
    // The hourly trigger runs only while there is one (a start killed before it made it left none yet).
    const viaTrigger = plan.viaTrigger && runtime.triggers.length > 0;
    const act = person.actFor(personActOf(schedule.seed, run * 1000 + index));
    const pass = await runFaultyPass(world, runtime, { ...plan, viaTrigger, act }, unexpected);
    if (viaTrigger) tally.triggerPasses += 1;
    if (pass.overlapped) tally.overlaps += 1;
    const sent = runtime.http.requests.filter((r) => r.executionId === pass.executionId);
    if (pass.killed && plan.kill?.spreadsheetCall !== undefined) {
      tally.killedSpreadsheetCalls += 1;
      // Killed after it read a search's pages: in the middle of a merge.
      if (sent.some(isResults)) tally.killedMerges += 1;
    }
    if (pass.killed && plan.kill?.fetchCall !== undefined) {
      tally.killedFetches += 1;
      const last = sent[sent.length - 1];
      // Killed once the service had a creation: a later pass repeats it with the same key.
      if (plan.kill.fetchPhase === "after" && last !== undefined && isCreation(last)) tally.killedCreations += 1;
    }
    const rate429 = plan.faults.some((f) => f.method === "POST" && f.status === 429 && f.headers?.["retry-after"] === RATE_RETRY_AFTER);
    tallyRequests(runtime, tally, { rate429, killedExecution: pass.killed ? pass.executionId : undefined, start: false });
    // Once businesses are there, the user notes some of them (and perhaps inserts a column of their own).
    if (!notes.has(NOTES) && readSheet(runtime, sheetName).rows.length > 0) typeNotes(runtime, sheetName, schedule, notes, tally);
    const view = viewOf(runtime, started.jobId);
    if (runEnded(view, run, lastRunAt)) return view;
  }
  return null;
}

async function runSchedule(schedule: TerritorySchedule, distDir: string, tally: Tally): Promise<void> {
  const { runtime, apiKey } = await setUpAccount(world, {
    plan: "scale",
    credits: CREDITS,
    maxActiveJobs: schedule.maxActiveJobs,
    runtime: { distDir },
  });
  runtime.http.requests.splice(0);
  const { places } = labelsOf(schedule);
  const args = { queries: schedule.queries, locations: places, maxResults: schedule.maxResults, enrichContacts: schedule.enrich };
  const unexpected: string[] = [];
  const started = await startTerritory(runtime, schedule, args, tally, unexpected);
  const notes: Notes = new Map();
  const cache = new Map<string, ServiceBusiness[]>();
  const person = new PersonAtWork(runtime, () => ({
    sheetName: sheetOf(started),
    sortHeader: "Name",
    retypeHeader: "Found by",
    keyOf: (row) => String(row["Maps URL"]),
  }));
  for (let run = 0; run < schedule.runs.length; run += 1) {
    if (run > 0) {
      // Before the refresh: more notes, then a daily refresh, due a day after (the run's first pass).
      typeNotes(runtime, sheetOf(started), schedule, notes, tally);
      expect(sidebar(runtime, "setRefresh", { jobId: started.jobId, every: "day" }).refresh).toMatchObject({
        every: "day",
        running: false,
      });
      runtime.http.requests.splice(0);
    }
    const ended = await runPasses(runtime, started, schedule, run, notes, tally, unexpected, person);
    expect(unexpected).toEqual([]);
    expect(ended).not.toBeNull();
    if (!ended) return;
    tally.runs += 1;
    if (run > 0) tally.refreshRuns += 1;
    await expectRunRight(runtime, apiKey, schedule, ended, run, notes, cache, tally, person);
  }
  person.countInto(tally);
  // A clean pass afterwards changes nothing: the sheet is already final.
  const before = runtime.spreadsheetApp.testing.values(sheetOf(started));
  sidebar(runtime, "refreshJobs");
  expect(runtime.spreadsheetApp.testing.values(sheetOf(started))).toEqual(before);
}

/** The schedules in one build (`dist/` or `dist-full/`). */
export function describeTerritoryFaults(which: keyof typeof BUILDS): void {
  const { build, distDir, calls } = BUILDS[which];
  describe(`territories survive seeded fault schedules (${build} build)`, () => {
    beforeAll(async () => {
      world = await startWorld(29);
    });
    afterAll(async () => world.close());
    const tally = newTally();

    it.each(seeds)("schedule %i", async (seed) => {
      await runSchedule(
        makeTerritorySchedule(seed, () => world.clock.now(), calls),
        distDir,
        tally,
      );
    });

    itExercisedEveryKind(choice, () => {
      // The full run's thresholds are about half of what its 200 schedules fire in either build; the sample fires each at least twice.
      const least = (threshold: number) => Math.max(2, atLeast(threshold));
      const thresholds: Record<keyof Tally, number> = {
        runs: 140,
        refreshRuns: 40,
        killedStarts: 27,
        killedSpreadsheetCalls: 47,
        killedMerges: 34,
        killedFetches: 51,
        killedCreations: 5,
        lostCreations: 65,
        jobLimit429: 96,
        rate429: 19,
        creation503: 22,
        read429: 81,
        read503: 194,
        lostReads: 45,
        laterCreations: 340,
        overlaps: 87,
        sorts: 75,
        insertedColumns: 39,
        triggerPasses: 164,
        foundByMore: 140,
        sortsInPass: 40,
        insertsInPass: 40,
        retypesInPass: 40,
      };
      const short = Object.entries(thresholds).filter(([kind, threshold]) => tally[kind as keyof Tally] < least(threshold));
      expect(short.map(([kind, threshold]) => `${kind}: ${tally[kind as keyof Tally]} < ${least(threshold)}`)).toEqual([]);
    });
  });
}
