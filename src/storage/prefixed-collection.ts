// This file defines a collection of records kept in a key-value store under one key prefix, one
// record a key: the job store's jobs and start records, enrichment runs, the chunks being sent and
// their body parts. Every read goes through the records' stored shape (stored-json.ts); a scan of
// the store by prefix is written here once.
import type { KeyValueStore } from "./key-value-store";
import { readStored, type StoredShape } from "./stored-json";

export class PrefixedCollection<T> {
  constructor(
    private readonly store: KeyValueStore,
    /** Every key of the collection starts with it, e.g. "job:". */
    readonly prefix: string,
    private readonly shape: StoredShape<T, unknown>,
  ) {}

  /** The store key of the record named `id`. */
  key(id: string): string {
    return this.prefix + id;
  }

  get(id: string): T | null {
    return this.read(this.store.getProperty(this.key(id)));
  }

  /** The record a stored text holds, or null. */
  read(text: string | null | undefined): T | null {
    return readStored(this.shape, text);
  }

  /** The ids (key without the prefix) of the collection's keys among `properties` (default: the whole store). */
  ids(properties: Record<string, string> = this.store.getProperties()): string[] {
    return Object.keys(properties)
      .filter((key) => key.startsWith(this.prefix))
      .map((key) => key.slice(this.prefix.length));
  }

  /** Every readable record with its id, in the store's key order; unreadable ones are skipped. */
  entries(properties: Record<string, string> = this.store.getProperties()): Array<[string, T]> {
    const found: Array<[string, T]> = [];
    for (const id of this.ids(properties)) {
      const record = this.read(properties[this.key(id)]);
      if (record !== null) found.push([id, record]);
    }
    return found;
  }

  all(properties?: Record<string, string>): T[] {
    return this.entries(properties).map(([, record]) => record);
  }

  /** Stores `record` under `id`; `text` when the caller already made its JSON (clipped to fit, say). */
  save(id: string, record: T, text: string = JSON.stringify(record)): void {
    this.store.setProperty(this.key(id), text);
  }

  delete(id: string): void {
    this.store.deleteProperty(this.key(id));
  }
}
