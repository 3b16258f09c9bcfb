// This file defines what stops a piece of work part-way, on purpose and without a fault: a pass gives its locks up around each network
// call and sleep, and what it learns on taking them back may end the step (another execution changed the stored state meanwhile) or the
// pass (the locks could not be had back in time). Neither is the user's to read: the next pass does the work.

/** Work that stops here, to be done by the next pass. The client never mistakes it for a network failure. */
export class WorkInterrupted extends Error {}

/**
 * Another execution (a click, another editor's pass) changed the document's stored state while this
 * one waited on the network: what it read before may be stale, so the step stops before it writes.
 */
export class StateChangedMeanwhile extends WorkInterrupted {
  constructor() {
    super("Another execution changed this document's jobs meanwhile: the next pass goes on from there.");
    this.name = "StateChangedMeanwhile";
  }
}

/** The locks given up around a network call could not be had back in time: the pass ends here. */
export class LocksNotRegained extends WorkInterrupted {
  constructor() {
    super("Another execution is changing this document: the next pass goes on from here.");
    this.name = "LocksNotRegained";
  }
}
