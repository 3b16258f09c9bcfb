// This file defines how this build keeps the user's poll trigger for documents with work left: one per document in the default build,
// one per user in the full build (both in gas/document-poll-trigger.ts). It calls no Apps Script service itself:
// it is the build's choice, so it sits in app/ beside the pass runner's, and reads the build's scope, so a bundle holds one.
import { ensurePollTrigger, pollTriggerCount, removePollTrigger } from "../gas/document-poll-trigger";
import { forgetServedDocument, registerServedDocument, servedDocuments } from "../storage/user-documents";
import { userProperties } from "../gas/property-snapshot";
import { withUserData } from "../gas/locks";
import { ensureUserPollTrigger, removeUserPollTrigger, userPollTriggerCount } from "../gas/document-poll-trigger";

interface BackgroundTrigger {
  /** Work is left in the document: the trigger that moves it forward exists and serves it. */
  keep(documentId: string): void;
  /** No work is left in the document: the trigger no longer serves it, and goes when it serves none. */
  drop(documentId: string): void;
  /** The user's poll triggers where this build keeps them: one while work is left, else none. */
  count(): number;
  /** Whether the user's trigger serves the document. */
  serves(documentId: string): boolean;
}

const perDocument: BackgroundTrigger = {
  keep: () => ensurePollTrigger(),
  drop: () => removePollTrigger(),
  count: () => pollTriggerCount(),
  // The trigger is the document's own: it serves no other.
  serves: () => true,
};

const perUser: BackgroundTrigger = {
  // The list of documents serves every document of the user: changed under the user's lock.
  keep(documentId) {
    withUserData(() => registerServedDocument(userProperties(), documentId));
    ensureUserPollTrigger();
  },
  drop(documentId) {
    const left = withUserData(() => {
      forgetServedDocument(userProperties(), documentId);
      return servedDocuments(userProperties()).length;
    });
    if (left === 0) removeUserPollTrigger();
  },
  count: () => userPollTriggerCount(),
  serves: (documentId) => servedDocuments(userProperties()).indexOf(documentId) >= 0,
};

export const backgroundTrigger: BackgroundTrigger = BUSINESS_LEADS_SPREADSHEET_SCOPE === "full" ? perUser : perDocument;
