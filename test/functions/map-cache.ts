// This file defines the custom-function tests' stand-in for Apps Script's Cache: a map that
// refuses a value over Google's 100 KB limit (UTF-8 bytes), as CacheService does.
import type { CacheLike } from "../../src/functions/cell-cache";

export class MapCache implements CacheLike {
  readonly entries = new Map<string, string>();
  getAll(keys: string[]): { [key: string]: string } {
    const out: { [key: string]: string } = {};
    for (const key of keys) {
      const value = this.entries.get(key);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  putAll(values: { [key: string]: string }): void {
    for (const key of Object.keys(values)) {
      const value = values[key] as string;
      if (Buffer.byteLength(value, "utf8") > 100 * 1024) throw new Error("Argument too large: value");
      this.entries.set(key, value);
    }
  }
}
