// This file defines what the custom functions are handed from the top: the client (made with the
// document's shared key and a deadline well inside the 30 s a custom function may run), the
// document cache, the clock and what the document's job store knows of a job. Nothing here reads
// an Apps Script global, so the functions run the same in Apps Script and in tests.
import type { Clock } from "../rules/clock";
import type { LeadsClient } from "../api/client";
import type { TrackedJob } from "../jobs/job-kinds";
import type { CellCache } from "./cell-cache";


export interface FormulaContext {
  client: LeadsClient;
  cache: CellCache;
  clock: Clock;
  /** Epoch ms: no retry wait and no further round trip may end after it. */
  deadline: number;
  /** A job this document tracks (its family and last known status), or null. */
  trackedJob(jobId: string): TrackedJob | null;
}
