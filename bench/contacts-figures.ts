// This file counts what the Contacts sheet costs (issues 36 and 43, "Scale"), on the add-on's own code over the spreadsheet fake: the
// first build over 20,000 businesses (about 30,000 addresses) in 20 results sheets, a pass that adds 700 new businesses, a refresh that
// updates 1,000, a build again with nothing new; then the first file, the "new" file after a pass adds 700 more, and forgetting the
// shared inbox every tenth business holds (2,000 rows of 20 sheets). It prints the SpreadsheetApp calls, the cells read, the modelled
// Apps Script time against the 6-minute execution and the day's share of a consumer account's 90 trigger minutes and 50,000 Properties
// calls.
import { BusinessSchema, type Business } from "../src/api/schemas";
import { buildContacts } from "../src/contacts/build-contacts";
import { exportContacts } from "../src/contacts/export-contacts";
import { forgetContact } from "../src/contacts/forget-contact";
import { newJobRecord, type JobRecord } from "../src/jobs/job-record";
import { keepContactsCurrent } from "../src/contacts/keep-current";
import type { JobsContext } from "../src/jobs/job-context";
import { JobStore } from "../src/jobs/job-store";
import { createResultSheet } from "../src/sheets/result-sheet";
import { resultColumns, seenOn } from "../src/sheets/columns";
import { upsertBusinesses } from "../src/sheets/writer";
import type { KeyValueStore } from "../src/storage/key-value-store";
import { FakeSpreadsheetApp } from "../dev/fakes/spreadsheet";
import type { CallKind } from "../dev/fakes/spreadsheet/document";
import { SPREADSHEET_CALL_MS } from "./import-figures";
import { int, pct, printTable, seconds } from "./stats";
import { RECORD_KINDS } from "../src/app/record-kinds";

const SHEETS = 20;
const PER_SHEET = 1000;
const NEW_BUSINESSES = 700;
const EXECUTION_LIMIT_MS = 6 * 60 * 1000;
/** Google's daily quotas for a consumer account. */
const QUOTA = { triggerMinutes: 90, properties: 50_000 };

interface Cost {
  reads: number;
  writes: number;
  cellsRead: number;
  properties: number;
  wallMs: number;
  rows: number;
  added: number;
  /** What it did, in a few words ("1,050 in the file"). */
  did?: string;
}

/** A business of sheet `s`, row `i`: one general address, an owner's every other one, a shared inbox every tenth. */
function business(s: number, i: number, phone = "+1 512-555-0100"): Business {
  const id = `s${s}-b${i}`;
  const emails = [`info@${id}.example`, ...(i % 10 === 0 ? ["hq@chain.example"] : [])];
  const parsed = BusinessSchema.safeParse({
    id,
    search_id: `s${s}`,
    position: i,
    title: `Firm ${id}`,
    website: `https://www.${id}.example/`,
    phone,
    city: "Austin",
    country_code: "US",
    maps_url: `https://maps.example/?cid=${id}`,
    emails,
    owner_emails: i % 2 === 0 ? [`owner@${id}.example`] : [],
    owner_names: ["Ann Lee"],
    email_verification_status: "completed",
    email_verifications: { [`info@${id}.example`]: { result: i % 3 === 0 ? "deliverable" : "risky" } },
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

class CountedStore implements KeyValueStore {
  private readonly map = new Map<string, string>();
  calls = 0;
  getProperty(key: string): string | null {
    this.calls += 1;
    return this.map.get(key) ?? null;
  }
  getProperties(): Record<string, string> {
    this.calls += 1;
    return Object.fromEntries(this.map);
  }
  setProperty(key: string, value: string): void {
    this.calls += 1;
    this.map.set(key, value);
  }
  deleteProperty(key: string): void {
    this.calls += 1;
    this.map.delete(key);
  }
}

function document() {
  const counts = { reads: 0, writes: 0, cellsRead: 0 };
  let counting = false;
  const app = new FakeSpreadsheetApp({
    onCall: (kind: CallKind, _method: string, cells: number) => {
      if (!counting || kind === "getter") return;
      if (kind === "write") counts.writes += 1;
      else {
        counts.reads += 1;
        counts.cellsRead += cells;
      }
    },
  });
  const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  const store = new CountedStore();
  const jobs = new JobStore(store, { timeZone: () => "Etc/UTC" }, RECORD_KINDS);
  const write = (s: number, businesses: Business[]): void => {
    const name = `Search ${s}`;
    const sheet = spreadsheet.getSheetByName(name) ?? createResultSheet(spreadsheet, name);
    upsertBusinesses(sheet, businesses, resultColumns(seenOn("2026-11-01")), { removeOthers: false });
    const known = jobs.get(`job-${s}`);
    const record: JobRecord =
      known ??
      newJobRecord({
        id: `job-${s}`,
        kind: "search",
        name,
        sheetId: sheet.getSheetId(),
        sheetName: name,
        status: "completed",
        createdAt: "2026-11-01T00:00:00Z",
        timeZone: "Etc/UTC",
      });
    jobs.save({ ...record, rowsWritten: record.rowsWritten + businesses.length });
  };
  const measure = (work: () => { added: number; rows: number; did?: string }): Cost => {
    Object.assign(counts, { reads: 0, writes: 0, cellsRead: 0 });
    store.calls = 0;
    counting = true;
    const started = performance.now();
    const done = work();
    const wallMs = performance.now() - started;
    counting = false;
    return { ...counts, properties: store.calls, wallMs, ...done };
  };
  const ctx = {
    spreadsheet,
    store: jobs,
    properties: store,
    clock: { now: () => 0 },
    formatDay: () => "2026-12-06",
  } as unknown as JobsContext;
  return { spreadsheet, store, jobs, write, measure, ctx };
}

const modelled = (c: Cost): number => (c.reads + c.writes) * SPREADSHEET_CALL_MS;

export function contactsFigures(): void {
  const doc = document();
  for (let s = 1; s <= SHEETS; s += 1)
    doc.write(
      s,
      Array.from({ length: PER_SHEET }, (_, i) => business(s, i)),
    );
  // A build of the sheet over every source, as the menu's click makes it.
  const built = () => {
    const counts = buildContacts({
      spreadsheet: doc.spreadsheet,
      store: doc.store,
      records: doc.jobs.all(),
      inTime: () => true,
      today: "2026-12-06",
    });
    return { added: counts.added, rows: counts.contacts };
  };
  const build = doc.measure(built);
  doc.write(
    SHEETS + 1,
    Array.from({ length: NEW_BUSINESSES }, (_, i) => business(SHEETS + 1, i)),
  );
  const pass = doc.measure(() => {
    const outcome = keepContactsCurrent(doc.ctx, Number.MAX_SAFE_INTEGER);
    return { added: outcome?.counts.added ?? 0, rows: outcome?.counts.contacts ?? 0 };
  });
  doc.write(
    1,
    Array.from({ length: PER_SHEET }, (_, i) => business(1, i, "+1 512-555-0199")),
  );
  const refresh = doc.measure(() => {
    const outcome = keepContactsCurrent(doc.ctx, Number.MAX_SAFE_INTEGER);
    return { added: outcome?.counts.added ?? 0, rows: outcome?.counts.contacts ?? 0 };
  });
  const idle = doc.measure(() => {
    const outcome = keepContactsCurrent(doc.ctx, Number.MAX_SAFE_INTEGER);
    return { added: outcome?.counts.added ?? 0, rows: outcome?.counts.contacts ?? 0 };
  });
  const again = doc.measure(built);
  const rowsNow = (): number => doc.spreadsheet.getSheetByName("Contacts")?.getLastRow() ?? 1;
  const exportOf = (include: "ready" | "new") => () => {
    const file = exportContacts({
      spreadsheet: doc.spreadsheet,
      store: doc.store,
      choice: { format: "hubspot", include, types: null, sheets: null, guard: true },
      today: "2026-12-06",
    });
    return { added: 0, rows: rowsNow() - 1, did: `${int(file.rows)} in the file` };
  };
  const firstFile = doc.measure(exportOf("ready"));
  doc.write(
    SHEETS + 2,
    Array.from({ length: NEW_BUSINESSES }, (_, i) => business(SHEETS + 2, i)),
  );
  keepContactsCurrent(doc.ctx, Number.MAX_SAFE_INTEGER);
  const newFile = doc.measure(exportOf("new"));
  const forget = doc.measure(() => {
    const records = doc.jobs.all();
    const forgot = forgetContact({
      spreadsheet: doc.spreadsheet,
      store: doc.store,
      shared: doc.store, // the default build's job store is document properties
      records,
      email: "hq@chain.example",
      today: "2026-12-06",
    });
    return { added: 0, rows: rowsNow() - 1, did: `${int(forgot.cells)} cells, ${forgot.sheets} sheets` };
  });
  const measured = [build, pass, refresh, idle, again, firstFile, newFile, forget];
  const row = (label: string, target: string, value: (c: Cost) => string): string[] => [label, target, ...measured.map(value)];
  printTable(
    `The Contacts sheet: ${int(SHEETS * PER_SHEET)} businesses in ${SHEETS} results sheets, then a pass adding ${NEW_BUSINESSES} (add-on ` +
      "code over the spreadsheet fake)",
    [
      "figure",
      "target",
      "first build",
      `pass +${NEW_BUSINESSES}`,
      "refresh of 1,000",
      "idle pass",
      "build again",
      "first file",
      `new file, +${NEW_BUSINESSES}`,
      "forget an inbox",
    ],
    [
      row("rows in Contacts after it (added)", "one per address", (c) => `${int(c.rows)} (${int(c.added)})`),
      row("what it did", "—", (c) => c.did ?? ""),
      row(
        "SpreadsheetApp calls (reads + writes)",
        "pass: bounded, not by rows",
        (c) => `${int(c.reads + c.writes)} (${int(c.reads)}+${int(c.writes)})`,
      ),
      row("cells read", "—", (c) => int(c.cellsRead)),
      row("Properties calls", "≤ 3", (c) => int(c.properties)),
      row("modelled Apps Script time (calls)", `< ${seconds(EXECUTION_LIMIT_MS)}`, (c) => seconds(modelled(c))),
      row("  wall time in node (the plan's own work)", "—", (c) => seconds(c.wallMs)),
      row("day's share: 24 such passes of trigger minutes", `< 5 % of ${QUOTA.triggerMinutes} min`, (c) =>
        pct((24 * modelled(c)) / 60_000, QUOTA.triggerMinutes),
      ),
      row("day's share: 24 such passes of Properties calls", `< 5 % of ${int(QUOTA.properties)}`, (c) =>
        pct(24 * c.properties, QUOTA.properties),
      ),
    ],
    [
      `Modelled time: ${SPREADSHEET_CALL_MS} ms per SpreadsheetApp read or write (the bench's model elsewhere); ` +
        "the cells a call moves are not modelled, so read the cells beside it.",
      "A pass reads each source sheet it wrote (one getValues), of Contacts its header row, Email, Ready to send, " +
        "Found in and each status column (one getValues each) and the add-on's columns over the rows it updates (one), " +
        "Do not contact (one, when there is one); it writes one update block and one append block (5,000 rows at most a call; " +
        "the grid grown first where it is too short).",
      "Every pass also lists the document's sheets and their names once (getSheets, one getName a sheet: " +
        "the document's order for Found in); the fake counts a getName as a read.",
      "An idle pass (no job record changed since the last finished sync) makes no SpreadsheetApp call; " +
        "a document that never ran buildContacts neither.",
      "A pass's Properties calls are the one read of the Contacts state, one of the Contacts rules (consent countries, " +
        "forgotten addresses) and, after a finished sync, one write (the marks of the source sheets' records); " +
        "in Apps Script each execution reads the store once whole (src/gas/property-snapshot.ts), " +
        "so the reads are no calls of their own there.",
      "A file (contactsCsv) reads the Contacts sheet and Do not contact once each, then writes `Ready to send` where a status or Do not " +
        "contact changed it and `Exported` on its rows: the Email column read again, then each column read and written once (rows " +
        "re-found by their address).",
      "Forgetting reads each source sheet's header row and its address columns (one getValues a column), " +
        "writes each column that held the address once, adds the sha256 line, and removes the address's Contacts rows (one deleteRows " +
        "each: here the one row).",
    ],
  );
}
