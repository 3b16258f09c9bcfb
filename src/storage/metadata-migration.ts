// This file defines the migration of the full-scope build's job store from one developer metadata entry per key to the ONE data entry
// that holds every key (src/gas/developer-metadata-store.ts): per-key entries are read and moved by the claim holder's writes.
import { decodeNamedValue, LEGACY_PREFIX, lineChars } from "./metadata-entries";
import { removeQuietly, type Metadata } from "./metadata-handles";
import { OBSOLETE_JOB_STORE_KEYS } from "./keys";

/** Per-key entries moved into the data entry at a time: both copies count until the old one is removed. */
const MIGRATION_STEP_CHARS = 3_000;
/** Keys of the per-key layout nothing reads any more (the pass lease, now the write claim). */
const OBSOLETE_KEYS = OBSOLETE_JOB_STORE_KEYS;

interface LegacyEntry {
  handle: Metadata;
  name: string;
}

/** What a listing of the store holds of the per-key layout. */
export interface LegacyKeys {
  /** What the data entry holds, or will once written. */
  entry: Map<string, string>;
  /** Entries of the per-key layout, moved into the data entry by the next write. */
  legacy: LegacyEntry[];
  legacyValues: Map<string, string>;
  /** Keys deleted while only the per-key layout held them. */
  deleted: Set<string>;
}

/** A listed entry of the per-key layout, if `raw` (its value) is one: its key joins the listing's. */
export function readLegacyEntry(listing: LegacyKeys, metadata: Metadata, raw: string): void {
  const named = decodeNamedValue(raw) ?? namedByKey(metadata, raw);
  if (named === null) return;
  listing.legacy.push({ handle: metadata, name: named.name });
  // Two executions may have added the same key: the later entry wins, the other goes with the move.
  if (OBSOLETE_KEYS.indexOf(named.name) < 0) listing.legacyValues.set(named.name, named.value);
}

/**
 * Moves every per-key entry into the data entry a few thousand characters at a time, writing the
 * data entry (`writeEntry`) before each step's entries are removed: each lives twice between the
 * write that copies it and its removal.
 */
export function moveLegacyEntries(listing: LegacyKeys, writeEntry: () => void): void {
  while (listing.legacy.length > 0) {
    const step: LegacyEntry[] = [];
    let chars = 0;
    for (const old of listing.legacy) {
      const value = listing.entry.has(old.name) || listing.deleted.has(old.name) ? undefined : listing.legacyValues.get(old.name);
      const copy = value === undefined ? 0 : lineChars(old.name, value);
      if (step.length > 0 && chars + copy > MIGRATION_STEP_CHARS) break;
      if (value !== undefined) listing.entry.set(old.name, value);
      step.push(old);
      chars += copy;
    }
    writeEntry();
    for (const old of step) removeQuietly(old.handle);
    listing.legacy = listing.legacy.slice(step.length);
  }
  listing.legacyValues.clear();
  listing.deleted.clear();
}

/** A per-key entry whose value does not name it (the oldest layout): its metadata key does. */
function namedByKey(metadata: Metadata, raw: string): { name: string; value: string } | null {
  const key = metadata.getKey();
  return key.startsWith(LEGACY_PREFIX) ? { name: key.slice(LEGACY_PREFIX.length), value: raw } : null;
}
