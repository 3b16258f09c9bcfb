// This file defines a jobs context for unit tests of the passes: the real client over a scripted
// transport (test/api/helpers.ts), the real job store on a plain map, the spreadsheet fake, a
// virtual clock; no bundle, no simulator.
import { EditorKeys } from "../../src/jobs/editor-keys";
import type { JobsContext } from "../../src/jobs/job-context";
import { JobStore } from "../../src/jobs/job-store";
import { FakeSpreadsheetApp } from "../../dev/fakes/spreadsheet";
import type { CallKind } from "../../dev/fakes/spreadsheet/document";
import { makeClient } from "../api/helpers";
import { mapStore } from "../storage/map-store";
import { documentFacts } from "../../src/jobs/job-record-versions";
import { withoutForgotten } from "../../src/contacts/forgotten";
import { RECORD_KINDS } from "../../src/app/record-kinds";

export const KEY_DIGEST = "0123456789abcdef";

export function unitJobsContext() {
  const { client, transport, clock } = makeClient();
  const calls: Array<[CallKind, string]> = [];
  const app = new FakeSpreadsheetApp({ onCall: (kind: CallKind, method: string) => calls.push([kind, method]) });
  const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  const properties = mapStore();
  const userProperties = mapStore();
  let keys = 0;
  const triggers = { ensured: 0, removed: 0 };
  const ctx: JobsContext = {
    client,
    store: new JobStore(properties, documentFacts({ spreadsheet }), RECORD_KINDS),
    editors: new EditorKeys(properties),
    keyDigest: KEY_DIGEST,
    editorId: "editor-1",
    properties,
    userProperties,
    userData: (change) => change(),
    documentId: "doc-1",
    spreadsheet,
    clock,
    formatDay: (ms) => new Date(ms).toISOString().slice(0, 10),
    formatTime: (ms) => new Date(ms).toISOString().slice(0, 16).replace("T", " "),
    newIdempotencyKey: () => `key-${(keys += 1)}`,
    ensurePollTrigger: () => void (triggers.ensured += 1),
    removePollTrigger: () => void (triggers.removed += 1),
    interleaving: { calls: 0, changes: 0, offline: (work) => work() },
    withoutForgotten: (businesses) => withoutForgotten(properties, businesses),
  };
  return { ctx, transport, clock, app, spreadsheet, calls, triggers };
}
