// This file defines the property-based fault tests of scheduled refreshes on the BUILT bundle, one
// test file per build (refresh-faults-*.test.ts, so jest runs them side by side): for each seeded
// schedule (refresh-schedule.ts) a search is completed, its user types notes beside some businesses
// (a column of their own at the end, perhaps one among the add-on's, and a row of their own), and
// sets a daily refresh; then two or three runs come in through lost creation responses, 429s and
// 503s on the creation, the status and the pages, executions killed at a random spreadsheet or
// fetch call, overlapping passes, hourly trigger passes and sorts of the sheet by the user. After
// every run: one search job per run and one charge each; each business of every run on exactly
// one row, with the values of the latest run that found it and what that run did to it (New,
// Updated, No longer found, First seen, Last seen) as the job counts it; every note on its business.
// Which schedules: fault-seeds.ts (a sample in npm test, 200 in test:all, FAULT_SEED=s for one).
import * as path from "node:path";
import {
  austinLabel,
  refreshedCells,
  pollUntil,
  readSheet,
  serviceAccount,
  serviceResults,
  sidebar,
  sheetOf,
  startWorld,
  type JobView,
  type ServiceBusiness,
  type SheetRow,
  type World,
} from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { columnLetters } from "../../src/sheets/column-letters";
import { setUpAccount } from "../fixtures/world";
import { faultSeeds, itExercisedEveryKind } from "./fault-seeds";
import { mismatches } from "./mismatches";
import { makeRefreshSchedule, type RefreshSchedule } from "./refresh-schedule";
import { PersonAtWork, type ActTally } from "./person-acts";
import { personActOf, runFaultyPass } from "./schedule";

/** `npm test`'s schedules: together they fire every kind of fault counted below twice, in both builds (the cheapest such set found). */
const SAMPLE = [4, 16, 42];
const choice = faultSeeds(SAMPLE);
const { seeds, atLeast } = choice;
const BUILDS = {
  default: { build: "default", distDir: path.resolve(__dirname, "../../dist"), mergeCalls: 11 },
  full: { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full"), mergeCalls: 19 },
} as const;
const CREDITS = 5000;
const NOTES = "My notes";
const CALL_NOTES = "Call notes";
const OWN_ROW = "My own row, not a business";

let world: World;
let location = "";

/**
 * What the schedules really exercised, so a run whose faults never fired cannot pass quietly; what a person did inside
 * the passes is ActTally's.
 */
interface Tally extends ActTally {
  runs: number;
  killedMerges: number;
  killedFetches: number;
  killedCreations: number;
  overlaps: number;
  sorts: number;
  triggerPasses: number;
  lostCreations: number;
  creation429: number;
  creation503: number;
  read429: number;
  read503: number;
  lostReads: number;
  notFound: number;
  insertedColumns: number;
}
const newTally = (): Tally => ({
  runs: 0,
  killedMerges: 0,
  killedFetches: 0,
  killedCreations: 0,
  overlaps: 0,
  sorts: 0,
  triggerPasses: 0,
  lostCreations: 0,
  creation429: 0,
  creation503: 0,
  read429: 0,
  read503: 0,
  lostReads: 0,
  notFound: 0,
  insertedColumns: 0,
  sortsInPass: 0,
  insertsInPass: 0,
  retypesInPass: 0,
});

const isCreation = (r: { method: string; url: string }) => r.method === "POST" && /\/api\/v1\/searches$/.test(r.url);

/** The account's searches, oldest first (the service lists them newest first). */
async function accountSearches(apiKey: string): Promise<Array<{ id: string }>> {
  const res = await fetch(`${world.url}/api/v1/searches?page_size=100`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { items: Array<{ id: string }> }).items.reverse();
}

function viewOf(runtime: FakeRuntime, jobId: string): JobView {
  const view = sidebar(runtime, "listJobs").find((j) => j.jobId === jobId);
  if (!view) throw new Error(`the job ${jobId} is no longer listed`);
  return view;
}

/** The sheet's date of an instant, as the merge writes `First seen` and `Last seen`. */
function dayIn(runtime: FakeRuntime, iso: string): string {
  const zone = runtime.spreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
}

/** The user's notes: which business (by Maps URL) each note was typed beside, per column of theirs. */
type Notes = Map<string, Map<string, string>>;

function typeNotes(runtime: FakeRuntime, sheetName: string, schedule: RefreshSchedule): Notes {
  const testing = runtime.spreadsheetApp.testing;
  const notes: Notes = new Map([[NOTES, new Map()]]);
  if (schedule.insertedColumn) {
    // A column of their own among the add-on's, with a note on every fifth business.
    testing.userInsertColumns(sheetName, 3, 1);
    testing.userType(sheetName, "C1", CALL_NOTES);
    const calls = new Map<string, string>();
    const { rows: listed, rowNumbers: listedAt } = readSheet(runtime, sheetName);
    listed.forEach((row, i) => {
      if (i % 5 !== 0) return;
      calls.set(String(row["Maps URL"]), `called ${i}`);
      testing.userType(sheetName, `C${listedAt[i]}`, `called ${i}`);
    });
    notes.set(CALL_NOTES, calls);
  }
  const { headers, rows, rowNumbers } = readSheet(runtime, sheetName);
  // The first empty column after the add-on's, as a user types beside a sheet.
  const column = columnLetters(headers.length + 1);
  testing.userType(sheetName, `${column}1`, NOTES);
  for (const [n, at] of schedule.notedRows.entries()) {
    const index = Math.floor(at * rows.length);
    const url = String(rows[index]?.["Maps URL"]);
    if (notes.get(NOTES)?.has(url)) continue;
    notes.get(NOTES)?.set(url, `note ${n}: call back`);
    testing.userType(sheetName, `${column}${rowNumbers[index]}`, `note ${n}: call back`);
  }
  // A row of their own, a line below the businesses.
  testing.userType(sheetName, `${columnLetters(headers.indexOf("Name") + 1)}${rows.length + 3}`, OWN_ROW);
  return notes;
}

/** The user sorts the whole sheet (below its frozen header) by one of its columns. */
function userSort(runtime: FakeRuntime, sheetName: string, header: string, ascending: boolean): void {
  const { headers } = readSheet(runtime, sheetName);
  runtime.spreadsheetApp.testing.userSortSheet(sheetName, headers.indexOf(header) + 1, ascending);
}

/** Counts what the add-on met on the wire this run: lost answers, 429s and 503s, by call. */
function tallyRequests(runtime: FakeRuntime, tally: Tally): void {
  const requests = runtime.http.requests;
  requests.forEach((r) => {
    const creation = isCreation(r);
    if (r.status === undefined) tally[creation ? "lostCreations" : "lostReads"] += 1;
    else if (r.status === 429) tally[creation ? "creation429" : "read429"] += 1;
    else if (r.status === 503) tally[creation ? "creation503" : "read503"] += 1;
  });
  requests.splice(0);
}

interface Expected {
  /** Every business each job returned, oldest job (the search itself) first. */
  results: ServiceBusiness[][];
  /** The day of each job as the sheet shows it. */
  days: string[];
}

/** After a run is merged: the sheet, the job and the account against what the service returned. */
async function expectRunRight(
  runtime: FakeRuntime,
  apiKey: string,
  schedule: RefreshSchedule,
  view: JobView,
  notes: Notes,
  expected: Expected,
  tally: Tally,
  person: PersonAtWork,
): Promise<void> {
  const runs = expected.results.length;
  const latest = runs - 1;
  // One search job per run, each charged once, all of the schedule's size.
  expect((await accountSearches(apiKey)).length).toBe(runs);
  expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(CREDITS - runs * schedule.maxResults);

  // Each business's cells after every run that found it: the run's values, except that an empty
  // new value keeps what the row held (the email columns together).
  const first = new Map<string, number>();
  const last = new Map<string, { cells: Record<string, unknown>; keptEmails: boolean; run: number }>();
  expected.results.forEach((businesses, run) => {
    for (const business of businesses) {
      const url = String(business.maps_url);
      if (!first.has(url)) first.set(url, run);
      last.set(url, { ...refreshedCells(last.get(url)?.cells, business), run });
    }
  });

  const { rows } = readSheet(runtime, sheetOf(view));
  const businessRows = rows.filter((r) => r["Business ID"] !== "");
  const urls = businessRows.map((r) => String(r["Maps URL"]));
  // Each business on exactly one row: the union of every run's businesses.
  expect(urls.length - new Set(urls).size).toBe(0);
  expect(new Set(urls)).toEqual(new Set(last.keys()));
  const said = { New: 0, Updated: 0, "No longer found": 0 } as Record<string, number>;
  let lostThisRun = 0;
  const cells = businessRows.flatMap((row) => {
    const url = String(row["Maps URL"]);
    const { cells: expectedCells, keptEmails, run } = last.get(url) ?? { cells: { "Business ID": "" }, keptEmails: false, run: -1 };
    const firstRun = first.get(url) ?? -1;
    const refresh = run < latest ? "No longer found" : firstRun === latest ? "New" : "Updated";
    said[refresh] = (said[refresh] ?? 0) + 1;
    // The run's own "no longer found": rows the run before it found (earlier ones were counted by their run).
    if (refresh === "No longer found" && run === latest - 1) lostThisRun += 1;
    const kept = refresh === "Updated" && keptEmails;
    // An update that kept the emails says so first ("Updated · kept earlier emails…").
    const wordOf = (text: unknown) =>
      `${String(text).split(" · ")[0]}, kept emails: ${/^Updated · (.* · )?kept earlier emails/.test(String(text))}`;
    const word = `${refresh}, kept emails: ${kept}`;
    // A word a person typed over (person-acts.ts) is theirs until the add-on has a different word: read as the run's.
    const typed = person.holdsTyped(url, "Latest refresh", row["Latest refresh"], (overwrote) => wordOf(overwrote) === word);
    const want: Record<string, unknown> = { ...expectedCells, "First seen": expected.days[firstRun], "Last seen": expected.days[run] };
    return [
      ...Object.entries(want).map(([header, value]): [string, unknown, unknown] => [`${url} ${header}`, row[header], value]),
      [`${url} Latest refresh`, typed ? word : wordOf(row["Latest refresh"]), word] as [string, unknown, unknown],
    ];
  });
  expect(mismatches(cells)).toEqual([]);
  if ((said["No longer found"] ?? 0) > 0) tally.notFound += 1;

  // What the job says the run did, row by row as the sheet says it.
  const refresh = view.refresh;
  expect(refresh?.lastError).toBeNull();
  expect([refresh?.lastRunAdded, refresh?.lastRunUpdated, refresh?.lastRunNotFound]).toEqual([said.New, said.Updated, lostThisRun]);
  expect([refresh?.lastRunBusinesses, refresh?.lastRunCredits]).toEqual([expected.results[latest]?.length, schedule.maxResults]);

  // Every note on the row of its business, and nowhere else; the user's own row still there, once.
  for (const [header, byUrl] of notes) {
    const noted = rows.filter((r) => r[header] !== "" && r[header] !== undefined).map((r) => [String(r["Maps URL"]), r[header]]);
    expect(new Map(noted.map(([url, note]) => [url, note]))).toEqual(byUrl);
    expect(noted).toHaveLength(byUrl.size);
  }
  expect(rows.filter((r: SheetRow) => r["Business ID"] === "").map((r) => r.Name)).toEqual([OWN_ROW]);
}

async function runSchedule(schedule: RefreshSchedule, distDir: string, tally: Tally): Promise<void> {
  const { runtime, apiKey } = await setUpAccount(world, { credits: CREDITS, maxActiveJobs: 25, runtime: { distDir } });
  const started = sidebar(runtime, "startSearch", {
    query: `plumbers ${schedule.seed}`,
    location,
    maxResults: schedule.maxResults,
    enrichContacts: schedule.enrich,
  });
  pollUntil(world, runtime, (jobs) => jobs.every((j) => j.status === "completed" && j.rowsWritten === j.leadCount));
  const notes = typeNotes(runtime, sheetOf(started), schedule);
  if (schedule.insertedColumn) tally.insertedColumns += 1;
  const set = sidebar(runtime, "setRefresh", { jobId: started.jobId, every: "day" });
  const [search] = await accountSearches(apiKey);
  const expected: Expected = { results: [await serviceResults(world, apiKey, search?.id ?? "")], days: [dayIn(runtime, set.createdAt)] };
  runtime.http.requests.splice(0); // from here on, only what the refreshes send

  let lastRunAt = set.refresh?.lastRunAt;
  const person = new PersonAtWork(runtime, () => ({
    sheetName: sheetOf(started),
    sortHeader: "Name",
    retypeHeader: "Latest refresh",
    keyOf: (row) => String(row["Maps URL"]),
  }));
  let passIndex = 0;
  for (const passes of schedule.runs) {
    const unexpected: string[] = [];
    let merged: JobView | null = null;
    for (const plan of passes) {
      if (plan.sort) {
        userSort(runtime, sheetOf(started), plan.sort.header, plan.sort.ascending);
        tally.sorts += 1;
      }
      // The run is created and its job completed on the service, not yet merged: this pass merges it.
      const mergeDue = await runCompleted(apiKey, expected.results.length);
      const pass = await runFaultyPass(world, runtime, { ...plan, act: person.actFor(personActOf(schedule.seed, passIndex)) }, unexpected);
      passIndex += 1;
      if (plan.viaTrigger) tally.triggerPasses += 1;
      if (pass.overlapped) tally.overlaps += 1;
      if (pass.killed && plan.kill?.spreadsheetCall !== undefined && mergeDue) tally.killedMerges += 1;
      if (pass.killed && plan.kill?.fetchCall !== undefined) {
        tally.killedFetches += 1;
        // Killed once the service had the creation: the next pass repeats it with the same key.
        const sent = runtime.http.requests.filter((r) => r.executionId === pass.executionId);
        if (plan.kill.fetchPhase === "after" && sent.length > 0 && isCreation(sent[sent.length - 1] as (typeof sent)[number]))
          tally.killedCreations += 1;
      }
      const view = viewOf(runtime, started.jobId);
      if (view.refresh?.lastRunAt !== lastRunAt && view.refresh?.running === false && view.refresh.lastRunBusinesses !== null) {
        merged = view;
        break;
      }
    }
    expect(unexpected).toEqual([]);
    expect(merged).not.toBeNull();
    if (!merged) return;
    tally.runs += 1;
    lastRunAt = merged.refresh?.lastRunAt;
    tallyRequests(runtime, tally);
    const jobs = await accountSearches(apiKey);
    expected.results.push(await serviceResults(world, apiKey, jobs.at(-1)?.id ?? ""));
    expected.days.push(dayIn(runtime, merged.refresh?.lastRunAt ?? ""));
    await expectRunRight(runtime, apiKey, schedule, merged, notes, expected, tally, person);
  }
  person.countInto(tally);
  // A clean pass afterwards changes nothing: the sheet is already final.
  const before = runtime.spreadsheetApp.testing.values(sheetOf(started));
  sidebar(runtime, "refreshJobs");
  expect(runtime.spreadsheetApp.testing.values(sheetOf(started))).toEqual(before);
}

/** Whether the account's newest search is a refresh run (beyond `known` jobs) the service has completed. */
async function runCompleted(apiKey: string, known: number): Promise<boolean> {
  const jobs = await accountSearches(apiKey);
  if (jobs.length <= known) return false;
  const job = (await world.control.job(jobs.at(-1)?.id ?? "")) as { status?: unknown };
  return job.status === "completed";
}

/** The schedules in one build (`dist/` or `dist-full/`). */
export function describeRefreshFaults(which: keyof typeof BUILDS): void {
  const { build, distDir, mergeCalls } = BUILDS[which];
  describe(`scheduled refreshes survive seeded fault schedules (${build} build)`, () => {
    beforeAll(async () => {
      world = await startWorld(23);
      location = await austinLabel(world);
    });
    afterAll(async () => world.close());
    const tally = newTally();

    it.each(seeds)("schedule %i", async (seed) => {
      await runSchedule(
        makeRefreshSchedule(seed, () => world.clock.now(), mergeCalls),
        distDir,
        tally,
      );
    });

    itExercisedEveryKind(choice, () => {
      // The full run's thresholds are about half of what 60 schedules fire, scaled to 200; the sample fires each at least twice.
      const least = (threshold: number) => Math.max(2, atLeast(threshold));
      const thresholds: Record<keyof Tally, number> = {
        runs: 400,
        killedMerges: 40,
        killedFetches: 110,
        killedCreations: 12,
        overlaps: 150,
        sorts: 120,
        triggerPasses: 220,
        lostCreations: 90,
        creation429: 90,
        creation503: 240,
        read429: 110,
        read503: 270,
        lostReads: 110,
        notFound: 240,
        insertedColumns: 40,
        sortsInPass: 90,
        insertsInPass: 90,
        retypesInPass: 90,
      };
      const short = Object.entries(thresholds).filter(([kind, threshold]) => tally[kind as keyof Tally] < least(threshold));
      expect(short.map(([kind, threshold]) => `${kind}: ${tally[kind as keyof Tally]} < ${least(threshold)}`)).toEqual([]);
    });
  });
}
