// This file defines the locks a pass holds while it changes a document, given up around every network call and sleep and taken back
// after (Google asks for short locks: a person's click then waits seconds, not the minutes a pass may spend on the network), what this
// execution wrote committed first; and the gate every request and retry wait of an execution goes through, which counts them, so code
// knows when what it read of a sheet or of the store may have changed since.
import type { Transport } from "../api/transport";
import { LocksNotRegained, StateChangedMeanwhile } from "../errors/interruptions";
import type { Interleaving } from "../jobs/job-context";
import type { Clock } from "../rules/clock";

/** One lock a pass holds: a LockService lock, or the full build's store claim. */
export interface LockPart {
  /** Takes it back, waiting up to `waitMs`; false if it could not. */
  take(waitMs: number): boolean;
  /** Gives it up, having committed what this execution wrote under it. */
  give(): void;
}

/** How long a pass waits to take its locks back after a network call: a click may be changing the document meanwhile. */
export const RELOCK_WAIT_MS = 30_000;

/** The locks a pass holds, in the order they were taken, and what tells whether the stored state changed while they were given up. */
export class HeldLocks {
  constructor(
    private readonly parts: readonly LockPart[],
    /** The document's stored state as read now (after the locks are taken back: read again). */
    private readonly fingerprint: () => string,
  ) {}

  /**
   * Runs `io` with every lock given up (the last taken first) and takes them back after, in order;
   * throws LocksNotRegained when they cannot be had back in time. `changed`: another execution
   * changed the stored state meanwhile.
   */
  outside<T>(io: () => T): { value: T; changed: boolean } {
    const before = this.fingerprint();
    for (const part of [...this.parts].reverse()) part.give();
    let value: T;
    try {
      value = io();
    } finally {
      this.takeBack();
    }
    return { value, changed: this.fingerprint() !== before };
  }

  private takeBack(): void {
    const taken: LockPart[] = [];
    for (const part of this.parts) {
      if (!part.take(RELOCK_WAIT_MS)) {
        for (const held of taken.reverse()) held.give();
        throw new LocksNotRegained();
      }
      taken.push(part);
    }
  }
}

/**
 * The gate an execution's requests and retry waits go through: it counts them (Interleaving), and
 * in a pass it gives the pass's locks up around each. A read (every request a GET, or a wait) after
 * which the stored state turns out changed stops the step (StateChangedMeanwhile); a request that
 * creates a job returns its answer, which the caller records on the records as they are now.
 */
export class NetworkGate implements Interleaving {
  calls = 0;
  changes = 0;

  constructor(private readonly locks: HeldLocks | null = null) {}

  private around<T>(io: () => T, readOnly: boolean): T {
    this.calls += 1;
    if (this.locks === null) return io();
    const { value, changed } = this.locks.outside(io);
    if (changed) {
      this.changes += 1;
      if (readOnly) throw new StateChangedMeanwhile();
    }
    return value;
  }

  transport(inner: Transport): Transport {
    return {
      fetch: (request) => this.around(() => inner.fetch(request), request.method === "GET"),
      fetchAll: (requests) =>
        this.around(
          () => inner.fetchAll(requests),
          requests.every((request) => request.method === "GET"),
        ),
    };
  }

  clock(inner: Clock): Clock {
    return { now: () => inner.now(), sleep: (ms) => this.around(() => inner.sleep(ms), true) };
  }
}
