// This file defines a refresh schedule (a search's or a territory's) as its job record stores it, and
// the shape the sidebar sees (JobView.refresh); its slot rule, shared by both, is refresh-slots.ts.
import * as z from "zod/mini";
import type { CreateSearchRequest } from "../api/schemas";

export type RefreshEvery = "day" | "week";

// Schemas are built on first use (z.lazy): see api/schemas.ts. A type kept as stored is its schema's output.
/** A search's refresh run under way, as stored. */
const StoredRefreshRun = z.lazy(() =>
  z.object({
    /** The due slot (the schedule's nextRunAt when it fell due): names the run. */
    slot: z.string(),
    /** Made once for the slot and stored before the first request. */
    idempotencyKey: z.string(),
    /** The account was read and could pay for the run; later attempts go straight to creation. */
    creditsChecked: z.boolean(),
    /** The run's search, once the service accepted it. */
    jobId: z.nullable(z.string()),
    startedAt: z.nullable(z.string()),
    /** Credits the service reserved for the run once it accepted it (null before, or not known). */
    credits: z.nullable(z.number()),
  }),
);
export type RefreshRun = z.output<typeof StoredRefreshRun>;

/**
 * What a refresh run did to the sheet once merged, kept on the job whether a schedule ran it or
 * "Refresh it now" did: the line says it the same way for both. As stored, too.
 */
export const StoredRunOutcome = z.lazy(() =>
  z.object({
    /** When the run started. */
    at: z.string(),
    added: z.number(),
    updated: z.number(),
    notFound: z.number(),
    /** Businesses the run found. */
    businesses: z.number(),
    /** Credits the run reserved (null when not known). */
    credits: z.nullable(z.number()),
    /** Of the updated rows, those that kept an earlier value the run returned empty. */
    keptEarlier: z.number(),
  }),
);
export type RunOutcome = z.output<typeof StoredRunOutcome>;

/** What a merge counted of a run's rows. */
export type RunCounts = Pick<RunOutcome, "added" | "updated" | "notFound" | "keptEarlier">;

/** What a run did as its record keeps it (JobRecordBase.lastRun), from its counts, its businesses and what it reserved. */
export function runOutcome(at: string, counts: RunCounts, businesses: number, credits: number | null): RunOutcome {
  const { added, updated, notFound, keptEarlier } = counts;
  return { at, added, updated, notFound, businesses, credits, keptEarlier };
}

/** A schedule of either a search or a territory: when it runs (what its last run did is the job's: JobRecordBase.lastRun). */
const storedScheduleBase = () => ({
  /** "off": the user turned the schedule off while a run was under way; dropped once it is merged. */
  every: z.enum(["day", "week", "off"]),
  /** When the last run (at first: the search itself) started. */
  lastRunAt: z.string(),
  nextRunAt: z.string(),
  lastError: z.nullable(z.string()),
  /**
   * A run asked for now (setRefresh runNow), not started yet: the pass starts it like a due one,
   * and clears this when it does. With `every` "off" the schedule is for that one run: it goes
   * once the run is merged, or cannot run.
   */
  asked: z.optional(z.literal(true)),
});

/** A territory's schedule as stored (its runs' state is its pairs'). */
export const StoredScheduleBase = z.lazy(() => z.object(storedScheduleBase()));
export type ScheduleBase = z.output<typeof StoredScheduleBase>;

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

/** What the view says the last run did (last-run.ts lastRunFigures): each null while it runs or when not known. */
export type RunFigures = Pick<RefreshView, "lastRunAdded" | "lastRunUpdated" | "lastRunNotFound" | "lastRunBusinesses" | "lastRunCredits">;

// ---- as stored --------------------------------------------------------------------------------

/** The search a schedule repeats, as it was created (the service checked its limits then). */
const StoredSearchRequest = z.lazy(() =>
  z.object({
    name: z.optional(z.string()),
    input: z.object({
      query: z.string(),
      location: z.string(),
      countryCode: z.optional(z.string()),
      maxResults: z.optional(z.number()),
      language: z.optional(z.string()),
    }),
    enrich_contacts: z.optional(z.boolean()),
  }),
) satisfies z.ZodMiniType<CreateSearchRequest>;

/** A search's schedule as stored. */
export const StoredRefreshSchedule = z.lazy(() =>
  z.object({ ...storedScheduleBase(), search: StoredSearchRequest, run: z.nullable(StoredRefreshRun) }),
) satisfies z.ZodMiniType<RefreshSchedule>;
