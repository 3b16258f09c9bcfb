// Another editor's waiting run, on the BUILT bundle: two editors with their own keys (of two
// accounts) in one document. The owner starts a run whose second chunk meets their account's limit
// of one job at a time (it stays stored, its body in the owner's user properties) and never comes
// back; the colleague continues the run with their own key (continueEnrichment): the rows of the
// owner's stored chunk are held for it, the rest are sent with the colleague's key at once, the held
// ones once that chunk's head expires (7 days) — or, when the owner comes back first, the owner's
// pass sends that chunk and its rows are not sent again. Either way each business is charged once,
// across both accounts, and every row ends right.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { newRuntime, serviceAccount, sidebarAs, type JobView } from "../../dev/world";
import {
  enrichedBusinesses,
  expectRowsRight,
  expectedUnique,
  messyRows,
  pairKey,
  rowsOf,
  seedSheet,
  serviceEnrichments,
  type SentJob,
} from "./enrich-sheet";
import { useWorld } from "../fixtures/world";

const world = useWorld(61);
const SHEET = "Accounts";
const OWNER = "owner@example.com";
const COLLEAGUE = "colleague@example.com";
const HELD = "Waiting: held for another editor's chunk that may be on its way; sent once it is settled or expires";
const DAY = 24 * 60 * 60 * 1000;

interface Team {
  runtime: FakeRuntime;
  owner: string;
  colleague: string;
}

/** The owner's key runs one job at a time; the colleague's, 25. */
async function team(colleagueCredits = 5000): Promise<Team> {
  const owner = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 1 });
  const colleague = await world.control.createAccount({ plan: "growth", credits: colleagueCredits, maxActiveJobs: 25 });
  const runtime = newRuntime(world, { userEmail: OWNER });
  sidebarAs(runtime, OWNER, "saveSettings", { apiKey: owner.apiKey, baseUrl: world.url });
  sidebarAs(runtime, COLLEAGUE, "saveSettings", { apiKey: colleague.apiKey, baseUrl: world.url });
  return { runtime, owner: owner.apiKey, colleague: colleague.apiKey };
}

const runLineOf = (jobs: readonly JobView[]): JobView => {
  const line = jobs.find((job) => job.run);
  if (!line) throw new Error("no run in the list");
  return line;
};

const statuses = (runtime: FakeRuntime): string[] => rowsOf(runtime, SHEET).map((row) => String(row["Enrichment status"]));

/** Both accounts' jobs, oldest first. */
async function allJobs(t: Team): Promise<SentJob[]> {
  return [...(await serviceEnrichments(world, t.owner)), ...(await serviceEnrichments(world, t.colleague))];
}

/** Each business reached the service once, over both accounts; returns them. */
async function chargedOnce(t: Team): Promise<Set<string>> {
  const received = (await allJobs(t)).flatMap((job) => job.businesses.map((b) => pairKey(b.business_name, b.website_url)));
  expect(received.length).toBe(new Set(received).size);
  return new Set(received);
}

/** Every business either account enriched, by pair (for expectRowsRight). */
async function resultsOfBoth(t: Team): Promise<Awaited<ReturnType<typeof enrichedBusinesses>>> {
  const owners = await enrichedBusinesses(world, t.owner, await serviceEnrichments(world, t.owner));
  return new Map([...owners, ...(await enrichedBusinesses(world, t.colleague, await serviceEnrichments(world, t.colleague)))]);
}

/** Both editors' passes, by turns, until no row waits for a result any more. */
function finishBoth(t: Team): void {
  for (
    let pass = 0;
    pass < 40 && statuses(t.runtime).some((s) => s.startsWith("Sent") || s === "pending" || s.startsWith("Waiting"));
    pass += 1
  ) {
    passesOf(t, COLLEAGUE, 1);
    passesOf(t, OWNER, 1);
  }
}

/** `count` passes of `user`'s sidebar, `step` apart. */
function passesOf(t: Team, user: string, count: number, step = 20_000): void {
  for (let pass = 0; pass < count; pass += 1) {
    world.clock.advance(step);
    sidebarAs(t.runtime, user, "refreshJobs");
  }
}

/** The owner starts the run: one job, and the second chunk stored after the account's limit turned it away. */
function ownerStarts(t: Team): { waiting: number } {
  const specs = messyRows(2_400, 17);
  seedSheet(t.runtime, SHEET, specs);
  t.runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
  const started = sidebarAs(t.runtime, OWNER, "startEnrichment", {});
  expect(started.jobs).toHaveLength(1);
  expect([...t.runtime.properties.user(OWNER).keys()].some((key) => key.startsWith("enrich-body:"))).toBe(true);
  return { waiting: started.waiting };
}

describe("another editor's waiting run", () => {
  it(
    "is continued with the colleague's key: the owner's stored chunk's rows wait for it, the rest go at once, " +
      "the held ones after 7 days",
    async () => {
      const t = await team();
      const specs = messyRows(2_400, 17);
      const unique = expectedUnique(specs);
      const { waiting } = ownerStarts(t);

      // The colleague sees the run as another editor's, with what its waiting rows cost.
      const seen = runLineOf(sidebarAs(t.runtime, COLLEAGUE, "listJobs"));
      expect(seen.run).toMatchObject({ sentByMe: false, rowsWaiting: waiting, businessesWaiting: unique.length - 700, stopped: false });
      expect(runLineOf(sidebarAs(t.runtime, OWNER, "listJobs")).run?.sentByMe).toBe(true);

      const continued = sidebarAs(t.runtime, COLLEAGUE, "continueEnrichment", { jobId: seen.jobId });
      const held = statuses(t.runtime).filter((s) => s === HELD).length;
      expect(continued.rowsHeld).toBe(held);
      expect(held).toBeGreaterThanOrEqual(700); // the owner's second chunk: 700 businesses, some on two rows
      expect(Date.parse(continued.heldUntil ?? "")).toBeGreaterThan(world.clock.now() + 6 * DAY);
      expect(runLineOf(continued.jobs).run).toMatchObject({ sentByMe: true, rowsWaiting: held });
      // The rest went with the colleague's key at once; the owner's key sent nothing more.
      expect(await serviceEnrichments(world, t.owner)).toHaveLength(1);
      const colleagues = await serviceEnrichments(world, t.colleague);
      expect(colleagues).toHaveLength(1);
      expect(colleagues[0]?.businesses.length).toBe(unique.length - 1_400);
      expect(runLineOf(sidebarAs(t.runtime, OWNER, "listJobs")).run?.sentByMe).toBe(false);

      // The colleague's passes leave the held rows to the owner's chunk while its head lives...
      passesOf(t, COLLEAGUE, 5);
      expect(statuses(t.runtime).filter((s) => s === HELD)).toHaveLength(held);
      expect(await serviceEnrichments(world, t.colleague)).toHaveLength(1);
      // ...and send them once it has expired (the owner never came back).
      world.clock.advance(7 * DAY);
      passesOf(t, COLLEAGUE, 8);
      expect(statuses(t.runtime).filter((s) => s === HELD)).toHaveLength(0);
      expect(await serviceEnrichments(world, t.colleague)).toHaveLength(2);

      // The owner's first job is read by the owner's key: back at last, its pass writes it.
      finishBoth(t);
      const received = await chargedOnce(t);
      expect(received.size).toBe(unique.length);
      expectRowsRight(t.runtime, SHEET, specs, received, await resultsOfBoth(t), null);
      expect((await serviceAccount(world, t.owner)).credits_remaining).toBe(5000 - 700);
      expect((await serviceAccount(world, t.colleague)).credits_remaining).toBe(5000 - (unique.length - 700));
    },
  );

  it("held rows are sent by the owner's own pass when the owner comes back first, and never again by the colleague's key", async () => {
    const t = await team();
    const specs = messyRows(2_400, 17);
    const unique = expectedUnique(specs);
    ownerStarts(t);
    const line = runLineOf(sidebarAs(t.runtime, COLLEAGUE, "listJobs"));
    const { rowsHeld } = sidebarAs(t.runtime, COLLEAGUE, "continueEnrichment", { jobId: line.jobId });
    expect(rowsHeld).toBeGreaterThanOrEqual(700);

    // The owner comes back: once the first job has ended, the owner's pass repeats the stored chunk with its key.
    for (let pass = 0; pass < 12 && statuses(t.runtime).some((s) => s === HELD); pass += 1) passesOf(t, OWNER, 1, 60_000);
    expect(statuses(t.runtime).filter((s) => s === HELD)).toHaveLength(0);
    expect(await serviceEnrichments(world, t.owner)).toHaveLength(2);
    expect([...t.runtime.properties.user(OWNER).keys()].some((key) => key.startsWith("enrich-body:"))).toBe(false);

    finishBoth(t);
    const received = await chargedOnce(t);
    expect(received.size).toBe(unique.length);
    expect(await serviceEnrichments(world, t.colleague)).toHaveLength(1);
    expectRowsRight(t.runtime, SHEET, specs, received, await resultsOfBoth(t), null);
  });

  it("holds every waiting row when the sheet no longer says which rows the owner's chunk holds (sorted since)", async () => {
    const t = await team();
    const { waiting } = ownerStarts(t);
    t.runtime.spreadsheetApp.testing.userSortSheet(SHEET, 3, false);
    const line = runLineOf(sidebarAs(t.runtime, COLLEAGUE, "listJobs"));
    const continued = sidebarAs(t.runtime, COLLEAGUE, "continueEnrichment", { jobId: line.jobId });
    expect(continued.rowsHeld).toBe(waiting);
    expect(await serviceEnrichments(world, t.colleague)).toHaveLength(0);
    expect(runLineOf(continued.jobs).run).toMatchObject({ sentByMe: true, rowsWaiting: waiting });
  });

  it(
    "is refused, changing nothing, when the colleague's credits do not cover its waiting rows; " + "one's own run is left as it is",
    async () => {
      const t = await team(100);
      ownerStarts(t);
      const line = runLineOf(sidebarAs(t.runtime, COLLEAGUE, "listJobs"));
      const before = statuses(t.runtime);
      expect(() => sidebarAs(t.runtime, COLLEAGUE, "continueEnrichment", { jobId: line.jobId })).toThrow(
        new RegExp(
          /^Your key cannot take the [\d,]+ businesses still waiting in "Accounts": not enough credits \(100 remain\)\. /.source +
            /Nothing changed: the rows still wait for the key that sends them\.$/.source,
        ),
      );
      expect(statuses(t.runtime)).toEqual(before);
      expect(runLineOf(sidebarAs(t.runtime, COLLEAGUE, "listJobs")).run?.sentByMe).toBe(false);
      expect(await serviceEnrichments(world, t.colleague)).toHaveLength(0);
      expect(sidebarAs(t.runtime, OWNER, "continueEnrichment", { jobId: line.jobId })).toMatchObject({ rowsHeld: 0, heldUntil: null });
      expect(() => sidebarAs(t.runtime, COLLEAGUE, "continueEnrichment", { jobId: "not-a-job" })).toThrow(/does not track that job/);
    },
  );
});
