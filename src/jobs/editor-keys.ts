// This file defines the document's list of its editors' current keys, as digests: one small
// property mapping an editor (a random id kept in that editor's user properties) to the digest of
// the key they use now. It tells a pass whether some editor's key may still see a job.
import type { KeyValueStore } from "./key-value-store";

const EDITOR_KEYS = "businessLeads.editorKeys";
/** A team's editors; the least recently seen drop off first, keeping the property small. */
const MAX_EDITORS = 50;

interface EditorEntry {
  digest: string;
  seenAt: string;
}

export class EditorKeys {
  constructor(private readonly store: KeyValueStore) {}

  private read(): Record<string, EditorEntry> {
    try {
      const parsed: unknown = JSON.parse(this.store.getProperty(EDITOR_KEYS) ?? "{}");
      return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, EditorEntry>) : {};
    } catch {
      return {};
    }
  }

  /** Records the editor's current key; writes only when it changed (or once a day, to stay fresh). */
  register(editorId: string, digest: string, now: number): void {
    const all = this.read();
    const known = all[editorId];
    if (known && known.digest === digest && now - Date.parse(known.seenAt) < 24 * 60 * 60 * 1000) return;
    all[editorId] = { digest, seenAt: new Date(now).toISOString() };
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
    const digests = Object.keys(all).map((id) => all[id]?.digest ?? "").filter((d) => d !== "");
    return digests.filter((d, i) => digests.indexOf(d) === i);
  }
}
