// This file defines a pass as one runner over an ordered list of steps, each a feature's own function (enrichment, territories, polling,
// refreshes, Contacts), so a new feature's share of the pass is one more entry of PASS_STEPS. Each step runs on its own: one that fails
// leaves a note on its own jobs (or sheet) and the others go on; only a spent daily quota, or locks not had back, end the pass.
import { sendWaitingWork } from "../enrich/run/run-pass";
import { noteSendingRuns } from "../enrich/run/run-record";
import { PassReads } from "../enrich/list/list-rows";
import type { JobsContext } from "../jobs/job-context";
import { SheetsById } from "../sheets/result-sheet";
import { createWaitingSearches, noteTerritories, startDueTerritoryRuns } from "../territory/territory-pass";
import { noteActiveJobs, pollAndWrite, type PollReport } from "./poll-pass";
import type { PassSheets } from "./result-writers";
import { noteScheduledSearches, runRefreshPass } from "../search/refresh-pass";
import { keepContactsCurrent, noteContactsProblem } from "../contacts/keep-current";
import { dailyQuotaMessage, messageOf } from "../errors/user-error";
import { writeProblem } from "../sheets/document-room";
import { LocksNotRegained, WorkInterrupted } from "../errors/interruptions";

/** What the steps of one pass share: its sheets by id, what it read of enrichment's lists, its report. */
interface PassState extends PassSheets {
  report: PassReport;
}

export interface PassReport extends PollReport {
  /** The current key's enrichment work still waiting after the pass sent what it could (BackgroundWork.rowsToSend). */
  rowsToSend: number;
  /** The steps that failed this time (each left a note on its own jobs or sheet). */
  failedSteps: string[];
}

/** One feature's share of a pass: it does what it can before `deadline` and leaves the rest for the next. */
export interface PassStep {
  what: string;
  run(ctx: JobsContext, pass: PassState, deadline: number): void;
  /** The step failed this time for `problem`: a note on its own jobs or sheet, in words a sales person can act on. */
  failed(ctx: JobsContext, problem: string): void;
}

/** The steps in order: what creates jobs first (their jobs are polled in the same pass), then polling, then refreshes. */
export const PASS_STEPS: readonly PassStep[] = [
  {
    what: "enrichment's waiting rows sent",
    run: (ctx, pass, deadline) => void (pass.report.rowsToSend = sendWaitingWork(ctx, pass.sheets, deadline, pass.reads)),
    failed: noteSendingRuns,
  },
  {
    what: "territories' due runs started",
    run: (ctx, _pass, deadline) => startDueTerritoryRuns(ctx, deadline),
    failed: noteTerritories,
  },
  {
    what: "territories' waiting searches created",
    run: (ctx, _pass, deadline) => createWaitingSearches(ctx, deadline),
    failed: noteTerritories,
  },
  {
    what: "service jobs polled and written",
    run: (ctx, pass, deadline) => void Object.assign(pass.report, pollAndWrite(ctx, pass, deadline)),
    failed: noteActiveJobs,
  },
  {
    what: "searches' refreshes followed and started",
    run: (ctx, _pass, deadline) => runRefreshPass(ctx, deadline),
    failed: noteScheduledSearches,
  },
  {
    what: "new addresses added to the Contacts sheet",
    run: (ctx, _pass, deadline) => void keepContactsCurrent(ctx, deadline),
    failed: noteContactsProblem,
  },
];

/**
 * What ends the whole pass rather than one step: a daily quota used up (every later step would meet
 * it too, and each try costs what is left), and locks not had back (another execution is changing
 * the document). Anything else is the step's own trouble.
 */
function endsThePass(error: unknown): boolean {
  return error instanceof LocksNotRegained || dailyQuotaMessage(messageOf(error)) !== null;
}

/** One pass over the document: each step in turn, sharing the sheets and reads of the pass, each on its own. */
export function runPass(ctx: JobsContext, deadline: number, steps: readonly PassStep[] = PASS_STEPS): PassReport {
  const pass: PassState = {
    sheets: new SheetsById(ctx.spreadsheet),
    reads: new PassReads(ctx.interleaving),
    report: { jobsPolled: 0, pagesRead: 0, rowsWritten: 0, stoppedEarly: false, rowsToSend: 0, failedSteps: [] },
  };
  for (const step of steps) {
    try {
      step.run(ctx, pass, deadline);
    } catch (error) {
      if (endsThePass(error)) throw error;
      // What the step read of the sheets may be half-written over: the next step reads again.
      pass.reads.forget();
      // Another execution changed the document's jobs while this step waited on the network: the next pass does its work.
      if (error instanceof WorkInterrupted) continue;
      pass.report.failedSteps.push(step.what);
      try {
        step.failed(ctx, writeProblem(error));
      } catch {
        // The note is the step's best effort (a full store cannot take it): the next pass tries the step again anyway.
      }
    }
  }
  return pass.report;
}
