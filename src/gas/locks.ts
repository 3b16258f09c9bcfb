// This file defines the locks: the document lock around every change of the document's job state (so clicks, editors and passes never
// interleave their reads and writes), and the user lock that keeps one pass per user in the full-scope build. A click waits
// (withDocumentLock); the background pass tries and leaves when another execution is at work (tryDocumentLock, tryUserLock).
import { currentDocument } from "./document-access";
import { documentProperties, lockAndRefresh, userProperties } from "./property-snapshot";
import { appsScriptClock, newUuid } from "./utilities";
import { KEYS } from "../storage/keys";
import { UserFacingError } from "../errors/user-error";

/** The token this execution left in the document cache when it last took the document lock; null before, or when the cache failed. */
let stamped: string | null = null;
/** Longest a cache entry lives (Google: 6 hours); a lost entry only costs a pass a read of the store. */
const EPOCH_TTL_S = 6 * 60 * 60;

/**
 * Leaves a fresh token in the document cache as the document lock's last taker, and says whether
 * the token there was still this execution's own: then no other execution took the lock since this
 * one last held it, so nothing it guards changed (every change of the job store is made under it).
 * A cache that lost the entry, or failed, says "changed": the caller reads again.
 */
function stampDocumentLock(): boolean {
  try {
    const cache = CacheService.getDocumentCache();
    if (!cache) return false;
    const quiet = stamped !== null && cache.get(KEYS.lockEpoch) === stamped;
    const next = newUuid();
    cache.put(KEYS.lockEpoch, next, EPOCH_TTL_S);
    stamped = next;
    return quiet;
  } catch {
    stamped = null;
    return false;
  }
}

/** The document lock had (lockAndRefresh): it is stamped as this execution's. */
function haveDocumentLock(lock: GoogleAppsScript.Lock.Lock, waitMs: number): boolean {
  if (!lockAndRefresh(lock, waitMs)) return false;
  if (LockService.getDocumentLock()) stampDocumentLock();
  return true;
}

/** How long a sidebar action waits for the lock before telling the user to try again. */
export const ACTION_LOCK_WAIT_MS = 20_000;
/** How long a pass (or a best-effort step) waits for a lock another execution holds before leaving it to them. */
export const PASS_LOCK_WAIT_MS = 100;

const DOCUMENT_BUSY_MESSAGE =
  "Business Leads is already changing this document (another click, another editor, or a background update). " +
  "Nothing was started twice; wait a few seconds and try again.";

/** The lock could not be had in time: nothing was done. */
class DocumentBusyError extends UserFacingError {
  constructor() {
    super(DOCUMENT_BUSY_MESSAGE);
    this.name = "DocumentBusyError";
  }
}

/**
 * The document's lock. Without a current document (a trigger may run without one) Apps Script
 * gives null; the user's lock then at least keeps that user's executions apart.
 */
function documentLock(): GoogleAppsScript.Lock.Lock {
  return LockService.getDocumentLock() ?? LockService.getUserLock();
}

/**
 * Runs `action` holding the document lock, and in the full-scope build the job store's write claim
 * too (a pass that opened the document by id holds no lock of it, only the claim), waiting up to
 * `waitMs` for both; else DocumentBusyError.
 */
export function withDocumentLock<T>(action: () => T, waitMs: number = ACTION_LOCK_WAIT_MS): T {
  const started = appsScriptClock.now();
  const lock = documentLock();
  if (!haveDocumentLock(lock, waitMs)) throw new DocumentBusyError();
  try {
    const claims = currentDocument()?.claims;
    if (claims && !claims.claim({ documentLock: true, userLock: null }, Math.max(0, waitMs - (appsScriptClock.now() - started))))
      throw new DocumentBusyError();
    try {
      return action();
    } finally {
      claims?.release();
    }
  } finally {
    releaseAfterFlush(lock);
  }
}

/**
 * Gives a lock up, what this execution wrote committed first. Google, Lock.releaseLock(): "call
 * SpreadsheetApp.flush() prior to releasing the lock, to commit all pending changes to the
 * spreadsheet while you still have exclusive access to it": else the next holder may read the
 * sheets without them, and write their rows a second time.
 */
export function releaseAfterFlush(lock: GoogleAppsScript.Lock.Lock): void {
  // Given up already (a pass's held locks end it with one commit): nothing to commit or release.
  if (!lock.hasLock()) return;
  try {
    SpreadsheetApp.flush();
  } finally {
    lock.releaseLock();
  }
}

/**
 * A lock as a pass holds it (src/app/held-locks.ts, which commits what was written before giving it
 * up): taken back, it drops the copy of the properties it guards (`guards`), which another execution
 * may have written meanwhile.
 */
export interface HeldLock {
  /**
   * Takes it back, waiting up to `waitMs`: "quiet" when nothing it guards can have changed since it
   * was given up (nobody else took it meanwhile; `quiet`: what the locks taken before it said), else
   * "taken", or "refused" when it could not be had in time.
   */
  take(waitMs: number, quiet: boolean): TakeOutcome;
  give(): void;
  end(): void;
  readonly commitFirst: boolean;
}

export type TakeOutcome = "quiet" | "taken" | "refused";

const heldLock = (lock: GoogleAppsScript.Lock.Lock, guards: "document" | "user"): HeldLock => ({
  take: (waitMs, quiet) => {
    if (!lock.tryLock(waitMs)) return "refused";
    if (guards === "user") {
      // The user's lock guards the user's properties, not the document's store: it says nothing of the store.
      userProperties().stale();
      return quiet ? "quiet" : "taken";
    }
    // The document lock: nobody else took it meanwhile, so the store is as this execution left it (no read again).
    if (LockService.getDocumentLock() && stampDocumentLock()) return "quiet";
    documentProperties()?.stale();
    return "taken";
  },
  give: () => lock.releaseLock(),
  end: () => lock.releaseLock(),
  commitFirst: true,
});

/** Commits what this execution wrote to its spreadsheets (the held locks' commit, before one is given up). */
export const commitWrites = (): void => SpreadsheetApp.flush();

/** Runs `action` holding `lock` if it can be had within `waitMs`; returns whether it ran. */
function runHolding(
  lock: GoogleAppsScript.Lock.Lock,
  action: (held: HeldLock) => void,
  waitMs: number,
  guards: "document" | "user",
): boolean {
  if (!(guards === "document" ? haveDocumentLock(lock, waitMs) : lockAndRefresh(lock, waitMs))) return false;
  try {
    action(heldLock(lock, guards));
    return true;
  } finally {
    // Given up around a network call and not had back: releasing a lock not held does nothing.
    releaseAfterFlush(lock);
  }
}

/**
 * Runs `action` if the document lock can be had within `waitMs`; returns whether it ran. The action
 * may give the lock up and take it back (`held`); a pass takes the store's claim itself.
 */
export function tryDocumentLock(action: (held: HeldLock) => void, waitMs: number): boolean {
  return runHolding(documentLock(), action, waitMs, "document");
}

/** Runs `action` holding the user's lock if it can be had within `waitMs`; returns whether it ran. */
export function tryUserLock(action: (held: HeldLock) => void, waitMs: number): boolean {
  return runHolding(LockService.getUserLock(), action, waitMs, "user");
}

/** How long a change of user-level data waits for another execution of the same user (another document's pass) to finish its own. */
const USER_DATA_WAIT_MS = 10_000;

/**
 * Runs `change` holding the user's lock: user properties serve every document the user works in, so
 * a read-modify-write of them is made under it, read afresh once it is had. Where the execution holds
 * it already (a full-scope pass), `change` just runs. Without it in time, it runs anyway: a lost
 * update of such data (a notice, a list of documents) is repaired by the next pass, a stuck pass is not.
 */
export function withUserData<T>(change: () => T): T {
  const lock = LockService.getUserLock();
  if (lock.hasLock()) return change();
  const had = lockAndRefresh(lock, USER_DATA_WAIT_MS, "user");
  try {
    return change();
  } finally {
    if (had) lock.releaseLock();
  }
}

/** What became of asking for the document's own lock: had, busy past the wait, or none given. */
export type LockOutcome = "held" | "busy" | "none";

/**
 * Runs `action` holding the document's OWN lock if it can be had within `waitMs` (never the
 * user's lock in its place), telling it which it got; the action runs either way. For diagnose():
 * the lock is checked, and the checks that write run under it when it is had.
 */
export function withOwnDocumentLock<T>(waitMs: number, action: (outcome: LockOutcome) => T): T {
  const lock = LockService.getDocumentLock() as GoogleAppsScript.Lock.Lock | null;
  if (!lock) return action("none");
  if (!haveDocumentLock(lock, waitMs)) return action("busy");
  try {
    return action("held");
  } finally {
    releaseAfterFlush(lock);
  }
}
