// This file defines the one slot rule of a search's and a territory's refresh: when a run is due, and
// what a started or skipped slot leaves. A due search run keeps ONE idempotency key per slot, stored
// before any request, so however often its start is retried or killed it charges at most once.
import type { RefreshEvery, RefreshView, RunFigures, ScheduleBase } from "./refresh-schedule";
import { iso } from "../rules/clock";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The schedule once its asked-for run has started (or was skipped): nothing asked any more. */
const answered = <S extends ScheduleBase>({ asked: _asked, ...rest }: S): Omit<S, "asked"> => rest;

/** The period a run's slot is measured by: a run asked for now is tried for a day, like a daily one. */
export const slotPeriod = (schedule: ScheduleBase): RefreshEvery => (schedule.every === "off" ? "day" : schedule.every);

export const periodMs = (every: RefreshEvery): number => (every === "day" ? DAY_MS : 7 * DAY_MS);

/** The first slot after `slot` that is still ahead of `now`: missed slots are not caught up in a loop. */
function nextSlotAfter(slot: string, every: RefreshEvery, now: number): string {
  let next = Date.parse(slot) + periodMs(every);
  while (next <= now) next += periodMs(every);
  return iso(next);
}

/**
 * The one slot rule of searches and territories: a run may start once its slot has come (the job itself done first) and the
 * pass may start it: a schedule that is on, or one run asked for now.
 */
export const isDue = (schedule: ScheduleBase | undefined, settled: boolean, now: number): schedule is ScheduleBase =>
  schedule !== undefined && settled && (schedule.every !== "off" || schedule.asked === true) && Date.parse(schedule.nextRunAt) <= now;

/**
 * The schedule once a due run could not happen: it costs nothing and is tried again at the next
 * slot, not in a loop; a run asked for now with no schedule is not tried again (undefined: the
 * schedule goes, and `why` becomes the job's note).
 */
export function skippedSlot<S extends ScheduleBase>(schedule: S, why: string, now: number): Omit<S, "asked"> | undefined {
  if (schedule.every === "off") return undefined;
  return { ...answered(schedule), lastError: why, nextRunAt: nextSlotAfter(schedule.nextRunAt, slotPeriod(schedule), now) };
}

/** The schedule once its run started at `now`: the next slot a period later. */
export const startedSlot = <S extends ScheduleBase>(schedule: S, now: number): Omit<S, "asked"> => ({
  ...answered(schedule),
  lastRunAt: iso(now),
  nextRunAt: iso(now + periodMs(slotPeriod(schedule))),
  lastError: null,
});

/** `running`: a run of the schedule is under way (started, not merged yet). */
export function refreshView(schedule: ScheduleBase | undefined, running: boolean, figures: RunFigures): RefreshView | null {
  if (!schedule || schedule.every === "off") return null;
  const { every, nextRunAt, lastRunAt, lastError } = schedule;
  return { every, nextRunAt, lastRunAt, lastError, ...figures, running };
}
