// This file defines what the user's background trigger knows without a current document, kept in
// the user's own properties (reachable from any execution of that user): which documents it serves
// (full-scope build) and the notices a background run left for the sidebar.
const SERVED_KEY = "businessLeads.servedDocuments";
const NOTICES_KEY = "businessLeads.backgroundNotices";
/** Documents one trigger serves at most (ids are 44 characters: far below 9 KB a value). */
const MAX_SERVED = 50;
/** A notice that concerns every document (the default build's trigger without a document). */
export const ANY_DOCUMENT = "*";

const userProperties = (): GoogleAppsScript.Properties.Properties => PropertiesService.getUserProperties();

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

function notices(): Record<string, string> {
  const all = readJson<Record<string, unknown>>(NOTICES_KEY, {});
  const out: Record<string, string> = {};
  for (const key of Object.keys(all)) if (typeof all[key] === "string") out[key] = all[key] as string;
  return out;
}

/** Leaves a plain-words message for the sidebar of `documentId` (or of every document). */
export function leaveBackgroundNotice(documentId: string, message: string): void {
  const all = notices();
  if (all[documentId] === message) return;
  all[documentId] = message;
  userProperties().setProperty(NOTICES_KEY, JSON.stringify(all));
}

export function clearBackgroundNotice(documentId: string): void {
  const all = notices();
  if (all[documentId] === undefined) return;
  delete all[documentId];
  userProperties().setProperty(NOTICES_KEY, JSON.stringify(all));
}

/** What the last background run could not do for this document, if anything. */
export function backgroundNoticeFor(documentId: string): string | null {
  const all = notices();
  return all[documentId] ?? all[ANY_DOCUMENT] ?? null;
}

