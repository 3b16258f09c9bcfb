// This file defines the custom functions' cache of records by ID, many records to an entry: Google's Cache keeps at most 1,000 items,
// so IDs are hashed into a fixed number of buckets per kind, each under 100 KB, each record with its own expiry. A record that does
// not fit, or a bucket another execution rewrote, is a miss.
import * as z from "zod/mini";
import { entriesShape, type StoredShape } from "../storage/stored-json";
import { utf8Bytes } from "../storage/utf8";
import type { CellCache } from "./cell-cache";

/** Bytes of JSON a bucket may hold: Cache allows 100 KB a value; the rest is margin. */
export const BUCKET_BYTES = 90 * 1024;
const MAX_SECONDS = 6 * 60 * 60;

type Bucket<T> = { [id: string]: [number, T] };

export class RecordCache<T> {
  private readonly buckets = new Map<string, Bucket<T>>();
  private readonly read = new Set<string>();
  private readonly changed = new Set<string>();

  /**
   * `kind` names the records (a bucket key prefix of src/storage/keys.ts); `bucketCount` is fixed for a kind (ids hash into
   * it), chosen so that the kind's buckets stay well under both Cache limits: 256 buckets of
   * businesses of about 1 KB hold 5,000 of them at about 20 KB each.
   */
  /** A bucket as cached: its entries of the records' shape, `[expiresAt, record]`; any other (damaged) entry is a miss. */
  private readonly bucketShape: StoredShape<Bucket<T>, Record<string, unknown>>;

  constructor(
    private readonly cache: CellCache,
    private readonly kind: string,
    private readonly bucketCount: number,
    private readonly now: () => number,
    /** The records' schema: what is read back from the cache is checked like the service's answers. */
    record: z.ZodMiniType<T>,
  ) {
    this.bucketShape = entriesShape(z.tuple([z.number(), record]), (entry): [number, T] => entry);
  }

  private readonly keys = new Map<string, string>();

  /** The bucket of an ID: a string hash (cheap, as a 5,000-ID range hashes 5,000 of them). */
  private bucketKey(id: string): string {
    let key = this.keys.get(id);
    if (key === undefined) {
      let hash = 0;
      for (let i = 0; i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) | 0;
      key = `${this.kind}${(hash >>> 0) % this.bucketCount}`;
      this.keys.set(id, key);
    }
    return key;
  }

  /** Reads the buckets of `keys` not read yet, in one call. */
  private load(keys: readonly string[]): void {
    const wanted = [...new Set(keys)].filter((key) => !this.read.has(key));
    if (wanted.length === 0) return;
    const found = this.cache.getMany(wanted, this.bucketShape);
    for (const key of wanted) {
      this.read.add(key);
      // Records set before the bucket was read win over what the cache held.
      this.buckets.set(key, { ...found.get(key), ...this.buckets.get(key) });
    }
  }

  /** The live records of `ids` (absent ones are missing from the map). */
  get(ids: readonly string[]): Map<string, T> {
    this.load(ids.map((id) => this.bucketKey(id)));
    const found = new Map<string, T>();
    const now = this.now();
    for (const id of ids) {
      const entry = this.buckets.get(this.bucketKey(id))?.[id];
      if (entry && entry[0] > now) found.set(id, entry[1]);
    }
    return found;
  }

  /** Keeps `record` for `seconds` once `flush` writes it. */
  set(id: string, record: T, seconds: number): void {
    const key = this.bucketKey(id);
    const bucket = this.buckets.get(key) ?? {};
    bucket[id] = [this.now() + seconds * 1000, record];
    this.buckets.set(key, bucket);
    this.changed.add(key);
  }

  /**
   * Writes the changed buckets: expired records dropped, then the records nearest their expiry
   * until the bucket fits; one putAll per expiry (rounded up to the minute).
   */
  flush(): void {
    if (this.changed.size === 0) return;
    const keys = [...this.changed];
    this.changed.clear();
    // A bucket set before it was read (set() alone) is completed with what the cache holds.
    this.load(keys);
    const now = this.now();
    const byExpiry = new Map<number, Array<readonly [string, unknown]>>();
    for (const key of keys) {
      const live = Object.entries(this.buckets.get(key) ?? {})
        .filter(([, entry]) => entry[0] > now)
        .sort((a, b) => b[1][0] - a[1][0]);
      // Bytes of each `"id":[expiresAt,record]` member, and the braces and commas around them.
      const sizes = live.map(([id, entry]) => utf8Bytes(JSON.stringify(id)) + 1 + utf8Bytes(JSON.stringify(entry)));
      let total = 2 + sizes.reduce((sum, size) => sum + size + 1, 0);
      while (live.length > 0 && total > BUCKET_BYTES) {
        live.pop();
        total -= (sizes.pop() ?? 0) + 1;
      }
      const kept: Bucket<T> = Object.fromEntries(live);
      this.buckets.set(key, kept);
      const last = live[0]?.[1][0];
      if (last === undefined) continue;
      const seconds = Math.min(MAX_SECONDS, Math.ceil((last - now) / 60_000) * 60);
      const group = byExpiry.get(seconds) ?? [];
      group.push([key, kept]);
      byExpiry.set(seconds, group);
    }
    byExpiry.forEach((entries, seconds) => this.cache.putMany(entries, seconds));
  }
}
