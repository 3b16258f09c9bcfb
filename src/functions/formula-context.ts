// This file defines what the custom functions are handed from the top: the client (with the shared key and a deadline inside the 30 s
// limit), the document cache, the clock, the job store's knowledge of a job and the addresses forgotten for good, so they run the same
// in Apps Script and in tests.
import type { Business } from "../api/schemas";
import type { Clock } from "../rules/clock";
import type { LeadsClient } from "../api/client";
import type { TrackedJob } from "../jobs/kind-parts";
import type { CellCache } from "./cell-cache";

export interface FormulaContext {
  client: LeadsClient;
  cache: CellCache;
  clock: Clock;
  /** Epoch ms: no retry wait and no further round trip may end after it. */
  deadline: number;
  /** A job this document tracks (its family and last known status), or null. */
  trackedJob(jobId: string): TrackedJob | null;
  /** The businesses as a formula may show them: each address forgotten for good in this document taken out. */
  withoutForgotten(businesses: readonly Business[]): Business[];
  /** Differs once another address is forgotten: part of a cached table's key, so no table cached before shows it again. */
  forgottenMark: string;
}
