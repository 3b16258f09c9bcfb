// This file defines stopSearch for a territory: its searches not created yet are never created (nor charged) and the line says so;
// those under way finish and are merged, without marking businesses only the stopped searches would have found again.
import { InvalidInputError } from "../errors/user-error";
import type { JobsContext } from "../jobs/job-context";
import { territoryOf, type TerritoryPair } from "../jobs/job-record";
import { territoryStatus } from "./territory-counts";
import { isTerminalStatus } from "../rules/job-status";
import { iso } from "../rules/clock";

/** Why a stop is refused: the id names no job of the document, or a plain search (only a territory has searches waiting). */
type StopRefusal = { code: "untracked" } | { code: "not_a_territory"; name: string };

export class StopRefusedError extends InvalidInputError {
  override readonly code: StopRefusal["code"];

  constructor(refusal: StopRefusal) {
    super(
      refusal.code === "untracked"
        ? "This document does not track that search: choose one from the sidebar's job list."
        : `"${refusal.name}" is one search, not a territory: only a territory's waiting searches can be stopped.`,
    );
    this.name = "StopRefusedError";
    this.code = refusal.code;
  }
}

export function stopTerritory(ctx: JobsContext, jobId: string): void {
  const tracked = ctx.store.get(jobId);
  if (!tracked) throw new StopRefusedError({ code: "untracked" });
  const territory = territoryOf(tracked);
  if (!territory) throw new StopRefusedError({ code: "not_a_territory", name: tracked.name });
  const pairs = territory.pairs.map((pair): TerritoryPair => (pair[1] === "w" ? [null, "s", null] : pair));
  const status = territoryStatus({ pairs });
  const settled = isTerminalStatus(status);
  // Nothing under way: nothing is left to merge.
  ctx.store.save({ ...territory, pairs, stopped: true, status, settled, finishedAt: settled ? iso(ctx.clock.now()) : null });
}
