// This file defines what the job code is handed from the top: the service client, the job store,
// the document, the clock and the few Apps Script effects it triggers. Nothing in src/jobs reads
// an Apps Script global, so it runs the same in Apps Script and in tests.
import type { Clock } from "../api/clock";
import type { LeadsClient } from "../api/client";
import type { JobStore } from "./job-store";

export interface JobsContext {
  client: LeadsClient;
  store: JobStore;
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  clock: Clock;
  /** A fresh idempotency key (Utilities.getUuid in Apps Script). */
  newIdempotencyKey(): string;
  /** Makes sure the background poll trigger exists. */
  ensurePollTrigger(): void;
  /** Removes it: nothing is left to poll. */
  removePollTrigger(): void;
}
