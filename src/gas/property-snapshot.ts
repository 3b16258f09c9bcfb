// This file defines the execution's copy of the user's and the document's properties: each store read whole once and served from memory,
// writes going through to both, since every Properties call counts against a daily quota. Every change of shared state is made under a
// lock, and taking a lock drops the copy (lockAndRefresh), so a copy is never older than the lock held.
import type { PropertiesLike } from "../storage/key-value-store";

type Properties = GoogleAppsScript.Properties.Properties;

class PropertySnapshot implements PropertiesLike {
  private values: Record<string, string> | null = null;

  constructor(private readonly store: Properties) {}

  /** Drops the copy: the next use reads the store again. */
  stale(): void {
    this.values = null;
  }

  private read(): Record<string, string> {
    if (this.values === null) {
      const all = this.store.getProperties();
      const copy: Record<string, string> = {};
      for (const key of Object.keys(all)) copy[key] = String(all[key]);
      this.values = copy;
    }
    return this.values;
  }

  getProperty(key: string): string | null {
    const values = this.read();
    return Object.prototype.hasOwnProperty.call(values, key) ? (values[key] ?? null) : null;
  }

  getProperties(): Record<string, string> {
    return { ...this.read() };
  }

  /**
   * A value the copy already holds is not written again: an idle pass writes nothing. Had another
   * execution changed it since the copy was read, skipping is the same as this write having landed
   * first and theirs after it, an order that could have happened anyway.
   */
  setProperty(key: string, value: string): PropertySnapshot {
    if (this.values !== null && this.values[key] === value) return this;
    this.store.setProperty(key, value);
    if (this.values !== null) this.values[key] = value;
    return this;
  }

  /** One write for all of them (all or nothing, as Apps Script writes them). */
  setProperties(properties: Record<string, string>): PropertySnapshot {
    const changed: Record<string, string> = {};
    for (const [key, value] of Object.entries(properties)) {
      if (value !== undefined && (this.values === null || this.values[key] !== value)) changed[key] = value;
    }
    if (Object.keys(changed).length === 0) return this;
    this.store.setProperties(changed);
    if (this.values !== null) Object.assign(this.values, changed);
    return this;
  }

  deleteProperty(key: string): PropertySnapshot {
    if (this.values !== null && !Object.prototype.hasOwnProperty.call(this.values, key)) return this;
    this.store.deleteProperty(key);
    if (this.values !== null) delete this.values[key];
    return this;
  }
}

let user: PropertySnapshot | undefined;
/** undefined until asked; null where the execution has no current document. */
let documentStore: PropertySnapshot | null | undefined;

/** The current user's properties, read once per execution (and again after a lock is acquired). */
export function userProperties(): PropertySnapshot {
  return (user ??= new PropertySnapshot(PropertiesService.getUserProperties()));
}

/** The current document's properties; null where Google gives the execution no document. */
export function documentProperties(): PropertySnapshot | null {
  if (documentStore === undefined) {
    const store = PropertiesService.getDocumentProperties() as Properties | null;
    documentStore = store ? new PropertySnapshot(store) : null;
  }
  return documentStore;
}

/**
 * Tries `lock` for up to `waitMs`; once had, the copies taken before are dropped: another
 * execution may have written while this one waited. The user's lock taken for a change of user-level
 * data (`only` "user") drops only the user's copy, the one it guards: the document's is not read again.
 */
export function lockAndRefresh(lock: GoogleAppsScript.Lock.Lock, waitMs: number, only?: "user"): boolean {
  if (!lock.tryLock(waitMs)) return false;
  user?.stale();
  if (only !== "user") documentStore?.stale();
  return true;
}
