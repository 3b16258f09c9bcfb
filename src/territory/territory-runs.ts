// This file defines a territory's share of every pass that runs before its jobs are polled: a
// refresh run that fell due is started (the whole territory affordable first, its new run's key
// stored before any search is created, so each search is charged once per due run), then each of
// the current key's territories creates the searches still waiting, as the account's job slots
// allow. A run the credits cannot cover costs nothing and is tried again at the next slot.
import type { Account } from "../api/schemas";
import { searchAllowance } from "../api/account";
import type { JobsContext } from "../jobs/job-context";
import { territoryOf, type TerritoryRecord } from "../jobs/job-record";
import { answered, iso, mayStartRun, nextSlotAfter, periodMs, slotPeriod } from "../jobs/refresh-schedule";
import { canTry } from "../jobs/ownership";
import { refreshNotRun } from "../jobs/seen-day";
import { territoryProblem } from "../rules/affordability";
import { createWaitingPairs } from "./pair-creation";
import { withSheet } from "./start-territory";

/** Due runs started, then waiting searches created, for the current key's territories. */
export function advanceTerritories(ctx: JobsContext, deadline: number): void {
  const mine = ctx.store.all().flatMap((record) => territoryOf(record) ?? []).filter((record) => record.createdBy === ctx.keyDigest && canTry(record, ctx.keyDigest));
  const due = mine.filter((record) => isDue(record, ctx.clock.now()));
  let account: Account | null = null;
  if (due.length > 0) {
    try {
      account = ctx.client.getAccount({ deadline });
    } catch {
      account = null; // the account could not be read: the same slots are tried next pass
    }
  }
  for (const record of mine) {
    if (ctx.clock.now() >= deadline) return;
    let current = record;
    if (account && due.includes(record)) {
      const started = startDueRun(ctx, record, account);
      current = started.record;
      account = started.account;
    }
    if (!current.settled) createWaitingPairs(ctx, withSheet(ctx, current), deadline);
  }
}

function isDue(record: TerritoryRecord, now: number): boolean {
  return record.refresh !== undefined && record.settled && mayStartRun(record.refresh) && Date.parse(record.refresh.nextRunAt) <= now;
}

/** Starts the due run, or skips its slot at no cost when the credits cannot cover every search; returns what credits remain promised. */
function startDueRun(ctx: JobsContext, record: TerritoryRecord, account: Account): { record: TerritoryRecord; account: Account } {
  const schedule = record.refresh;
  if (!schedule) return { record, account };
  const now = ctx.clock.now();
  const every = slotPeriod(schedule);
  const problem = territoryProblem(searchAllowance(account), record.pairs.length, record.maxResults);
  if (problem) {
    const why = `${refreshNotRun(ctx, record, schedule.nextRunAt)}, and cost nothing: ${problem}`;
    const skipped: TerritoryRecord =
      schedule.every === "off" ? { ...record, refresh: undefined, note: why } : { ...record, refresh: { ...answered(schedule), lastError: why, nextRunAt: nextSlotAfter(schedule.nextRunAt, every, now) } };
    ctx.store.save(skipped);
    return { record: skipped, account };
  }
  const run: TerritoryRecord = {
    ...record,
    run: record.run + 1,
    runKey: ctx.newIdempotencyKey(),
    runStartedAt: iso(now),
    pairs: record.pairs.map(() => [null, "w", null]),
    stopped: false,
    settled: false,
    status: "running",
    finishedAt: null,
    refresh: {
      ...answered(schedule),
      lastRunAt: iso(now),
      nextRunAt: iso(now + periodMs(every)),
      lastError: null,
      lastRunAdded: null,
      lastRunUpdated: null,
      lastRunNotFound: null,
      lastRunBusinesses: null,
      lastRunCredits: null,
    },
  };
  ctx.store.save(run); // the run's key before any search of it is created
  // Credits this pass has promised are not there for the next due territory.
  const needed = record.pairs.length * record.maxResults;
  return { record: run, account: { ...account, credits_remaining: account.credits_remaining - needed } };
}
