// This file defines what the job code is handed from the top: the service client, the job store,
// the document, the clock and the few Apps Script effects it triggers. Nothing in src/jobs reads
// an Apps Script global, so it runs the same in Apps Script and in tests.
import type { Business } from "../api/schemas";
import type { Clock } from "../rules/clock";
import type { LeadsClient } from "../api/client";
import type { EditorKeys } from "./editor-keys";
import type { JobStore } from "./job-store";
import type { KeyValueStore } from "../storage/key-value-store";

/**
 * What this execution's network calls and retry waits may have let happen: a person editing the
 * sheets (so a sheet read before the last call is read again before writing by it), another
 * execution changing the stored state (a pass gives its locks up around each call).
 */
export interface Interleaving {
  /** Network calls and waits made so far. */
  readonly calls: number;
  /** Times the document's stored state was found changed by another execution after one. */
  readonly changes: number;
  /**
   * Runs `work`, which only sends read requests (it touches no sheet and no store), as one network
   * phase: a pass gives its locks up once for all of it and takes them back at its end.
   */
  offline<T>(work: () => T): T;
}

export interface JobsContext {
  client: LeadsClient;
  store: JobStore;
  /** The document's editors' current keys, as digests. */
  editors: EditorKeys;
  /** Digest of the current user's key: who is acting (ownership.ts). */
  keyDigest: string;
  /** The current editor's id (a random id in their user properties). */
  editorId: string;
  /** The document's job store, where unsettled enrichment chunks are listed (src/enrich/run/pending.ts). */
  properties: KeyValueStore;
  /** The current user's own properties, where the bodies of the chunks they send are kept. */
  userProperties: KeyValueStore;
  /** Runs a read-modify-write of `userProperties` under the user's lock: they serve every document of the user. */
  userData<T>(change: () => T): T;
  /** The document's id: user properties serve every document. */
  documentId: string;
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  clock: Clock;
  /** The date of `ms` in `timeZone` as a results sheet shows it, "2026-11-27" (Utilities.formatDate in Apps Script). */
  formatDay(ms: number, timeZone: string): string;
  /** The day and time of `ms` in `timeZone`, "2026-11-27 14:05" (Utilities.formatDate in Apps Script). */
  formatTime(ms: number, timeZone: string): string;
  /** A fresh idempotency key (Utilities.getUuid in Apps Script). */
  newIdempotencyKey(): string;
  /** Makes sure the background poll trigger exists. */
  ensurePollTrigger(): void;
  /** Removes it: nothing is left to poll. */
  removePollTrigger(): void;
  /** This execution's network calls and waits so far, and what they let others change. */
  interleaving: Interleaving;
  /**
   * The service's businesses with every address forgotten for good taken out (src/contacts/forgotten.ts): each writer of results
   * passes what it writes through it, so no pass, refresh or merge writes a forgotten address again.
   */
  withoutForgotten(businesses: readonly Business[]): Business[];
}
