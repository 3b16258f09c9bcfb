// This file defines what the user's background trigger knows without a current document, kept in
// the user's own properties: which documents it serves (full-scope build) and the notices a
// background run left for the sidebar, with the rule that keeps them within one property value.
import * as z from "zod/mini";
import type { KeyValueStore } from "./key-value-store";
import { KEYS } from "./keys";
import { entriesShape, readStored, type StoredShape } from "./stored-json";
import { clipToBytes, utf8Bytes } from "./utf8";

/** Documents one trigger serves at most (ids are 44 characters: far below 9 KB a value). */
const MAX_SERVED = 50;
/** One notice's message at most, and all of them (a user property value holds 9 KB), in UTF-8. */
const MAX_NOTICE_BYTES = 1024;
const MAX_NOTICES_BYTES = 8 * 1024;
/** A notice that concerns every document (the default build's trigger without a document). */
export const ANY_DOCUMENT = "*";

/** The served documents' ids as stored: what is not an id is dropped. */
const SERVED_SHAPE: StoredShape<string[], unknown[]> = {
  // Marked pure: the default build never reads it, and leaves it out.
  schema: /* @__PURE__ */ z.lazy(() => z.array(z.unknown())),
  upgrade: (stored) => stored.filter((id): id is string => typeof id === "string"),
};

/** The documents with jobs this user's trigger moves forward, most recently registered first. */
export const servedDocuments = (user: KeyValueStore): string[] => readStored(SERVED_SHAPE, user.getProperty(KEYS.servedDocuments)) ?? [];

export function registerServedDocument(user: KeyValueStore, id: string): void {
  const ids = servedDocuments(user);
  if (ids.indexOf(id) >= 0) return;
  user.setProperty(KEYS.servedDocuments, JSON.stringify([id, ...ids].slice(0, MAX_SERVED)));
}

export function forgetServedDocument(user: KeyValueStore, id: string): void {
  const ids = servedDocuments(user);
  if (ids.indexOf(id) < 0) return;
  user.setProperty(KEYS.servedDocuments, JSON.stringify(ids.filter((other) => other !== id)));
}

/** A background run's message, and when it was left: it concerns the jobs that existed by then. */
interface BackgroundNotice {
  message: string;
  at: number;
}

/** Notices as stored: a notice of no known shape is dropped, the others kept. */
const NOTICES_SHAPE = entriesShape(
  z.lazy(() => z.object({ message: z.string(), at: z.number() }) satisfies z.ZodMiniType<BackgroundNotice>),
  (notice): BackgroundNotice => notice,
);

const notices = (user: KeyValueStore): Record<string, BackgroundNotice> =>
  readStored(NOTICES_SHAPE, user.getProperty(KEYS.backgroundNotices)) ?? {};

/**
 * Leaves a plain-words message for the sidebar of `documentId` (or of every document), for the
 * jobs that exist at `at`: a job started later has not met the trouble yet.
 */
export function leaveBackgroundNotice(user: KeyValueStore, documentId: string, message: string, at: number): void {
  const all = notices(user);
  const clipped = clipToBytes(message, MAX_NOTICE_BYTES);
  const old = all[documentId];
  if (old !== undefined && old.message === clipped && old.at === at) return;
  all[documentId] = { message: clipped, at };
  user.setProperty(KEYS.backgroundNotices, JSON.stringify(newestThatFit(all)));
}

/**
 * The newest notices that fit one property value. A notice for a deleted spreadsheet is never
 * cleared (no pass reaches it again): without this, enough of them would make every later
 * notice fail to save.
 */
function newestThatFit(all: Record<string, BackgroundNotice>): Record<string, BackgroundNotice> {
  const kept: Record<string, BackgroundNotice> = {};
  let bytes = 2;
  const newestFirst = Object.keys(all).sort((a, b) => (all[b]?.at ?? 0) - (all[a]?.at ?? 0));
  for (const key of newestFirst) {
    const entry = utf8Bytes(JSON.stringify(key)) + utf8Bytes(JSON.stringify(all[key])) + 2;
    if (bytes + entry > MAX_NOTICES_BYTES) break;
    kept[key] = all[key] as BackgroundNotice;
    bytes += entry;
  }
  return kept;
}

export function clearBackgroundNotice(user: KeyValueStore, documentId: string): void {
  const all = notices(user);
  if (all[documentId] === undefined) return;
  delete all[documentId];
  user.setProperty(KEYS.backgroundNotices, JSON.stringify(all));
}

/** What the last background run could not do for this document, if anything. */
export function backgroundNoticeFor(user: KeyValueStore, documentId: string): BackgroundNotice | null {
  const all = notices(user);
  return all[documentId] ?? all[ANY_DOCUMENT] ?? null;
}
