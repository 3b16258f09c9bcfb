// This file defines the key-value store the job records live in: a structural subset of Apps Script's Properties, so the job code runs
// on DocumentProperties and on a plain map in tests. A store may state its own budget; one that does not has document properties'.
import { utf8Bytes } from "./utf8";

/** How full a store may get, in the unit its limit is counted in. */
export interface StoreBudget {
  /** One entry's size as the store's limit counts it (key and value). */
  size(key: string, value: string): number;
  /** A write that would take the store beyond this fails. */
  limit: number;
  /**
   * A new job is refused, before anything is sent, when the store would hold more than this with
   * it: the rest stays free for write claims, editor keys and notes on jobs in progress.
   */
  newJobCeiling: number;
  /** Finished jobs are pruned, oldest first, while the store holds more than this. */
  pruneAbove: number;
}

export interface KeyValueStore {
  getProperty(key: string): string | null;
  getProperties(): Record<string, string>;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
  /** Absent on Apps Script's Properties: they get DOCUMENT_PROPERTIES_BUDGET. */
  readonly budget?: StoreBudget;
  /**
   * A store that writes itself whole (developer metadata) holds back the writes `work` makes and
   * writes them once at its end. Absent on Properties, which write each key on its own.
   */
  batch?<T>(work: () => T): T;
  /** Writes what a batch holds back, now. */
  flush?(): void;
}

/** A properties store that also writes many keys at once (Apps Script's Properties). */
export interface PropertiesLike extends KeyValueStore {
  setProperties(properties: Record<string, string>): unknown;
}

/**
 * Document properties: 500 KB a store, in UTF-8 bytes. Finished jobs are pruned well below it
 * (300 KB), so 300 active jobs with every text at its longest still fit (see npm run bench).
 */
export const DOCUMENT_PROPERTIES_BUDGET: StoreBudget = {
  size: (key, value) => utf8Bytes(key) + utf8Bytes(value),
  limit: 500 * 1024,
  newJobCeiling: 480 * 1024,
  pruneAbove: 300 * 1024,
};

/** What the store holds, as its budget counts it. */
export const storeSize = (budget: StoreBudget, properties: Record<string, string>): number =>
  Object.keys(properties).reduce((total, key) => total + budget.size(key, properties[key] ?? ""), 0);
