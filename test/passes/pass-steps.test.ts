// The pass is one runner over the features' steps (src/passes/pass-steps.ts): in their order, sharing one state, each on its own. A step
// that fails leaves its note on its own jobs (or the Contacts sheet's state) and the others run; a spent daily quota or locks not had
// back end the pass; another execution's change met after a network call ends the step quietly.
import { PASS_STEPS, runPass, type PassStep } from "../../src/passes/pass-steps";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import { noteWords } from "../../src/jobs/record-note";
import { runStoreOf, type RunRecord } from "../../src/enrich/run/run-record";
import { readContactsState, saveContactsState } from "../../src/contacts/contacts-state";
import { LocksNotRegained, StateChangedMeanwhile } from "../../src/errors/interruptions";
import { KEY_DIGEST, unitJobsContext } from "./jobs-context";
import { territory } from "../territory/territory-fixture";

const search = (id: string, extra: Partial<JobRecord> = {}): JobRecord =>
  ({
    ...newJobRecord({
      id,
      kind: "search",
      name: id,
      sheetId: 1,
      sheetName: id,
      status: "running",
      createdAt: "2026-11-21T08:00:00.000Z",
      timeZone: "UTC",
      createdBy: KEY_DIGEST,
    }),
    ...extra,
  }) as JobRecord;

const run = (): RunRecord => ({
  runId: "run-1",
  sheetId: 7,
  sheetName: "Leads",
  target: { headerRow: 1, nameColumn: 1, websiteColumn: 2, nameHeader: "Name", websiteHeader: "Website" },
  editorId: "editor-1",
  createdAt: "2026-11-21T08:00:00.000Z",
  perJob: 700,
  rows: 10,
  rowsWaiting: 10,
  businessesWaiting: 10,
  rowsDropped: 0,
  chunksMade: 0,
  jobsPlanned: 1,
  stopped: false,
});

/** A document with work of every kind: a run sending, a territory, a running search, a scheduled one, a Contacts sheet. */
function documentWithEveryKind() {
  const unit = unitJobsContext();
  const { ctx } = unit;
  runStoreOf(ctx).save(run());
  ctx.store.save(territory());
  ctx.store.save(search("running"));
  const refresh = {
    every: "day" as const,
    search: { name: "dentists", input: { query: "dentists", location: "Austin, Texas, United States", maxResults: 100 } },
    lastRunAt: "2026-11-21T08:00:00.000Z",
    nextRunAt: "2026-11-22T08:00:00.000Z",
    lastError: null,
    run: null,
  };
  ctx.store.save(search("scheduled", { status: "completed", settled: true, refresh } as Partial<JobRecord>));
  expect(
    ctx.store
      .all()
      .map((record) => record.id)
      .sort(),
  ).toEqual(["running", "scheduled", "t-1"]);
  saveContactsState(ctx.properties, { every: false, marks: {} });
  return unit;
}

/** The steps as they are, except that the one at `failing` throws `error` and the others only say they ran. */
function stepsWith(failing: number, error: Error, ran: string[]): PassStep[] {
  return PASS_STEPS.map((step, index) => ({
    ...step,
    run: () => {
      if (index === failing) throw error;
      ran.push(step.what);
    },
  }));
}

/** What each kind of work says after the pass: its note, or null. */
function notes(ctx: ReturnType<typeof unitJobsContext>["ctx"]): Record<string, string | null> {
  const get = (id: string) => ctx.store.get(id);
  return {
    run: runStoreOf(ctx).get("run-1")?.problem ?? null,
    territory: noteWords(get("t-1")?.note ?? null),
    running: noteWords(get("running")?.note ?? null),
    scheduled: (get("scheduled") as { refresh?: { lastError: string | null } } | null)?.refresh?.lastError ?? null,
    contacts: readContactsState(ctx.properties)?.problem ?? null,
  };
}

describe("runPass", () => {
  it(
    "lists the features' steps in the order a pass runs them: jobs created first, polled, then refreshes, " +
      "then what they wrote reaches Contacts",
    () => {
      expect(PASS_STEPS.map((step) => step.what)).toEqual([
        "enrichment's waiting rows sent",
        "territories' due runs started",
        "territories' waiting searches created",
        "service jobs polled and written",
        "searches' refreshes followed and started",
        "new addresses added to the Contacts sheet",
      ]);
    },
  );

  it("runs each step once in turn, with one shared state, and returns its report", () => {
    const { ctx } = unitJobsContext();
    const ran: string[] = [];
    const step = (what: string): PassStep => ({
      what,
      run: (_ctx, pass) => {
        ran.push(what);
        pass.report.rowsWritten += 1;
      },
      failed: () => undefined,
    });
    const report = runPass(ctx, ctx.clock.now() + 1000, [step("a"), step("b")]);
    expect([ran, report.rowsWritten, report.failedSteps]).toEqual([["a", "b"], 2, []]);
  });

  // Which work each step's failure is noted on: its own (polling is every job's in progress, a territory's too), and nothing else.
  const NOTED: Record<string, Array<keyof ReturnType<typeof notes>>> = {
    "enrichment's waiting rows sent": ["run"],
    "territories' due runs started": ["territory"],
    "territories' waiting searches created": ["territory"],
    "service jobs polled and written": ["running", "territory"],
    "searches' refreshes followed and started": ["scheduled"],
    "new addresses added to the Contacts sheet": ["contacts"],
  };

  it.each(PASS_STEPS.map((step, index) => [step.what, index] as const))(
    "a failing step (%s) notes its own work in words a person can act on, and the other steps run",
    (what, index) => {
      const { ctx } = documentWithEveryKind();
      const ran: string[] = [];
      const problem = "Service Spreadsheets failed while accessing document with id 1Fake.";
      const report = runPass(ctx, ctx.clock.now() + 60_000, stepsWith(index, new Error(problem), ran));
      expect(ran).toEqual(PASS_STEPS.map((step) => step.what).filter((other) => other !== what));
      expect(report.failedSteps).toEqual([what]);
      const said = notes(ctx);
      const own = NOTED[what] ?? [];
      // Its own work says why (and that it could not do it "this time"); nothing else does.
      for (const kind of own) {
        expect(said[kind]).toContain(problem);
        if (kind !== "run" && kind !== "contacts") expect(said[kind]).toMatch(/this time/);
      }
      for (const [kind, note] of Object.entries(said)) if (!own.includes(kind as keyof typeof said)) expect(note).toBeNull();
    },
  );

  it(
    "ends the pass on a spent daily quota, and on locks not had back; " + "skips the step quietly when another execution changed the jobs",
    () => {
      const quota = documentWithEveryKind();
      const ranQuota: string[] = [];
      expect(() =>
        runPass(quota.ctx, 60_000, stepsWith(1, new Error("Service invoked too many times for one day: properties."), ranQuota)),
      ).toThrow("too many times");
      expect(ranQuota).toEqual([PASS_STEPS[0]?.what]);

      const locks = documentWithEveryKind();
      expect(() => runPass(locks.ctx, 60_000, stepsWith(3, new LocksNotRegained(), []))).toThrow(LocksNotRegained);

      const changed = documentWithEveryKind();
      const ranChanged: string[] = [];
      const report = runPass(changed.ctx, 60_000, stepsWith(3, new StateChangedMeanwhile(), ranChanged));
      expect(ranChanged).toHaveLength(PASS_STEPS.length - 1);
      expect(report.failedSteps).toEqual([]);
      expect(Object.values(notes(changed.ctx))).toEqual([null, null, null, null, null]);
    },
  );
});
