// A document shared by a team, on the BUILT bundle: editors with their own keys (of the same
// account or another one), their own triggers and sidebar refreshes. A job is moved forward only
// by keys that can see it; a 404 for another account's job leaves it alone; every search ends
// exact, charged once, and each user's trigger goes once that user has nothing left to move.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { newRuntime, serviceAccount, sidebarAs, type JobView } from "../../dev/world";
import { expectSheetExact } from "./exact-sheet";
import { useWorld } from "../fixtures/world";

const world = useWorld(21);

const OWNER = "owner@example.com";
const RIVAL = "rival@example.com"; // another account's key
const COLLEAGUE = "colleague@example.com"; // a second key of the owner's account

function job(list: JobView[], jobId: string): JobView {
  const found = list.find((j) => j.jobId === jobId);
  if (!found) throw new Error(`job ${jobId} missing from listJobs`);
  return found;
}

const triggerOwners = (runtime: FakeRuntime) => runtime.triggers.map((t) => t.owner).sort();

async function expectExact(runtime: FakeRuntime, apiKey: string, view: JobView, count: number): Promise<void> {
  expect(await expectSheetExact(world, runtime, apiKey, view)).toBe(count);
}

describe("three editors in one document", () => {
  it("each moves only what its key can see: both searches end exact, one charge each, every trigger removed", async () => {
    const accountA = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
    const secondKeyA = await world.control.addKey(accountA.accountId);
    const accountB = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
    const runtime = newRuntime(world, { userEmail: OWNER });
    sidebarAs(runtime, OWNER, "saveSettings", { apiKey: accountA.apiKey, baseUrl: world.url });
    sidebarAs(runtime, RIVAL, "saveSettings", { apiKey: accountB.apiKey, baseUrl: world.url });
    sidebarAs(runtime, COLLEAGUE, "saveSettings", { apiKey: secondKeyA, baseUrl: world.url });

    const [austin] = sidebarAs(runtime, OWNER, "findLocations", { q: "Austin", country: "US" });
    const [denver] = sidebarAs(runtime, RIVAL, "findLocations", { q: "Denver" });
    const ownerJob = sidebarAs(runtime, OWNER, "startSearch", { query: "plumbers", location: austin?.label, maxResults: 200 });
    const rivalJob = sidebarAs(runtime, RIVAL, "startSearch", { query: "roofers", location: denver?.label, maxResults: 150 });
    expect(ownerJob.mine).toBe(true);
    expect(rivalJob.mine).toBe(true);
    expect(triggerOwners(runtime)).toEqual([OWNER, RIVAL]);

    // First refreshes while both jobs run: the rival's 404 on the owner's job changes nothing of it.
    world.clock.advance(5000);
    const rivalsView = sidebarAs(runtime, RIVAL, "refreshJobs");
    expect(job(rivalsView, ownerJob.jobId)).toMatchObject({ mine: false, error: null, status: ownerJob.status });
    expect(job(rivalsView, rivalJob.jobId).mine).toBe(true);
    const colleaguesView = sidebarAs(runtime, COLLEAGUE, "refreshJobs");
    expect(job(colleaguesView, ownerJob.jobId).mine).toBe(true); // same account: polls it like its creator
    expect(job(colleaguesView, rivalJob.jobId).mine).toBe(false);
    expect(triggerOwners(runtime)).toEqual([COLLEAGUE, OWNER, RIVAL]);
    const ownersView = sidebarAs(runtime, OWNER, "refreshJobs");
    expect(job(ownersView, rivalJob.jobId)).toMatchObject({ mine: false, error: null });

    // Then sidebar refreshes by turns, and every hour each user's trigger.
    const users = [RIVAL, COLLEAGUE, OWNER];
    const firedFor = new Set<string>();
    let rounds = 0;
    for (; rounds < 400 && runtime.triggers.length > 0; rounds += 1) {
      world.clock.advance(rounds % 10 === 9 ? 60 * 60 * 1000 : 4000);
      for (const trigger of runtime.triggers)
        if (trigger.nextAt !== null && trigger.nextAt <= world.clock.now()) firedFor.add(trigger.owner);
      const fired = runtime.fireDueTriggers();
      for (const result of fired) expect(result.errorMessage).toBeUndefined();
      const views = sidebarAs(runtime, users[rounds % 3] as string, "refreshJobs");
      // Whoever refreshed, nobody's job was settled before its service job ended.
      for (const view of views) if (view.status !== "completed") expect(view.error).toBeNull();
    }
    expect(runtime.triggers).toEqual([]);
    expect(rounds).toBeLessThan(400);
    expect([...firedFor].sort()).toEqual([COLLEAGUE, OWNER, RIVAL]); // each user's own trigger ran passes too

    const final = sidebarAs(runtime, OWNER, "listJobs");
    const ownerFinal = job(final, ownerJob.jobId);
    const rivalFinal = job(final, rivalJob.jobId);
    expect(ownerFinal).toMatchObject({ status: "completed", rowsWritten: 200, error: null, mine: true });
    expect(rivalFinal).toMatchObject({ status: "completed", rowsWritten: 150, error: null, mine: false });
    await expectExact(runtime, accountA.apiKey, ownerFinal, 200);
    await expectExact(runtime, accountB.apiKey, rivalFinal, 150);
    expect((await serviceAccount(world, accountA.apiKey)).credits_remaining).toBe(4800);
    expect((await serviceAccount(world, accountB.apiKey)).credits_remaining).toBe(4850);
    // No key reached the document.
    const documentText = JSON.stringify([...runtime.stores.document]);
    for (const key of [accountA.apiKey, secondKeyA, accountB.apiKey]) expect(documentText).not.toContain(key);
  });
});

describe("a creator who switches to another account's key", () => {
  async function started(): Promise<{ runtime: FakeRuntime; apiKey: string; accountId: string; jobId: string; otherKey: string }> {
    const account = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
    const other = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const runtime = newRuntime(world, { userEmail: OWNER });
    sidebarAs(runtime, OWNER, "saveSettings", { apiKey: account.apiKey, baseUrl: world.url });
    const [austin] = sidebarAs(runtime, OWNER, "findLocations", { q: "Austin", country: "US" });
    const view = sidebarAs(runtime, OWNER, "startSearch", { query: "bakers", location: austin?.label, maxResults: 100 });
    return { runtime, apiKey: account.apiKey, accountId: account.accountId, jobId: view.jobId, otherKey: other.apiKey };
  }

  it("with a colleague holding a key of the job's account: the colleague finishes it, exact", async () => {
    const { runtime, apiKey, accountId, jobId, otherKey } = await started();
    const colleagueKey = await world.control.addKey(accountId);
    sidebarAs(runtime, COLLEAGUE, "saveSettings", { apiKey: colleagueKey, baseUrl: world.url });
    sidebarAs(runtime, OWNER, "saveSettings", { apiKey: otherKey, baseUrl: world.url });
    world.clock.advance(5000);
    expect(job(sidebarAs(runtime, OWNER, "refreshJobs"), jobId)).toMatchObject({ mine: false, error: null });
    let view: JobView | undefined;
    for (let i = 0; i < 200; i += 1) {
      world.clock.advance(5000);
      view = job(sidebarAs(runtime, COLLEAGUE, "refreshJobs"), jobId);
      if (view.status === "completed" && runtime.triggers.length === 0) break;
    }
    expect(view).toMatchObject({ status: "completed", rowsWritten: 100, error: null, mine: true });
    await expectExact(runtime, apiKey, view as JobView, 100);
  });
});
