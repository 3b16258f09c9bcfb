// This file builds the job code's context from Apps Script's services: the client over
// UrlFetchApp with the caller's settings, the job store in document properties, the active
// spreadsheet, Utilities.sleep as the clock's wait and Utilities.getUuid for idempotency keys.
import type { Clock } from "../api/clock";
import { LeadsClient } from "../api/client";
import type { JobsContext } from "../jobs/context";
import { EditorKeys } from "../jobs/editor-keys";
import { JobStore } from "../jobs/job-store";
import { editorId, keyDigest } from "./key-digest";
import { ensurePollTrigger, removePollTrigger } from "./poll-trigger";
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
  const settings = readServiceSettings("user");
  const documentProperties = PropertiesService.getDocumentProperties();
  return {
    client: clientFor(settings, deadline),
    store: new JobStore(documentProperties),
    editors: new EditorKeys(documentProperties),
    keyDigest: keyDigest(settings.apiKey),
    editorId: editorId(),
    spreadsheet: SpreadsheetApp.getActiveSpreadsheet(),
    clock: appsScriptClock,
    newIdempotencyKey: () => Utilities.getUuid(),
    ensurePollTrigger,
    removePollTrigger,
  };
}
