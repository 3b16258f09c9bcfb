// This file defines the service's job statuses and what each means to the add-on, once: which end a job, which serve results, which
// still gather them, and their words in the sidebar. An unknown status is data, shown in words ("in_progress": "In progress").

/** The statuses the spec lists, in the order a job goes through them. */
export const JOB_STATUSES = ["queued", "starting", "running", "importing", "enriching", "completed", "failed"] as const;

export type KnownJobStatus = (typeof JOB_STATUSES)[number];

/** Statuses after which a job never changes again. */
const TERMINAL: readonly string[] = ["completed", "failed"];
/** Statuses in which the service serves results (spec: running, importing, enriching; and after). */
const READABLE: readonly string[] = ["running", "importing", "enriching", "completed", "failed"];
/** Statuses before enrichment, while the job is still finding (or taking in) its businesses. */
const GATHERING: readonly string[] = ["queued", "starting", "running", "importing"];

/** The job never changes again: its results are final. */
export const isTerminalStatus = (status: string): boolean => TERMINAL.indexOf(status) >= 0;

/** Still changing on the service (worth polling): not yet completed or failed. */
export const isActiveStatus = (status: string): boolean => !isTerminalStatus(status);

/** The service serves the job's results (some of them while it runs). */
export const isReadableStatus = (status: string): boolean => READABLE.indexOf(status) >= 0;

/** The job is still finding its businesses: its progress is imported of requested. */
export const isGatheringStatus = (status: string): boolean => GATHERING.indexOf(status) >= 0;

// Arrows, not one maker's results: the bundle leaves out those it does not use.
/** The job waits for a slot on the service: nothing has started. */
export const isQueuedStatus = (status: string): boolean => status === "queued";
/** The job has its businesses and is finding their contacts. */
export const isEnrichingStatus = (status: string): boolean => status === "enriching";
/** The job ended with all its results. */
export const isCompletedStatus = (status: string): boolean => status === "completed";
/** The job ended in failure (some results may have come before). */
export const isFailedStatus = (status: string): boolean => status === "failed";

const STATUS_WORDS: Record<KnownJobStatus, string> = {
  queued: "Queued",
  starting: "Starting",
  running: "Searching",
  importing: "Importing",
  enriching: "Enriching contacts",
  completed: "Completed",
  failed: "Failed",
};

/** The service's status as words; an unknown one as its own words ("paused_by_admin": "Paused by admin"). */
export function statusWords(status: string): string {
  return (STATUS_WORDS as Record<string, string>)[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ");
}
