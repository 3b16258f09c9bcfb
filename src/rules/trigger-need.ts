// This file defines, once, when the user's poll trigger is needed: while the current key has work in the document that only a background
// pass moves forward. Another key's work keeps that key's trigger, since only its passes, with its key, can move it.

/** The current key's work in one document that a background pass moves forward. */
export interface BackgroundWork {
  /** Jobs not yet settled that the key may still read (no 404 told it that they are another account's). */
  jobsInProgress: number;
  /** The key's own enrichment runs with rows waiting to be sent, and its chunks still to settle. */
  rowsToSend: number;
  /** Searches with a refresh schedule that the key may run. */
  schedules: number;
}

/** The poll trigger is needed while any of the key's work is left; without any, it goes. */
export const pollTriggerNeeded = (work: BackgroundWork): boolean => work.jobsInProgress > 0 || work.rowsToSend > 0 || work.schedules > 0;
