// An enrichment start that is interrupted, on the BUILT bundle: killed at each point of its
// creations while the credits only just cover the rows, then run again; a chunk waiting for a job
// slot in a document shared with another account's editor; a user whose store of chunks being sent
// is full. Each business is charged once, nobody pays for another editor's rows, and no row is lost.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { newRuntime, serviceAccount, sidebar } from "../../dev/world";
import {
  enrichedBusinesses,
  expectRowsRight,
  expectedUnique,
  messyRows,
  pairKey,
  rowsOf,
  seedSheet,
  serviceEnrichments,
  userColumns,
  type RowSpec,
} from "./enrich-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";
import { expectRegisteredKeys } from "../fixtures/stored-keys";
import { bySize, onBuilds } from "../tier";

const SHEET = "Leads";
const world = useWorld(31);

function seeded(runtime: FakeRuntime, specs: RowSpec[]): void {
  seedSheet(runtime, SHEET, specs);
  runtime.spreadsheetApp.testing.setActiveSheet(SHEET);
}

/** Polls as the sidebar does until every enrichment job of the account is over and nothing waits. */
async function finish(runtime: FakeRuntime, apiKey: string, user?: string): Promise<void> {
  for (let pass = 0; pass < 120; pass += 1) {
    world.clock.advance(10_000);
    const result = runtime.run("refreshJobs", [], { viaScriptRun: true, ...(user ? { user } : {}) });
    expect(result.errorMessage ?? null).toBeNull();
    const jobs = await serviceEnrichments(world, apiKey);
    const states = await Promise.all(jobs.map((j) => world.control.job(j.id) as Promise<{ status?: unknown }>));
    if (
      states.every((s) => s.status === "completed" || s.status === "failed") &&
      runtime.triggers.every((t) => t.owner !== (user ?? runtime.userEmail))
    )
      return;
  }
  throw new Error("the enrichment did not finish");
}

/** No business reaches the service twice; returns how many it received. */
async function expectEachChargedOnce(apiKey: string): Promise<Set<string>> {
  const jobs = await serviceEnrichments(world, apiKey);
  const received = jobs.flatMap((j) => j.businesses.map((b) => pairKey(b.business_name, b.website_url)));
  expect(received.length).toBe(new Set(received).size);
  return new Set(received);
}

describe("a start killed while the credits are tight", () => {
  // 1,100 messy rows hold 771 unique valid pairs; 740 credits: one chunk of 700, one of 40.
  const CREDITS = 740;
  const kills = [
    { what: "after the first chunk's request, before its answer is read", plan: { fetchCall: 2, fetchPhase: "after" as const } },
    { what: "before the second chunk's request", plan: { fetchCall: 3, fetchPhase: "before" as const } },
    { what: "after the second chunk's request", plan: { fetchCall: 3, fetchPhase: "after" as const } },
    { what: "at the write of the rows' status", plan: { spreadsheetCall: 9 } },
  ];

  // Killed after the second chunk's request, the run repeats a creation whose answer was lost, as killed after the
  // first: npm test kills at the other three points, test:all at all four.
  const points = bySize(
    kills.filter((kill) => kill.what !== "after the second chunk's request"),
    kills,
  );
  it.each(points)("killed $what: the run again sends only what was not sent, each business charged once", async ({ plan }) => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: CREDITS, maxActiveJobs: 25 });
    const specs = messyRows(1100, 7);
    seeded(runtime, specs);
    const unique = expectedUnique(specs);
    expect(unique.length).toBeGreaterThan(CREDITS);
    const before = userColumns(runtime, SHEET);

    runtime.killAt(plan); // fetch call 1 reads the account
    expect(runtime.run("startEnrichment", [{}], { viaScriptRun: true }).killed).toBe(true);
    sidebar(runtime, "startEnrichment", {});
    const received = await expectEachChargedOnce(apiKey);
    expect(received.size).toBe(CREDITS);
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(0);

    await finish(runtime, apiKey);
    const jobs = await serviceEnrichments(world, apiKey);
    expect(jobs.length).toBe(2);
    const byPair = await enrichedBusinesses(world, apiKey, jobs);
    expectRowsRight(runtime, SHEET, specs, received, byPair, /^Skipped: not enough credits \(\d+ remain\)$/);
    expect(userColumns(runtime, SHEET)).toEqual(before);
    expect(runtime.properties.user(runtime.userEmail).size).toBeLessThan(10); // no body left behind
  });
});

const DEFAULT = { build: "default", distDir: path.resolve(__dirname, "../../dist") };
const FULL = { build: "full-scope (heads in developer metadata)", distDir: path.resolve(__dirname, "../../dist-full") };
const BUILDS = [DEFAULT, FULL];

onBuilds(BUILDS, FULL)("a chunk waiting for a job slot in a shared document, $build build", ({ distDir }) => {
  it("is sent by its own editor's pass only: another account's editor pays nothing for it", async () => {
    const owner = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 1 });
    const rival = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
    const runtime = newRuntime(world, { userEmail: "owner@example.com", distDir });
    const RIVAL = "rival@example.com";
    sidebar(runtime, "saveSettings", { apiKey: owner.apiKey, baseUrl: world.url });
    runtime.run("saveSettings", [{ apiKey: rival.apiKey, baseUrl: world.url }], { viaScriptRun: true, user: RIVAL });
    const specs = messyRows(1060, 3);
    seeded(runtime, specs);
    const unique = expectedUnique(specs);
    expect(unique.length).toBeGreaterThan(700);

    const started = sidebar(runtime, "startEnrichment", {});
    expect(started.jobs).toHaveLength(1); // the second chunk waits: one active job at a time
    expect(rowsOf(runtime, SHEET).filter((r) => String(r["Enrichment status"]).startsWith("Waiting")).length).toBeGreaterThan(0);
    expectRegisteredKeys(runtime); // a run, its chunks' heads and the waiting body among them

    // The rival's passes see the waiting chunk but leave it to its sender.
    for (let pass = 0; pass < 5; pass += 1) {
      world.clock.advance(30_000);
      const result = runtime.run("refreshJobs", [], { viaScriptRun: true, user: RIVAL });
      expect(result.errorMessage ?? null).toBeNull();
    }
    expect(await serviceEnrichments(world, rival.apiKey)).toHaveLength(0);
    expect((await serviceAccount(world, rival.apiKey)).credits_remaining).toBe(5000);

    await finish(runtime, owner.apiKey);
    const received = await expectEachChargedOnce(owner.apiKey);
    expect(received.size).toBe(unique.length);
    const byPair = await enrichedBusinesses(world, owner.apiKey, await serviceEnrichments(world, owner.apiKey));
    expectRowsRight(runtime, SHEET, specs, received, byPair, null);
    expectRegisteredKeys(runtime);
  });
});

describe("a user whose store of chunks being sent is full", () => {
  it("keeps the rows waiting in the sheet, sends nothing for them, and a later pass sends them without another click", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25 });
    const specs = messyRows(60, 11);
    seeded(runtime, specs);
    // Another document's chunks, being sent, fill the user's store to the brim.
    const store = runtime.properties.user(runtime.userEmail);
    const filler = "x".repeat(7900);
    for (let i = 0; i < 45; i += 1) store.set(`enrich-body:another-document:${i}:${Date.now().toString(36)}:0`, filler);

    const first = sidebar(runtime, "startEnrichment", {});
    expect(first.jobs).toHaveLength(0);
    const valid = specs.filter((s) => "name" in s.expected).length;
    expect(first.waiting).toBe(valid);
    expect(first.skipped.every((s) => !/waiting/.test(s.reason))).toBe(true);
    expect(await serviceEnrichments(world, apiKey)).toHaveLength(0);
    expect(rowsOf(runtime, SHEET).filter((r) => r["Enrichment status"] === "Waiting to be sent").length).toBe(valid);

    for (const key of [...store.keys()]) if (key.includes("another-document")) store.delete(key);
    await finish(runtime, apiKey);
    const received = await expectEachChargedOnce(apiKey);
    expect(received.size).toBe(expectedUnique(specs).length);
    const byPair = await enrichedBusinesses(world, apiKey, await serviceEnrichments(world, apiKey));
    expectRowsRight(runtime, SHEET, specs, received, byPair, null);
  });
});

describe("a waiting chunk in the full-scope build, when Google runs the trigger without a document", () => {
  it("is sent by the user's trigger alone, which opens the document by id and finds the body in the user's properties", async () => {
    const { runtime, apiKey } = await setUpAccount(world, {
      credits: 5000,
      maxActiveJobs: 1,
      runtime: { distDir: FULL.distDir, triggerDocument: "none" },
    });
    const specs = messyRows(1060, 5);
    seeded(runtime, specs);
    const unique = expectedUnique(specs);
    expect(sidebar(runtime, "startEnrichment", {}).jobs).toHaveLength(1);

    for (let hour = 0; hour < 12 && runtime.triggers.length > 0; hour += 1) {
      world.clock.advance(60 * 60 * 1000);
      for (const run of runtime.fireDueTriggers()) expect(run.errorMessage ?? null).toBeNull();
    }
    expect(runtime.triggers).toHaveLength(0);
    const received = await expectEachChargedOnce(apiKey);
    expect(received.size).toBe(unique.length);
    const byPair = await enrichedBusinesses(world, apiKey, await serviceEnrichments(world, apiKey));
    expectRowsRight(runtime, SHEET, specs, received, byPair, null);
  });
});
