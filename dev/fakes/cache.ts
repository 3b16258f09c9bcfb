// This file defines the CacheService fake: user, document and script caches whose entries
// expire on the virtual clock, with the limits of https://developers.google.com/apps-script/reference/cache/cache:
// keys of at most 250 characters, values of at most 100 KB, expiration from 1 s to 21600 s
// (6 h, default 600 s), and at most 1,000 items, after which "the cache stores the 900 items
// farthest from expiration". Google also warns that every read may return null: `evictAll`
// lets tests prove the add-on survives that.
import { ALLOWED } from "./auth";
import { enterCall, utf8Bytes, type ServiceEnv } from "./env";

export const KEY_LIMIT_CHARS = 250;
export const VALUE_LIMIT_BYTES = 100 * 1024;
export const DEFAULT_TTL_SECONDS = 600;
export const MAX_TTL_SECONDS = 21_600;
const ITEM_CAP = 1000;
const ITEMS_KEPT = 900;

interface Entry {
  value: string;
  expiresAt: number;
}

/** The persistent data behind CacheService. */
export class CacheStores {
  readonly script = new Map<string, Entry>();
  private readonly users = new Map<string, Map<string, Entry>>();
  private readonly documents = new Map<string, Map<string, Entry>>();

  /** Each spreadsheet has its own document cache. */
  forDocument(id: string): Map<string, Entry> {
    let cache = this.documents.get(id);
    if (cache === undefined) {
      cache = new Map();
      this.documents.set(id, cache);
    }
    return cache;
  }

  user(email: string): Map<string, Entry> {
    let cache = this.users.get(email);
    if (cache === undefined) {
      cache = new Map();
      this.users.set(email, cache);
    }
    return cache;
  }

  /** Google may drop any entry at any time; this drops them all. */
  evictAll(): void {
    this.documents.clear();
    this.script.clear();
    this.users.clear();
  }
}

export class FakeCache implements GoogleAppsScript.Cache.Cache {
  constructor(
    private readonly env: ServiceEnv,
    private readonly entries: Map<string, Entry>,
    private readonly serviceCall: string,
  ) {}

  private enter(): void {
    enterCall(this.env, ALLOWED.cache(this.env.exec.authMode), this.serviceCall);
  }

  private key(key: unknown): string {
    if (key === null || key === undefined) throw this.env.exec.error("Invalid argument: key");
    const text = String(key);
    if (text.length > KEY_LIMIT_CHARS) throw this.env.exec.error("Argument too large: key");
    return text;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.env.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private ttlMs(expirationInSeconds: unknown): number {
    if (expirationInSeconds === undefined) return DEFAULT_TTL_SECONDS * 1000;
    const seconds = Number(expirationInSeconds);
    // Guess: Google documents the 6 h maximum but not what happens beyond it; we refuse it
    // rather than keep an entry longer than Google ever would.
    if (!Number.isFinite(seconds) || seconds < 1 || seconds > MAX_TTL_SECONDS) {
      throw this.env.exec.error("Invalid argument: expirationInSeconds");
    }
    return Math.floor(seconds) * 1000;
  }

  get(key: string): string | null {
    this.enter();
    return this.live(this.key(key))?.value ?? null;
  }

  getAll(keys: string[]): { [key: string]: string } {
    this.enter();
    if (!Array.isArray(keys)) throw this.env.exec.error("Invalid argument: keys");
    const found: { [key: string]: string } = {};
    for (const key of keys.map((k) => this.key(k))) {
      const entry = this.live(key);
      if (entry !== undefined) found[key] = entry.value;
    }
    return found;
  }

  put(key: string, value: string, expirationInSeconds?: number): void {
    this.enter();
    this.store([[this.key(key), this.value(value)]], this.ttlMs(expirationInSeconds));
  }

  putAll(values: { [key: string]: string }, expirationInSeconds?: number): void {
    this.enter();
    if (typeof values !== "object" || values === null) throw this.env.exec.error("Invalid argument: values");
    const entries = Object.keys(values).map((k): [string, string] => [this.key(k), this.value(values[k])]);
    this.store(entries, this.ttlMs(expirationInSeconds));
  }

  remove(key: string): void {
    this.enter();
    this.entries.delete(this.key(key));
  }

  removeAll(keys: string[]): void {
    this.enter();
    if (!Array.isArray(keys)) throw this.env.exec.error("Invalid argument: keys");
    for (const key of keys) this.entries.delete(this.key(key));
  }

  private value(value: unknown): string {
    if (value === null || value === undefined) throw this.env.exec.error("Invalid argument: value");
    const text = String(value);
    if (utf8Bytes(text) > VALUE_LIMIT_BYTES) throw this.env.exec.error("Argument too large: value");
    return text;
  }

  private store(entries: [string, string][], ttlMs: number): void {
    const expiresAt = this.env.clock.now() + ttlMs;
    for (const [key, value] of entries) {
      this.entries.delete(key);
      this.entries.set(key, { value, expiresAt });
    }
    this.enforceCap();
  }

  private enforceCap(): void {
    const now = this.env.clock.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size <= ITEM_CAP) return;
    const byExpiry = [...this.entries].sort((a, b) => b[1].expiresAt - a[1].expiresAt);
    for (const [key] of byExpiry.slice(ITEMS_KEPT)) this.entries.delete(key);
  }
}

export function createCacheService(env: ServiceEnv, stores: CacheStores) {
  const allowed = () => ALLOWED.cache(env.exec.authMode);
  return {
    getUserCache(): FakeCache {
      enterCall(env, allowed(), "CacheService.getUserCache");
      return new FakeCache(env, stores.user(env.exec.user), "CacheService.getUserCache");
    },
    /** The current document's cache; null where the execution has no current document. */
    getDocumentCache(): FakeCache {
      enterCall(env, allowed(), "CacheService.getDocumentCache");
      const documentId = env.exec.documentId;
      // Typed as @types/google-apps-script types it (never null), though Google returns null here.
      return (
        documentId === null ? null : new FakeCache(env, stores.forDocument(documentId), "CacheService.getDocumentCache")
      ) as FakeCache;
    },
    getScriptCache(): FakeCache {
      enterCall(env, allowed(), "CacheService.getScriptCache");
      return new FakeCache(env, stores.script, "CacheService.getScriptCache");
    },
  };
}
