// This file defines stopSearch for a territory: its searches not created yet are never created (nor charged) and the line says so;
// those under way finish and are merged, without marking businesses only the stopped searches would have found again.
import { InvalidInputError } from "../errors/user-error";
import type { JobsContext } from "../jobs/job-context";
import { territoryOf, type TerritoryPair } from "../jobs/job-record";
import { territoryStatus } from "./territory-counts";
import { isTerminalStatus } from "../rules/job-status";

export function stopTerritory(ctx: JobsContext, jobId: string): void {
  const tracked = ctx.store.get(jobId);
  if (!tracked) throw new InvalidInputError("This document does not track that search: choose one from the sidebar's job list.");
  const territory = territoryOf(tracked);
  if (!territory)
    throw new InvalidInputError(`"${tracked.name}" is one search, not a territory: only a territory's waiting searches can be stopped.`);
  const pairs = territory.pairs.map((pair): TerritoryPair => (pair[1] === "w" ? [null, "s", null] : pair));
  const stopped = { ...territory, pairs, stopped: true };
  const status = territoryStatus(stopped);
  // Nothing under way: nothing is left to merge.
  ctx.store.save({
    ...stopped,
    status,
    settled: isTerminalStatus(status),
    finishedAt: isTerminalStatus(status) ? new Date(ctx.clock.now()).toISOString() : null,
  });
}
