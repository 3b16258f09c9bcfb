// This file builds the job code's context from Apps Script's services: the client over
// UrlFetchApp with the caller's settings, the job store in document properties, the active
// spreadsheet, Utilities.sleep as the clock's wait and Utilities.getUuid for idempotency keys.
import type { Clock } from "../api/clock";
import { LeadsClient } from "../api/client";
import type { JobsContext } from "../jobs/context";
import { JobStore } from "../jobs/job-store";
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
  return {
    client: clientFor(readServiceSettings("user"), deadline),
    store: new JobStore(PropertiesService.getDocumentProperties()),
    spreadsheet: SpreadsheetApp.getActiveSpreadsheet(),
    clock: appsScriptClock,
    newIdempotencyKey: () => Utilities.getUuid(),
    ensurePollTrigger,
    removePollTrigger,
  };
}
