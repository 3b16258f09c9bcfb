// This file defines starting a search from the sheet: checked arguments, a search the account cannot afford refused in words, room in
// the job store checked, and the idempotency key stored ahead of the creation request so a repeated start is charged once.
// A start identical to a running search (or, with `askIfRecent`, to one of the last day) sends nothing and returns that search.
import { searchAllowance } from "../api/account";
import { isLeadsApiError, type LeadsApiError } from "../api/errors";
import { affordabilityProblem as allowanceProblem } from "../rules/affordability";
import { DEFAULT_MAX_RESULTS, RECENT_SEARCH_MS, REQUEST_LIMITS } from "../rules/request-limits";
import type { Account, CreateSearchRequest, CreateSearchResponse } from "../api/schemas";
import { isTerminalStatus } from "../rules/job-status";
import { InvalidInputError } from "../errors/user-error";
import type { JobsContext } from "../jobs/job-context";
import { newJobRecord, searchesOf, type JobRecord, type SearchRecord } from "../jobs/job-record";
import { searchInputKey } from "./search-identity";
import type { Started } from "../territory/start-territory";
import { fingerprint } from "../jobs/job-store";
import { namedResultSheet, uniqueSheetName } from "../sheets/result-sheet";
import { checkRoom, documentRoom, resultSheetCells } from "../sheets/document-room";
import { BUSINESS_COLUMNS } from "../sheets/columns";
import { iso } from "../rules/clock";

/** A search's arguments once checked (search/search-args.ts): defaults filled in, text trimmed. */
export interface SearchArgs {
  query: string;
  location: string;
  countryCode?: string | undefined;
  maxResults: number;
  language: string;
  enrichContacts: boolean;
  name?: string | undefined;
  /** Return an identical search of the last day (RECENT_SEARCH_MS) instead of starting: the sidebar asks first. */
  askIfRecent?: true | undefined;
}

/** The account's limit for this search, as a message when it cannot be met (the sidebar says the same: src/rules/affordability.ts). */
export function affordabilityProblem(account: Account, maxResults: number): string | null {
  return allowanceProblem(searchAllowance(account), maxResults);
}

/** The service's 422 for a label it does not know, in the sidebar's words. */
function locationRefusal(error: LeadsApiError, label: string): InvalidInputError | null {
  if (error.status !== 422 || !/location/i.test(error.detail ?? "")) return null;
  return new InvalidInputError(
    `Pick a location from the list: the service does not know "${label.slice(0, 120)}" as a location. ` +
      "Type the start of a city name and choose one of the suggestions.",
  );
}

/** When a search last did something: started, finished, or a refresh run started. */
function lastActivity(record: SearchRecord): number {
  const times = [record.createdAt, record.finishedAt, record.refresh?.lastRunAt].map((at) => (at ? Date.parse(at) : NaN));
  return Math.max(...times.filter((at) => !Number.isNaN(at)));
}

/** The newest search this document tracks with this input whose last activity is within RECENT_SEARCH_MS. */
function recentSameSearch(ctx: JobsContext, searchKey: string): SearchRecord | null {
  const since = ctx.clock.now() - RECENT_SEARCH_MS;
  const same = searchesOf(ctx.store.all()).filter((r) => r.searchKey === searchKey && lastActivity(r) >= since);
  return same.sort((a, b) => lastActivity(b) - lastActivity(a))[0] ?? null;
}

export function startSearch(ctx: JobsContext, args: SearchArgs, deadline: number): Started<JobRecord> {
  const name = args.name ?? `${args.query} in ${args.location}`.slice(0, REQUEST_LIMITS.nameMax);
  const body: CreateSearchRequest = {
    name,
    input: {
      query: args.query,
      location: args.location,
      ...(args.countryCode === undefined ? {} : { countryCode: args.countryCode }),
      maxResults: args.maxResults,
      language: args.language,
    },
    enrich_contacts: args.enrichContacts,
  };
  // The same search (whatever its name) still running here: no request, no charge.
  const searchKey = searchInputKey(body);
  const running = searchesOf(ctx.store.all()).find((r) => r.searchKey === searchKey && !r.settled && !isTerminalStatus(r.status));
  if (running) return { record: running, alreadyRunning: true, sameAsRecent: false };
  const recent = args.askIfRecent ? recentSameSearch(ctx, searchKey) : null;
  if (recent) return { record: recent, alreadyRunning: false, sameAsRecent: true };

  ctx.editors.register(ctx.editorId, ctx.keyDigest, ctx.clock.now());
  const problem = affordabilityProblem(ctx.client.getAccount({ deadline }), args.maxResults);
  if (problem) throw new InvalidInputError(problem);
  try {
    return { record: createJob(ctx, body, deadline), alreadyRunning: false, sameAsRecent: false };
  } catch (error) {
    throw (isLeadsApiError(error) && locationRefusal(error, args.location)) || error;
  }
}

function createJob(ctx: JobsContext, body: CreateSearchRequest, deadline: number): JobRecord {
  const startKey = fingerprint("search:" + JSON.stringify(body));
  const now = ctx.clock.now();
  const maxResults = body.input.maxResults ?? DEFAULT_MAX_RESULTS;
  let start = ctx.store.getStart(startKey, now);
  if (!start) {
    // Before anything is sent: a document too full for the job's sheet (Google's 10,000,000 cells), or a store
    // too full for the job's records, would leave a charged job with nowhere to go.
    checkRoom(documentRoom(ctx.spreadsheet), resultSheetCells(1, maxResults), "this search");
    ctx.store.makeRoomForNewJob(body.name ?? "");
    start = {
      idempotencyKey: ctx.newIdempotencyKey(),
      createdAt: iso(now),
      jobId: null,
      sheetName: null,
      sheetId: null,
    };
    ctx.store.saveStart(startKey, start); // before the request: a lost response is retried with this key
  }
  let created: CreateSearchResponse;
  try {
    created = ctx.client.createSearch(body, { idempotencyKey: start.idempotencyKey, deadline });
  } catch (error) {
    // A final refusal (402, 403, 409, 422…) creates no job: its key must not linger. A failure
    // that may have reached the service (lost response, 5xx, 429) keeps it, so a second click
    // reuses the key and the service returns the same job, charged once.
    if (isLeadsApiError(error) && isFinalRefusal(error)) ctx.store.deleteStart(startKey);
    throw error;
  }

  const known = ctx.store.get(created.job_id);
  if (known) {
    keepPolling(ctx);
    return known;
  }
  // The name is stored before the sheet is inserted: a start killed in between finds its
  // half-made sheet by that name next time instead of leaving it behind and making another.
  if (start.sheetName === null) {
    start = { ...start, jobId: created.job_id, sheetName: uniqueSheetName(ctx.spreadsheet, body.name ?? "Business Leads") };
    ctx.store.saveStart(startKey, start);
  }
  // Its grid is the header and its most results, by its columns: no more than it will hold.
  const sheet = namedResultSheet(ctx.spreadsheet, start.sheetName ?? "", start.sheetId, BUSINESS_COLUMNS, maxResults + 1);
  if (start.sheetId !== sheet.getSheetId()) {
    start = { ...start, jobId: created.job_id, sheetId: sheet.getSheetId() };
    ctx.store.saveStart(startKey, start);
  }
  const record = newJobRecord({
    id: created.job_id,
    kind: "search",
    name: body.name ?? "",
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    status: created.status,
    creditsCharged: created.credits_reserved,
    createdAt: iso(now),
    startKey,
    idempotencyKey: start.idempotencyKey,
    createdBy: ctx.keyDigest,
    seenBy: [ctx.keyDigest],
    searchKey: searchInputKey(body),
    maxResults,
    searched: { query: body.input.query, place: body.input.location },
    timeZone: ctx.spreadsheet.getSpreadsheetTimeZone(),
  });
  ctx.store.save(record);
  // From now on the job record holds the key that dedupes a second click (getStart finds it there).
  ctx.store.deleteStart(startKey);
  keepPolling(ctx);
  return record;
}

/** The service answered and refused: no job exists (a 2xx of odd shape may well have made one). */
function isFinalRefusal(error: LeadsApiError): boolean {
  return error.status !== null && error.status >= 400 && error.status < 500 && !error.retryable;
}

/**
 * Best effort: the job exists and is charged, so a trigger that cannot be made (trigger limit,
 * authorization) must not turn it into an error; the open sidebar and the next refresh poll it.
 */
export function keepPolling(ctx: JobsContext): void {
  try {
    ctx.ensurePollTrigger();
  } catch {
    // Deliberately quiet: see above.
  }
}
