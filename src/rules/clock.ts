// This file defines the clock the add-on reads and waits on. Apps Script has no timers, only Utilities.sleep, so waiting is a synchronous
// call handed in from outside (tests hand in virtual ones); the time of day is read here, the one place src/ calls Date.now().

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Blocks for `ms` milliseconds (Utilities.sleep in Apps Script, a virtual clock in tests). */
  sleep(ms: number): void;
}

/** Milliseconds since the epoch, as the runtime keeps them (Apps Script's V8; the fakes' sandbox moves them in tests). */
export const timeNow = (): number => Date.now();

/** A moment as records store it: ISO 8601, in UTC. */
export const iso = (ms: number): string => new Date(ms).toISOString();
