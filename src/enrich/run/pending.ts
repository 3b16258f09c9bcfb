// This file defines the chunks whose creation is not settled: each keeps its exact body and idempotency key until its job is recorded
// and its rows marked, so any later attempt repeats the identical request and the service charges at most once. The small head is in
// the job store for every editor to see; the body is in the sender's user properties, so only the sender's key sends it.
import * as z from "zod/mini";
import type { CreateEnrichmentRequest } from "../../api/schemas";
import type { JobsContext } from "../../jobs/job-context";
import type { KeyValueStore } from "../../storage/key-value-store";
import { PrefixedCollection } from "../../storage/prefixed-collection";
import { currentShape, type StoredShape } from "../../storage/stored-json";
import { utf8Bytes } from "../../storage/utf8";
import { StoredEnrichTarget, type EnrichTarget } from "../../jobs/enrich-target";
import { KEYS } from "../../storage/keys";
import { matchKey } from "../list/normalise";

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
  /** The editor whose user properties hold the body: only their executions send it. */
  editorId: string;
  /** Businesses in the body: credits it will take. */
  count: number;
  /** The enrichment run it belongs to. */
  runId: string;
  /** The job name its body carries (null: none). */
  name: string | null;
}

type StoredHead = PendingChunk & { parts: number };

// Schemas are built on first use (z.lazy): see api/schemas.ts.
const StoredHeadSchema = z.lazy(() =>
  z.object({
    startKey: z.string(),
    idempotencyKey: z.string(),
    sheetId: z.number(),
    sheetName: z.string(),
    target: StoredEnrichTarget,
    createdAt: z.string(),
    index: z.number(),
    editorId: z.string(),
    count: z.number(),
    runId: z.string(),
    parts: z.number(),
    name: z.nullable(z.string()),
  }),
) satisfies z.ZodMiniType<StoredHead>;

const HEAD_SHAPE: StoredShape<StoredHead> = { ...currentShape(StoredHeadSchema), versioned: true };

/** A part of a body: [name, website] pairs. */
const PART_SHAPE = currentShape(z.lazy(() => z.array(z.tuple([z.string(), z.string()]))));

/** Under Apps Script's 9 KB a value, with room for the key. */
const PART_BYTES = 8000;
/**
 * Bodies one user keeps at most, over all documents: most of the 500 KB user store, leaving room
 * for settings and the trigger's own records. About nine chunks of 700, so nine runs being sent at
 * once; a tenth run's rows wait in its sheet until one is sent.
 */
export const BODY_BUDGET_BYTES = 350 * 1024;
/** Parts without a head this old were left by a killed execution (a start takes at most 6 minutes). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
/** Another editor's head older than this has lost its body (they left, or cleared their data). */
const FOREIGN_HEAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The body as stored: [name, website] pairs cut into parts under the value limit. */
function bodyParts(body: CreateEnrichmentRequest): string[] {
  const parts: string[][] = [];
  let size = 0;
  for (const business of body.businesses) {
    const piece = JSON.stringify([business.business_name, business.website_url]);
    const bytes = utf8Bytes(piece) + 1;
    if (parts.length === 0 || size + bytes > PART_BYTES) {
      parts.push([]);
      size = 2;
    }
    parts[parts.length - 1]?.push(piece);
    size += bytes;
  }
  return parts.map((part) => `[${part.join(",")}]`);
}

export class PendingChunks {
  /** Heads, in the document's job store, by start key. */
  private readonly heads: PrefixedCollection<StoredHead>;
  /** Body parts, in the current user's properties, by "document:startKey:made:index". */
  private readonly parts: PrefixedCollection<Array<[string, string]>>;

  constructor(
    /** The document's job store: heads. */
    headStore: KeyValueStore,
    /** The current user's properties: bodies. */
    private readonly bodies: KeyValueStore,
    private readonly documentId: string,
    private readonly editorId: string,
  ) {
    this.heads = new PrefixedCollection(headStore, KEYS.chunkHead, HEAD_SHAPE);
    this.parts = new PrefixedCollection(bodies, KEYS.chunkBody, PART_SHAPE);
  }

  /** A part's id carries when its chunk was made, so housekeeping can tell an orphan from a part whose head is being written. */
  private partId(chunk: Pick<PendingChunk, "startKey" | "createdAt">, index: number): string {
    return `${this.documentId}:${chunk.startKey}:${Date.parse(chunk.createdAt).toString(36)}:${index}`;
  }

  /** Bytes a body takes in the user's store. */
  bodyBytes(body: CreateEnrichmentRequest, chunk: Pick<PendingChunk, "startKey" | "createdAt">): number {
    return bodyParts(body).reduce((sum, part, i) => sum + utf8Bytes(part) + utf8Bytes(this.parts.key(this.partId(chunk, i))), 0);
  }

  /** Bytes the current user's bodies take now, over all documents. */
  usedBodyBytes(): number {
    const properties = this.bodies.getProperties();
    const keys = this.parts.ids(properties).map((id) => this.parts.key(id));
    return keys.reduce((total, key) => total + utf8Bytes(key) + utf8Bytes(properties[key] ?? ""), 0);
  }

  save(chunk: Omit<PendingChunk, "editorId" | "count" | "name">, body: CreateEnrichmentRequest): void {
    const parts = bodyParts(body);
    parts.forEach((part, i) => this.bodies.setProperty(this.parts.key(this.partId(chunk, i)), part));
    const head: StoredHead = {
      ...chunk,
      editorId: this.editorId,
      count: body.businesses.length,
      parts: parts.length,
      name: body.name ?? null,
    };
    this.heads.save(chunk.startKey, head);
  }

  /** Every unsettled chunk of the document, whoever sends it, oldest first. */
  all(): PendingChunk[] {
    return this.heads.all().sort((a, b) => (a.createdAt === b.createdAt ? a.index - b.index : a.createdAt < b.createdAt ? -1 : 1));
  }

  /** Whether the current user's executions send this chunk. */
  isMine(chunk: PendingChunk): boolean {
    return chunk.editorId === this.editorId;
  }

  /** The exact body to send, or null when it is not the current user's or a part is missing. */
  body(chunk: PendingChunk): CreateEnrichmentRequest | null {
    if (!this.isMine(chunk)) return null;
    const head = this.heads.get(chunk.startKey);
    if (head === null) return null;
    const businesses: CreateEnrichmentRequest["businesses"] = [];
    for (let i = 0; i < head.parts; i += 1) {
      const part = this.parts.get(this.partId(head, i));
      if (part === null) return null; // a missing or damaged part: the body is lost
      for (const [business_name, website_url] of part) businesses.push({ business_name, website_url });
    }
    return head.name === null ? { businesses } : { name: head.name, businesses };
  }

  /** The businesses (match keys) of these chunks' bodies, of those the current user sends. */
  keysOf(chunks: readonly PendingChunk[]): Set<string> {
    const businesses = chunks.flatMap((chunk) => this.body(chunk)?.businesses ?? []);
    return new Set(businesses.map((b) => matchKey(b.business_name, b.website_url)));
  }

  /** Removes a chunk: the head first, so no head is ever left without its parts. */
  delete(chunk: PendingChunk): void {
    const head = this.heads.get(chunk.startKey);
    this.heads.delete(chunk.startKey);
    if (!this.isMine(chunk)) return;
    for (let i = 0; i < (head?.parts ?? 0); i += 1) this.parts.delete(this.partId(chunk, i));
  }

  /**
   * Housekeeping: the current user's parts of this document whose head is gone (an execution killed
   * between the two), and other editors' heads too old to still have a body. Returns the chunks
   * that remain, oldest first.
   */
  tidy(now: number): PendingChunk[] {
    const chunks = this.all();
    const live = new Set(chunks.map((chunk) => chunk.startKey));
    const document = `${this.documentId}:`;
    for (const id of this.parts.ids()) {
      if (!id.startsWith(document)) continue;
      const [startKey = "", made = ""] = id.slice(document.length).split(":");
      if (!live.has(startKey) && now - parseInt(made, 36) > ORPHAN_AGE_MS) this.parts.delete(id);
    }
    return chunks.filter((chunk) => {
      const stale = !this.isMine(chunk) && now > foreignChunkExpiry(chunk);
      if (stale) this.heads.delete(chunk.startKey);
      return !stale;
    });
  }
}

/** When another editor's chunk is forgotten by the others (tidy): its body is taken for lost, and its rows for waiting again. */
export const foreignChunkExpiry = (chunk: Pick<PendingChunk, "createdAt">): number => Date.parse(chunk.createdAt) + FOREIGN_HEAD_TTL_MS;

/** The document's unsettled chunks, as the current user sees them. */
export const pendingChunksOf = (ctx: JobsContext): PendingChunks =>
  new PendingChunks(ctx.properties, ctx.userProperties, ctx.documentId, ctx.editorId);
