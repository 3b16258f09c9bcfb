// This file defines the custom functions LEADS_LOCATIONS, LEADS_CREDITS, LEADS_BUSINESS, LEADS_JOB and LEADS_RESULTS. A range is
// answered in fetchAll round trips within the rate limit and the 30 s a formula may run (cells not reached say "Not fetched yet"),
// answers are cached as long as they cannot change, and every failure is a sentence for the cell.
import { eitherKind } from "../api/either-kind";
import { distinctBusinesses, readResultPages, RESULTS_PAGE_SIZE } from "../api/result-pages";
import * as z from "zod/mini";
import type { Job, ResultsPage } from "../api/schemas";
import { JOB_KINDS } from "../rules/job-kinds";
import { isTerminalStatus } from "../rules/job-status";
import { REQUEST_LIMITS } from "../rules/request-limits";
import { UserFacingError } from "../errors/user-error";
import { currentShape } from "../storage/stored-json";
import { CACHE_SECONDS } from "./cell-cache";
import {
  BUSINESS_FIELDS,
  DEFAULT_RESULT_FIELDS,
  JOB_FIELDS,
  fieldCell,
  fieldList,
  fieldName,
  fieldTable,
  argumentText,
  isEmptyArgument,
  toCell,
  type CellValue,
} from "./field-values";
import type { FormulaContext } from "./formula-context";
import { NotFetchedError, callRecords, checkId, knownKind, lookupBusinesses, lookupJobs, notFoundJob } from "./lookups";
import { KEYS } from "../storage/keys";

const LOCATION_COLUMNS = ["label", "country_code", "full_name", "location_code"] as const;

/** A cached table of cells (LEADS_LOCATIONS, LEADS_RESULTS) and the cached credits. */
const CACHED_TABLE = currentShape(z.lazy(() => z.array(z.array(z.union([z.string(), z.number(), z.boolean()])))));
const CACHED_CREDITS = currentShape(z.lazy(() => z.number()));

/** One identifier argument as rows of cells: a single cell, or a range as Sheets passes it. */
const idRows = (raw: unknown): string[][] =>
  Array.isArray(raw) ? raw.map((row: unknown) => (Array.isArray(row) ? row : [row]).map(argumentText)) : [[argumentText(raw)]];

// ---- LEADS_LOCATIONS, LEADS_CREDITS -----------------------------------------------------------

export function leadsLocations(ctx: FormulaContext, query: unknown, country: unknown): CellValue[][] {
  if (Array.isArray(query) || Array.isArray(country))
    throw new UserFacingError("LEADS_LOCATIONS takes one city name and one country code, not ranges.");
  const q = argumentText(query);
  const { locationQueryMin: min, locationQueryMax: max } = REQUEST_LIMITS;
  if (q.length < min || q.length > max)
    throw new UserFacingError(`Give ${min} to ${max} characters of a city name, e.g. =LEADS_LOCATIONS("Austin").`);
  const code = argumentText(country).toUpperCase();
  if (code !== "" && !/^[A-Z]{2}$/.test(code))
    throw new UserFacingError(`The country must be a two-letter code such as US; "${String(country)}" is not.`);
  const key = `${KEYS.cacheLocations}${code}:${q.toLowerCase()}`;
  const cached = ctx.cache.getMany([key], CACHED_TABLE).get(key);
  if (cached) return cached;
  const locations = ctx.client.findLocations({ q, country: code || undefined }, { deadline: ctx.deadline }).slice(0, 8);
  const table: CellValue[][] = [[...LOCATION_COLUMNS]];
  for (const location of locations) table.push(LOCATION_COLUMNS.map((column) => toCell(location[column])));
  ctx.cache.putMany([[key, table]], CACHE_SECONDS.catalog);
  return table;
}

export function leadsCredits(ctx: FormulaContext): number {
  const cached = ctx.cache.getMany([KEYS.cacheCredits], CACHED_CREDITS).get(KEYS.cacheCredits);
  if (cached !== undefined) return cached;
  const credits = ctx.client.getAccount({ deadline: ctx.deadline }).credits_remaining;
  ctx.cache.putMany([[KEYS.cacheCredits, credits]], CACHE_SECONDS.account);
  return credits;
}

// ---- LEADS_BUSINESS, LEADS_JOB ------------------------------------------------------------------

/** Answers each id of the argument: a field's value (`rawField` names it), or (one id, no field) a [field, value] table. */
function answerIds<T extends object>(
  rawId: unknown,
  rawField: unknown,
  known: readonly string[],
  what: string,
  lookup: (ids: string[]) => Map<string, T | Error>,
): CellValue | CellValue[][] {
  const field = isEmptyArgument(rawField) ? null : fieldName(rawField, known, what);
  const rows = idRows(rawId);
  const answers = lookup([...new Set(rows.flat().filter((id) => id !== ""))]);
  const answer = (id: string): T | Error | null => (id === "" ? null : (answers.get(id) ?? new UserFacingError(`No answer for ${id}.`)));
  if (!Array.isArray(rawId)) {
    const only = answer(rows[0]?.[0] ?? "");
    if (only === null) throw new UserFacingError("The ID is empty.");
    // One cell: the service's own sentence (a 429 says how long to wait) rather than the range's short one.
    if (only instanceof NotFetchedError) throw only.reason ?? only;
    if (only instanceof Error) throw only;
    const record = only as Record<string, unknown>;
    return field === null ? fieldTable(record, known) : fieldCell(record, field);
  }
  if (field === null) {
    // A range without a field: a header row of field names, then one row per ID.
    const header: CellValue[] = ["id", ...known.filter((name) => name !== "id")];
    const table: CellValue[][] = [header];
    for (const id of rows.flat()) {
      const found = answer(id);
      if (found === null) table.push(header.map(() => ""));
      else if (found instanceof Error) table.push(header.map((_, i) => (i === 0 ? id : i === 1 ? found.message : "")));
      else table.push(header.map((name) => fieldCell(found as Record<string, unknown>, String(name))));
    }
    return table;
  }
  // A range with a field spills the same shape; a cell whose ID failed, or was left for the next
  // evaluation, says so in a few words.
  return rows.map((row) =>
    row.map((id) => {
      const found = answer(id);
      if (found === null) return "";
      return found instanceof Error ? found.message : fieldCell(found as Record<string, unknown>, field);
    }),
  );
}

export function leadsBusiness(ctx: FormulaContext, businessId: unknown, field: unknown): CellValue | CellValue[][] {
  return answerIds(businessId, field, BUSINESS_FIELDS, "business", (ids) => {
    // Each answer as a formula may show it: the cache keeps the service's, an address forgotten since is left out here.
    const found = lookupBusinesses(ctx, callRecords(ctx), ids);
    found.forEach((value, id) => {
      if (!(value instanceof Error)) found.set(id, ctx.withoutForgotten([value])[0] ?? new UserFacingError(`No answer for ${id}.`));
    });
    return found;
  });
}

export function leadsJob(ctx: FormulaContext, jobId: unknown, field: unknown): CellValue | CellValue[][] {
  return answerIds(jobId, field, JOB_FIELDS, "job", (ids) => {
    const jobs = lookupJobs(ctx, callRecords(ctx), ids);
    const plain = new Map<string, Job | Error>();
    jobs.forEach((value, id) => plain.set(id, value instanceof Error ? value : value.job));
    return plain;
  });
}

// ---- LEADS_RESULTS ------------------------------------------------------------------------------

export function leadsResults(ctx: FormulaContext, jobId: unknown, fields: unknown): CellValue[][] {
  if (Array.isArray(jobId)) throw new UserFacingError("LEADS_RESULTS takes one job ID, not a range.");
  const id = argumentText(jobId);
  if (id === "") throw new UserFacingError("The job ID is empty.");
  const invalid = checkId(id, "job");
  if (invalid) throw invalid;
  const names = fieldList(fields, BUSINESS_FIELDS, "business", DEFAULT_RESULT_FIELDS);
  // The forgotten addresses' mark in the key: a table cached before an address was forgotten is never shown again.
  const key = `${KEYS.cacheResults}${id}:${names.join(",")}:${ctx.forgottenMark}`;
  const cached = ctx.cache.getLarge(key, CACHED_TABLE);
  if (cached) return cached;

  const records = callRecords(ctx);
  const kind = knownKind(ctx, records, id);
  const candidates = kind ? [kind] : JOB_KINDS;
  let started = ctx.clock.now();
  const firsts = ctx.client.batch(
    candidates.map((k) => ctx.client.prepare.getResults(k, id, { page: 1, pageSize: RESULTS_PAGE_SIZE })),
    { deadline: ctx.deadline },
  );
  let roundMs = ctx.clock.now() - started;
  const answer = eitherKind(candidates, firsts);
  if (!answer.found) throw answer.error ?? notFoundJob(id);
  const { value: first, kind: foundKind } = answer;
  // The rest in one round trip, then page by page while the job grows (it is still running), each
  // only while the last round trip's time still fits before the deadline.
  const read = readResultPages(ctx.client, foundKind, id, {
    read: [first],
    restAtOnce: true,
    deadline: ctx.deadline,
    beforeRoundTrip: () => {
      // A round trip as long as the last one would end past the deadline: refused rather than started.
      if (ctx.clock.now() + roundMs > ctx.deadline) {
        throw new UserFacingError(
          "The service is answering slowly, and a formula may run for only 30 seconds. Recalculate the cell in a minute.",
        );
      }
      started = ctx.clock.now();
      return true;
    },
    afterRoundTrip: () => {
      roundMs = ctx.clock.now() - started;
    },
  });
  if (!read.complete) throw read.error; // a page's error: a round trip past the deadline throws rather than stops
  const last = read.pages[read.pages.length - 1] as ResultsPage;

  const businesses = ctx.withoutForgotten(distinctBusinesses(read.pages)).sort((a, b) => a.position - b.position);
  const table: CellValue[][] = [names.slice()];
  for (const business of businesses) table.push(names.map((name) => fieldCell(business as Record<string, unknown>, name)));
  const terminal = isTerminalStatus(first.status) && isTerminalStatus(last.status);
  ctx.cache.putLarge(key, table, terminal ? CACHE_SECONDS.terminal : CACHE_SECONDS.active);
  records.kinds.set(id, foundKind, CACHE_SECONDS.kind);
  records.kinds.flush();
  return table;
}
