// This file defines a collection of records kept in a key-value store under one key prefix, one record a key (jobs, start records,
// enrichment runs, chunks). Every read goes through the stored shape (stored-json.ts), and upgraded records are written back on demand.
import type { KeyValueStore } from "./key-value-store";
import { readVersioned, storedText, type StoredShape } from "./stored-json";

export class PrefixedCollection<T> {
  /** Records read in an earlier version than today's, by id: writeBack() stores them in today's. */
  private readonly outdated = new Map<string, T>();

  constructor(
    private readonly store: KeyValueStore,
    /** Every key of the collection starts with it (src/storage/keys.ts). */
    readonly prefix: string,
    private readonly shape: StoredShape<T, unknown>,
  ) {}

  /** The store key of the record named `id`. */
  key(id: string): string {
    return this.prefix + id;
  }

  get(id: string): T | null {
    return this.read(this.store.getProperty(this.key(id)), id);
  }

  /** The record a stored text holds, or null; `id`: remember it for writeBack() when outdated. */
  read(text: string | null | undefined, id?: string): T | null {
    const found = readVersioned(this.shape, text);
    if (found === null) return null;
    if (found.outdated && id !== undefined) this.outdated.set(id, found.record);
    return found.record;
  }

  /** The ids (key without the prefix) of the collection's keys among `properties` (default: the whole store). */
  ids(properties: Record<string, string> = this.store.getProperties()): string[] {
    return Object.keys(properties)
      .filter((key) => key.startsWith(this.prefix))
      .map((key) => key.slice(this.prefix.length));
  }

  /** Every readable record with its id, in the store's key order; unreadable ones are skipped. */
  entries(properties: Record<string, string> = this.store.getProperties()): Array<[string, T]> {
    return this.ids(properties).flatMap((id): Array<[string, T]> => {
      const record = this.read(properties[this.key(id)], id);
      return record === null ? [] : [[id, record]];
    });
  }

  all(properties?: Record<string, string>): T[] {
    return this.entries(properties).map(([, record]) => record);
  }

  /** The record's text as stored today (with its version). */
  text(record: T): string {
    return storedText(this.shape, record);
  }

  /** Stores `record` under `id`; `text` when the caller already made its text (clipped to fit, say). */
  save(id: string, record: T, text: string = this.text(record)): void {
    this.store.setProperty(this.key(id), text);
    this.outdated.delete(id);
  }

  delete(id: string): void {
    this.store.deleteProperty(this.key(id));
    this.outdated.delete(id);
  }

  /**
   * Writes the records read in an earlier version back in today's shape, once: a caller that holds
   * the store's lock (and write claim) and writes it anyway. Returns how many it wrote.
   */
  writeBack(): number {
    let written = 0;
    for (const id of [...this.outdated.keys()]) {
      // Read again: another writer of the store may have stored it in today's shape since.
      const found = readVersioned(this.shape, this.store.getProperty(this.key(id)));
      this.outdated.delete(id);
      if (found === null || !found.outdated) continue;
      this.save(id, found.record);
      written += 1;
    }
    return written;
  }
}
