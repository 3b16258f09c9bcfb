// This file defines setRefresh: turning a tracked search's refresh schedule on (daily, weekly) or off. The search to repeat is read from
// the service once, so an imported search can be refreshed too; the first run falls due a period after the start, or at once with runNow.
import { searchRequestOf } from "./search-identity";
import type { JobsContext } from "../jobs/job-context";
import { searchOf, territoryOf, type JobRecord, type SearchRecord, type TerritoryRecord } from "../jobs/job-record";
import type { RefreshEvery, RefreshSchedule, ScheduleBase } from "../jobs/refresh-schedule";
import { periodMs } from "../jobs/refresh-slots";
import { InvalidInputError } from "../errors/user-error";
import { iso } from "../rules/clock";

export interface SetRefreshArgs {
  jobId: string;
  every: RefreshEvery | "off";
  /** Also run the search again now (with the next pass), merged into its sheet; with "off", that one run only. */
  runNow?: true | undefined;
}

export function setRefresh(ctx: JobsContext, args: SetRefreshArgs, deadline: number): JobRecord {
  const tracked = ctx.store.get(args.jobId);
  if (!tracked) throw new InvalidInputError(`This document does not track job ${args.jobId}. Open it with "Open job" first.`);
  const territory = territoryOf(tracked);
  if (territory) {
    // A territory's run under way is its searches' (src/territory/territory-pass.ts starts a due one).
    const underWay = !territory.settled && territory.run > 0;
    // Until a re-run: the territory's current run is the last run.
    return changeSchedule(ctx, territory, args, {
      asked: underWay,
      paid: underWay,
      schedule: (every) => scheduleBase(territory.refresh, every, territory.runStartedAt),
    });
  }
  const record = searchOf(tracked);
  if (!record) throw new InvalidInputError("Only searches can be refreshed; this job is an enrichment.");
  const run = record.refresh?.run;
  return changeSchedule(ctx, record, args, {
    asked: Boolean(run),
    paid: Boolean(run?.jobId),
    schedule: (every) => scheduleOf(ctx, record, every, deadline),
  });
}

/** What setRefresh needs of a search or a territory: its run asked for or under way, and its schedule with `every`. */
interface ScheduleChange<S extends ScheduleBase> {
  /** A run is asked for or under way: runNow asks nothing more. */
  asked: boolean;
  /** A run under way was paid for: turning the schedule off keeps it until the run is merged. */
  paid: boolean;
  schedule(every: RefreshEvery | "off"): S;
}

/** The one rule of setRefresh: on, off, or one run asked for now (with "off": that run only, its schedule gone once merged). */
function changeSchedule<R extends SearchRecord | TerritoryRecord>(
  ctx: JobsContext,
  record: R,
  args: SetRefreshArgs,
  change: ScheduleChange<NonNullable<R["refresh"]>>,
): JobRecord {
  const current = record.refresh;
  let updated: R;
  if (args.runNow) {
    if (change.asked) return record;
    if (!record.settled)
      throw new InvalidInputError(`“${record.name}” is still running: its results are still arriving, so there is nothing to refresh yet.`);
    updated = {
      ...record,
      note: null,
      refresh: { ...change.schedule(args.every), nextRunAt: iso(ctx.clock.now()), lastError: null, asked: true },
    };
  } else if (args.every === "off") {
    updated = { ...record, refresh: current && change.paid ? { ...current, every: "off" } : undefined };
  } else {
    updated = { ...record, refresh: change.schedule(args.every) };
  }
  ctx.store.save(updated);
  return updated;
}

/** The search's schedule with `every`: its run, last run and error kept; the next run a period after the last. */
function scheduleOf(ctx: JobsContext, record: SearchRecord, every: RefreshEvery | "off", deadline: number): RefreshSchedule {
  const current = record.refresh;
  const search = current?.search ?? searchRequestOf(ctx.client.getSearch(record.id, { deadline }));
  if (!search) throw new InvalidInputError(`The service does not say what search ${record.id} looked for, so it cannot be repeated.`);
  // Until a re-run: the search itself is the last run.
  return { ...scheduleBase(current, every, record.createdAt), search, run: current?.run ?? null };
}

/**
 * A schedule with `every`: the current one's last run and error kept, else
 * the job's first run as the last; the next run a period after the last.
 */
function scheduleBase(current: ScheduleBase | undefined, every: RefreshEvery | "off", firstStartedAt: string): ScheduleBase {
  const lastRunAt = current?.lastRunAt ?? firstStartedAt;
  return {
    every,
    lastRunAt,
    nextRunAt: iso(Date.parse(lastRunAt) + periodMs(every === "off" ? "day" : every)),
    lastError: current?.lastError ?? null,
  };
}
