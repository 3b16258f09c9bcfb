// This file builds the job code's context from the Apps Script adapters: the client over UrlFetchApp with the caller's settings, the
// document's job store and spreadsheet, and the clock, UUIDs and day dates of src/gas/utilities.ts.
import { LeadsClient, type LeadsClientOptions } from "../api/client";
import type { JobsContext } from "../jobs/job-context";
import { EditorKeys } from "../jobs/editor-keys";
import { JobStore } from "../jobs/job-store";
import { backgroundTrigger } from "./background-trigger";
import { currentDocument, NoDocumentError, type DocumentAccess } from "../gas/document-access";
import { editorId, keyDigest } from "../gas/key-digest";
import { userProperties } from "../gas/property-snapshot";
import { commitWrites, withUserData } from "../gas/locks";
import { readServiceSettings, type ServiceSettings } from "../gas/settings";
import { appsScriptTransport } from "../gas/urlfetch-transport";
import { appsScriptClock, formatDay, formatTime, newUuid } from "../gas/utilities";
import { documentFacts } from "../jobs/job-record-versions";
import { RECORD_KINDS } from "./record-kinds";
import { NetworkGate } from "./held-locks";
import { withoutForgotten } from "../contacts/forgotten";

/** The client over UrlFetchApp; its requests and retry waits go through `gate` (a pass's gives its locks up around each). */
export function clientFor(
  settings: ServiceSettings,
  deadline?: number,
  gate: NetworkGate = new NetworkGate(),
  retries?: Pick<LeadsClientOptions, "maxAttempts" | "maxDelayMs" | "maxRetryAfterMs">,
): LeadsClient {
  return new LeadsClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    transport: gate.transport(appsScriptTransport()),
    clock: gate.clock(appsScriptClock),
    deadline,
    ...retries,
  });
}

/** The current document, or the error that asks the person to open one. */
export function documentOrThrow(): DocumentAccess {
  const doc = currentDocument();
  if (!doc) throw new NoDocumentError();
  return doc;
}

/** A document's job store (document properties, or developer metadata in the full build). */
export const jobStoreOf = (doc: DocumentAccess): JobStore => new JobStore(doc.store, documentFacts(doc), RECORD_KINDS);

/** The current document's job store. */
export const currentJobStore = (): JobStore => jobStoreOf(documentOrThrow());

/** A click's context: what it wrote is committed before each of its requests (NetworkGate). */
export const jobsContext = (deadline: number): JobsContext =>
  documentJobsContext(documentOrThrow(), deadline, new NetworkGate(null, commitWrites));

/** The context of one document; its poll trigger is kept as this build keeps it (background-trigger.ts). */
export function documentJobsContext(doc: DocumentAccess, deadline: number, gate: NetworkGate = new NetworkGate()): JobsContext {
  const settings = readServiceSettings("user");
  return {
    client: clientFor(settings, deadline, gate),
    interleaving: gate,
    store: jobStoreOf(doc),
    properties: doc.store,
    userProperties: userProperties(),
    userData: withUserData,
    documentId: doc.id,
    editors: new EditorKeys(doc.store),
    keyDigest: keyDigest(settings.apiKey),
    editorId: editorId(),
    spreadsheet: doc.spreadsheet,
    clock: appsScriptClock,
    formatDay,
    formatTime,
    newIdempotencyKey: newUuid,
    ensurePollTrigger: () => backgroundTrigger.keep(doc.id),
    removePollTrigger: () => backgroundTrigger.drop(doc.id),
    withoutForgotten: (businesses) => withoutForgotten(doc.store, businesses),
  };
}
