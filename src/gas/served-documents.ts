// This file defines what the user's background trigger knows without a current document, kept in
// the user's own properties (reachable from any execution of that user): which documents it serves
// (full-scope build) and the notices a background run left for the sidebar.
import { clipToBytes, utf8Bytes } from "../jobs/utf8";
import { userProperties } from "./property-snapshot";

const SERVED_KEY = "businessLeads.servedDocuments";
const NOTICES_KEY = "businessLeads.backgroundNotices";
/** Documents one trigger serves at most (ids are 44 characters: far below 9 KB a value). */
const MAX_SERVED = 50;
/** One notice's message at most, and all of them (a user property value holds 9 KB), in UTF-8. */
const MAX_NOTICE_BYTES = 1024;
const MAX_NOTICES_BYTES = 8 * 1024;
/** A notice that concerns every document (the default build's trigger without a document). */
export const ANY_DOCUMENT = "*";

function readJson<T>(key: string, fallback: T): T {
  try {
    const parsed = JSON.parse(userProperties().getProperty(key) ?? "null") as T | null;
    return parsed ?? fallback;
  } catch {
    return fallback;
  }
}

/** The documents with jobs this user's trigger moves forward, most recently registered first. */
export function servedDocuments(): string[] {
  const ids = readJson<unknown>(SERVED_KEY, []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

export function registerServedDocument(id: string): void {
  const ids = servedDocuments();
  if (ids.indexOf(id) >= 0) return;
  userProperties().setProperty(SERVED_KEY, JSON.stringify([id, ...ids].slice(0, MAX_SERVED)));
}

export function forgetServedDocument(id: string): void {
  const ids = servedDocuments();
  if (ids.indexOf(id) < 0) return;
  userProperties().setProperty(SERVED_KEY, JSON.stringify(ids.filter((other) => other !== id)));
}

/** A background run's message, and when it was left: it concerns the jobs that existed by then. */
interface BackgroundNotice {
  message: string;
  at: number;
}

function notices(): Record<string, BackgroundNotice> {
  const all = readJson<Record<string, unknown>>(NOTICES_KEY, {});
  const out: Record<string, BackgroundNotice> = {};
  for (const key of Object.keys(all)) {
    const value = all[key] as { message?: unknown; at?: unknown } | string | null;
    // A notice saved as bare text (before notices had a time) concerns every job.
    if (typeof value === "string") out[key] = { message: value, at: Number.MAX_SAFE_INTEGER };
    else if (value !== null && typeof value === "object" && typeof value.message === "string" && typeof value.at === "number") {
      out[key] = { message: value.message, at: value.at };
    }
  }
  return out;
}

/**
 * Leaves a plain-words message for the sidebar of `documentId` (or of every document), for the
 * jobs that exist at `at`: a job started later has not met the trouble yet.
 */
export function leaveBackgroundNotice(documentId: string, message: string, at: number): void {
  const all = notices();
  const clipped = clipToBytes(message, MAX_NOTICE_BYTES);
  const old = all[documentId];
  if (old !== undefined && old.message === clipped && old.at === at) return;
  all[documentId] = { message: clipped, at };
  userProperties().setProperty(NOTICES_KEY, JSON.stringify(newestThatFit(all)));
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

export function clearBackgroundNotice(documentId: string): void {
  const all = notices();
  if (all[documentId] === undefined) return;
  delete all[documentId];
  userProperties().setProperty(NOTICES_KEY, JSON.stringify(all));
}

/** What the last background run could not do for this document, if anything. */
export function backgroundNoticeFor(documentId: string): BackgroundNotice | null {
  const all = notices();
  return all[documentId] ?? all[ANY_DOCUMENT] ?? null;
}
