// This file defines starting a search from the sheet. Input is checked before any request; the
// account and the location catalog are then read in one round trip, so a search the account
// cannot afford or a location outside the catalog is refused with a message saying what is
// allowed. The idempotency key is stored BEFORE the creation request: a start that lost its
// response, or was killed, and is repeated with the same arguments reuses the key, so the service
// returns the same job and charges once; the sheet and the job record are made idempotently too.
import { maxAffordableResults } from "../api/account";
import { isLeadsApiError, type LeadsApiError } from "../api/errors";
import type { Account, CreateSearchRequest, CreateSearchResponse, Location } from "../api/schemas";
import type { JobsContext } from "./context";
import { fingerprint, type JobRecord } from "./job-store";
import { createResultSheet, findSheetById, prepareResultSheet, uniqueSheetName } from "./result-sheet";

export interface StartSearchArgs {
  query: string;
  location: string;
  countryCode?: string;
  maxResults?: number;
  language?: string;
  enrichContacts?: boolean;
  name?: string;
}

export const MIN_RESULTS = 100;
export const MAX_RESULTS = 700;
const MAX_QUERY = 300;
const MAX_NAME = 200;

export class InvalidInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidInputError";
  }
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new InvalidInputError(`${field} must be text.`);
  return value.trim() || undefined;
}

/** Checks and normalises the sidebar's arguments without any request. */
export function normaliseSearchArgs(raw: unknown): Required<Omit<StartSearchArgs, "countryCode" | "name">> & Pick<StartSearchArgs, "countryCode" | "name"> {
  if (typeof raw !== "object" || raw === null) throw new InvalidInputError("Enter what to search for and where.");
  const args = raw as Record<string, unknown>;
  const query = optionalString(args.query, "The search phrase");
  if (!query) throw new InvalidInputError("Enter what to search for, e.g. \"dentists\".");
  if (query.length > MAX_QUERY) throw new InvalidInputError(`The search phrase is ${query.length} characters; at most ${MAX_QUERY} are allowed.`);
  const location = optionalString(args.location, "The location");
  if (!location) throw new InvalidInputError("Pick a location from the list.");
  const countryCode = optionalString(args.countryCode, "The country code");
  if (countryCode !== undefined && !/^[A-Za-z]{2}$/.test(countryCode)) {
    throw new InvalidInputError(`The country code must be two letters (e.g. US); "${countryCode}" is not.`);
  }
  const rawMax = args.maxResults === undefined || args.maxResults === null || args.maxResults === "" ? MIN_RESULTS : Number(args.maxResults);
  if (!Number.isInteger(rawMax) || rawMax < MIN_RESULTS || rawMax > MAX_RESULTS) {
    throw new InvalidInputError(`Max results must be a whole number from ${MIN_RESULTS} to ${MAX_RESULTS}.`);
  }
  const language = optionalString(args.language, "The language") ?? "en";
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/.test(language)) {
    throw new InvalidInputError(`The language must be a code like "en" or "pt-BR"; "${language}" is not.`);
  }
  const name = optionalString(args.name, "The name");
  if (name !== undefined && name.length > MAX_NAME) throw new InvalidInputError(`The name is ${name.length} characters; at most ${MAX_NAME} are allowed.`);
  const enrichContacts = args.enrichContacts === undefined || args.enrichContacts === null ? true : args.enrichContacts === true;
  return { query, location, countryCode: countryCode?.toUpperCase(), maxResults: rawMax, language, enrichContacts, name };
}

/** The account's limit for this search, as a message when it cannot be met. */
export function affordabilityProblem(account: Account, maxResults: number): string | null {
  const affordable = maxAffordableResults(account);
  if (account.plan_code === "free" && account.free_search_used) {
    return "The free plan's one search has been used. Choose a paid plan to search again.";
  }
  if (account.max_results_per_search === 0) {
    return "Your subscription is not active, so searches are paused. Renew the plan to search again.";
  }
  if (affordable < MIN_RESULTS) {
    return `Not enough credits: ${account.credits_remaining} remain, and a search needs at least ${MIN_RESULTS}.`;
  }
  if (maxResults > affordable) {
    const why =
      affordable === account.credits_remaining && account.credits_remaining < account.max_results_per_search
        ? `you have ${account.credits_remaining} credits`
        : `your plan allows ${account.max_results_per_search} per search`;
    return `This search can return at most ${affordable} businesses (${why}). Lower Max results to ${affordable} or less.`;
  }
  return null;
}

/** The catalog query for a label: its city part ("Austin, Texas, United States" → "Austin"). */
function catalogQuery(label: string): string {
  const city = label.split(",")[0]?.trim() ?? label;
  return city.length >= 2 ? city.slice(0, 100) : label.slice(0, 100);
}

function locationProblem(label: string, locations: Location[]): string {
  const suggestions = locations.slice(0, 5).map((l) => l.label).join("; ");
  return suggestions
    ? `"${label}" is not a location from the catalog. Pick one from the list, e.g. ${suggestions}.`
    : `"${label}" is not a location from the catalog. Type the start of a city name and pick it from the list.`;
}

export function startSearch(ctx: JobsContext, raw: unknown, deadline: number): JobRecord {
  const args = normaliseSearchArgs(raw);
  ctx.editors.register(ctx.editorId, ctx.keyDigest, ctx.clock.now());
  const [accountOutcome, locationsOutcome] = ctx.client.batch(
    [ctx.client.prepare.getAccount(), ctx.client.prepare.findLocations({ q: catalogQuery(args.location), country: args.countryCode })],
    { deadline },
  );
  if (!accountOutcome.ok) throw accountOutcome.error;
  if (!locationsOutcome.ok) throw locationsOutcome.error;
  const match = locationsOutcome.value.find((l) => l.label === args.location);
  if (!match) throw new InvalidInputError(locationProblem(args.location, locationsOutcome.value));
  const problem = affordabilityProblem(accountOutcome.value, args.maxResults);
  if (problem) throw new InvalidInputError(problem);

  const name = args.name ?? `${args.query} in ${args.location}`;
  const body: CreateSearchRequest = {
    name,
    input: {
      query: args.query,
      location: match.label,
      countryCode: args.countryCode ?? match.country_code,
      maxResults: args.maxResults,
      language: args.language,
    },
    enrich_contacts: args.enrichContacts,
  };
  return createJob(ctx, body, deadline);
}

function createJob(ctx: JobsContext, body: CreateSearchRequest, deadline: number): JobRecord {
  const startKey = fingerprint("search:" + JSON.stringify(body));
  const now = ctx.clock.now();
  let start = ctx.store.getStart(startKey, now);
  if (!start) {
    start = { idempotencyKey: ctx.newIdempotencyKey(), createdAt: new Date(now).toISOString(), jobId: null, sheetName: null, sheetId: null };
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
  let sheet = findSheetById(ctx.spreadsheet, start.sheetId);
  if (!sheet) {
    // The name is stored before the sheet is inserted: a start killed in between finds its
    // half-made sheet by that name next time instead of leaving it behind and making another.
    const sheetName = start.sheetName ?? uniqueSheetName(ctx.spreadsheet, body.name ?? "Business Leads");
    if (start.sheetName === null) ctx.store.saveStart(startKey, { ...start, jobId: created.job_id, sheetName });
    const leftOver = ctx.spreadsheet.getSheetByName(sheetName);
    if (leftOver) prepareResultSheet(leftOver);
    sheet = leftOver ?? createResultSheet(ctx.spreadsheet, sheetName);
    start = { ...start, jobId: created.job_id, sheetName, sheetId: sheet.getSheetId() };
    ctx.store.saveStart(startKey, start);
  }
  const record: JobRecord = {
    id: created.job_id,
    kind: "search",
    name: body.name ?? "",
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    status: created.status,
    leadCount: null,
    enrichedCount: null,
    creditsCharged: created.credits_reserved,
    rowsWritten: 0,
    settled: false,
    error: null,
    note: null,
    createdAt: new Date(now).toISOString(),
    finishedAt: null,
    startKey,
    createdBy: ctx.keyDigest,
    seenBy: [ctx.keyDigest],
  };
  ctx.store.save(record);
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
function keepPolling(ctx: JobsContext): void {
  try {
    ctx.ensurePollTrigger();
  } catch {
    // Deliberately quiet: see above.
  }
}
