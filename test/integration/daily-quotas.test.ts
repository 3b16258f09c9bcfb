// Google's daily quotas on the BUILT bundles (https://developers.google.com/apps-script/guides/services/quotas):
// an idle sidebar poll reads the user's and the document's properties once each and asks the
// service for the account only; and when a quota is spent in the middle of a pass anyway
// (Properties, UrlFetch, triggers' total runtime), the sidebar or the job says so in plain words
// with when it works again, nothing is lost, and the passes after the reset end with an exact sheet.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, sidebar, type JobView } from "../../dev/world";
import { expectSheetExact } from "./exact-sheet";
import { setUpAccount, useWorld } from "../fixtures/world";
import { bySize } from "../tier";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const BUILDS = [
  ["default", path.resolve(__dirname, "../../dist")],
  ["full", path.resolve(__dirname, "../../dist-full")],
] as const;

const world = useWorld(23);
const ACCOUNT = { plan: "scale", credits: 10_000, maxActiveJobs: 25 } as const;
/** The running search's size beside a poll: what the poll costs does not grow with it (300 in npm run test:all). */
const BUSY_RESULTS = bySize(100, 300);

/** What one sidebar poll (refreshJobs, then getAccount) costs. */
function sidebarPoll(runtime: FakeRuntime): { properties: number; fetches: number; jobs: JobView[] } {
  const before = runtime.counters.snapshot();
  const jobs = sidebar(runtime, "refreshJobs");
  sidebar(runtime, "getAccount");
  const after = runtime.counters.snapshot();
  return { properties: after.propertiesCalls - before.propertiesCalls, fetches: after.fetchRequests - before.fetchRequests, jobs };
}

describe.each(BUILDS)("a sidebar poll, %s build", (_, distDir) => {
  it("idle (finished searches with a daily refresh): at most 3 Properties calls and 1 UrlFetch call, and it writes nothing", async () => {
    const { runtime } = await setUpAccount(world, { ...ACCOUNT, runtime: { distDir } });
    const started = [1, 2, 3].map((i) =>
      sidebar(runtime, "startSearch", { query: `idle poll ${i}`, location: "Austin, Texas, US", maxResults: 100 }),
    );
    pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed"));
    for (const job of started) sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    sidebar(runtime, "refreshJobs");

    for (let minute = 0; minute < 3; minute += 1) {
      world.clock.advance(60_000);
      const document = JSON.stringify([...runtime.stores.document]);
      const user = JSON.stringify([...runtime.stores.user()]);
      const poll = sidebarPoll(runtime);
      expect(poll.properties).toBeLessThanOrEqual(3);
      expect(poll.fetches).toBeLessThanOrEqual(1);
      expect(JSON.stringify([...runtime.stores.document])).toBe(document);
      expect(JSON.stringify([...runtime.stores.user()])).toBe(user);
    }
  });

  it("with a search running: about the same, plus what the job needs", async () => {
    const { runtime, apiKey } = await setUpAccount(world, { ...ACCOUNT, runtime: { distDir } });
    sidebar(runtime, "startSearch", { query: "busy poll", location: "Austin, Texas, US", maxResults: BUSY_RESULTS });
    world.clock.advance(7000);
    const poll = sidebarPoll(runtime);
    expect(poll.jobs[0]?.status).toBe("running");
    // The two reads and the account, the job's record written once, and the store read again after
    // each of its two round trips, once the pass's lock is had back (another execution may have changed it).
    expect(poll.properties).toBeLessThanOrEqual(3 + 2 + 2);
    const done = pollUntil(world, runtime, (all) => all[0]?.status === "completed" && all[0].rowsWritten === BUSY_RESULTS, 7000);
    await expectSheetExact(world, runtime, apiKey, done[0] as JobView);
  });
});

describe("a daily quota spent in the middle of a pass", () => {
  // The default build's pass reads its two stores, then its first Properties write is refused; the
  // full build keeps the document's store in developer metadata and writes no Properties in a
  // pass, so there its first read (the user's properties) is refused.
  it.each([
    [...BUILDS[0], 2],
    [...BUILDS[1], 0],
  ] as const)(
    "Properties (%s build): the sidebar says so and when it works again; the next day's passes finish the work",
    async (_, distDir, reads) => {
      const { runtime, apiKey } = await setUpAccount(world, { ...ACCOUNT, runtime: { distDir } });
      const started = sidebar(runtime, "startSearch", { query: "quota properties", location: "Austin, Texas, US", maxResults: 300 });
      world.clock.advance(7000);
      runtime.quotas.leave("properties", runtime.userEmail, reads);
      expect(() => sidebar(runtime, "refreshJobs")).toThrow(
        /daily limit on how often Apps Script may read and save data.*works again within 24 hours.*Nothing is lost/,
      );
      expect(() => sidebar(runtime, "listJobs")).toThrow(/within 24 hours/);
      expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

      world.clock.advance(DAY);
      const jobs = pollUntil(
        world,
        runtime,
        (all) => all[0]?.status === "completed" && all[0].rowsWritten === 300 && runtime.triggers.length === 0,
      );
      expect(jobs[0]).toMatchObject({ jobId: started.jobId, error: null });
      await expectSheetExact(world, runtime, apiKey, jobs[0] as JobView);
    },
  );

  it.each(BUILDS)(
    "UrlFetch (%s build): the job says so and when it works again; the next day's passes finish the work",
    async (_, distDir) => {
      const { runtime, apiKey } = await setUpAccount(world, { ...ACCOUNT, runtime: { distDir } });
      const started = sidebar(runtime, "startSearch", { query: "quota urlfetch", location: "Austin, Texas, US", maxResults: 300 });
      world.clock.advance(7000);
      // The statuses' request goes; the results' is refused.
      runtime.quotas.leave("urlfetch", runtime.userEmail, 1);
      const [view] = sidebar(runtime, "refreshJobs");
      expect(runtime.counters.quotaRefusals).toBe(1);
      expect(view?.error).toMatch(/daily limit on requests from Apps Script.*24 hours.*Nothing is lost/);
      expect(runtime.triggers.map((t) => t.handler)).toEqual(["pollJobs"]);

      world.clock.advance(DAY);
      const jobs = pollUntil(
        world,
        runtime,
        (all) => all[0]?.status === "completed" && all[0].rowsWritten === 300 && runtime.triggers.length === 0,
      );
      expect(jobs[0]).toMatchObject({ jobId: started.jobId, error: null });
      await expectSheetExact(world, runtime, apiKey, jobs[0] as JobView);
    },
  );

  it.each(BUILDS)(
    "triggers' total runtime (%s build): Google stops the run midway; the sidebar says so; the next day's runs finish the work",
    async (_, distDir) => {
      // Each round trip takes a second of the trigger's time.
      const { runtime, apiKey } = await setUpAccount(world, { ...ACCOUNT, runtime: { distDir, fetchLatencyMs: 1000 } });
      const started = sidebar(runtime, "startSearch", { query: "quota runtime", location: "Austin, Texas, US", maxResults: 300 });
      world.clock.advance(HOUR);
      runtime.quotas.leaveTriggerRuntime(runtime.userEmail, 1500);
      const [stopped] = runtime.fireDueTriggers();
      expect(stopped).toMatchObject({ killed: true, errorMessage: "Service using too much computer time for one day" });

      world.clock.advance(10 * 60 * 1000);
      const [view] = sidebar(runtime, "listJobs");
      expect(view?.error).toMatch(
        /Google stopped the last background update before it finished.*90 minutes a day.*within 24 hours; nothing is lost/,
      );
      // Later runs the same day stop at once: the runtime is spent.
      world.clock.advance(HOUR);
      expect(runtime.fireDueTriggers().every((r) => r.killed)).toBe(true);

      // The next day, the hourly runs alone finish the work.
      world.clock.advance(DAY);
      for (let hour = 0; hour < 6 && runtime.triggers.length > 0; hour += 1) {
        world.clock.advance(HOUR);
        for (const result of runtime.fireDueTriggers()) expect(result.errorMessage).toBeUndefined();
      }
      const [done] = sidebar(runtime, "listJobs");
      expect(done).toMatchObject({ jobId: started.jobId, status: "completed", rowsWritten: 300, error: null });
      expect(runtime.triggers).toHaveLength(0);
      await expectSheetExact(world, runtime, apiKey, done as JobView);
    },
  );
});
