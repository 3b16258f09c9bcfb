// This file defines a pass as one runner over an ordered list of steps, each a feature's own function (enrichment, territories, polling,
// refreshes, Contacts), so a new feature's share of the pass is one more entry of PASS_STEPS.
import { sendWaitingWork, type PassSheets } from "../enrich/run/run-pass";
import { PassReads } from "../enrich/list/list-rows";
import type { JobsContext } from "../jobs/job-context";
import { SheetsById } from "../sheets/result-sheet";
import { createWaitingSearches, startDueTerritoryRuns } from "../territory/territory-pass";
import { pollAndWrite, type PollReport } from "./poll-pass";
import { runRefreshPass } from "../search/refresh-pass";
import { keepContactsCurrent } from "../contacts/keep-current";

/** What the steps of one pass share: its sheets by id, what it read of enrichment's lists, its report. */
interface PassState extends PassSheets {
  report: PassReport;
}

export interface PassReport extends PollReport {
  /** The current key's enrichment work still waiting after the pass sent what it could (BackgroundWork.rowsToSend). */
  rowsToSend: number;
}

/** One feature's share of a pass: it does what it can before `deadline` and leaves the rest for the next. */
export interface PassStep {
  what: string;
  run(ctx: JobsContext, pass: PassState, deadline: number): void;
}

/** The steps in order: what creates jobs first (their jobs are polled in the same pass), then polling, then refreshes. */
export const PASS_STEPS: readonly PassStep[] = [
  {
    what: "enrichment's waiting rows sent",
    run: (ctx, pass, deadline) => void (pass.report.rowsToSend = sendWaitingWork(ctx, pass.sheets, deadline, pass.reads)),
  },
  { what: "territories' due runs started", run: (ctx, _pass, deadline) => startDueTerritoryRuns(ctx, deadline) },
  { what: "territories' waiting searches created", run: (ctx, _pass, deadline) => createWaitingSearches(ctx, deadline) },
  {
    what: "service jobs polled and written",
    run: (ctx, pass, deadline) => void Object.assign(pass.report, pollAndWrite(ctx, pass, deadline)),
  },
  { what: "searches' refreshes followed and started", run: (ctx, _pass, deadline) => void runRefreshPass(ctx, deadline) },
  { what: "new addresses added to the Contacts sheet", run: (ctx, _pass, deadline) => void keepContactsCurrent(ctx, deadline) },
];

/** One pass over the document: each step in turn, sharing the sheets and reads of the pass. */
export function runPass(ctx: JobsContext, deadline: number, steps: readonly PassStep[] = PASS_STEPS): PassReport {
  const pass: PassState = {
    sheets: new SheetsById(ctx.spreadsheet),
    reads: new PassReads(),
    report: { jobsPolled: 0, pagesRead: 0, rowsWritten: 0, stoppedEarly: false, rowsToSend: 0 },
  };
  for (const step of steps) step.run(ctx, pass, deadline);
  return pass.report;
}
