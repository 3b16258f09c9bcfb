// This file defines the plan of an enrichment run, without any request or write: each row's fate
// (sent, skipped and why), the unique businesses in sheet order, what the account's credits and
// plan allow, and the chunks of at most 700 (or the plan's limit) that become jobs.
import type { Account } from "../../api/schemas";
import { ENRICHED_FOR_HEADER, ID_HEADER, ROW_STATE_HEADER, STATUS_HEADER } from "../../sheets/columns";
import { enrichedForKey } from "../list/row-words";
import { isFinal, isServiceCompleted, readRowStatus, rowStatusOf } from "../list/row-status";
import type { CutReason, SkipReason } from "./skip-reason";
import { columnOfHeader } from "../../sheets/headers";
import { checkName, cleanText, matchKey, normaliseWebsite } from "../list/normalise";
import { cellAt, type SheetArea } from "../list/sheet-area";
import type { RowBusiness } from "../list/waiting-rows";
import { FREE_SEARCH_CREDITS, REQUEST_LIMITS } from "../../rules/request-limits";

/** A free account's one job. */
const FREE_JOB_LIMIT = FREE_SEARCH_CREDITS;

export interface EnrichPlan {
  /** Rows not sent and why (contract's `skipped`), in row order. */
  skipped: PlanSkip[];
  chunks: RowBusiness[][];
  alreadyEnriched: number;
  /** Of those, rows whose contacts the search that wrote this results sheet filled in. */
  alreadyEnrichedBySearch: number;
  creditsNeeded: number;
  creditsRemaining: number;
  /** Why some businesses were left out (the credits, the plan), when some were; else null. */
  cutReason: CutReason | null;
  /** Businesses per job the account allows. */
  perJob: number;
}

/** A row the plan leaves out, and why. */
export interface PlanSkip {
  row: number;
  reason: SkipReason;
}

const ALREADY_ENRICHED: SkipReason = { kind: "alreadyEnriched" };

/** How many businesses the account can take now, and why not more. */
export function accountCapacity(account: Account): { perJob: number; total: number; maxJobs: number; reason: CutReason } {
  const remain: CutReason = { kind: "credits", remaining: account.credits_remaining };
  if (account.max_results_per_search <= 0) return { perJob: 0, total: 0, maxJobs: 0, reason: { kind: "inactive" } };
  if (account.plan_code === "free") {
    if (account.free_search_used) return { perJob: 0, total: 0, maxJobs: 0, reason: { kind: "freeUsed" } };
    const total = Math.min(FREE_JOB_LIMIT, account.credits_remaining);
    const reason: CutReason = account.credits_remaining < FREE_JOB_LIMIT ? remain : { kind: "freeLimit", limit: FREE_JOB_LIMIT };
    return { perJob: total, total, maxJobs: 1, reason };
  }
  const perJob = Math.min(REQUEST_LIMITS.businessesMax, account.max_results_per_search);
  return { perJob, total: Math.max(0, account.credits_remaining), maxJobs: Number.MAX_SAFE_INTEGER, reason: remain };
}

/**
 * Whether a row's contacts were filled in by the search that wrote it: a results sheet (it has a
 * `Business ID` column, found by header wherever it is) whose row has a Business ID and the
 * service's `completed` under `Enrichment status`, with no `Enriched for` of an enrichment of ours.
 * Paying for it again needs `force`.
 */
function searchEnrichedRows(area: SheetArea): (row: number) => boolean {
  const header = area.values[area.target.headerRow - 1] ?? [];
  const idIndex = columnOfHeader(header, ID_HEADER) - 1;
  const statusColumn = area.results.get(STATUS_HEADER);
  const forColumn = area.results.get(ENRICHED_FOR_HEADER);
  if (idIndex < 0 || statusColumn === undefined) return () => false;
  return (row) =>
    cleanText(cellAt(area, row, idIndex + 1)) !== "" &&
    isServiceCompleted(readRowStatus(cleanText(cellAt(area, row, statusColumn)))) &&
    (forColumn === undefined || cleanText(cellAt(area, row, forColumn)) === "");
}

/**
 * Plans the run over the area's rows. `inFlight` says whether a job of this sheet is still
 * running, so that rows it carries are not sent twice; `exclude` holds the businesses of chunks
 * still being sent, which are neither planned nor skipped; `force` sends every valid row again,
 * rows a search already enriched included.
 */
export function planEnrichment(
  area: SheetArea,
  account: Account,
  options: { force: boolean; inFlight: boolean; exclude?: ReadonlySet<string> },
): EnrichPlan {
  const { nameColumn, websiteColumn } = area.target;
  const statusColumn = area.results.get(STATUS_HEADER);
  const codeColumn = area.results.get(ROW_STATE_HEADER);
  const forColumn = area.results.get(ENRICHED_FOR_HEADER);
  const skipped: PlanSkip[] = [];
  const unique = new Map<string, RowBusiness>();
  let alreadyEnrichedBySearch = 0;
  const enrichedBySearch = options.force ? () => false : searchEnrichedRows(area);
  const checksCode = !options.force && forColumn !== undefined && codeColumn !== undefined;

  for (const row of area.rows) {
    const rawName = cellAt(area, row, nameColumn);
    const rawWebsite = cellAt(area, row, websiteColumn);
    if (cleanText(rawName) === "" && cleanText(rawWebsite) === "") continue; // an empty row is not a request
    if (enrichedBySearch(row)) {
      // Before the checks: its status cell is the search's own, which a `Skipped: …` must not replace.
      skipped.push({ row, reason: ALREADY_ENRICHED });
      alreadyEnrichedBySearch += 1;
      continue;
    }
    const name = checkName(rawName);
    if (!name.ok) {
      skipped.push({ row, reason: { kind: "invalid", words: name.reason } });
      continue;
    }
    const website = normaliseWebsite(rawWebsite);
    if (!website.ok) {
      skipped.push({ row, reason: { kind: "invalid", words: website.reason } });
      continue;
    }
    const key = matchKey(name.value, website.value);
    if (options.exclude?.has(key)) continue;
    if (checksCode && enrichedForKey(cleanText(cellAt(area, row, forColumn))) === key) {
      // The row's code decides, whatever its status words say now (a person may have retyped them).
      const words = statusColumn === undefined ? "" : cleanText(cellAt(area, row, statusColumn));
      const status = rowStatusOf(cleanText(cellAt(area, row, codeColumn)), words);
      if (isServiceCompleted(status)) {
        skipped.push({ row, reason: ALREADY_ENRICHED });
        continue;
      }
      if (options.inFlight && !isFinal(status)) {
        skipped.push({ row, reason: { kind: "beingEnriched" } });
        continue;
      }
    }
    const known = unique.get(key);
    if (known) known.rows.push(row);
    else unique.set(key, { key, business: { business_name: name.value, website_url: website.value }, rows: [row] });
  }

  const wanted = [...unique.values()];
  const alreadyEnriched = skipped.filter((skip) => skip.reason.kind === "alreadyEnriched").length;
  const { chunks, cutReason, perJob } = chunksWithin(accountCapacity(account), wanted, skipped);
  skipped.sort((a, b) => a.row - b.row);
  return {
    skipped,
    chunks,
    alreadyEnriched,
    alreadyEnrichedBySearch,
    creditsNeeded: wanted.length,
    creditsRemaining: account.credits_remaining,
    cutReason,
    perJob,
  };
}

/** The businesses the account covers, in chunks of its job size; the rows of the others skipped with the cut's reason. */
function chunksWithin(
  capacity: ReturnType<typeof accountCapacity>,
  wanted: readonly RowBusiness[],
  skipped: PlanSkip[],
): Pick<EnrichPlan, "chunks" | "cutReason" | "perJob"> {
  const affordable = Math.min(wanted.length, capacity.total, capacity.perJob * capacity.maxJobs);
  const sent = wanted.slice(0, affordable);
  for (const cut of wanted.slice(affordable))
    for (const row of cut.rows) skipped.push({ row, reason: { kind: "cut", reason: capacity.reason } });
  const chunks: RowBusiness[][] = [];
  for (let i = 0; i < sent.length; i += capacity.perJob) chunks.push(sent.slice(i, i + capacity.perJob));
  return { chunks, cutReason: affordable < wanted.length ? capacity.reason : null, perJob: capacity.perJob };
}
