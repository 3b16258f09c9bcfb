// This file defines the commands that enrich the user's rows: previewEnrichment, startEnrichment (from the sidebar, or the menu with a
// toast), stopEnrichment and continueEnrichment (docs/add-on-surface.md, "Global functions").
import {
  previewEnrichment as previewEnrichmentRows,
  searchEnrichedNotice,
  startEnrichment as startEnrichmentRows,
  type StartEnrichmentResult,
} from "../enrich/run/start-enrichment";
import { continueRun, stopRun, type ContinueOutcome } from "../enrich/run/stop-continue";
import { toJobView, type JobView } from "./job-view";
import { commandWith } from "./command";
import { listDocumentJobs } from "./job-list";
import type { ArgsIn } from "./entry-args";

/** What the sidebar learns of a start: the jobs, skipped rows, which rows were asked for, and rows a search had already enriched. */
type EnrichmentStarted = Omit<StartEnrichmentResult, "jobs"> & { jobs: JobView[] };

export const previewEnrichment = commandWith("previewEnrichment", {}, (args, call) =>
  previewEnrichmentRows(call.jobs(), args, call.deadline),
);

/**
 * Under the document lock: the rows' status cells and the job store are shared with the poll pass.
 * From the menu (no argument) nobody reads the returned value: the sheet's toast says what happened.
 */
export function startEnrichment(raw?: ArgsIn<"startEnrichment">): EnrichmentStarted {
  return commandWith("startEnrichment", { lock: true }, (args, call): EnrichmentStarted => {
    const context = call.jobs();
    const started = startEnrichmentRows(context, args, call.deadline);
    if (raw === undefined) context.spreadsheet.toast(enrichmentSummary(started), "Business Leads");
    return { ...started, jobs: started.jobs.map((record) => toJobView(record, context.keyDigest)) };
  })(raw);
}

/** Under the document lock: the waiting rows' status cells are the pass's queue. Returns listJobs(). */
export const stopEnrichment = commandWith("stopEnrichment", { lock: true }, ({ jobId }, call): JobView[] => {
  stopRun(call.jobs(), jobId, call.deadline);
  return listDocumentJobs();
});

/** What the sidebar learns of a continue: the jobs (as listJobs() gives them), and the rows held for the former sender's chunk. */
type EnrichmentContinued = ContinueOutcome & { jobs: JobView[] };

/** Under the document lock: the run's record and its rows' status cells are the passes' queue. */
export const continueEnrichment = commandWith("continueEnrichment", { lock: true }, ({ jobId }, call): EnrichmentContinued => {
  const held = continueRun(call.jobs(), jobId, call.deadline);
  return { ...held, jobs: listDocumentJobs() };
});

/** What a start from the menu did, in a toast: the rows asked for, what was sent, what was skipped and why. */
function enrichmentSummary(started: StartEnrichmentResult): string {
  const jobs = started.jobs.length;
  const businesses = started.jobs.reduce((sum, job) => sum + (job.leadCount ?? 0), 0);
  const label = started.rowsLabel.charAt(0).toUpperCase() + started.rowsLabel.slice(1);
  const sent =
    jobs === 0
      ? `${label}: no job was started`
      : `${label}: sent ${businesses} ${businesses === 1 ? "business" : "businesses"} in ${jobs} ${jobs === 1 ? "job" : "jobs"}; results ` +
        "fill the rows as they come";
  const bySearch = started.alreadyEnrichedBySearch;
  const skipped = started.skipped.length - bySearch;
  const parts = [`${sent}.`];
  if (started.waiting > 0)
    parts.push(
      `${started.waiting} more ${started.waiting === 1 ? "row waits" : "rows wait"} for a free job ` +
        `slot: ${started.waiting === 1 ? "it is" : "they are"} sent automatically, in the background.`,
    );
  if (bySearch > 0) parts.push(searchEnrichedNotice(bySearch, started.searchName, 'to pay for them again, use "Re-enrich" in the sidebar'));
  if (skipped > 0) parts.push(`${skipped} ${skipped === 1 ? "row was" : "rows were"} skipped: see "Enrichment status".`);
  else if (jobs === 0 && bySearch === 0) parts.push('Each row\'s "Enrichment status" says why.');
  return parts.join(" ");
}
