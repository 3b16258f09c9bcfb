// This file defines the chunks that wait for a free job slot: when the service refuses a creation
// with 429 (its active-jobs limit), the chunk's exact body and its idempotency key are kept in
// document properties and a later poll pass sends them, so the service gets the identical request
// and charges at most once. A body is split into parts under the 9 KB value limit; the head record
// is written last and deleted first, so a head always has all its parts.
import type { CreateEnrichmentRequest } from "../api/schemas";
import type { KeyValueStore } from "../jobs/key-value-store";
import type { EnrichTarget } from "./sheet-area";

export interface PendingChunk {
  /** The start record's fingerprint, which holds the idempotency key. */
  startKey: string;
  idempotencyKey: string;
  sheetId: number;
  sheetName: string;
  target: EnrichTarget;
  createdAt: string;
  /** Which chunk of the run, for ordering and names. */
  index: number;
}

interface StoredHead extends PendingChunk {
  parts: number;
  name: string | null;
}

const HEAD = "enrich-pending:";
const PART_BYTES = 8000;

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 2 : 3;
  }
  return bytes;
}

export class PendingChunks {
  constructor(private readonly store: KeyValueStore) {}

  save(chunk: PendingChunk, body: CreateEnrichmentRequest): void {
    const parts: string[] = [];
    let current: unknown[] = [];
    let size = 2;
    for (const business of body.businesses) {
      const piece = JSON.stringify([business.business_name, business.website_url]);
      if (current.length > 0 && size + utf8Bytes(piece) + 1 > PART_BYTES) {
        parts.push(JSON.stringify(current));
        current = [];
        size = 2;
      }
      current.push(JSON.parse(piece));
      size += utf8Bytes(piece) + 1;
    }
    if (current.length > 0) parts.push(JSON.stringify(current));
    parts.forEach((part, i) => this.store.setProperty(`${HEAD}${chunk.startKey}:${i}`, part));
    const head: StoredHead = { ...chunk, parts: parts.length, name: body.name ?? null };
    this.store.setProperty(HEAD + chunk.startKey, JSON.stringify(head));
  }

  /** Every waiting chunk, oldest first. */
  all(): PendingChunk[] {
    const properties = this.store.getProperties();
    const heads: StoredHead[] = [];
    for (const key of Object.keys(properties)) {
      if (!key.startsWith(HEAD) || key.indexOf(":", HEAD.length) >= 0) continue;
      try {
        heads.push(JSON.parse(properties[key] ?? "") as StoredHead);
      } catch {
        // A damaged head is skipped rather than stopping every pass.
      }
    }
    return heads.sort((a, b) => (a.createdAt === b.createdAt ? a.index - b.index : a.createdAt < b.createdAt ? -1 : 1));
  }

  /** The exact body to send, or null when a part is missing. */
  body(startKey: string): CreateEnrichmentRequest | null {
    const raw = this.store.getProperty(HEAD + startKey);
    if (raw === null) return null;
    const head = JSON.parse(raw) as StoredHead;
    const businesses: CreateEnrichmentRequest["businesses"] = [];
    for (let i = 0; i < head.parts; i += 1) {
      const part = this.store.getProperty(`${HEAD}${startKey}:${i}`);
      if (part === null) return null;
      for (const [business_name, website_url] of JSON.parse(part) as Array<[string, string]>) businesses.push({ business_name, website_url });
    }
    return head.name === null ? { businesses } : { name: head.name, businesses };
  }

  delete(startKey: string): void {
    const raw = this.store.getProperty(HEAD + startKey);
    this.store.deleteProperty(HEAD + startKey);
    const parts = raw === null ? 0 : (JSON.parse(raw) as StoredHead).parts;
    for (let i = 0; i < parts; i += 1) this.store.deleteProperty(`${HEAD}${startKey}:${i}`);
  }
}
