// This file defines the self-check of the job store (diagnose()): an entry written through the
// store this build uses (document properties, or developer metadata in the full-scope build) is
// read back through a fresh store, which reads the document again, then removed whatever happens.
import { messageOf } from "../errors/user-error";
import { newUuid } from "../gas/utilities";
import type { KeyValueStore } from "../storage/key-value-store";
import { KEYS } from "../storage/keys";
import { bestEffort } from "../errors/best-effort";

/** Probe entries' names: no job record, start record or other entry of the store begins so. */
const PROBE_PREFIX = KEYS.selfCheckProbe;

interface JobStoreProbe {
  /** "same": read back exactly; "missing": not found; "changed": found, different. Null when writing or reading failed. */
  readBack: "same" | "missing" | "changed" | null;
  /** Why writing or reading failed, in Google's words; null when both worked. */
  failure: string | null;
  /** False when a probe entry may still be in the store. */
  removed: boolean;
}

/**
 * `writer` is the store the caller may change (in the full build it holds the store's write
 * claim); `openStore` gives a new view of the document's store on each call, to read the entry
 * back (a developer-metadata store reads the document once and then answers from memory, so the
 * writer itself would prove nothing).
 */
export function probeJobStore(writer: KeyValueStore, openStore: () => KeyValueStore): JobStoreProbe {
  const key = `${PROBE_PREFIX}${newUuid()}`;
  // Text beyond ASCII and a formula-like start: the store must keep every character.
  const value = JSON.stringify({ probe: key, text: "Café 東京 ✓ =1+1 0042" });
  let readBack: JobStoreProbe["readBack"] = null;
  let failure: string | null = null;
  try {
    writer.setProperty(key, value);
    const found = openStore().getProperty(key);
    readBack = found === value ? "same" : found === null ? "missing" : "changed";
  } catch (error) {
    failure = messageOf(error);
  }
  return { readBack, failure, removed: removeProbes(writer) };
}

/**
 * Removes every probe entry (this one, and any an earlier check killed midway left) through the
 * writer, trying twice: Google's transient failures pass.
 */
function removeProbes(writer: KeyValueStore): boolean {
  const removeAll = (): true => {
    for (const key of Object.keys(writer.getProperties())) if (key.startsWith(PROBE_PREFIX)) writer.deleteProperty(key);
    return true;
  };
  return bestEffort(removeAll) ?? bestEffort(removeAll) ?? false;
}
