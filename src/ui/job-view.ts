// This file defines JobView, the plain JSON shape the sidebar receives for a job (docs/add-on-surface.md, "The shapes the sidebar reads").
import { DEFAULT_MAX_RESULTS } from "../rules/request-limits";
import { isActiveStatus } from "../rules/job-status";
import { partsOf } from "../jobs/kind-parts";
import { searchOf, territoryOf, type JobRecord } from "../jobs/job-record";
import type { Searched } from "../rules/searched";
import { pairCounts, pairsCredits, territoryStatus, type PairCounts } from "../territory/territory-counts";
import { placesText } from "../territory/territory-plan";
import type { JobKind } from "../rules/job-kinds";
import type { RefreshView, RunFigures, RunOutcome, ScheduleBase } from "../jobs/refresh-schedule";
import { refreshView } from "../jobs/refresh-slots";
import { lastRunFigures } from "../jobs/last-run";
import { isMine } from "../jobs/ownership";
import { noteWords } from "../jobs/record-note";

export interface JobView {
  jobId: string;
  kind: JobKind;
  name: string;
  status: string;
  leadCount: number | null;
  enrichedCount: number | null;
  creditsCharged: number | null;
  sheetName: string | null;
  rowsWritten: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** A search's refresh schedule, or null. */
  refresh: RefreshView | null;
  /** Whether the current user's key created the job or can see it (false: started by another account's key). */
  mine: boolean;
  /**
   * A search: the most credits one re-run of it may charge (a paid plan reserves maxResults for
   * a search, contact enrichment included; spec "Credit and rejection rules"); null for an
   * enrichment, or when not known.
   */
  runCredits: number | null;
  /** A search: a refresh run is asked for or under way (its businesses are merged into the sheet when it completes). */
  refreshing: boolean;
  /** startSearch only: true when an identical search this document tracks was still running and is returned instead. */
  alreadyRunning?: boolean;
  /** startSearch with `askIfRecent` only: true when an identical search of the last day is returned instead, nothing started. */
  sameAsRecent?: boolean;
  /** An enrichment of rows: the run (one click of Enrich) it is part of, which the sidebar shows as one line; else null. */
  run?: RunView | null;
  /** A territory (many searches as one): where its searches stand (docs/add-on-surface.md); null for any other job. */
  territory?: TerritoryView | null;
  /** A territory's: businesses of its sheet that more than one of its searches found; null for any other job. */
  foundByMore?: number | null;
  /**
   * What a search searched ("dentists · Fort Worth, Texas, US"; a territory's queries
   * and places), said under any name; null when not known, and for an enrichment.
   */
  searched?: Searched | null;
  /** What the latest refresh run did once merged, scheduled or asked for now; null before any. */
  lastRun?: RunOutcome | null;
  /** The spreadsheet's time zone: the dates a person reads (First seen, a run's time) are in it. */
  timeZone?: string | null;
}

/** Where a territory's searches stand, counts of searches; `stopped`: stopSearch was called (none waits any more). */
export interface TerritoryView extends PairCounts {
  stopped: boolean;
}

/** An enrichment run as a whole: "12,600 of 20,000 rows sent · 5 jobs running · 7,400 waiting". */
export interface RunView {
  runId: string;
  sheetName: string;
  /** Rows the run was asked to send; those sent; those still waiting in the sheet. */
  rows: number;
  rowsSent: number;
  rowsWaiting: number;
  /** Businesses among the waiting rows (a duplicate row is one of its business's rows): what they will be charged. */
  businessesWaiting: number;
  /** Its jobs so far, and those not finished and written yet. */
  jobs: number;
  jobsRunning: number;
  /** Stopped with stopEnrichment: its waiting rows were not sent. */
  stopped: boolean;
  /**
   * The current editor's passes send its waiting rows (their key pays); false:
   * another editor's do, and continueEnrichment makes them the current editor's.
   */
  sentByMe: boolean;
}

function runCredits(record: JobRecord): number | null {
  // A territory's re-run runs every search again.
  const territory = territoryOf(record);
  if (territory) return territory.pairs.length * territory.maxResults;
  const search = searchOf(record);
  if (!search) return null;
  // The service's default maxResults (100) where the schedule's search leaves it out.
  if (search.refresh) return search.refresh.search.input.maxResults ?? DEFAULT_MAX_RESULTS;
  // A search whose input the service did not say (imported without it): what it was charged.
  return search.maxResults ?? search.creditsCharged ?? null;
}

/** What the schedule's view says the last run did, from the job's one stored outcome (last-run.ts). */
function figuresOf(record: JobRecord, schedule: ScheduleBase | undefined, running: boolean): RunFigures {
  if (!schedule) return { lastRunAdded: null, lastRunUpdated: null, lastRunNotFound: null, lastRunBusinesses: null, lastRunCredits: null };
  const territory = territoryOf(record);
  // A territory's first run started with its current run, and what it added are its businesses.
  const first = {
    startedAt: territory ? territory.runStartedAt : record.createdAt,
    added: territory ? record.leadCount : record.rowsWritten,
    businesses: record.leadCount,
    credits: record.creditsCharged,
    settled: record.settled,
  };
  const credits = territory ? pairsCredits(territory) : (searchOf(record)?.refresh?.run?.credits ?? null);
  return lastRunFigures(schedule, record.lastRun, { running, credits }, first);
}

/** `keyDigest`: the current user's key digest, or null when they have saved no key. */
export function toJobView(record: JobRecord, keyDigest: string | null): JobView {
  const territory = territoryOf(record);
  const search = searchOf(record)?.refresh;
  const schedule = search ?? territory?.refresh;
  // A territory's refresh run is under way from its start until its last search is merged.
  const running = search
    ? Boolean(search.run?.jobId)
    : territory !== null && territory.run > 0 && isActiveStatus(territoryStatus(territory));
  return {
    jobId: record.id,
    kind: partsOf(record).viewKind,
    name: record.name,
    status: record.status,
    leadCount: record.leadCount,
    enrichedCount: record.enrichedCount,
    creditsCharged: record.creditsCharged,
    sheetName: record.sheetName,
    rowsWritten: record.rowsWritten,
    error: record.error ?? noteWords(record.note),
    createdAt: record.createdAt,
    finishedAt: record.finishedAt,
    refresh: refreshView(schedule, running, figuresOf(record, schedule, running)),
    mine: isMine(record, keyDigest),
    runCredits: runCredits(record),
    refreshing: schedule !== undefined && ((search ? search.run !== null : running) || schedule.asked === true),
    territory: territory ? { ...pairCounts(territory), stopped: territory.stopped } : null,
    foundByMore: territory ? territory.foundByMore : null,
    lastRun: record.lastRun ?? null,
    timeZone: record.timeZone,
    searched: territory
      ? { query: territory.queries.join(", "), place: placesText(territory.places) }
      : (searchOf(record)?.searched ?? null),
  };
}
