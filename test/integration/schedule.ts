// This file defines seeded fault schedules for the property-based import tests: per schedule a
// job (size, enrichment, whether it fails) and per poll pass the faults the service injects, where
// the execution is killed, and whether a second pass overlaps it. Same seed, same schedule.
import type { FaultRule } from "../../dev/simulator";
import type { FakeRuntime, KillPlan } from "../../dev/fakes/runtime";
import type { World } from "../../dev/world";

/** mulberry32: small, fast, good enough to pick test cases reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PassPlan {
  faults: FaultRule[];
  kill: KillPlan | null;
  overlap: boolean;
  advanceMs: number;
  /** Tell the service to fail the job before this pass. */
  failJob: boolean;
}

/** What a person does inside an execution, while it waits on its first request: the kinds every schedule fires (personActOf). */
export type PersonAct = "sort" | "insertAbove" | "retype";
export const PERSON_ACTS: readonly PersonAct[] = ["sort", "insertAbove", "retype"];

/**
 * What a person does inside pass `pass` of schedule `seed`, or null (most passes): drawn from a stream
 * of its own, so the schedules' other draws (faults, kills, overlaps) stay as they were.
 */
export function personActOf(seed: number, pass: number): PersonAct | null {
  const random = seededRandom(seed * 104_729 + pass * 7_919 + 3);
  if (random() >= 0.3) return null;
  return PERSON_ACTS[Math.floor(random() * PERSON_ACTS.length)] ?? null;
}

/** Runs `act` once, at the next execution's first request (a person working while it waits on the network); returns the unsubscribe. */
export function actAtFirstRequest(runtime: FakeRuntime, act: (() => void) | null): () => void {
  if (act === null) return () => undefined;
  let done = false;
  const unsubscribe = runtime.onBeforeFetch(() => {
    if (done) return;
    done = true;
    act();
  });
  return () => {
    done = true;
    unsubscribe();
  };
}

export interface Schedule {
  seed: number;
  maxResults: number;
  enrich: boolean;
  /** The creation response is lost once (the client retries with the same key in the same call). */
  loseCreationResponse: boolean;
  /** The execution of the first start is killed right after the creation request reached the service. */
  killStartAfterCreate: boolean;
  passes: PassPlan[];
}

const STATUS_PATH = "^/api/v1/searches/[0-9a-f-]+$";
const RESULTS_PATH = "^/api/v1/searches/[0-9a-f-]+/results";

export function makeSchedule(seed: number, now: () => number): Schedule {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const maxResults = pick([100, 150, 250, 600]);
  const failAt = random() < 0.2 ? int(1, 12) : -1;
  const passes: PassPlan[] = [];
  for (let pass = 0; pass < 80; pass += 1) {
    const faults: FaultRule[] = [];
    if (random() < 0.35) {
      const kind = pick(["429", "429-date", "503", "network", "truncated", "mid-pagination"] as const);
      if (kind === "429")
        faults.push({ method: "GET", pathRegex: STATUS_PATH, status: 429, headers: { "retry-after": "2" }, times: int(1, 2) });
      if (kind === "429-date")
        faults.push({
          method: "GET",
          pathRegex: RESULTS_PATH,
          status: 429,
          headers: { "retry-after": new Date(now() + 3000).toUTCString() },
          times: 1,
        });
      if (kind === "503") faults.push({ method: "GET", path: "/api/v1/searches/", status: 503, times: int(1, 4) });
      if (kind === "network") faults.push({ method: "GET", path: "/api/v1/searches/", lose: true, times: int(1, 2) });
      if (kind === "truncated") faults.push({ method: "GET", pathRegex: RESULTS_PATH, truncate: true, times: 1 });
      // More failures than the client's attempts: this pass cannot finish the job's pages.
      if (kind === "mid-pagination") faults.push({ method: "GET", pathRegex: `${RESULTS_PATH}.*page=2`, status: 503, times: 6 });
    }
    let kill: KillPlan | null = null;
    if (random() < 0.25) {
      kill = random() < 0.6 ? { spreadsheetCall: int(1, 14) } : { fetchCall: int(1, 3), fetchPhase: pick(["before", "after"] as const) };
    }
    passes.push({ faults, kill, overlap: random() < 0.15, advanceMs: int(3000, 20000), failJob: pass === failAt });
  }
  return {
    seed,
    maxResults,
    enrich: random() < 0.7,
    loseCreationResponse: random() < 0.3,
    killStartAfterCreate: random() < 0.2,
    passes,
  };
}

/**
 * One refreshJobs pass under a plan's faults: injected service faults, a kill, and perhaps a second
 * pass that starts while the first one waits on its first fetch (the first gave its locks up around
 * it: the second runs whole, and the first goes on from the document as the second left it). With
 * `viaTrigger` the pass is the hourly trigger's (pollJobs), which must be due once the clock has
 * moved. With `act`, a person acts in the sheet at the pass's first request. Failures that are not kills go into `unexpected`.
 */
export async function runFaultyPass(
  world: World,
  runtime: FakeRuntime,
  plan: Pick<PassPlan, "faults" | "kill" | "overlap" | "advanceMs"> & { viaTrigger?: boolean; act?: (() => void) | null },
  unexpected: string[],
): Promise<{ killed: boolean; overlapped: boolean; executionId: number | undefined }> {
  if (plan.faults.length > 0) await world.control.injectFaults(plan.faults);
  if (plan.kill) runtime.killAt(plan.kill);
  const stopActing = actAtFirstRequest(runtime, plan.act ?? null);
  let overlapped = false;
  let unsubscribe: (() => void) | null = null;
  if (plan.overlap) {
    unsubscribe = runtime.onBeforeFetch(() => {
      unsubscribe?.();
      overlapped = true;
      const second = runtime.run("refreshJobs", [], { viaScriptRun: true });
      if (second.error !== undefined && !second.killed) unexpected.push(`overlap: ${second.errorMessage ?? ""}`);
    });
  }
  world.clock.advance(plan.advanceMs);
  const results = plan.viaTrigger === true ? runtime.fireDueTriggers() : [runtime.run("refreshJobs", [], { viaScriptRun: true })];
  unsubscribe?.();
  stopActing();
  if (results.length !== 1) unexpected.push(`${results.length} trigger runs were due, not one`);
  const result = results[0] ?? { killed: false, error: undefined, errorMessage: undefined, logs: [], executionId: undefined };
  if (result.error !== undefined && !result.killed) unexpected.push(result.errorMessage ?? String(result.error));
  // The trigger's pass never throws: what went wrong is in its log.
  if (!result.killed)
    unexpected.push(...result.logs.filter((l) => l.message.startsWith("Business Leads background update")).map((l) => l.message));
  await world.control.clearFaults();
  return { killed: result.killed === true, overlapped, executionId: result.executionId };
}
