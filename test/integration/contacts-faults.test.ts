// Fault schedules of a pass that writes contacts, on both BUILT bundles: a document with a Contacts
// sheet (sorted by the user, with a notes column and a mail merge's status column) gets a new
// search's results; the pass that writes them, and then the sheet's new addresses, is killed at a
// SpreadsheetApp call, and the next passes finish it: never a duplicate row, never a lost user
// cell, every address there with its columns. npm test kills at a sample of the contacts' part
// (its first call, a read, each write and the store's, its last call) and the results' write, the builds taking it in turn;
// test:all at every call on each.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, readSheet, serviceResults, sidebar, type JobView, type ServiceBusiness } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { bySize, sharedOut } from "../tier";

const BUILDS = [
  { build: "default", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") },
];

const world = useWorld(9);

const column = (index: number): string => String.fromCharCode(65 + index);

function addressesOf(businesses: readonly ServiceBusiness[]): Set<string> {
  const all = businesses.flatMap((b) => [
    ...((b.emails as string[] | undefined) ?? []),
    ...((b.owner_emails as string[] | undefined) ?? []),
    ...((b.decision_maker_emails as string[] | undefined) ?? []),
  ]);
  return new Set(all.map((a) => a.trim().toLowerCase()).filter((a) => a !== ""));
}

interface Setup {
  runtime: FakeRuntime;
  apiKey: string;
  jobIds: string[];
  noted: string;
  bounced: string;
}

/** A document whose Contacts sheet the user sorted and wrote in; a second search has finished at the service, not yet written. */
async function setUp(distDir: string): Promise<Setup> {
  const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
  const [location] = sidebar(runtime, "findLocations", { q: "Austin" });
  const first = sidebar(runtime, "startSearch", { query: "roofers", location: location?.label, maxResults: 100, enrichContacts: true });
  pollUntil(world, runtime, (jobs) => jobs.every((j: JobView) => j.status === "completed" && j.rowsWritten === j.leadCount));
  sidebar(runtime, "buildContacts", {});
  const testing = runtime.spreadsheetApp.testing;
  const { headers, rows } = readSheet(runtime, "Contacts");
  testing.userSeed("Contacts", `${column(headers.length)}1`, [
    ["Notes", "Merge status"],
    ["call Monday", "EMAIL_SENT"],
    ["", "BOUNCED"],
  ]);
  testing.userSortSheet("Contacts", 6, false);
  const second = sidebar(runtime, "startSearch", { query: "painters", location: location?.label, maxResults: 100, enrichContacts: true });
  world.clock.advance(10 * 60 * 1000); // the service finishes it; no pass has written it yet
  return { runtime, apiKey, jobIds: [first.jobId, second.jobId], noted: String(rows[0]?.Email), bounced: String(rows[1]?.Email) };
}

async function expectWhole(setup: Setup, call: number): Promise<void> {
  const { runtime, apiKey, jobIds } = setup;
  const service = (await Promise.all(jobIds.map((id) => serviceResults(world, apiKey, id)))).flat();
  const { rows } = readSheet(runtime, "Contacts");
  const emails = rows.map((r) => String(r.Email).toLowerCase()).filter((e) => e !== "");
  expect([call, emails.length]).toEqual([call, new Set(emails).size]);
  expect([call, rows.length]).toEqual([call, emails.length]); // no row without its address
  expect([call, [...addressesOf(service)].filter((a) => !emails.includes(a))]).toEqual([call, []]);
  expect([call, emails.filter((a) => !addressesOf(service).has(a))]).toEqual([call, []]);
  expect([call, rows.filter((r) => r.Notes !== "")]).toEqual([
    call,
    [expect.objectContaining({ Email: setup.noted, Notes: "call Monday", "Merge status": "EMAIL_SENT" })],
  ]);
  expect([call, rows.find((r) => r.Email === setup.bounced)]).toEqual([
    call,
    expect.objectContaining({ "Merge status": "BOUNCED", "Ready to send": "No: bounced" }),
  ]);
  // Every row complete: a killed write is repaired.
  expect([call, rows.filter((r) => r["Ready to send"] === "" || r["Found in"] === "" || r.Company === "").map((r) => r.Email)]).toEqual([
    call,
    [],
  ]);
}

describe.each(BUILDS)("a pass writing contacts, killed at a spreadsheet call ($build build)", (build) => {
  const { distDir } = build;
  it("is finished by the next passes: no duplicate row, no lost user cell", async () => {
    const probe = await setUp(distDir);
    const methods: string[] = [];
    const unwatch = probe.runtime.watchSpreadsheetCalls((kind, method) => {
      if (kind !== "getter") methods.push(method);
    });
    const clean = probe.runtime.run("refreshJobs", [], { viaScriptRun: true });
    unwatch();
    expect(clean.errorMessage).toBeUndefined();
    await expectWhole(probe, 0);
    const total = methods.length;
    // The contacts' part: from the lookup of the Contacts sheet just before the pass's last listing of the sheets.
    const contactsFrom = methods.lastIndexOf("Spreadsheet.getSheets");
    expect([methods[contactsFrom - 1], total - contactsFrom]).toEqual(["Spreadsheet.getSheetByName", expect.any(Number)]);
    expect(total - contactsFrom).toBeGreaterThan(8);
    // A kill leaves the state of the writes before it: killed at a read, the same as at the next write. npm test kills at
    // the results' write, the contacts' first call, one of their reads, each of their writes and the store's, and the last call.
    const writes = methods.flatMap((method, i) => (i >= contactsFrom && !/\.(get|is)[A-Z]/.test(method) ? [i + 1] : []));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    // The two builds take that sample in turn (sharedOut).
    const sample = [...new Set([Math.max(1, contactsFrom - 1), contactsFrom, Math.floor((contactsFrom + total) / 2), ...writes, total])];
    const calls = bySize(
      sharedOut(sample, BUILDS.indexOf(build), BUILDS.length),
      Array.from({ length: total }, (_, i) => i + 1),
    );
    for (const call of calls) {
      const setup = await setUp(distDir);
      setup.runtime.killAt({ spreadsheetCall: call });
      expect([call, setup.runtime.run("refreshJobs", [], { viaScriptRun: true }).killed]).toEqual([call, true]);
      for (let pass = 0; pass < 2; pass += 1) {
        world.clock.advance(5000);
        const result = setup.runtime.run("refreshJobs", [], { viaScriptRun: true });
        expect([call, result.errorMessage]).toEqual([call, undefined]);
      }
      await expectWhole(setup, call);
    }
  });
});
