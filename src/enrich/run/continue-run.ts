// This file defines continueEnrichment: any editor may become the sender of another editor's run, their key paying for its waiting rows,
// so a run never waits for ever on an absent editor. Rows of a chunk the former sender may have sent are held (held-rows.ts).
import type { JobsContext } from "../../jobs/job-context";
import { keepPolling } from "../../search/start-search";
import { InvalidInputError } from "../../errors/user-error";
import { SheetsById } from "../../sheets/result-sheet";
import { accountCapacity } from "./enrichment-plan";
import { cutReasonWords } from "./skip-reason";
import { holdRowsOf } from "./held-rows";
import { ListRows } from "../list/list-rows";
import { foreignChunkExpiry, pendingChunksOf } from "./pending";
import { creditsPromised, isSending, runStoreOf, type RunRecord } from "./run-record";
import { sendWaitingRows } from "./send-chunks";
import { rereadArea } from "../list/sheet-area";
import { runOf } from "./stop-run";
import { iso } from "../../rules/clock";

export interface ContinueOutcome {
  /** Rows held for the former sender's chunk, and until when at most (ISO); 0 and null when none. */
  rowsHeld: number;
  heldUntil: string | null;
}

/** Refuses the run when the current key cannot take its waiting businesses; returns the businesses per job it allows. */
function checkAccount(ctx: JobsContext, run: RunRecord, deadline: number): number {
  const account = ctx.client.getAccount({ deadline });
  const capacity = accountCapacity(account);
  const promised = creditsPromised(ctx);
  const available = Math.max(0, account.credits_remaining - promised);
  const waiting = run.businessesWaiting;
  if (capacity.perJob > 0 && Math.min(available, capacity.total, capacity.perJob * capacity.maxJobs) >= waiting) return capacity.perJob;
  const why = cutReasonWords(
    capacity.perJob > 0 && available < waiting ? { kind: "credits", remaining: available, besideOwnRuns: promised > 0 } : capacity.reason,
  );
  throw new InvalidInputError(
    `Your key cannot take the ${waiting} ${waiting === 1 ? "business" : "businesses"} still waiting in "${run.sheetName}": ${why}. ` +
      "Nothing changed: the rows still wait for the key that sends them.",
  );
}

/**
 * Makes the current editor the sender of the run of the enrichment job `jobId` (or the run `jobId`):
 * their key pays for its waiting rows from then on, and sends the first ones now. A run already
 * theirs is left as it is.
 */
export function continueRun(ctx: JobsContext, jobId: string, deadline: number): ContinueOutcome {
  const runs = runStoreOf(ctx);
  const run = runOf(ctx, jobId, "continued");
  if (!run || !isSending(run))
    throw new InvalidInputError("No row of this enrichment waits to be sent any more: there is nothing to continue.");
  if (run.editorId === ctx.editorId) return { rowsHeld: 0, heldUntil: null };
  const sheet = new SheetsById(ctx.spreadsheet).of(run);
  if (!sheet)
    throw new InvalidInputError(`The sheet "${run.sheetName}" with this enrichment's rows was deleted: there is nothing to continue.`);
  const perJob = checkAccount(ctx, run, deadline);
  const pending = pendingChunksOf(ctx);
  const theirs = pending.all().filter((chunk) => chunk.runId === run.runId && !pending.isMine(chunk));
  const list = ListRows.ofArea(rereadArea(sheet, run.target));
  const rowsHeld = theirs.reduce((n, chunk) => n + holdRowsOf(list, chunk), 0);
  const until = theirs.map(foreignChunkExpiry).sort((a, b) => b - a)[0];
  const taken: RunRecord = {
    ...run,
    editorId: ctx.editorId,
    perJob: Math.min(run.perJob, perJob),
    jobsPlanned: run.chunksMade + Math.ceil(run.businessesWaiting / Math.min(run.perJob, perJob)),
  };
  runs.save(taken);
  sendWaitingRows(ctx, taken, () => list, deadline);
  keepPolling(ctx);
  return { rowsHeld, heldUntil: until === undefined || rowsHeld === 0 ? null : iso(until) };
}
