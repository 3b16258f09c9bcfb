// This file defines the service's job statuses and what each means to the add-on, once: which end a job, which serve results, which
// still gather them, and their words in the sidebar. An unknown status is data, shown in words ("in_progress": "In progress").

/** The statuses the spec lists, in the order a job goes through them. */
export const JOB_STATUSES = ["queued", "starting", "running", "importing", "enriching", "completed", "failed"] as const;

export type KnownJobStatus = (typeof JOB_STATUSES)[number];

/** The job never changes again: its results are final. */
export const isTerminalStatus = (status: string): boolean => status === "completed" || status === "failed";
/** Still changing on the service (worth polling): not yet completed or failed. */
export const isActiveStatus = (status: string): boolean => !isTerminalStatus(status);
/** The service serves the job's results, some of them while it runs (spec: running, importing, enriching; and after). */
export const isReadableStatus = (status: string): boolean => ["running", "importing", "enriching", "completed", "failed"].includes(status);
/** The job is still finding (or taking in) its businesses, before enrichment: its progress is imported of requested. */
export const isGatheringStatus = (status: string): boolean => ["queued", "starting", "running", "importing"].includes(status);

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
