// Checks the sidebar's job list on the Apps Script fakes: the document's jobs newest first, each
// marked as the current key's or not by its digest, and no key saved means none is mine.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as jobListModule from "../../src/ui/job-list";
import type * as documentAccessModule from "../../src/gas/document-access";
import type * as keyDigestModule from "../../src/gas/key-digest";
import type * as jobStoreModule from "../../src/jobs/job-store";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import { documentFacts } from "../../src/jobs/job-record-versions";
import { RECORD_KINDS } from "../../src/app/record-kinds";

const KEY = "sk_live_ListKey42";
const NAMES = ["Utilities", "PropertiesService", "SpreadsheetApp", "LockService", "Session", "ScriptApp", "CacheService"];
let runtime: FakeRuntime;
const globals = globalThis as Record<string, unknown>;
let list: typeof jobListModule;
let access: typeof documentAccessModule;
let digest: typeof keyDigestModule;
let stores: typeof jobStoreModule;

const search = (id: string, createdAt: string, createdBy?: string): JobRecord =>
  ({
    ...newJobRecord({
      id,
      kind: "search",
      name: `Search ${id}`,
      sheetId: 1,
      sheetName: `Search ${id}`,
      status: "running",
      createdAt,
      timeZone: "UTC",
    }),
    ...(createdBy ? { createdBy } : {}),
  }) as JobRecord;

beforeEach(() => {
  runtime = createRuntime();
  const g = runtime.globals() as unknown as Record<string, unknown>;
  for (const name of NAMES) globals[name] = g[name];
  jest.isolateModules(() => {
    list = jest.requireActual<typeof jobListModule>("../../src/ui/job-list");
    access = jest.requireActual<typeof documentAccessModule>("../../src/gas/document-access");
    digest = jest.requireActual<typeof keyDigestModule>("../../src/gas/key-digest");
    stores = jest.requireActual<typeof jobStoreModule>("../../src/jobs/job-store");
  });
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  for (const name of NAMES) delete globals[name];
});

function save(...records: JobRecord[]): void {
  const doc = access.currentDocument();
  if (!doc) throw new Error("no document");
  const store = new stores.JobStore(doc.store, documentFacts(doc), RECORD_KINDS);
  for (const record of records) store.save(record);
}

describe("listDocumentJobs", () => {
  it("lists the document's jobs newest first, mine by the saved key's digest", () => {
    runtime.stores.user().set("businessLeads.apiKey", KEY);
    save(search("old", "2026-11-20T08:00:00.000Z", digest.keyDigest(KEY)), search("new", "2026-11-21T08:00:00.000Z", "another-digest"));
    const views = list.listDocumentJobs();
    expect(views.map((view) => [view.jobId, view.mine])).toEqual([
      ["new", false],
      ["old", true],
    ]);
  });

  it("with no key saved, no job is mine", () => {
    save(search("a", "2026-11-20T08:00:00.000Z", "some-digest"));
    expect(list.listDocumentJobs().map((view) => view.mine)).toEqual([false]);
  });

  it("an empty document lists nothing", () => {
    expect(list.listDocumentJobs()).toEqual([]);
  });
});
