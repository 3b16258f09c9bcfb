// This file defines the pass lease: a short record in a document's job store saying which user's
// pass is writing that document until when. A trigger that opened the document by id cannot take
// its document lock (LockService has none without a current document), so passes of different
// users over one document exclude each other through this lease; passes of one user are already
// serialised by the user lock. Apps Script offers no atomic compare-and-set across executions, so
// two passes starting in the same instant could both take it: their writes are upserts by
// Business ID, so the next pass repairs whatever they did, and the lease makes that rare.
import type { KeyValueStore } from "../jobs/key-value-store";

const LEASE_KEY = "passLease";
/** Longer than one execution (6 min), so a lease outlives no pass that is still running. */
export const LEASE_MS = 6.5 * 60 * 1000;

interface Lease {
  owner: string;
  until: number;
}

function readLease(store: KeyValueStore): Lease | null {
  try {
    const lease = JSON.parse(store.getProperty(LEASE_KEY) ?? "null") as Lease | null;
    return lease && typeof lease.owner === "string" && typeof lease.until === "number" ? lease : null;
  } catch {
    return null;
  }
}

/** Takes the lease for `owner` unless another owner's lease is still running. */
export function takePassLease(store: KeyValueStore, owner: string, now: number): boolean {
  const held = readLease(store);
  if (held && held.owner !== owner && held.until > now) return false;
  store.setProperty(LEASE_KEY, JSON.stringify({ owner, until: now + LEASE_MS }));
  return true;
}

export function releasePassLease(store: KeyValueStore, owner: string): void {
  if (readLease(store)?.owner === owner) store.deleteProperty(LEASE_KEY);
}
