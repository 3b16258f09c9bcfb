// This file defines the clock the client waits on: Apps Script has no timers, only
// Utilities.sleep, so waiting is a synchronous call handed in from outside.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Blocks for `ms` milliseconds (Utilities.sleep in Apps Script, a virtual clock in tests). */
  sleep(ms: number): void;
}
