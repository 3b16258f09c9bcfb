// This file defines the document's list of its editors' current keys, as digests: one small property mapping an editor's random id to
// the digest of the key that editor uses, which tells a pass whether some editor's key may still see a job.
import * as z from "zod/mini";
import type { KeyValueStore } from "../storage/key-value-store";
import { entriesShape, readStored } from "../storage/stored-json";
import { KEYS } from "../storage/keys";
import { iso } from "../rules/clock";

const EDITOR_KEYS = KEYS.editorKeys;
/** A team's editors; the least recently seen drop off first, keeping the property small. */
const MAX_EDITORS = 50;

const StoredEntry = z.lazy(() => z.object({ digest: z.string(), seenAt: z.string() }));
type EditorEntry = z.output<typeof StoredEntry>;

/** The list as stored: an entry of no known shape is dropped, the others kept. */
const EDITORS_SHAPE = entriesShape(StoredEntry, (entry): EditorEntry => entry);

export class EditorKeys {
  constructor(private readonly store: KeyValueStore) {}

  private read(): Record<string, EditorEntry> {
    return readStored(EDITORS_SHAPE, this.store.getProperty(EDITOR_KEYS)) ?? {};
  }

  /** Records the editor's current key; writes only when it changed (or once a day, to stay fresh). */
  register(editorId: string, digest: string, now: number): void {
    const all = this.read();
    const known = all[editorId];
    if (known && known.digest === digest && now - Date.parse(known.seenAt) < 24 * 60 * 60 * 1000) return;
    all[editorId] = { digest, seenAt: iso(now) };
    const kept = Object.keys(all)
      .sort((a, b) => ((all[a]?.seenAt ?? "") < (all[b]?.seenAt ?? "") ? 1 : -1))
      .slice(0, MAX_EDITORS);
    const next: Record<string, EditorEntry> = {};
    for (const id of kept) next[id] = all[id] as EditorEntry;
    this.store.setProperty(EDITOR_KEYS, JSON.stringify(next));
  }

  /** The current key digest of every editor the document knows. */
  digests(): string[] {
    const all = this.read();
    const digests = Object.keys(all)
      .map((id) => all[id]?.digest ?? "")
      .filter((d) => d !== "");
    return digests.filter((d, i) => digests.indexOf(d) === i);
  }
}
