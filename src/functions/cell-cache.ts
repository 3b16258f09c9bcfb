// This file defines the custom functions' cache: JSON answers in the document cache under a namespace derived from the shared key
// (a new key never reads another account's answers), many at a time, big answers split across entries. Best effort: a failure is a miss.
// Every answer is read back through its schema, and an entry of no known shape is a miss.
import * as z from "zod/mini";
import { currentShape, readStored, type StoredShape } from "../storage/stored-json";
import { KEYS } from "../storage/keys";
import { bestEffort } from "../errors/best-effort";

/** The two calls of Apps Script's Cache the functions use. */
export interface CacheLike {
  getAll(keys: string[]): { [key: string]: string };
  putAll(values: { [key: string]: string }, expirationInSeconds: number): void;
}

/** Seconds each kind of answer is kept (Cache allows at most 6 h). */
export const CACHE_SECONDS = {
  /** The location catalog changes rarely. */
  catalog: 6 * 60 * 60,
  /** Credits change with every job anyone on the account starts. */
  account: 60,
  /** A terminal job and its businesses never change again. */
  terminal: 6 * 60 * 60,
  /** An active job changes between polls (the spec says poll every 5 to 10 s). */
  active: 20,
  /** A job's family (search or enrichment) never changes. */
  kind: 6 * 60 * 60,
  /** An ID the service does not know for this key: long enough for a big range's later evaluations. */
  missing: 10 * 60,
} as const;

/** Characters per entry: 3 bytes a character at worst keeps each entry under 100 KB. */
const CHUNK_CHARS = 30000;

/** The head of a value stored in chunks: how many. */
const LARGE_HEAD = currentShape(z.lazy(() => z.object({ chunks: z.int().check(z.gte(1)) })));
const CHUNK = currentShape(z.lazy(() => z.string()));

export class CellCache {
  constructor(
    private readonly cache: CacheLike | null,
    private readonly namespace: string,
  ) {}

  private full(key: string): string {
    return `${KEYS.cacheNamespace}${this.namespace}:${key}`;
  }

  /** The cached values of `keys` (absent ones, and those of another shape, are missing from the map). */
  getMany<T>(keys: readonly string[], shape: StoredShape<T, unknown>): Map<string, T> {
    const found = new Map<string, T>();
    const cache = this.cache;
    if (!cache || keys.length === 0) return found;
    const raw = bestEffort(() => cache.getAll(keys.map((key) => this.full(key))));
    if (!raw) return found; // the cache failed: every key is a miss
    for (const key of keys) {
      const value = readStored(shape, raw[this.full(key)]);
      if (value !== null) found.set(key, value); // a damaged entry is a miss
    }
    return found;
  }

  putMany(entries: ReadonlyArray<readonly [string, unknown]>, seconds: number): void {
    if (!this.cache || entries.length === 0) return;
    const values: { [key: string]: string } = {};
    for (const [key, value] of entries) values[this.full(key)] = JSON.stringify(value);
    // Too large or the cache is unavailable: the next call asks the service again.
    bestEffort(() => this.cache?.putAll(values, seconds));
  }

  /** A value stored by putLarge: all of its chunks, or null when any is missing. */
  getLarge<T>(key: string, shape: StoredShape<T, unknown>): T | null {
    const head = this.getMany([key], LARGE_HEAD).get(key);
    if (!head) return null;
    const keys = Array.from({ length: head.chunks }, (_, i) => `${key}#${i}`);
    const parts = this.getMany(keys, CHUNK);
    if (parts.size !== keys.length) return null;
    return readStored(shape, keys.map((k) => parts.get(k) ?? "").join(""));
  }

  putLarge(key: string, value: unknown, seconds: number): void {
    const text = JSON.stringify(value);
    const entries: Array<readonly [string, unknown]> = [];
    for (let i = 0; i * CHUNK_CHARS < text.length; i += 1)
      entries.push([`${key}#${i}`, text.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS)]);
    // Chunks first, the head last: a reader never finds a head whose chunks were not written.
    this.putMany(entries, seconds);
    this.putMany([[key, { chunks: entries.length }]], seconds);
  }
}
