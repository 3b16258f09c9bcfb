// This file defines a search's refresh schedule as it is stored in the search's job record, and
// the pure rules around it: how far apart runs are, when the next one falls due, and what the
// sidebar sees (JobView.refresh). A run asked for now (setRefresh runNow) is marked `asked`. A due run keeps ONE idempotency key per due slot, persisted
// before any request, so however often its start is retried or killed it charges at most once.
// A schedule is stored inside its search's record: StoredRefreshSchedule reads every shape it was
// ever stored in, and upgradeRefreshSchedule turns an older one into today's.
import * as z from "zod/mini";
import type { CreateSearchRequest } from "../api/schemas";

export type RefreshEvery = "day" | "week";

export interface RefreshRun {
  /** The due slot (the schedule's nextRunAt when it fell due): names the run. */
  slot: string;
  /** Made once for the slot and stored before the first request. */
  idempotencyKey: string;
  /** The account was read and could pay for the run; later attempts go straight to creation. */
  creditsChecked: boolean;
  /** The run's search, once the service accepted it. */
  jobId: string | null;
  startedAt: string | null;
  /** When the run before it started (the sheet's rows it found were last seen that day); absent in records stored earlier. */
  previousRunAt?: string | null | undefined;
}

/**
 * What a refresh run did to the sheet once merged, kept on the job whether a schedule ran it or
 * "Refresh it now" did: the line says it the same way for both.
 */
export interface RunOutcome {
  /** When the run started. */
  at: string;
  added: number;
  updated: number;
  notFound: number;
  /** Businesses the run found. */
  businesses: number;
  /** Credits the run reserved (null when not known). */
  credits: number | null;
  /** Of the updated rows, those that kept an earlier value the run returned empty. */
  keptEarlier: number;
}

// Schemas are built on first use (z.lazy): see api/schemas.ts.
/** A run's outcome as stored. */
export const StoredRunOutcome = z.lazy(() => z.object({
  at: z.string(),
  added: z.number(),
  updated: z.number(),
  notFound: z.number(),
  businesses: z.number(),
  credits: z.nullable(z.number()),
  keptEarlier: z.number(),
})) satisfies z.ZodMiniType<RunOutcome>;

/** A schedule of either a search or a territory: when it runs, and what its last run did. */
export interface ScheduleBase {
  /** "off": the user turned the schedule off while a run was under way; dropped once it is merged. */
  every: RefreshEvery | "off";
  /** When the last run (at first: the search itself) started. */
  lastRunAt: string;
  /** Businesses the last run added to the sheet (null while it runs, or not known). */
  lastRunAdded: number | null;
  /** Businesses of the last run already in the sheet, whose rows took its values (null: not known). */
  lastRunUpdated: number | null;
  /** Businesses of the sheet the last run did not return: kept, marked "No longer found" (null: not known). */
  lastRunNotFound: number | null;
  /** Businesses the last run found (null: not known). */
  lastRunBusinesses: number | null;
  /** Credits the last run was charged (null when not known: a failed run's refund is the service's rule). */
  lastRunCredits: number | null;
  nextRunAt: string;
  lastError: string | null;
  /**
   * A run asked for now (setRefresh runNow), not started yet: the pass starts it like a due one,
   * and clears this when it does. With `every` "off" the schedule is for that one run: it goes
   * once the run is merged, or cannot run.
   */
  asked?: true;
}

/** A search's schedule: the search to run again, and the run under way. */
export interface RefreshSchedule extends ScheduleBase {
  /** The search to run again, as the service says it was created. */
  search: CreateSearchRequest;
  run: RefreshRun | null;
}

export interface RefreshView {
  every: RefreshEvery;
  nextRunAt: string;
  lastRunAt: string;
  lastError: string | null;
  /** Businesses the last run added to the sheet; null while it runs or when not known. */
  lastRunAdded: number | null;
  /** Businesses of the last run already in the sheet (their rows updated); null when not known. */
  lastRunUpdated: number | null;
  /** Businesses of the sheet the last run no longer found; null when not known. */
  lastRunNotFound: number | null;
  /** Businesses the last run found; null when not known. */
  lastRunBusinesses: number | null;
  /** A run is under way: started, not merged yet. */
  running: boolean;
  /** Credits the last run was charged; null when not known. */
  lastRunCredits: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the pass may start: a schedule that is on, or one run asked for now. */
export function mayStartRun(schedule: ScheduleBase): boolean {
  return schedule.every !== "off" || schedule.asked === true;
}

/** The schedule once its asked-for run has started (or was skipped): nothing asked any more. */
export function answered<S extends ScheduleBase>(schedule: S): Omit<S, "asked"> {
  const { asked: _asked, ...rest } = schedule;
  return rest;
}

/** The period a run's slot is measured by: a run asked for now is tried for a day, like a daily one. */
export function slotPeriod(schedule: ScheduleBase): RefreshEvery {
  return schedule.every === "off" ? "day" : schedule.every;
}

export function periodMs(every: RefreshEvery): number {
  return every === "day" ? DAY_MS : 7 * DAY_MS;
}

export const iso = (ms: number): string => new Date(ms).toISOString();

/** The first slot after `slot` that is still ahead of `now`: missed slots are not caught up in a loop. */
export function nextSlotAfter(slot: string, every: RefreshEvery, now: number): string {
  let next = Date.parse(slot) + periodMs(every);
  while (next <= now) next += periodMs(every);
  return iso(next);
}

/** `running`: a run of the schedule is under way (started, not merged yet). */
export function refreshView(schedule: ScheduleBase | undefined, running: boolean): RefreshView | null {
  if (!schedule || schedule.every === "off") return null;
  return {
    every: schedule.every,
    nextRunAt: schedule.nextRunAt,
    lastRunAt: schedule.lastRunAt,
    lastError: schedule.lastError,
    lastRunAdded: schedule.lastRunAdded,
    lastRunUpdated: schedule.lastRunUpdated,
    lastRunNotFound: schedule.lastRunNotFound,
    lastRunBusinesses: schedule.lastRunBusinesses,
    running,
    lastRunCredits: schedule.lastRunCredits,
  };
}

// ---- as stored --------------------------------------------------------------------------------

const optionalCount = z.optional(z.nullable(z.number()));

/** The search a schedule repeats, as it was created (the service checked its limits then). */
const StoredSearchRequest = z.lazy(() => z.object({
  name: z.optional(z.string()),
  input: z.object({
    query: z.string(),
    location: z.string(),
    countryCode: z.optional(z.string()),
    maxResults: z.optional(z.number()),
    language: z.optional(z.string()),
  }),
  enrich_contacts: z.optional(z.boolean()),
}));

const StoredRefreshRun = z.lazy(() => z.object({
  slot: z.string(),
  idempotencyKey: z.string(),
  creditsChecked: z.boolean(),
  jobId: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  previousRunAt: z.optional(z.nullable(z.string())),
}));

/** What a schedule of either kind holds as stored: the last run's counts came later (absent: not known). */
const storedScheduleBase = {
  every: z.enum(["day", "week", "off"]),
  lastRunAt: z.string(),
  lastRunAdded: optionalCount,
  lastRunUpdated: optionalCount,
  lastRunNotFound: optionalCount,
  lastRunBusinesses: optionalCount,
  lastRunCredits: optionalCount,
  nextRunAt: z.string(),
  lastError: z.optional(z.nullable(z.string())),
  asked: z.optional(z.literal(true)),
};

/** Today's fields of a stored schedule: what an earlier version did not record is not known (null). */
function upgradeScheduleBase(stored: z.output<z.ZodMiniObject<typeof storedScheduleBase>>): ScheduleBase {
  const { asked, ...rest } = stored;
  return {
    ...rest,
    lastRunAdded: stored.lastRunAdded ?? null,
    lastRunUpdated: stored.lastRunUpdated ?? null,
    lastRunNotFound: stored.lastRunNotFound ?? null,
    lastRunBusinesses: stored.lastRunBusinesses ?? null,
    lastRunCredits: stored.lastRunCredits ?? null,
    lastError: stored.lastError ?? null,
    ...(asked ? { asked } : {}),
  };
}

/** A search's schedule as any version stored it, upgraded. */
export const StoredRefreshSchedule = z.lazy(() => z.pipe(
  z.object({ ...storedScheduleBase, search: StoredSearchRequest, run: z.optional(z.nullable(StoredRefreshRun)) }),
  z.transform((stored): RefreshSchedule => ({ ...upgradeScheduleBase(stored), search: stored.search, run: stored.run ?? null })),
));

/** A territory's schedule as stored (its runs' state is its pairs'). */
export const StoredScheduleBase = z.lazy(() => z.pipe(z.object(storedScheduleBase), z.transform(upgradeScheduleBase)));
