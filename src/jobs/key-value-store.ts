// This file defines the key-value store the job records live in: a structural subset of Apps
// Script's Properties, so the job code runs on DocumentProperties in production and on a plain
// map in unit tests.

export interface KeyValueStore {
  getProperty(key: string): string | null;
  getProperties(): Record<string, string>;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}
