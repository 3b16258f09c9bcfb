// This file defines the job store's records: JobRecord (a SearchRecord, an EnrichmentRecord or a TerritoryRecord, sharing JobRecordBase),
// one per job; StartRecord, one per logical job creation; and how both are stored: their keys' prefixes, the base every kind's stored
// schema extends (each kind's own is in its folder), and the start record's.
import * as z from "zod/mini";
import { currentShape, type StoredShape } from "../storage/stored-json";
import type { EnrichTarget } from "./enrich-target";
import { StoredRunOutcome, type RefreshSchedule, type RunOutcome, type ScheduleBase } from "./refresh-schedule";
import type { RecordNote } from "./record-note";
import type { JobKind } from "../rules/job-kinds";
import type { Searched } from "../rules/searched";

/** A record's kind: a job of the service (a search, an enrichment), or a territory (many searches as one). */
export type RecordKind = JobKind | "territory";

/** What a job's record holds whatever its kind. */
interface JobRecordBase {
  id: string;
  kind: RecordKind;
  name: string;
  sheetId: number | null;
  sheetName: string | null;
  status: string;
  leadCount: number | null;
  enrichedCount: number | null;
  creditsCharged: number | null;
  rowsWritten: number;
  /**
   * Nothing is left to do for this job: after it ended, its results were re-read to the last page
   * and written; or the service no longer knows it for the current key.
   */
  settled: boolean;
  error: string | null;
  /** Something the user should know that is not the service's error (e.g. the sheet was deleted). */
  note: RecordNote | null;
  createdAt: string;
  finishedAt: string | null;
  /** The start record that created this job, cleared once the job is done. */
  startKey: string | null;
  /**
   * The idempotency key that created the job, kept while it runs instead of a start record of its
   * own: a repeat of the same start sends it again, so the service answers with this job.
   */
  idempotencyKey?: string;
  /** Opened with importJob: its results go into a results sheet of its own (enrichments too). */
  ownSheet?: boolean;
  /** Digest of the key that created the job (never the key itself): see ownership.ts. */
  createdBy?: string;
  /** Digests of keys that read the job: keys of the creator's account. */
  seenBy?: string[];
  /** Digests of keys the service answered 404: another account's keys, which leave the job alone. */
  hiddenFrom?: string[];
  /** The spreadsheet's time zone when the job started: its rows' `First seen` and `Last seen` dates are in it (seen-day.ts). */
  timeZone: string;
  /** A search's or a territory's latest refresh run, once merged: what it did (scheduled, or asked for now). */
  lastRun?: RunOutcome;
}

/** A search's record. */
export interface SearchRecord extends JobRecordBase {
  kind: "search";
  /** Its refresh schedule (setRefresh), with the run under way if any. */
  refresh?: RefreshSchedule;
  /** Its input without its name (start-search.ts searchInputKey): an identical start finds it while it runs. */
  searchKey?: string;
  /** Its maxResults: what one re-run of it reserves (JobView.runCredits). */
  maxResults?: number;
  /** What it searched (its query and location label): its line says it under any name; its refresh runs are found by it. */
  searched?: Searched;
}

/** An enrichment's record. */
export interface EnrichmentRecord extends JobRecordBase {
  kind: "enrichment";
  /** An enrichment of rows of this document: where the rows are (sheetId is their sheet). */
  enrichment?: EnrichTarget;
  /** The enrichment run (one click of Enrich) whose rows it carries: the sidebar shows a run as one line. */
  runId?: string;
}

/** One search of a territory: its service job once created, and where it stands; `credits` what its creation reserved. */
export type TerritoryPair = [jobId: string | null, state: PairState, credits: number | null];

/**
 * Where a search of a territory stands: `w` waiting to be created, `r` created and not merged yet,
 * `d` completed and merged into the sheet, `f` failed (or refused for good), `s` stopped before it
 * started.
 */
export type PairState = "w" | "r" | "d" | "f" | "s";

/** A place of a territory, as the catalog labels it. */
export interface TerritoryPlace {
  label: string;
  countryCode?: string;
}

/**
 * A territory: many searches (queries × places) as one, one record whose size grows with its
 * searches and never with its businesses (src/territory). Its id is the add-on's, not a service
 * job's; its searches' jobs are in `pairs`, queries outer and places inner.
 */
export interface TerritoryRecord extends JobRecordBase {
  kind: "territory";
  queries: string[];
  places: TerritoryPlace[];
  maxResults: number;
  language: string;
  enrichContacts: boolean;
  pairs: TerritoryPair[];
  /** Stopped with stopSearch: its waiting searches are never started. */
  stopped: boolean;
  /** The current run: 0 the first, n the n-th refresh. */
  run: number;
  /** Made and stored before the run's first creation: search i of this run is created with key `${runKey}:${i}`. */
  runKey: string;
  /** When the current run started: the day its rows are dated by. */
  runStartedAt: string;
  /** Businesses of the sheet more than one search found. */
  foundByMore: number;
  /** Its input (queries, places, maxResults, language, contacts): an identical start finds it. */
  territoryKey: string;
  /** The service said its job slots were all taken: no search is tried again before this (an open sidebar polls every few seconds). */
  slotsFullUntil?: string;
  refresh?: ScheduleBase;
}

export type JobRecord = SearchRecord | EnrichmentRecord | TerritoryRecord;

/** A search with a refresh schedule: its record is never pruned, since the schedule lives in it. */
export type ScheduledSearch = SearchRecord & { refresh: RefreshSchedule };

/**
 * The record's own part of its kind: a search's (its schedule, its identity), an enrichment's (the
 * rows it writes, its run), a territory's (its searches); null for a record of another kind. The
 * places a record's kind is tested; everything else asks for the part it needs, or looks the kind
 * up (job-kinds.ts).
 */
export const searchOf = (record: JobRecord): SearchRecord | null => (record.kind === "search" ? record : null);
export const enrichmentOf = (record: JobRecord): EnrichmentRecord | null => (record.kind === "enrichment" ? record : null);
export const territoryOf = (record: JobRecord): TerritoryRecord | null => (record.kind === "territory" ? record : null);

/** The searches among `records`. */
export const searchesOf = (records: readonly JobRecord[]): SearchRecord[] => records.flatMap((record) => searchOf(record) ?? []);

export const isScheduled = (record: JobRecord): record is ScheduledSearch => searchOf(record)?.refresh !== undefined;

/** A search or a territory with a refresh schedule: never pruned, and its key keeps the background trigger. */
export const hasSchedule = (record: JobRecord): boolean => isScheduled(record) || territoryOf(record)?.refresh !== undefined;

type NewJobFields<R extends JobRecord> = R extends JobRecord
  ? Pick<R, "id" | "kind" | "name" | "sheetId" | "sheetName" | "status" | "createdAt" | "timeZone"> & Partial<R>
  : never;

/** What a record holds before anything happened to it: nothing written, nothing settled yet. */
export const NEW_RECORD = {
  leadCount: null,
  enrichedCount: null,
  creditsCharged: null,
  rowsWritten: 0,
  settled: false,
  error: null,
  note: null,
  finishedAt: null,
  startKey: null,
};

/** A job just created by the service (or just found there): nothing written, nothing settled yet. */
export const newJobRecord = (fields: NewJobFields<SearchRecord | EnrichmentRecord>): JobRecord => ({ ...NEW_RECORD, ...fields });

export const isJobDone = (record: JobRecord): boolean => record.settled;

/** A start record whose job never got created is forgotten after this. */
const START_RECORD_TTL_MS = 24 * 60 * 60 * 1000;

/** A start record older than START_RECORD_TTL_MS: one whose job never got created is forgotten. */
export const isStartExpired = (start: StartRecord, now: number): boolean => now - Date.parse(start.createdAt) > START_RECORD_TTL_MS;

// ---- as stored --------------------------------------------------------------------------------

// Built on first use, as every schema here (z.lazy; api/schemas.ts says why): a builder makes each schema its own parts.
const nullableText = () => z.nullable(z.string());
const nullableCount = () => z.nullable(z.number());

/** What a record of any kind holds as stored (each kind's schema adds its own): today's shape, version 1 (job-record-versions.ts). */
export const storedRecordBase = () => ({
  id: z.string(),
  name: z.string(),
  sheetId: nullableCount(),
  sheetName: nullableText(),
  status: z.string(),
  leadCount: nullableCount(),
  enrichedCount: nullableCount(),
  creditsCharged: nullableCount(),
  rowsWritten: z.number(),
  settled: z.boolean(),
  error: nullableText(),
  note: z.nullable(
    z.union([
      z.object({ kind: z.enum(["passFailed"]), step: z.enum(["status", "results", "write", "start", "update"]), message: z.string() }),
      z.object({ kind: z.enum(["lasting"]), text: z.string() }),
    ]),
  ),
  createdAt: z.string(),
  finishedAt: nullableText(),
  startKey: nullableText(),
  idempotencyKey: z.optional(z.string()),
  ownSheet: z.optional(z.boolean()),
  createdBy: z.optional(z.string()),
  seenBy: z.optional(z.array(z.string())),
  hiddenFrom: z.optional(z.array(z.string())),
  timeZone: z.string(),
  lastRun: z.optional(StoredRunOutcome),
});

/**
 * Each kind's stored schema, written in the kind's own folder (search/search-record.ts, enrich/run/enrichment-record.ts,
 * territory/territory-record.ts) and gathered above them (app/record-kinds.ts): the job store reads every record through them.
 */
export type StoredKinds = { readonly [K in RecordKind]: z.ZodMiniType<Extract<JobRecord, { kind: K }>> };

/** A logical job creation: its idempotency key is stored BEFORE the request is sent. */
const StoredStartRecord = z.lazy(() =>
  z.object({
    idempotencyKey: z.string(),
    createdAt: z.string(),
    jobId: nullableText(),
    /** The results sheet's name, chosen (and stored) before the sheet is inserted. */
    sheetName: nullableText(),
    sheetId: nullableCount(),
  }),
);
export type StartRecord = z.output<typeof StoredStartRecord>;

export const START_RECORD_SHAPE: StoredShape<StartRecord> = { ...currentShape(StoredStartRecord), versioned: true };
