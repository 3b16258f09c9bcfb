// This file builds the job code's context from Apps Script's services: the client over
// UrlFetchApp with the caller's settings, the document's job store (src/gas/document-access.ts),
// its spreadsheet, Utilities.sleep as the clock's wait and Utilities.getUuid for idempotency keys.
import type { Clock } from "../api/clock";
import { LeadsClient } from "../api/client";
import type { JobsContext } from "../jobs/job-context";
import { EditorKeys } from "../jobs/editor-keys";
import { JobStore } from "../jobs/job-store";
import { currentDocument, NoDocumentError, OPENS_DOCUMENTS_BY_ID, type DocumentAccess } from "./document-access";
import { editorId, keyDigest } from "./key-digest";
import { ensurePollTrigger, removePollTrigger } from "./poll-trigger";
import { forgetServedDocument, registerServedDocument, servedDocuments } from "./served-documents";
import { ensureUserPollTrigger, removeUserPollTrigger } from "./user-poll-trigger";
import { readServiceSettings, type ServiceSettings } from "./settings";
import { UrlFetchTransport } from "./urlfetch-transport";

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.min(Math.round(ms), 300000))),
};

export function clientFor(settings: ServiceSettings, deadline?: number): LeadsClient {
  return new LeadsClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    transport: new UrlFetchTransport(UrlFetchApp),
    clock: appsScriptClock,
    deadline,
  });
}

export function jobsContext(deadline: number): JobsContext {
  const doc = currentDocument();
  if (!doc) throw new NoDocumentError();
  return documentJobsContext(doc, deadline);
}

/** The current document's job store (document properties, or developer metadata in the full build). */
export function currentJobStore(): JobStore {
  const doc = currentDocument();
  if (!doc) throw new NoDocumentError();
  return new JobStore(doc.store);
}

/**
 * The context of one document. In the full-scope build one trigger per user serves every
 * document that has jobs: keeping the trigger registers the document, and the trigger goes once
 * no document is left.
 */
export function documentJobsContext(doc: DocumentAccess, deadline: number): JobsContext {
  const settings = readServiceSettings("user");
  return {
    client: clientFor(settings, deadline),
    store: new JobStore(doc.store),
    properties: doc.store,
    userProperties: PropertiesService.getUserProperties(),
    documentId: doc.id,
    editors: new EditorKeys(doc.store),
    keyDigest: keyDigest(settings.apiKey),
    editorId: editorId(),
    spreadsheet: doc.spreadsheet,
    clock: appsScriptClock,
    newIdempotencyKey: () => Utilities.getUuid(),
    ensurePollTrigger: OPENS_DOCUMENTS_BY_ID
      ? () => {
          registerServedDocument(doc.id);
          ensureUserPollTrigger();
        }
      : ensurePollTrigger,
    removePollTrigger: OPENS_DOCUMENTS_BY_ID
      ? () => {
          forgetServedDocument(doc.id);
          if (servedDocuments().length === 0) removeUserPollTrigger();
        }
      : removePollTrigger,
  };
}
