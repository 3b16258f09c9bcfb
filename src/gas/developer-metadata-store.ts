// This file defines the job store's key-value store over a spreadsheet's developer metadata (the
// full-scope build): unlike document properties it travels with the spreadsheet, so a trigger that
// Google runs without a current document reaches it through SpreadsheetApp.openById, and every
// editor's sidebar reads the same records. Entries are PROJECT-visible (other scripts cannot see
// them) and live at the spreadsheet itself, where Google allows 30,000 characters of metadata in
// all; we count key + value characters, as that limit is stated in characters.
import { JobStoreFullError } from "../jobs/job-store";
import type { KeyValueStore, StoreBudget } from "../jobs/key-value-store";

const PREFIX = "businessLeads.";
/** Our share of the spreadsheet's 30,000 characters, leaving room for other tools' metadata. */
export const METADATA_BUDGET_CHARS = 24_000;

/**
 * The job store's budget here, in characters: finished jobs are pruned while the store holds more
 * than 15,000 (about 20 finished searches of typical size), and a new job must leave 3,000 free,
 * so jobs in progress, start records, editor keys, the pass lease and waiting enrichment chunks'
 * heads have room between the pruning budget and the limit.
 */
export const METADATA_STORE_BUDGET: StoreBudget = {
  size: (key, value) => entryChars(key, value),
  limit: METADATA_BUDGET_CHARS,
  newJobCeiling: METADATA_BUDGET_CHARS - 3_000,
  pruneAbove: 15_000,
};

type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

interface Entry {
  value: string;
  /** null right after an add: addDeveloperMetadata returns the spreadsheet, not the entry. */
  handle: Metadata | null;
}

/**
 * Read once per execution (one listing, then each entry's value, which names it) and written through;
 * each execution makes its own store, and passes over one document are serialised by its locks
 * and pass lease (src/gas/pass-lease.ts).
 */
export class DeveloperMetadataStore implements KeyValueStore {
  readonly budget = METADATA_STORE_BUDGET;
  private entries: Map<string, Entry> | null = null;

  constructor(private readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {}

  private load(): Map<string, Entry> {
    if (this.entries !== null) return this.entries;
    const entries = new Map<string, Entry>();
    const found = this.spreadsheet.createDeveloperMetadataFinder().withVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT).find();
    for (const metadata of found) {
      // Each getKey and getValue is a call: a stored value names its entry, so one call reads it.
      const raw = metadata.getValue() ?? "";
      let named = decode(raw);
      if (named === null) {
        // Written before values carried their names: the key says which entry it is.
        const key = metadata.getKey();
        if (!key.startsWith(PREFIX)) continue;
        named = { name: key.slice(PREFIX.length), value: raw };
      }
      // Two executions may have added the same key: keep the later one, drop the other.
      entries.get(named.name)?.handle?.remove();
      entries.set(named.name, { value: named.value, handle: metadata });
    }
    this.entries = entries;
    return entries;
  }

  getProperty(key: string): string | null {
    return this.load().get(key)?.value ?? null;
  }

  getProperties(): Record<string, string> {
    const all: Record<string, string> = {};
    for (const [key, entry] of this.load()) all[key] = entry.value;
    return all;
  }

  setProperty(key: string, value: string): void {
    const entries = this.load();
    const existing = entries.get(key);
    if (existing && existing.value === value) return;
    if (usedChars(entries) - (existing ? entryChars(key, existing.value) : 0) + entryChars(key, value) > METADATA_BUDGET_CHARS) {
      throw new JobStoreFullError();
    }
    const handle = existing ? existing.handle ?? this.find(key) : null;
    if (handle) handle.setValue(encode(key, value));
    else this.spreadsheet.addDeveloperMetadata(PREFIX + key, encode(key, value), SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
    entries.set(key, { value, handle });
  }

  deleteProperty(key: string): void {
    const entries = this.load();
    const existing = entries.get(key);
    if (!existing) return;
    (existing.handle ?? this.find(key))?.remove();
    entries.delete(key);
  }

  private find(key: string): Metadata | null {
    return this.spreadsheet.createDeveloperMetadataFinder().withKey(PREFIX + key).find()[0] ?? null;
  }
}

/**
 * An entry's value as stored: "#", its name, a line break, then the value. JSON never starts with
 * "#", so a value written before this format is told apart (and rewritten at its next save).
 */
const encode = (name: string, value: string): string => `#${name}\n${value}`;

function decode(raw: string): { name: string; value: string } | null {
  const end = raw.startsWith("#") ? raw.indexOf("\n") : -1;
  return end < 0 ? null : { name: raw.slice(1, end), value: raw.slice(end + 1) };
}

/** Characters an entry takes as stored: its key and its encoded value. */
const entryChars = (name: string, value: string): number => PREFIX.length + name.length + encode(name, value).length;

function usedChars(entries: Map<string, Entry>): number {
  let total = 0;
  for (const [key, entry] of entries) total += entryChars(key, entry.value);
  return total;
}
