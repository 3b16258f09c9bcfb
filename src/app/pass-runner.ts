// This file defines the poll-and-write pass as the sidebar, the menu and the poll trigger run it, in either build. The trigger's pass
// never throws (a failing trigger mails its owner every run): what it cannot do it leaves for the next pass, with a notice in words.
import { recordBackgroundRun, recordBackgroundRunEnd } from "../gas/background-executions";
import { commitWrites, PASS_LOCK_WAIT_MS, tryDocumentLock, tryUserLock, withUserData, type HeldLock } from "../gas/locks";
import { activeSpreadsheet, currentDocument, openDocument, type DocumentAccess } from "../gas/document-access";
import { documentJobsContext, documentOrThrow } from "./jobs-context";
import { appsScriptClock } from "../gas/utilities";
import { editorId } from "../gas/key-digest";
import {
  ANY_DOCUMENT,
  clearBackgroundNotice,
  forgetServedDocument,
  leaveBackgroundNotice,
  servedDocuments,
} from "../storage/user-documents";
import { userProperties } from "../gas/property-snapshot";
import { userApiKey } from "../gas/settings";
import { removeUserPollTrigger } from "../gas/document-poll-trigger";
import { backgroundWork } from "../passes/background-work";
import { runPass } from "../passes/pass-steps";
import { messageOf, withUserErrors } from "../errors/user-error";
import { pollTriggerNeeded } from "../rules/trigger-need";
import { EXECUTION_LIMIT_MS } from "../rules/platform-limits";
import { HeldLocks, NetworkGate } from "./held-locks";
import { WorkInterrupted } from "../errors/interruptions";

/** A pass stops starting new work this long after it began, well before Apps Script ends the execution. */
const PASS_BUDGET_MS = EXECUTION_LIMIT_MS - 1.5 * 60 * 1000;

const WAITING_FOR_SIDEBAR =
  "Waiting for the sidebar: Google ran the hourly background update without this spreadsheet, and this version of " +
  "Business Leads may only open the spreadsheet you are using. Open the sidebar or click Refresh to bring the results in.";

const didNot = (what: string, reason: string): string =>
  `The hourly background update ${what} this spreadsheet (${reason}). Open the sidebar or click Refresh to bring the results in.`;

/**
 * One pass over one document's jobs and due refreshes, holding `held` (given up around each network
 * call and wait); the trigger keeps serving it while any remain. Locks not had back in time end the
 * pass where it is: the next one goes on.
 */
function runDocumentPass(doc: DocumentAccess, deadline: number, held: readonly HeldLock[]): void {
  // What tells whether another execution changed the document's jobs while the locks were given up.
  const locks = new HeldLocks(held, () => JSON.stringify(doc.store.getProperties()), commitWrites);
  const context = documentJobsContext(doc, deadline, new NetworkGate(locks));
  try {
    const report = runPass(context, deadline);
    if (pollTriggerNeeded(backgroundWork(context, report.rowsToSend))) context.ensurePollTrigger();
    else context.removePollTrigger();
  } catch (error) {
    if (!(error instanceof WorkInterrupted)) throw error;
  } finally {
    // Every lock given up with one commit of what the pass wrote (the callers' releases then find them given up).
    locks.finish();
  }
}

/** Full-scope build: one pass per user at a time (user lock), one writer per document (its store's claim). */
function withUserPass(pass: (owner: string, userLock: HeldLock) => void): void {
  tryUserLock((userLock) => pass(editorId(), userLock), PASS_LOCK_WAIT_MS);
}

/**
 * Runs the pass holding the document's store claim (the caller holds `owner`'s user lock, and the
 * document lock where it is the current document: `held`), unless another execution holds the
 * claim: that one is changing the document, and the next pass does this one's work.
 */
function claimedPass(doc: DocumentAccess, owner: string, deadline: number, held: readonly HeldLock[]): void {
  const claims = doc.claims;
  if (claims && !claims.claim({ documentLock: doc.current, userLock: owner })) return;
  const claim: HeldLock | undefined = claims && {
    take: (waitMs, quiet) => (claims.resume(waitMs, quiet) ? (quiet ? "quiet" : "taken") : "refused"),
    give: () => claims.suspend(),
    end: () => claims.release(false),
    commitFirst: false,
  };
  try {
    runDocumentPass(doc, deadline, claim ? [...held, claim] : held);
  } finally {
    claims?.release();
  }
  // The document was reached: what a background run could not do for it is done now.
  withUserData(() => clearBackgroundNotice(userProperties(), doc.id));
}

/** The pass over the current document; the caller holds its document lock (`documentLock`). */
function passOverCurrentDocument(documentLock: HeldLock): void {
  const deadline = appsScriptClock.now() + PASS_BUDGET_MS;
  const doc = documentOrThrow();
  if (BUSINESS_LEADS_SPREADSHEET_SCOPE === "full")
    withUserPass((owner, userLock) => claimedPass(doc, owner, deadline, [documentLock, userLock]));
  else runDocumentPass(doc, deadline, [documentLock]);
}

/** Full-scope build: the current document (if any) under its lock, then every other one by id. */
function serveEveryDocument(): void {
  const deadline = appsScriptClock.now() + PASS_BUDGET_MS;
  const current = currentDocument();
  if (current) pollPassUnderLock();
  withUserPass((owner) => {
    for (const id of servedDocuments(userProperties())) {
      if (id === current?.id) continue;
      if (appsScriptClock.now() >= deadline) break; // the next pass goes on from here
      let doc: DocumentAccess;
      try {
        doc = openDocument(id);
      } catch (error) {
        // Deleted, unshared or refused: stop serving it; its sidebar re-registers it and says why.
        withUserData(() => {
          forgetServedDocument(userProperties(), id);
          leaveBackgroundNotice(userProperties(), id, didNot("could not open", messageOf(error)), appsScriptClock.now());
        });
        continue;
      }
      try {
        // The user's lock stays held for the documents after this one: only the claim is given up around requests.
        claimedPass(doc, owner, deadline, []);
      } catch (error) {
        // One document's trouble does not stop the others; its sidebar shows what went wrong.
        withUserData(() => leaveBackgroundNotice(userProperties(), id, didNot("stopped on", messageOf(error)), appsScriptClock.now()));
      }
    }
    if (servedDocuments(userProperties()).length === 0) removeUserPollTrigger();
  });
}

/** One poll-and-write pass over the current document, unless another pass holds its lock (then it leaves at once). */
export function pollPassUnderLock(): void {
  tryDocumentLock(passOverCurrentDocument, PASS_LOCK_WAIT_MS);
}

/** pollJobs: the background pass. Never throws; a failure is logged (without the key) and left. */
export function runTriggerPass(): void {
  try {
    // What Google gave this run, kept for diagnose() (it never throws), before any work can fail.
    recordBackgroundRun(() => ({ at: appsScriptClock.now(), withDocument: activeSpreadsheet() !== null }));
    withUserErrors(() => {
      if (BUSINESS_LEADS_SPREADSHEET_SCOPE === "full") serveEveryDocument();
      else if (currentDocument() === null)
        withUserData(() => leaveBackgroundNotice(userProperties(), ANY_DOCUMENT, WAITING_FOR_SIDEBAR, appsScriptClock.now()));
      else {
        withUserData(() => clearBackgroundNotice(userProperties(), ANY_DOCUMENT));
        pollPassUnderLock();
      }
    }, userApiKey);
  } catch (error) {
    console.warn(`Business Leads background update: ${messageOf(error)}`);
  }
  recordBackgroundRunEnd();
}
