// This file defines how long an enrichment run may take, said before it starts. The service runs
// a limited number of jobs at once per account (the spec does not say how many, and the account
// does not show it: "Number of concurrent active jobs: not shown"); the jobs beyond it go as the
// background pass finds a free slot, and Google runs an add-on's time-driven trigger at most hourly.
/** Jobs assumed to run at once: the simulator's default and the service's usual limit. */
export const ASSUMED_ACTIVE_JOBS = 5;
/** One background pass an hour, and a wave of jobs finishes within it. */
const HOURS_PER_WAVE = 1;

/**
 * "about 6 hours in the background if the account runs 5 jobs at a time, sooner while the sidebar
 * is open" for a run that needs more jobs than run at once, else null. The assumption is said: an
 * account with fewer job slots takes longer (one job an hour at one slot).
 */
export function runDuration(jobs: number): string | null {
  if (jobs <= ASSUMED_ACTIVE_JOBS) return null;
  const hours = Math.ceil(jobs / ASSUMED_ACTIVE_JOBS) * HOURS_PER_WAVE;
  return `about ${hours} hours in the background if the account runs ${ASSUMED_ACTIVE_JOBS} jobs at a time, sooner while the sidebar is open`;
}
