// Test helpers of the Contacts sheet on the spreadsheet fake: results sheets written by the add-on's
// own writer from Businesses, job records naming them, a store in memory, and the sheet read by header.
import { fixedFacts } from "../storage/map-store";
import { BusinessSchema, type Business } from "../../src/api/schemas";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import type { JobsContext } from "../../src/jobs/job-context";
import { JobStore } from "../../src/jobs/job-store";
import { createResultSheet } from "../../src/sheets/result-sheet";
import { upsertBusinesses } from "../../src/sheets/writer";
import { resultColumns, seenOn } from "../../src/sheets/columns";
import type { KeyValueStore } from "../../src/storage/key-value-store";
import { syncContacts, type ContactsCounts } from "../../src/contacts/sync-contacts";
import { readContactsRules } from "../../src/contacts/contacts-rules";
import { FakeSpreadsheetApp } from "../../dev/fakes/spreadsheet";
import type { CallKind } from "../../dev/fakes/spreadsheet/document";
import { RECORD_KINDS } from "../../src/app/record-kinds";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The day every sync of these tests runs on: its `First found` and `Last found`. */
export const TODAY = "2026-12-06";

export function business(id: string, fields: Record<string, unknown> = {}): Business {
  const parsed = BusinessSchema.safeParse({
    id,
    search_id: "s",
    position: 1,
    title: `Firm ${id}`,
    maps_url: `https://maps.example/?cid=${id}`,
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

export class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  getProperty(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  getProperties(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
  setProperty(key: string, value: string): void {
    this.map.set(key, value);
  }
  deleteProperty(key: string): void {
    this.map.delete(key);
  }
}

export interface Doc {
  app: FakeSpreadsheetApp;
  spreadsheet: Spreadsheet;
  readonly records: JobRecord[];
  store: MemoryStore;
  /** What a pass hands keepContactsCurrent: this document's spreadsheet and stores, a clock at 0. */
  ctx: JobsContext;
  calls: Array<[CallKind, string]>;
  /** Writes `businesses` as a search's results sheet `name` (a new one, or the same one again). */
  results(name: string, businesses: Business[]): number;
  sync(options?: { create?: boolean; sheetIds?: Set<number>; inTime?: () => boolean }): ContactsCounts | null;
  /** The Contacts sheet's rows by header. */
  rows(): Array<Record<string, string>>;
}

export function newDoc(): Doc {
  const calls: Array<[CallKind, string]> = [];
  const app = new FakeSpreadsheetApp({ onCall: (kind: CallKind, method: string) => calls.push([kind, method]) });
  const spreadsheet = app.getActiveSpreadsheet() as unknown as Spreadsheet;
  const store = new MemoryStore();
  const jobs = new JobStore(store, fixedFacts(), RECORD_KINDS);
  const doc: Doc = {
    app,
    spreadsheet,
    get records() {
      return jobs.all();
    },
    store,
    ctx: {
      spreadsheet,
      store: jobs,
      properties: store,
      clock: { now: () => Date.parse(`${TODAY}T12:00:00Z`) },
      formatDay: (ms: number) => new Date(ms).toISOString().slice(0, 10),
    } as unknown as JobsContext,
    calls,
    results(name, businesses) {
      const sheet = spreadsheet.getSheetByName(name) ?? createResultSheet(spreadsheet, name);
      upsertBusinesses(sheet, businesses, resultColumns(seenOn("2026-11-01")), { removeOthers: false });
      const id = sheet.getSheetId();
      const record =
        jobs.get(`job-${id}`) ??
        newJobRecord({
          id: `job-${id}`,
          kind: "search",
          name,
          sheetId: id,
          sheetName: name,
          status: "completed",
          createdAt: "2026-11-01T00:00:00Z",
          timeZone: "Etc/UTC",
        });
      // Every write checkpoints its job's record, as a pass does.
      jobs.save({ ...record, rowsWritten: record.rowsWritten + businesses.length });
      return id;
    },
    sync: (options = {}) =>
      syncContacts({
        spreadsheet,
        records: jobs.all(),
        create: options.create ?? true,
        sheets: options.sheetIds && new Set([...options.sheetIds].map((id) => `#${id}`)),
        inTime: options.inTime ?? (() => true),
        today: TODAY,
        rules: readContactsRules(store),
      })?.counts ?? null,
    rows() {
      const values = app.testing.values("Contacts");
      const header = (values[0] ?? []).map(String);
      return values.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, String(row[i] ?? "")])));
    },
  };
  return doc;
}
