// This file defines the LockService fake: document, user and script locks that really exclude
// other executions (https://developers.google.com/apps-script/reference/lock/lock). The fakes run
// in one thread, so an execution that overlaps another is always started from inside it (e.g.
// from a fetch hook): while the newer one waits, the holder cannot move, so a wait for a held
// lock always times out, after advancing the virtual clock by the whole timeout. "The lock is
// automatically released when the script terminates": the runtime calls `releaseAll`.
import { ALLOWED } from "./auth";
import { enterCall, type ServiceEnv } from "./env";
import type { Execution } from "./execution";
import type { Counters } from "./counters";

/** Which execution holds which lock; shared by every execution of a runtime. */
export class LockTable {
  private readonly holders = new Map<string, Execution>();

  holder(key: string): Execution | undefined {
    const holder = this.holders.get(key);
    if (holder?.ended === true) {
      this.holders.delete(key);
      return undefined;
    }
    return holder;
  }

  /** Re-entrant for the execution that already holds it, like calling tryLock twice in Apps Script. */
  acquire(key: string, exec: Execution): boolean {
    const holder = this.holder(key);
    if (holder !== undefined && holder !== exec) return false;
    this.holders.set(key, exec);
    return true;
  }

  release(key: string, exec: Execution): void {
    if (this.holders.get(key) === exec) this.holders.delete(key);
  }

  releaseAll(exec: Execution): void {
    for (const [key, holder] of this.holders) if (holder === exec) this.holders.delete(key);
  }
}

export class FakeLock implements GoogleAppsScript.Lock.Lock {
  constructor(
    private readonly env: ServiceEnv,
    private readonly table: LockTable,
    private readonly key: string,
    private readonly counters: Counters,
  ) {}

  private enter(): void {
    enterCall(this.env, ALLOWED.lock(this.env.exec.authMode), "LockService");
  }

  tryLock(timeoutInMillis: number): boolean {
    this.enter();
    if (this.table.acquire(this.key, this.env.exec)) return true;
    const wait = Math.max(0, Number(timeoutInMillis) || 0);
    this.env.clock.advance(wait);
    this.counters.lockWaitMs += wait;
    return this.table.acquire(this.key, this.env.exec);
  }

  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) {
      throw this.env.exec.error("Lock timeout: another process was holding the lock for too long.");
    }
  }

  /** "false if tryLock or waitLock were never called, timed out, or releaseLock() was called". */
  hasLock(): boolean {
    this.enter();
    return this.table.holder(this.key) === this.env.exec;
  }

  releaseLock(): void {
    this.enter();
    this.table.release(this.key, this.env.exec);
  }
}

export function createLockService(env: ServiceEnv, table: LockTable, counters: Counters) {
  const lock = (call: string, key: string) => {
    enterCall(env, ALLOWED.lock(env.exec.authMode), call);
    return new FakeLock(env, table, key, counters);
  };
  return {
    /** The current document's lock; null where the execution has no current document. */
    getDocumentLock: (): FakeLock => {
      enterCall(env, ALLOWED.lock(env.exec.authMode), "LockService.getDocumentLock");
      const documentId = env.exec.documentId;
      // Typed as @types/google-apps-script types it (never null), though Google returns null here.
      return (documentId === null ? null : new FakeLock(env, table, `document:${documentId}`, counters)) as FakeLock;
    },
    getUserLock: () => lock("LockService.getUserLock", `user:${env.exec.user}`),
    getScriptLock: () => lock("LockService.getScriptLock", "script"),
  };
}
