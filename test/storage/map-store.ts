// This file defines a key-value store on a plain map (the subset of Apps Script's Properties the
// stores use), for unit tests of the stores without the fakes.
import type { DocumentFacts } from "../../src/jobs/job-record-versions";
import type { KeyValueStore } from "../../src/storage/key-value-store";

export function mapStore(entries: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getProperty: (key) => map.get(key) ?? null,
    getProperties: () => Object.fromEntries(map),
    setProperty: (key, value) => map.set(key, value),
    deleteProperty: (key) => map.delete(key),
  };
}

/** A document's facts for a job store in unit tests: a fixed time zone. */
export function fixedFacts(timeZone = "Etc/UTC"): DocumentFacts {
  return { timeZone: () => timeZone };
}
