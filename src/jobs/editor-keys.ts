// This file defines the document's list of its editors' current keys, as digests: one small property mapping an editor's random id to
// the digest of the key that editor uses, which tells a pass whether some editor's key may still see a job.
import * as z from "zod/mini";
import type { KeyValueStore } from "../storage/key-value-store";
import { entriesShape, readStored } from "../storage/stored-json";
import { KEYS } from "../storage/keys";
import { iso } from "../rules/clock";

/** A team's editors; the least recently seen drop off first, keeping the property small. */
const MAX_EDITORS = 50;

const StoredEntry = z.lazy(() => z.object({ digest: z.string(), seenAt: z.string() }));
type EditorEntry = z.output<typeof StoredEntry>;

/** The list as stored: an entry of no known shape is dropped, the others kept. */
const EDITORS_SHAPE = entriesShape(StoredEntry, (entry): EditorEntry => entry);

export class EditorKeys {
  constructor(private readonly store: KeyValueStore) {}

  private read(): Record<string, EditorEntry> {
    return readStored(EDITORS_SHAPE, this.store.getProperty(KEYS.editorKeys)) ?? {};
  }

  /** Records the editor's current key; writes only when it changed (or once a day, to stay fresh). */
  register(editorId: string, digest: string, now: number): void {
    const all = this.read();
    const known = all[editorId];
    if (known && known.digest === digest && now - Date.parse(known.seenAt) < 24 * 60 * 60 * 1000) return;
    all[editorId] = { digest, seenAt: iso(now) };
    const kept = Object.entries(all)
      .sort(([, a], [, b]) => (a.seenAt < b.seenAt ? 1 : -1))
      .slice(0, MAX_EDITORS);
    this.store.setProperty(KEYS.editorKeys, JSON.stringify(Object.fromEntries(kept)));
  }

  /** The current key digest of every editor the document knows. */
  digests(): string[] {
    return [...new Set(Object.values(this.read()).map((entry) => entry.digest))].filter((d) => d !== "");
  }
}
