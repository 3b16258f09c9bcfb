// This file defines how the playground moves its virtual clock forward by hours or days at once,
// as Apps Script would live through them: the clock stops at each time-driven trigger that falls
// due on the way and the trigger runs there (the add-on's background pass, e.g. a scheduled
// refresh), so nothing that was due is skipped or run late.
import type { VirtualClock } from "../clock";
import type { FakeRuntime } from "../fakes/runtime";

export interface Advanced {
  /** Trigger runs on the way (each one a background pass). */
  runs: number;
  /** Runs that ended in an error (Apps Script would mail the trigger's owner). */
  failures: string[];
  now: number;
}

/** Stops at triggers in one advance at most: a week of hourly triggers (an add-on's most frequent). */
const MAX_RUNS = 24 * 7 + 1;

export function advanceClock(runtime: FakeRuntime, clock: VirtualClock, ms: number, afterRun: () => void = () => {}): Advanced {
  const target = clock.now() + Math.max(0, ms);
  const failures: string[] = [];
  let runs = 0;
  for (let stop = 0; stop < MAX_RUNS; stop += 1) {
    const next = nextTriggerAt(runtime);
    if (next === null || next > target) break;
    clock.set(Math.max(clock.now(), next));
    for (const result of runtime.fireDueTriggers()) {
      runs += 1;
      if (result.errorMessage !== undefined) failures.push(result.errorMessage);
    }
    afterRun();
  }
  clock.set(Math.max(clock.now(), target));
  return { runs, failures, now: clock.now() };
}

/** When the earliest time-driven trigger falls due, or null when there is none. */
export function nextTriggerAt(runtime: FakeRuntime): number | null {
  const times = runtime.triggers.map((t) => t.nextAt).filter((t): t is number => typeof t === "number");
  return times.length === 0 ? null : Math.min(...times);
}
