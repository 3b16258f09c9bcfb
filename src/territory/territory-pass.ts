// This file defines a territory's two steps of every pass, ahead of polling: a due refresh run is started (affordable first, its run key
// stored ahead of any search so each is charged once), then each territory of the current key creates its waiting searches as slots allow.
import type { Account } from "../api/schemas";
import { searchAllowance } from "../api/account";
import type { JobsContext } from "../jobs/job-context";
import type { TerritoryRecord } from "../jobs/job-record";
import { isDue, skippedSlot, startedSlot } from "../jobs/refresh-slots";
import { canTry } from "../jobs/ownership";
import { refreshNotRun } from "../jobs/seen-day";
import { territoryProblem } from "../rules/affordability";
import { createWaitingPairs } from "./pair-creation";
import { territories, withSheet } from "./start-territory";
import { lastingNote, passNote } from "../jobs/record-note";
import { documentRoom, noRoomSentence } from "../sheets/document-room";
import { TERRITORY_COLUMNS } from "../sheets/columns";
import { iso } from "../rules/clock";

const mine = (ctx: JobsContext): TerritoryRecord[] =>
  territories(ctx).filter((record) => record.createdBy === ctx.keyDigest && canTry(record, ctx.keyDigest));

/** A territory step failed this time for `problem`: each of the current key's territories in progress says so until a pass gets on. */
export function noteTerritories(ctx: JobsContext, problem: string): void {
  for (const record of mine(ctx)) if (!record.settled) ctx.store.trySave({ ...record, note: passNote("start", problem) });
}

/** A step of the pass (src/passes/pass-steps.ts): the current key's territories whose refresh fell due start their run. */
export function startDueTerritoryRuns(ctx: JobsContext, deadline: number): void {
  const due = mine(ctx).filter((record) => isDue(record.refresh, record.settled, ctx.clock.now()));
  if (due.length === 0) return;
  let account: Account;
  try {
    account = ctx.client.getAccount({ deadline });
  } catch {
    return; // the account could not be read: the same slots are tried next pass
  }
  for (const record of due) {
    if (ctx.clock.now() >= deadline) return;
    account = startDueRun(ctx, record, account);
  }
}

/** A step of the pass: each of the current key's territories creates its searches still waiting, as job slots free. */
export function createWaitingSearches(ctx: JobsContext, deadline: number): void {
  for (const record of mine(ctx)) {
    if (ctx.clock.now() >= deadline) return;
    if (!record.settled) createWaitingPairs(ctx, withSheet(ctx, record), deadline);
  }
}

/** Starts the due run, or skips its slot at no cost when the credits cannot cover every search; returns what credits remain promised. */
function startDueRun(ctx: JobsContext, record: TerritoryRecord, account: Account): Account {
  const schedule = record.refresh;
  if (!schedule) return account;
  const now = ctx.clock.now();
  // The run's searches paid for, and room for the rows they may add under Google's cell limit.
  const needed = record.pairs.length * record.maxResults;
  const cells = needed * TERRITORY_COLUMNS.length;
  const room = documentRoom(ctx.spreadsheet);
  const problem =
    territoryProblem(searchAllowance(account), record.pairs.length, record.maxResults) ??
    (cells > room.left ? noRoomSentence(room, cells, "its run") : null);
  if (problem) {
    const why = `${refreshNotRun(ctx, record, schedule.nextRunAt)}, and cost nothing: ${problem}`;
    const refresh = skippedSlot(schedule, why, now);
    ctx.store.save(refresh ? { ...record, refresh } : { ...record, refresh: undefined, note: lastingNote(why) });
    return account;
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
    refresh: startedSlot(schedule, now),
  };
  ctx.store.save(run); // the run's key before any search of it is created
  // Credits this pass has promised are not there for the next due territory.
  return { ...account, credits_remaining: account.credits_remaining - needed };
}
