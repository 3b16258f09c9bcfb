// Fault schedules of forgetting an address and of a download that records `Exported`, on both BUILT bundles: a document whose
// Contacts sheet the user wrote in (notes, a mail merge's status) and whose search refreshes; forgetContact, then contactsCsv, killed
// at a SpreadsheetApp call, then the passes and a refresh that finds the address again, then the same call repeated. Never a forgotten
// address written back (no pass adds it where the killed call took it out, no file holds it), never a lost user cell, the second
// call finishing the job. npm test kills at a write in the middle and at the last, one on each build; test:all at every call on each.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, readSheet, sidebar, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { parseCsv } from "../contacts/strict-csv";
import { bySize, sharedOut } from "../tier";

const BUILDS = [
  { build: "default", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") },
];

const world = useWorld(29);

const letter = (index: number): string => String.fromCharCode(65 + index);

interface Setup {
  runtime: FakeRuntime;
  job: JobView;
  /** The address forgotten. */
  email: string;
  /** Each user note, by the address of its row. */
  notes: Map<string, string>;
  /** The mail merge's status cells, by the address of their row. */
  statuses: Map<string, string>;
}

/**
 * A search's Contacts sheet with a note on every third row and a mail merge's status on two, an address chosen, and a refresh run
 * asked for and finished at the service, not merged yet: the next pass merges it, and finds the address again.
 */
async function setUp(distDir: string): Promise<Setup> {
  const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
  const [location] = sidebar(runtime, "findLocations", { q: "Austin" });
  const started = sidebar(runtime, "startSearch", { query: "roofers", location: location?.label, maxResults: 100, enrichContacts: true });
  const done = (list: JobView[]) => list.every((j) => j.status === "completed" && j.rowsWritten === j.leadCount && j.refreshing !== true);
  const jobs = pollUntil(world, runtime, done, 60_000);
  sidebar(runtime, "buildContacts", {});
  const { headers, rows } = readSheet(runtime, "Contacts");
  const owner = rows.find((row) => row.Role === "Owner") ?? rows[2];
  const email = String(owner?.Email).toLowerCase();
  const notes = new Map(rows.flatMap((row, i) => (i % 3 === 0 ? [[String(row.Email), `note ${i}`] as const] : [])));
  const others = rows.filter((row) => String(row.Email).toLowerCase() !== email);
  const statuses = new Map([
    [String(others[1]?.Email), "EMAIL_SENT"],
    [String(others[4]?.Email), "BOUNCED"],
  ]);
  runtime.spreadsheetApp.testing.userSeed("Contacts", `${letter(headers.length)}1`, [
    ["Notes", "Merge status"],
    ...rows.map((row) => [notes.get(String(row.Email)) ?? "", statuses.get(String(row.Email)) ?? ""]),
  ]);
  sidebar(runtime, "setRefresh", { jobId: started.jobId, every: "day", runNow: true });
  world.clock.advance(10 * 60 * 1000); // the run finishes at the service; no pass has merged it
  return { runtime, job: jobs.find((j) => j.jobId === started.jobId) as JobView, email, notes, statuses };
}

/** Each sheet's cells that hold the address. */
function holding(runtime: FakeRuntime, email: string): Map<string, number> {
  const testing = runtime.spreadsheetApp.testing;
  return new Map(
    testing.sheetNames().map((name) => [
      name,
      testing
        .values(name)
        .flat()
        .filter((cell) => String(cell).toLowerCase().includes(email)).length,
    ]),
  );
}

/** The passes and a refresh run now, which finds the address again: none of them may write it where the killed call took it out. */
function passesAndRefresh(setup: Setup, call: number): void {
  const before = holding(setup.runtime, setup.email);
  pollUntil(world, setup.runtime, (list) => list.every((j) => j.refreshing !== true && (j.refresh?.lastRunAdded ?? null) !== null), 60_000);
  sidebar(setup.runtime, "buildContacts", {});
  for (const [name, cells] of holding(setup.runtime, setup.email))
    expect([call, name, cells]).toEqual([call, name, Math.min(cells, before.get(name) ?? 0)]);
}

function expectWhole(setup: Setup, call: number): void {
  const { runtime, email, notes } = setup;
  expect([call, [...holding(runtime, email).values()].reduce((a, b) => a + b, 0)]).toEqual([call, 0]);
  const lines = runtime.spreadsheetApp.testing
    .values("Do not contact")
    .flat()
    .filter((cell) => String(cell).startsWith("sha256:"));
  expect([call, lines.length]).toEqual([call, 1]);
  const rows = readSheet(runtime, "Contacts").rows;
  const emails = rows.map((r) => String(r.Email).toLowerCase());
  expect([call, new Set(emails).size]).toEqual([call, emails.length]);
  // Every note stays with its address; the forgotten one's went with its row.
  const kept = new Map(rows.filter((r) => r.Notes !== "").map((r) => [String(r.Email), String(r.Notes)]));
  expect([call, kept]).toEqual([call, new Map([...notes].filter(([address]) => address.toLowerCase() !== email))]);
  const statuses = new Map(rows.filter((r) => r["Merge status"] !== "").map((r) => [String(r.Email), String(r["Merge status"])]));
  expect([call, statuses]).toEqual([call, setup.statuses]);
}

/** The SpreadsheetApp calls (getters aside) a clean run of `name` makes, and the numbers of its writes. */
function probe(
  runtime: FakeRuntime,
  name: "forgetContact" | "contactsCsv",
  arg: object,
): { total: number; writes: number[]; methods: string[] } {
  const methods: string[] = [];
  const unwatch = runtime.watchSpreadsheetCalls((kind, method) => {
    if (kind !== "getter") methods.push(method);
  });
  const result = runtime.run(name, [arg], { viaScriptRun: true });
  unwatch();
  expect(result.errorMessage).toBeUndefined();
  const writes = methods.flatMap((method, i) => (/\.(get|is)[A-Z]/.test(method) ? [] : [i + 1]));
  return { total: methods.length, writes, methods };
}

/**
 * npm test: a write in the middle (a sheet half cleaned) and the last (all but the last step done); a kill at a read leaves what one
 * at the next write leaves, and one before any write what the store's own write leaves; the builds take one each. test:all: every call.
 */
function sample({ total, writes }: { total: number; writes: number[] }, build: number): number[] {
  const some = [...new Set([writes[Math.floor(writes.length / 2)] ?? 1, writes.at(-1) ?? total])];
  return bySize(
    sharedOut(some, build, BUILDS.length),
    Array.from({ length: total }, (_, i) => i + 1),
  ).sort((a, b) => a - b);
}

describe.each(BUILDS)("forgetting and downloading, killed at a spreadsheet call ($build build)", (build) => {
  const { distDir } = build;
  it("forgetContact killed anywhere: no pass writes the address back, no user cell is lost, the second call finishes it", async () => {
    const clean = await setUp(distDir);
    const calls = probe(clean.runtime, "forgetContact", { email: clean.email });
    expect(calls.writes.length).toBeGreaterThanOrEqual(3);
    expectWhole(clean, 0);
    for (const call of sample(calls, BUILDS.indexOf(build))) {
      const setup = await setUp(distDir);
      setup.runtime.killAt({ spreadsheetCall: call });
      expect([call, setup.runtime.run("forgetContact", [{ email: setup.email }], { viaScriptRun: true }).killed]).toEqual([call, true]);
      passesAndRefresh(setup, call);
      const again = setup.runtime.run("forgetContact", [{ email: setup.email }], { viaScriptRun: true });
      expect([call, again.errorMessage]).toEqual([call, undefined]);
      expectWhole(setup, call);
    }
  });

  it(
    "a download killed anywhere records Exported only for a file made, " + "never on a forgotten address's row, no user cell lost",
    async () => {
      // A forget killed at its Contacts row's removal leaves the address's row there, its hash stored: no download may use it.
      const first = await setUp(distDir);
      const forget = probe(first.runtime, "forgetContact", { email: first.email });
      const removal = forget.methods.indexOf("Sheet.deleteRows") + 1; // its Contacts row (the sheet Do not contact is trimmed after)
      expect(removal).toBeGreaterThan(0);
      const halfForgotten = async (): Promise<Setup> => {
        const setup = await setUp(distDir);
        setup.runtime.killAt({ spreadsheetCall: removal });
        expect(setup.runtime.run("forgetContact", [{ email: setup.email }], { viaScriptRun: true }).killed).toBe(true);
        expect(readSheet(setup.runtime, "Contacts").rows.map((r) => String(r.Email).toLowerCase())).toContain(setup.email);
        return setup;
      };
      const exported = (setup: Setup) => readSheet(setup.runtime, "Contacts").rows.map((r) => [String(r.Email).toLowerCase(), r.Exported]);
      const clean = await halfForgotten();
      const calls = probe(clean.runtime, "contactsCsv", { format: "hubspot", include: "all" });
      expect(
        exported(clean)
          .filter(([, cell]) => cell === "")
          .map(([address]) => address),
      ).toEqual([clean.email]);
      for (const call of sample(calls, BUILDS.indexOf(build))) {
        const setup = await halfForgotten();
        setup.runtime.killAt({ spreadsheetCall: call });
        expect([call, setup.runtime.run("contactsCsv", [{ format: "hubspot", include: "all" }], { viaScriptRun: true }).killed]).toEqual([
          call,
          true,
        ]);
        // No file was made: at most the one write of the column landed, whole, on every row of the file but the forgotten one's.
        const marked = exported(setup).filter(([, cell]) => cell !== "");
        expect([call, marked.length === 0 || marked.length === exported(setup).length - 1]).toEqual([call, true]);
        const file = setup.runtime.run("contactsCsv", [{ format: "hubspot", include: "all" }], { viaScriptRun: true });
        expect([call, file.errorMessage]).toEqual([call, undefined]);
        const text = (file.value as { text: string }).text;
        expect([call, parseCsv(text).filter((row) => String(row[0]).toLowerCase() === setup.email)]).toEqual([call, []]);
        expect([call, exported(setup).find(([address]) => address === setup.email)?.[1]]).toEqual([call, ""]);
        expect(setup.runtime.run("forgetContact", [{ email: setup.email }], { viaScriptRun: true }).errorMessage).toBeUndefined();
        expectWhole(setup, call);
      }
    },
  );
});
