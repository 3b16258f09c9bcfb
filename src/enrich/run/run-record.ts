// This file defines an enrichment run's record, one per click of Enrich however many jobs it needs. The rows themselves are the queue
// (their status says "Waiting to be sent"), so the record stays a few hundred bytes: where the rows are, who sends them, counts.
import * as z from "zod/mini";
import type { JobsContext } from "../../jobs/job-context";
import { StoredEnrichTarget, type EnrichTarget } from "../../jobs/enrich-target";
import type { KeyValueStore } from "../../storage/key-value-store";
import { PrefixedCollection } from "../../storage/prefixed-collection";
import { currentShape } from "../../storage/stored-json";
import { KEYS } from "../../storage/keys";

export interface RunRecord {
  runId: string;
  sheetId: number;
  sheetName: string;
  target: EnrichTarget;
  /** The editor whose passes send the waiting rows: their key pays, nobody else's (the starter, until another editor continues the run). */
  editorId: string;
  createdAt: string;
  /** Businesses per job (the plan's limit, 700 on a paid plan). */
  perJob: number;
  /** Rows the run was asked to send (duplicates of a business included). */
  rows: number;
  /** Rows still waiting in the sheet, as the last pass counted them. */
  rowsWaiting: number;
  /** Unique businesses among them: credits they will take. */
  businessesWaiting: number;
  /** Rows dropped after the start: stopped, no longer valid, or past the credits. */
  rowsDropped: number;
  /** Chunks the run has made so far (created, or stored to be sent); jobs it expects in all (for job names "(3 of 29)"). */
  chunksMade: number;
  jobsPlanned: number;
  stopped: boolean;
  /** Why the last pass could not send the run's rows (its step failed), until a pass sends again. */
  problem?: string;
}

// Schemas are built on first use (z.lazy): see api/schemas.ts.
/** A run as stored: its shape has not changed since runs were first stored. */
const StoredRun = z.lazy(() =>
  z.object({
    runId: z.string(),
    sheetId: z.number(),
    sheetName: z.string(),
    target: StoredEnrichTarget,
    editorId: z.string(),
    createdAt: z.string(),
    perJob: z.number(),
    rows: z.number(),
    rowsWaiting: z.number(),
    businessesWaiting: z.number(),
    rowsDropped: z.number(),
    chunksMade: z.number(),
    jobsPlanned: z.number(),
    stopped: z.boolean(),
    problem: z.optional(z.string()),
  }),
) satisfies z.ZodMiniType<RunRecord>;

/** A run still has rows to send. */
export const isSending = (run: RunRecord): boolean => !run.stopped && run.rowsWaiting > 0;

/** Rows the run has sent: neither waiting nor dropped. */
export const rowsSent = (run: RunRecord): number => Math.max(0, run.rows - run.rowsWaiting - run.rowsDropped);

export class RunStore {
  private readonly runs: PrefixedCollection<RunRecord>;

  constructor(store: KeyValueStore) {
    this.runs = new PrefixedCollection(store, KEYS.enrichRun, { ...currentShape(StoredRun), versioned: true });
  }

  /** Every run of the document, oldest first. */
  all(): RunRecord[] {
    return this.runs.all().sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  get(runId: string): RunRecord | null {
    return this.runs.get(runId);
  }

  save(run: RunRecord): void {
    this.runs.save(run.runId, run);
  }

  delete(runId: string): void {
    this.runs.delete(runId);
  }

  /** The run still sending rows under this header row of this sheet, if any: a new start joins it. */
  sendingOn(sheetId: number, headerRow: number): RunRecord | null {
    return this.all().find((run) => run.sheetId === sheetId && run.target.headerRow === headerRow && isSending(run)) ?? null;
  }
}

export const runStoreOf = (ctx: Pick<JobsContext, "properties">): RunStore => new RunStore(ctx.properties);

/** A pass could not send rows this time (its step failed for `problem`): each of the current editor's runs still sending says why. */
export function noteSendingRuns(ctx: Pick<JobsContext, "properties" | "editorId">, problem: string): void {
  const runs = runStoreOf(ctx);
  for (const run of runs.all()) if (run.editorId === ctx.editorId && isSending(run)) runs.save({ ...run, problem });
}

/**
 * Credits the current user's runs will still take (what `waitingOf` says each has waiting: its
 * businesses): not a new run's to spend. A run's chunk being sent is among its waiting rows.
 */
export function creditsPromised(
  ctx: Pick<JobsContext, "properties" | "editorId">,
  waitingOf: (run: RunRecord) => number = (run) => run.businessesWaiting,
): number {
  return runStoreOf(ctx)
    .all()
    .filter((run) => run.editorId === ctx.editorId && isSending(run))
    .reduce((sum, run) => sum + waitingOf(run), 0);
}
