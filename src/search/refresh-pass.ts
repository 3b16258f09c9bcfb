// This file defines the refresh step of the background pass: it follows the runs under way (statuses in ONE round trip, completed runs
// merged into the search's sheet), then starts the due ones. A due run is skipped at no cost when credits cannot cover it, and is
// created with its slot's idempotency key, stored ahead of the request, so it pays once.
import type { LeadsApiError } from "../api/errors";
import type { PreparedRequest } from "../api/requests";
import { distinctBusinesses, readResultPages, RESULTS_PAGE_SIZE } from "../api/result-pages";
import type { Account, Business } from "../api/schemas";
import { isFailedStatus, isTerminalStatus } from "../rules/job-status";
import { DEFAULT_MAX_RESULTS } from "../rules/request-limits";
import { mergeBusinesses } from "../sheets/merge";
import type { JobsContext } from "../jobs/job-context";
import { isScheduled, type ScheduledSearch, type SearchRecord } from "../jobs/job-record";
import { isMine, markHidden } from "../jobs/ownership";
import { runOutcome, type RefreshEvery, type RefreshRun, type RefreshSchedule } from "../jobs/refresh-schedule";
import { isDue, periodMs, skippedSlot, slotPeriod, startedSlot } from "../jobs/refresh-slots";
import { SheetsById } from "../sheets/result-sheet";
import { documentRoom, noRoomSentence, writeProblem, type DocumentRoom } from "../sheets/document-room";
import { BUSINESS_COLUMNS } from "../sheets/columns";
import { resultSheetOf } from "../jobs/job-sheet";
import { dayOf, refreshNotRun } from "../jobs/seen-day";
import { affordabilityProblem } from "./start-search";
import { lastingNote } from "../jobs/record-note";
import { iso } from "../rules/clock";

const scheduledSearches = (ctx: JobsContext): ScheduledSearch[] => ctx.store.all().filter(isScheduled);

/** The refresh step failed this time for `problem`: each schedule of the current key says so, until a run is followed or started. */
export function noteScheduledSearches(ctx: JobsContext, problem: string): void {
  for (const record of scheduledSearches(ctx)) {
    if (!isMine(record, ctx.keyDigest)) continue;
    const lastError = `The refresh could not be followed or started this time (${problem}); the next update tries again.`;
    ctx.store.trySave({ ...record, refresh: { ...record.refresh, lastError } });
  }
}

export function runRefreshPass(ctx: JobsContext, deadline: number): void {
  followRuns(ctx, scheduledSearches(ctx), deadline);
  startDueRuns(ctx, scheduledSearches(ctx), deadline);
}

function save(ctx: JobsContext, record: ScheduledSearch, refresh: RefreshSchedule | undefined, extra: Partial<SearchRecord> = {}): void {
  ctx.store.save({ ...record, ...extra, refresh });
}

function followRuns(ctx: JobsContext, scheduled: ScheduledSearch[], deadline: number): void {
  const running = scheduled.filter((r) => r.refresh.run?.jobId);
  if (running.length === 0 || ctx.clock.now() >= deadline) return;
  const requests = running.map((r) => ctx.client.prepare.getSearch(r.refresh.run?.jobId ?? ""));
  const statuses = ctx.client.batch(requests, { deadline });
  running.forEach((record, i) => {
    const outcome = statuses[i];
    // Not readable this time (or not with this key): the run's creator's next pass follows it.
    if (!outcome?.ok) return;
    const job = outcome.value;
    if (isFailedStatus(job.status)) {
      const reason = job.error ? `: ${job.error}` : "";
      // It merged nothing, and what it costs is the service's refund rule: its line says so (last-run.ts).
      finishRun(ctx, record, `The refresh started ${record.refresh.run?.startedAt ?? ""} failed${reason}. It runs again at the next slot.`);
    } else if (isTerminalStatus(job.status)) {
      const businesses = readRun(ctx, job.id, job.lead_count, deadline);
      if (businesses === null) return;
      try {
        mergeRun(ctx, record, businesses);
      } catch (error) {
        // One sheet's trouble must not stop the pass; the merge is repeatable, the next pass redoes it.
        save(ctx, record, { ...record.refresh, lastError: `The refresh could not be written this time: ${writeProblem(error)}` });
      }
    }
  });
}

/**
 * Every business of a completed run: its pages (known from lead_count) in one round trip, then
 * page by page while it says has_more; null when the deadline or a failure stops the reading.
 */
function readRun(ctx: JobsContext, jobId: string, leadCount: number, deadline: number): Business[] | null {
  const read = readResultPages(ctx.client, "search", jobId, {
    firstPages: Math.max(1, Math.ceil(leadCount / RESULTS_PAGE_SIZE)),
    deadline,
    beforeRoundTrip: () => ctx.clock.now() < deadline,
  });
  return read.complete ? distinctBusinesses(read.pages) : null; // read again by the next pass
}

function mergeRun(ctx: JobsContext, record: ScheduledSearch, businesses: Business[]): void {
  const { sheet, record: target } = resultSheetOf(ctx, record, new SheetsById(ctx.spreadsheet), "the refresh recreated it");
  const { sheetId, note } = target;
  // The run's rows are dated by the day it started: a merge repeated after a kill dates them alike.
  const startedAt = record.refresh.run?.startedAt ?? record.refresh.lastRunAt;
  // An address forgotten for good (forgetContact) is never merged back, also when the run finds it again.
  const merged = mergeBusinesses(sheet, ctx.withoutForgotten(businesses), dayOf(ctx, record.timeZone, startedAt));
  // What the run did, stored once: on the job (the schedule's view reads it there).
  const lastRun = runOutcome(startedAt, merged, businesses.length, record.refresh.run?.credits ?? null);
  finishRun(ctx, record, null, { sheetId, note, sheetName: sheet.getName(), rowsWritten: merged.businessRows, lastRun });
}

function finishRun(ctx: JobsContext, record: ScheduledSearch, error: string | null, extra: Partial<SearchRecord> = {}): void {
  const refresh = record.refresh;
  save(ctx, record, refresh.every === "off" ? undefined : { ...refresh, run: null, lastError: error }, extra);
}

function startDueRuns(ctx: JobsContext, scheduled: ScheduledSearch[], deadline: number): void {
  const now = ctx.clock.now();
  // The search itself must be done first: its sheet is the one the run merges into.
  const due = scheduled.filter((r) => !r.refresh.run?.jobId && isDue(r.refresh, r.settled, now));
  if (due.length === 0 || now >= deadline) return;

  // Each slot's key, stored before any request is sent.
  const runs = due.map((record) => {
    const refresh = record.refresh;
    const kept = refresh.run && refresh.run.slot === refresh.nextRunAt ? refresh.run : null;
    const run: RefreshRun = kept ?? {
      slot: refresh.nextRunAt,
      idempotencyKey: ctx.newIdempotencyKey(),
      creditsChecked: false,
      jobId: null,
      startedAt: null,
      credits: null,
    };
    if (!kept) save(ctx, record, { ...refresh, run });
    return { record: { ...record, refresh: { ...refresh, run } } as ScheduledSearch, run };
  });

  // One round trip: the account (for the credit check) and each search, which proves the current
  // key belongs to the search's account: another account's key must never pay for its runs.
  const needsAccount = runs.some(({ run }) => !run.creditsChecked);
  const requests: PreparedRequest<unknown>[] = runs.map(({ record }) => ctx.client.prepare.getSearch(record.id));
  if (needsAccount) requests.push(ctx.client.prepare.getAccount());
  const outcomes = ctx.client.batch(requests, { deadline });
  const accountOutcome = needsAccount ? outcomes[runs.length] : undefined;
  let account = accountOutcome?.ok ? (accountOutcome.value as Account) : null;
  // Room for the rows a run may add, under Google's cell limit: read once, when a run is about to be paid for.
  let room: DocumentRoom | null = null;

  runs.forEach(({ record, run }, i) => {
    const outcome = outcomes[i];
    if (!outcome?.ok) {
      // Not this key's search (404): remembered, so this user's trigger does not stay for it.
      if (outcome && outcome.error.kind === "not_found") ctx.store.trySave(markHidden(record, ctx.keyDigest));
      return; // not this key's search (or not readable now): left for its creator
    }
    const every = slotPeriod(record.refresh);
    let current = run;
    if (!current.creditsChecked) {
      if (!account) return; // the account could not be read: the same slot is tried next pass
      const needed = record.refresh.search.input.maxResults ?? DEFAULT_MAX_RESULTS;
      room ??= documentRoom(ctx.spreadsheet);
      const cells = needed * BUSINESS_COLUMNS.length;
      const problem = affordabilityProblem(account, needed) ?? (cells > room.left ? noRoomSentence(room, cells, "its run") : null);
      if (problem) {
        skipSlot(ctx, record, `${refreshNotRun(ctx, record, run.slot)}, and cost nothing: ${problem}`);
        return;
      }
      room = { used: room.used + cells, left: room.left - cells };
      // Credits this pass has promised are not there for the next due search.
      account = { ...account, credits_remaining: account.credits_remaining - needed };
      current = { ...current, creditsChecked: true };
      save(ctx, record, { ...record.refresh, run: current });
    }
    startRun(ctx, { ...record, refresh: { ...record.refresh, run: current } }, current, every, deadline);
  });
}

function startRun(ctx: JobsContext, record: ScheduledSearch, run: RefreshRun, every: RefreshEvery, deadline: number): void {
  if (ctx.clock.now() >= deadline) return;
  try {
    const created = ctx.client.createSearch(record.refresh.search, { idempotencyKey: run.idempotencyKey, deadline });
    const startedAt = ctx.clock.now();
    // The run's charge is known now; what it found, once it is merged.
    const started = { ...run, jobId: created.job_id, startedAt: iso(startedAt), credits: created.credits_reserved };
    save(ctx, record, { ...startedSlot(record.refresh, startedAt), run: started });
  } catch (error) {
    const apiError = error as LeadsApiError;
    const slotOver = ctx.clock.now() >= Date.parse(run.slot) + periodMs(every);
    if (apiError.retryable && !slotOver) {
      // The same slot, with the same key, on the next pass: the service answers with the same job.
      save(ctx, record, {
        ...record.refresh,
        lastError: `The refresh could not be started yet (${apiError.message}); it is tried again with the next pass.`,
      });
    } else {
      skipSlot(ctx, record, `${refreshNotRun(ctx, record, run.slot)}: ${apiError.message}`);
    }
  }
}

/** A run that cannot happen (refresh-schedule.ts skippedSlot): without a schedule, the search's note says why it did not run. */
function skipSlot(ctx: JobsContext, record: ScheduledSearch, why: string): void {
  const refresh = skippedSlot(record.refresh, why, ctx.clock.now());
  save(ctx, record, refresh && { ...refresh, run: null }, refresh ? {} : { note: lastingNote(why) });
}
