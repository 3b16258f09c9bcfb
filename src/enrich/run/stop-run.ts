// This file defines stopEnrichment: the rows still waiting are never sent and say so at once; jobs already created finish as usual,
// and a stored chunk is settled by its sender (repeated if the service made its job, dropped if not).
import type { JobsContext } from "../../jobs/job-context";
import { enrichmentOf } from "../../jobs/job-record";
import { InvalidInputError } from "../../errors/user-error";
import { SheetsById } from "../../sheets/result-sheet";
import { matchKey } from "../list/normalise";
import { pendingChunksOf } from "./pending";
import { isSending, runStoreOf, type RunRecord } from "./run-record";
import { ListRows } from "../list/list-rows";
import { sendWaitingRows, skipRows, stoppedRows } from "./send-chunks";
import { rereadArea } from "../list/sheet-area";
import { isHeld } from "../list/row-status";
import { waitingRows } from "../list/waiting-rows";

/**
 * The run of the enrichment job `jobId`, or the run `jobId` itself (a run listed
 * before its first job was created); `verb`: what is asked of its rows ("stopped").
 */
export function runOf(ctx: JobsContext, jobId: string, verb: string): RunRecord | null {
  const runs = runStoreOf(ctx);
  const tracked = ctx.store.get(jobId);
  if (!tracked) {
    const run = runs.get(jobId);
    if (!run) throw new InvalidInputError("This document does not track that job: choose an enrichment from the sidebar's job list.");
    return run;
  }
  const record = enrichmentOf(tracked);
  if (!record) throw new InvalidInputError(`"${tracked.name}" is a search: only an enrichment's rows can be ${verb}.`);
  return record.runId === undefined ? null : runs.get(record.runId);
}

/** Stops the run of the enrichment job `jobId` (or the run `jobId`); a run whose rows were all sent already is left as it is. */
export function stopRun(ctx: JobsContext, jobId: string, deadline: number): void {
  const runs = runStoreOf(ctx);
  const run = runOf(ctx, jobId, "stopped");
  if (!run || !isSending(run)) return; // every row was sent: its jobs finish and are written
  run.stopped = true;
  const sheet = new SheetsById(ctx.spreadsheet).of(run);
  if (sheet) {
    const pending = pendingChunksOf(ctx);
    const onTheirWay = new Set<string>();
    for (const chunk of pending.all()) {
      if (chunk.runId !== run.runId || !pending.isMine(chunk)) continue;
      for (const b of pending.body(chunk)?.businesses ?? []) onTheirWay.add(matchKey(b.business_name, b.website_url));
    }
    const area = rereadArea(sheet, run.target);
    const list = ListRows.ofArea(area);
    const rows = waitingRows(list)
      .businesses.filter((b) => !onTheirWay.has(b.key))
      .flatMap((b) => b.rows);
    // Rows held for another editor's chunk too: that editor's pass still marks them "Sent" if the service made its job.
    const held = list.withStatus(isHeld).map(({ row }) => row);
    run.rowsDropped += skipRows(area, stoppedRows([...rows, ...held]));
    // The current user's stored chunks are settled now; another editor's, by their next pass.
    if (pending.all().some((chunk) => chunk.runId === run.runId && pending.isMine(chunk))) sendWaitingRows(ctx, run, () => list, deadline);
  }
  runs.save({ ...run, rowsWaiting: 0, businessesWaiting: 0 });
}
