// This file defines which seeded fault schedules a test run covers. `npm test` runs a fixed sample
// per kind of run, chosen so that every kind of fault fires at least once; `npm run test:all` sets
// FAULT_SCHEDULES=200 (every seed from 1 to 200); FAULT_SEED=s replays schedule s alone.

export interface SeedChoice {
  seeds: number[];
  /** Whether the run is large enough to count the faults it fired (not a single replayed seed). */
  counted: boolean;
  /**
   * How many times a kind of fault must at least have fired over these seeds: the full run's
   * threshold, scaled down for a sample, and at least once.
   */
  atLeast(fullRunThreshold: number): number;
}

/** The full run's size, against which its thresholds were set. */
const FULL_RUN = 200;

export function faultSeeds(sample: readonly number[]): SeedChoice {
  const only = process.env.FAULT_SEED;
  if (only !== undefined) return { seeds: [Number(only)], counted: false, atLeast: () => 1 };
  const count = process.env.FAULT_SCHEDULES;
  const seeds = count === undefined ? [...sample] : Array.from({ length: Number(count) }, (_, i) => i + 1);
  return {
    seeds,
    counted: true,
    atLeast: (threshold) => Math.max(1, Math.floor((threshold * seeds.length) / FULL_RUN)),
  };
}
