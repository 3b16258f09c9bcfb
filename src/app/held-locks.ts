// This file defines the locks a pass holds while it changes a document, given up around every network call and sleep and taken back
// after, its writes committed first (Google asks for short locks: a click waits seconds, not a pass's minutes on the network); and the
// gate every request and retry wait goes through, counting them, so code knows when what it read may have changed since.
import type { HttpRequest, Transport } from "../api/transport";
import { LocksNotRegained, StateChangedMeanwhile } from "../errors/interruptions";
import type { Interleaving } from "../jobs/job-context";
import type { Clock } from "../rules/clock";

/** One lock a pass holds: a LockService lock, or the full build's store claim (src/gas/locks.ts HeldLock). */
export interface LockPart {
  /** Takes it back, waiting up to `waitMs`: "quiet" when nothing it guards changed meanwhile (`quiet`: so far, by the locks before it). */
  take(waitMs: number, quiet: boolean): "quiet" | "taken" | "refused";
  /** Gives it up for a network phase. */
  give(): void;
  /** Gives it up at the pass's end. */
  end(): void;
  /** A LockService lock: what the execution wrote is committed (SpreadsheetApp.flush) before it is given up. */
  readonly commitFirst: boolean;
}

const isRead = (request: HttpRequest): boolean => request.method === "GET";

/** How long a pass waits to take its locks back after a network call: a click may be changing the document meanwhile. */
const RELOCK_WAIT_MS = 30_000;

/** The locks a pass holds, in the order they were taken, and what tells whether the stored state changed while they were given up. */
export class HeldLocks {
  private held = true;
  private before = "";

  constructor(
    private readonly parts: readonly LockPart[],
    /** The document's stored state as read now (after the locks are taken back: read again). */
    private readonly fingerprint: () => string,
    /** SpreadsheetApp.flush: once, before the first LockService lock is given up. */
    private readonly commit: () => void,
  ) {}

  /**
   * Gives each part up, the last taken first (none is held after); what was written is committed
   * once, before the first LockService lock goes (or after the claim).
   */
  private giveAll(how: (part: LockPart) => void): void {
    const parts = [...this.parts].reverse();
    const first = parts.findIndex((part) => part.commitFirst);
    parts.forEach((part, index) => {
      if (index === first) this.commit();
      how(part);
    });
    if (first < 0) this.commit();
    this.held = false;
  }

  /** Gives every lock up, the last taken first, what was written committed once before the first LockService lock goes. */
  giveUp(): void {
    if (!this.held) return;
    this.before = this.fingerprint();
    this.giveAll((part) => part.give());
  }

  /** The pass's end: every lock it holds given up, what it wrote committed once. */
  finish(): void {
    if (this.held) this.giveAll((part) => part.end());
  }

  /**
   * Takes the locks back, in order, if they were given up; throws LocksNotRegained when they cannot
   * be had in time. Returns whether another execution changed the stored state meanwhile.
   */
  takeBack(): boolean {
    if (this.held) return false;
    // Only a LockService lock taken first can tell that nobody came meanwhile (a claim alone cannot).
    let quiet = this.parts[0]?.commitFirst === true;
    for (const [index, part] of this.parts.entries()) {
      const outcome = part.take(RELOCK_WAIT_MS, quiet);
      if (outcome === "refused") {
        for (const held of this.parts.slice(0, index).reverse()) held.end();
        throw new LocksNotRegained();
      }
      // Nobody took the document lock meanwhile (and the claim stood): nothing changed, and the store need not be read again.
      quiet = quiet && outcome === "quiet";
    }
    this.held = true;
    return !quiet && this.fingerprint() !== this.before;
  }
}

/**
 * The gate an execution's requests and retry waits go through: it counts them (Interleaving), and
 * in a pass it gives the pass's locks up around each. A read (every request a GET, or a wait) after
 * which the stored state turns out changed stops the step (StateChangedMeanwhile); a request that
 * creates a job returns its answer, which the caller records on the records as they are now. Inside
 * `offline`, the locks are given up once for all its requests and taken back at its end.
 */
export class NetworkGate implements Interleaving {
  calls = 0;
  changes = 0;
  private offlineDepth = 0;

  constructor(
    private readonly locks: HeldLocks | null = null,
    /**
     * Commits what the execution wrote (SpreadsheetApp.flush) before each request where no locks
     * are given up (a click): a write still pending lands by position when it is committed, and a
     * person may sort the rows while the request is on its way; a committed one moves with its row.
     */
    private readonly commit: (() => void) | null = null,
  ) {}

  private around<T>(io: () => T, readOnly: boolean): T {
    this.calls += 1;
    if (this.locks === null) {
      this.commit?.();
      return io();
    }
    this.locks.giveUp();
    if (this.offlineDepth > 0) return io();
    try {
      return io();
    } finally {
      this.takeBack(readOnly);
    }
  }

  private takeBack(readOnly: boolean): void {
    if (this.locks?.takeBack() !== true) return;
    this.changes += 1;
    if (readOnly) throw new StateChangedMeanwhile();
  }

  offline<T>(work: () => T): T {
    this.offlineDepth += 1;
    try {
      return work();
    } finally {
      this.offlineDepth -= 1;
      // Only reads happen offline: another execution's change met on coming back stops the step.
      if (this.offlineDepth === 0) this.takeBack(true);
    }
  }

  transport(inner: Transport): Transport {
    return {
      fetch: (request) => this.around(() => inner.fetch(request), isRead(request)),
      fetchAll: (requests) => this.around(() => inner.fetchAll(requests), requests.every(isRead)),
    };
  }

  clock(inner: Clock): Clock {
    return { now: () => inner.now(), sleep: (ms) => this.around(() => inner.sleep(ms), true) };
  }
}
