// This file defines who may move a job forward in a shared document: the account whose key created it. Only a key's digest is stored,
// and the service tells which other keys see a job (200 or 404); a job no editor's key sees any more is settled with a message.
import type { JobRecord } from "./job-record";

/** Digests kept per list: a team's keys, newest last; old entries drop off first. */
const MAX_DIGESTS = 12;

export const NOBODY_CAN_SEE_MESSAGE =
  'No API key saved in this document can see this job any more (the service answers "not found" to each): ' +
  "its creator's key now belongs to another account, or was replaced. It is no longer updated; the rows already in its sheet stay.";

const withDigest = (list: readonly string[] | undefined, digest: string): string[] =>
  [...(list ?? []).filter((d) => d !== digest), digest].slice(-MAX_DIGESTS);

/** False once the service told this key the job is not its account's. */
export const canTry = (record: Pick<JobRecord, "hiddenFrom">, digest: string): boolean => (record.hiddenFrom ?? []).indexOf(digest) < 0;

/** Whether this key created the job or has read it (a key of the creator's account). */
export const isMine = (record: JobRecord, digest: string | null): boolean =>
  digest !== null && (record.createdBy === digest || (record.seenBy ?? []).indexOf(digest) >= 0);

/** The key read the job: it belongs to the creator's account, and may poll and write it. */
export function markSeen<R extends JobRecord>(record: R, digest: string): R {
  if ((record.seenBy ?? []).indexOf(digest) >= 0 && canTry(record, digest)) return record;
  return { ...record, seenBy: withDigest(record.seenBy, digest), hiddenFrom: (record.hiddenFrom ?? []).filter((d) => d !== digest) };
}

/** The service answered 404 to this key: not its account's job. Nothing else of the record changes. */
export function markHidden<R extends JobRecord>(record: R, digest: string): R {
  return { ...record, hiddenFrom: withDigest(record.hiddenFrom, digest), seenBy: (record.seenBy ?? []).filter((d) => d !== digest) };
}

/**
 * True when every editor's current key was answered 404 for this job: nobody can move it forward,
 * so it is settled instead of waiting forever. `editorDigests` are the current keys of the
 * document's editors (see EditorKeys); an editor who has not tried yet keeps the job alive.
 */
export const nobodyCanSee = (record: JobRecord, editorDigests: readonly string[]): boolean =>
  editorDigests.length > 0 && editorDigests.every((digest) => !canTry(record, digest));
