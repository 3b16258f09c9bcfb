// This file defines which seeded fault schedules a test run covers. `npm test` runs a fixed sample
// per kind of run, chosen so that every kind of fault fires at least once; `npm run test:all` (the
// full tier, test/tier.ts) every seed from 1 to 200; FAULT_SCHEDULES=n the first n seeds;
// FAULT_SEED=s replays schedule s alone.
import { FULL_TIER } from "../tier";

export interface SeedChoice {
  seeds: number[];
  /**
   * Why the run does not count the faults it fired, or null when it does: the sample (chosen to
   * fire every kind) and runs of 50 seeds or more count; a single replayed seed or a handful of the
   * first seeds do not.
   */
  notCounted: string | null;
  /**
   * How many times a kind of fault must at least have fired over these seeds: the full run's
   * threshold, scaled down for a smaller run, and at least once.
   */
  atLeast(fullRunThreshold: number): number;
}

/** The full run's size, against which its thresholds were set. */
const FULL_RUN = 200;
/** The fewest first seeds that fire every kind of fault in both builds. */
const COUNTED_FROM = 50;

export function faultSeeds(sample: readonly number[]): SeedChoice {
  const only = process.env.FAULT_SEED;
  const count = process.env.FAULT_SCHEDULES ?? (FULL_TIER ? String(FULL_RUN) : undefined);
  const seeds =
    only !== undefined ? [Number(only)] : count !== undefined ? Array.from({ length: Number(count) }, (_, i) => i + 1) : [...sample];
  return {
    seeds,
    notCounted:
      only !== undefined
        ? `FAULT_SEED=${only} replays one schedule, which cannot fire every kind of fault`
        : seeds.length < COUNTED_FROM && count !== undefined
          ? `FAULT_SCHEDULES=${count} runs ${seeds.length} schedules; every kind of fault fires over the first ${COUNTED_FROM} or more`
          : null,
    atLeast: (threshold) => Math.max(1, Math.floor((threshold * seeds.length) / FULL_RUN)),
  };
}

/**
 * The test that the run's schedules fired every kind of fault (`check` counts them). Where the run
 * does not count, it is skipped under a name that says why, and the output says so too: never a
 * silent skip. Where it counts, a kind that did not fire fails it.
 */
export function itExercisedEveryKind(choice: SeedChoice, check: jest.ProvidesCallback): void {
  const name = "exercised every kind of fault";
  if (choice.notCounted === null) {
    it(name, check);
    return;
  }
  process.stdout.write(`"${name}" is not checked: ${choice.notCounted}.\n`);
  it.skip(`${name} (not checked: ${choice.notCounted})`, check);
}
