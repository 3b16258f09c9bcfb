// This file defines which seeded fault schedules a test run covers. `npm test` runs a fixed sample
// per kind of run, chosen so that every kind of fault fires at least once; `npm run test:all` sets
// FAULT_SCHEDULES=200 (every seed from 1 to 200); FAULT_SEED=s replays schedule s alone.

export interface SeedChoice {
  seeds: number[];
  /**
   * Whether the run counts the faults it fired: the sample (chosen to fire every kind) and runs of
   * 50 seeds or more; not a single replayed seed or a handful of the first seeds.
   */
  counted: boolean;
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
  const count = process.env.FAULT_SCHEDULES;
  const seeds = only !== undefined ? [Number(only)] : count !== undefined ? Array.from({ length: Number(count) }, (_, i) => i + 1) : [...sample];
  return {
    seeds,
    counted: only === undefined && (count === undefined || seeds.length >= COUNTED_FROM),
    atLeast: (threshold) => Math.max(1, Math.floor((threshold * seeds.length) / FULL_RUN)),
  };
}
