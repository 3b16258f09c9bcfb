// This file defines the sidebar's words and numbers, as pure functions of the server's plain data:
// the cost line, the bounds of a search, progress of a job, status words, schedules. No DOM here,
// so every sentence the sidebar shows is unit-tested (test/sidebar/format.test.ts).
import { searchBlocked, searchCost, territoryProblem } from "../rules/affordability";
import { KIND_WORDS } from "../rules/job-kinds";
import { isActiveStatus, isCompletedStatus, isEnrichingStatus, isGatheringStatus, isQueuedStatus, statusWords } from "../rules/job-status";
import { businessCount, creditCount, groupDigits, plural, searchCount, setDigitsLocale } from "../rules/numbers";
import { searchedWords } from "../rules/searched";
import { REQUEST_LIMITS } from "../rules/request-limits";
import type { AccountView } from "../ui/views";
import type { JobView, RefreshEvery, RefreshView, RunOutcome, RunView, TerritoryView } from "./server";

export { businessCount, creditCount, groupDigits, plural, searchCost, searchCount, statusWords };

/** The service's bounds of maxResults (spec: minimum 100, product maximum 700). */
const { minResults: MIN_RESULTS, maxResults: MAX_RESULTS } = REQUEST_LIMITS;

/** "Uses 300 of your 1,500 credits" (the same figure as the account line), or "Needs … — only … remain". */
export function spendLine(cost: number, remaining: number): string {
  if (cost > remaining) return `Needs ${creditCount(cost)} — only ${groupDigits(remaining)} remain`;
  return `Uses ${groupDigits(cost)} of your ${creditCount(remaining)}`;
}

/** What a search of `maxResults` spends, in the account's terms. */
export function costLine(account: AccountView, maxResults: number): string {
  return spendLine(searchCost(account, maxResults), account.creditsRemaining);
}

/** A territory's cost before it starts, and why it cannot start (previewSearch's own figures and sentence), or null. */
export function territoryCost(
  account: AccountView,
  queries: number,
  places: number,
  maxResults: number,
): { line: string; problem: string | null } {
  const searches = queries * places;
  const credits = searches * searchCost(account, maxResults);
  return {
    line:
      `${searchCount(searches)} (${plural(queries, "query", "queries")} × ${plural(places, "place", "places")}) · up ` +
      `to ${groupDigits(maxResults)} results each · up to ${creditCount(credits)} of your ${groupDigits(account.creditsRemaining)}`,
    problem: territoryProblem(account, searches, maxResults),
  };
}

/**
 * Several queries and no place picked yet: what each place will add, "2
 * searches a place picked · up to 200 credits a place, of your 10,000".
 */
export function perPlaceCost(account: AccountView, queries: number, maxResults: number): string {
  return (
    `${searchCount(queries)} a place picked · up to ${creditCount(queries * searchCost(account, maxResults))} a place, of ` +
    `your ${groupDigits(account.creditsRemaining)}`
  );
}

/**
 * How a territory's searches go: the account runs a number of jobs at once that the add-on cannot
 * read, so this says it without a number.
 */
export const TERRITORY_PACE =
  "As many as your account runs at once start now; the others start as those finish, in the background (also with the sidebar closed).";

/** Once a territory started: "2 searches run now; 4 wait for a free job slot and start in the background." */
export function territoryStarted({ running, waiting }: TerritoryView): string {
  return waiting === 0
    ? ""
    : `${plural(running, "search runs", "searches run")} now; ${plural(waiting, "waits", "wait")} for a free job slot and ` +
        `start${waiting === 1 ? "s" : ""} in the background.`;
}

/** The parts said, "2 running · 4 waiting"; a part that is false is left out. */
const dotted = (...parts: Array<string | false>): string => parts.filter(Boolean).join(" · ");

/**
 * A territory's line: "2 running · 4 waiting · 212 businesses so far", then "6 searches · 500
 * businesses (100 found by more than one search)"; a stopped one says how many of its searches ran.
 */
export function territoryLine(job: Pick<JobView, "status" | "leadCount" | "foundByMore">, territory: TerritoryView): string {
  const { stopped, running, waiting, failed, started, searches } = territory;
  const active = isActiveStatus(job.status);
  const businesses = businessCount(job.leadCount || 0);
  const ran = started < searches ? `${groupDigits(started)} of ${searchCount(searches)} ran` : searchCount(searches);
  const more = job.foundByMore ? ` (${groupDigits(job.foundByMore)} found by more than one search)` : "";
  return dotted(
    stopped && "Stopped",
    active ? `${groupDigits(running)} running` : ran,
    active && waiting > 0 && `${groupDigits(waiting)} waiting`,
    failed > 0 && `${groupDigits(failed)} failed`,
    active ? `${businesses} so far` : businesses + more,
  );
}

/** A territory's bar: its searches ended, of those it runs (a stopped one's waiting searches never will). */
function territoryProgress(job: JobView, territory: TerritoryView): Progress {
  const ended = territory.finished + territory.failed;
  const of = territory.stopped ? territory.started : territory.searches;
  return {
    value: ended,
    max: Math.max(of, 1),
    text: territoryLine(job, territory),
    valueText: `${groupDigits(ended)} of ${searchCount(of)} done`,
  };
}

interface SearchBounds {
  min: number;
  max: number;
  /** Why no search can start, or null when one can. */
  blocked: string | null;
}

/** The max-results field's range: what the account can afford, within the service's bounds. */
export function searchBounds(account: AccountView): SearchBounds {
  const max = Math.min(MAX_RESULTS, account.maxAffordableResults);
  return { min: MIN_RESULTS, max: Math.max(MIN_RESULTS, max), blocked: searchBlocked(account) };
}

/**
 * What is wrong with a typed max-results value, or null when it can be sent as typed: a value
 * outside the bounds is said, never silently corrected.
 */
export function resultsProblem(raw: string, bounds: SearchBounds): string | null {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(n)) return `Max results must be a whole number from ${MIN_RESULTS} to ${MAX_RESULTS}.`;
  if (n < MIN_RESULTS) return `A search asks for at least ${MIN_RESULTS} results: type ${MIN_RESULTS} or more.`;
  if (n > MAX_RESULTS) return `A search asks for at most ${MAX_RESULTS} results: type ${MAX_RESULTS} or less.`;
  if (n > bounds.max) return `Your credits cover up to ${groupDigits(bounds.max)} results: type ${groupDigits(bounds.max)} or less.`;
  return null;
}

/** The account in one line: "Starter · 9,800 credits left", with the status when not active. */
export function accountLine(account: AccountView): string {
  const plan = account.planName || account.planCode;
  const status = account.status && account.status !== "active" ? ` (${account.status.replace(/_/g, " ")})` : "";
  return `${plan}${status} · ${creditCount(account.creditsRemaining)} left`;
}

/** The credits bar: remaining of allowance (top-ups may exceed the allowance: then the bar is full). */
export function creditsBar(account: AccountView): Progress {
  const max = Math.max(account.creditsAllowance, account.creditsRemaining, 0);
  return {
    value: Math.max(0, account.creditsRemaining),
    max,
    text: `${groupDigits(account.creditsRemaining)} of ${groupDigits(account.creditsAllowance)} credits remain`,
  };
}

export interface Progress {
  /** null: not known yet (an indeterminate bar). */
  value: number | null;
  max: number;
  text: string;
  /** What the bar says to a screen reader, when not `text`. */
  valueText?: string;
}

/** "12 of 100 imported"; `unknown` with an indeterminate bar while `of` is not known yet (0 or null). */
const ratio = (done: number, of: number | null, word: string, unknown: string): Progress =>
  of
    ? { value: Math.min(done, of), max: of, text: `${groupDigits(done)} of ${groupDigits(of)} ${word}` }
    : { value: null, max: 1, text: unknown };

/**
 * Imported of requested while a search runs; enriched of imported while enriching. The JobView has
 * no maxResults: what a search reserved is what it asked for (spec: one credit per result), so
 * `creditsCharged` stands for "requested".
 */
export function jobProgress(job: JobView): Progress {
  if (job.territory) return territoryProgress(job, job.territory);
  const imported = job.leadCount ?? 0;
  const enriched = job.enrichedCount ?? 0;
  const starting = isQueuedStatus(job.status) ? "Waiting to start" : "Starting";
  if (isGatheringStatus(job.status)) return ratio(imported, job.creditsCharged, "imported", starting);
  if (isEnrichingStatus(job.status)) return ratio(enriched, imported, "enriched", "Enriching");
  if (isCompletedStatus(job.status)) {
    return { value: imported, max: Math.max(imported, 1), text: KIND_WORDS[job.kind].doneText(imported, enriched) };
  }
  return { value: 0, max: Math.max(imported, 1), text: statusWords(job.status) };
}

/** Still changing on the service (worth polling): not yet completed or failed. */
export function isActive(job: JobView): boolean {
  return isActiveStatus(job.status);
}

/** An enrichment run's state in a word or two. */
export function runState(run: RunView): string {
  if (run.stopped) return run.jobsRunning > 0 ? "Stopped · its jobs finish" : "Stopped";
  if (run.rowsWaiting > 0) return "Sending rows";
  return run.jobsRunning > 0 ? "Enriching contacts" : "Completed";
}

/**
 * One vocabulary for an enrichment: rows are the sheet's; businesses are what is sent and charged,
 * once each; duplicates are rows of a business already in the list, filled from its result.
 * "(23 businesses, 2 duplicates)", said after the rows.
 */
export function businessesOfRows(rows: number, businesses: number): string {
  const duplicates = rows - businesses;
  return `(${businessCount(businesses)}${duplicates > 0 ? `, ${plural(duplicates, "duplicate", "duplicates")}` : ""})`;
}

/** Businesses a run's jobs were sent, as the service counts them. */
const businessesSent = (jobs: readonly JobView[]): number => jobs.reduce((n, job) => n + (job.leadCount ?? job.creditsCharged ?? 0), 0);

/**
 * "12,600 of 20,000 rows sent (12,600 businesses) · 5 jobs running · 7,400 waiting": what the
 * run's parts are doing; `jobs`: the run's jobs listed.
 */
export function runLine(run: RunView, jobs: readonly JobView[]): string {
  return dotted(
    `${groupDigits(run.rowsSent)} of ${plural(run.rows, "row", "rows")} sent ${businessesOfRows(run.rowsSent, businessesSent(jobs))}`,
    run.jobsRunning > 0 && `${plural(run.jobsRunning, "job", "jobs")} running`,
    run.rowsWaiting > 0 ? `${groupDigits(run.rowsWaiting)} waiting` : run.jobsRunning === 0 && plural(run.jobs, "job", "jobs"),
  );
}

/**
 * A run's progress: its businesses whose enrichment has completed (the service's enriched count;
 * all of a completed job's), of those sent and waiting. A row says "completed" in the sheet once
 * its business is, so the bar counts what is finished, not what was written.
 */
export function runProgress(run: RunView, jobs: readonly JobView[]): Progress {
  const done = jobs.reduce((n, job) => n + ((isCompletedStatus(job.status) ? job.leadCount : job.enrichedCount) ?? 0), 0);
  const all = businessesSent(jobs) + run.businessesWaiting;
  return { value: done, max: Math.max(all, 1), text: `${groupDigits(done)} of ${businessCount(all)} enriched` };
}

/** An enrichment's rows: "280 rows in “Target accounts”" (rows of the sheet that hold its businesses). */
export function rowsWrittenText(job: JobView): string {
  return plural(job.rowsWritten, "row", "rows") + (job.sheetName ? ` in “${job.sheetName}”` : "");
}

export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
/** The sentence as the middle of another: its first letter small. */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Skipped rows grouped by reason, each with its rows as ranges: "Already enriched: 12 rows (3–14)",
 * "No website: row 5"; at most 6 ranges a reason are listed.
 */
export function skippedGroups(skipped: ReadonlyArray<{ row: number; reason: string }>): string[] {
  const byReason = new Map<string, number[]>();
  for (const { row, reason } of skipped) byReason.set(reason, [...(byReason.get(reason) ?? []), row]);
  return [...byReason].map(([reason, rows]) => {
    const ranges: string[] = [];
    for (let i = 0, j = 0; i < rows.length; i = j) {
      for (j = i + 1; rows[j] === (rows[j - 1] ?? 0) + 1; ) j += 1;
      ranges.push(j - i > 1 ? `${rows[i]}–${rows[j - 1]}` : String(rows[i]));
    }
    const listed = ranges.slice(0, 6).join(", ") + (ranges.length > 6 ? ", …" : "");
    return `${capitalised(reason)}: ${rows.length > 1 ? `${plural(rows.length, "row", "rows")} (${listed})` : `row ${listed}`}`;
  });
}

/**
 * The spreadsheet's locale as BCP-47 and its time zone (getSettings), and the browser's zone: what the sidebar's figures and dates follow.
 */
const shown = { locale: "en-US", zone: null as string | null, browserZone: Intl.DateTimeFormat().resolvedOptions().timeZone };

/**
 * "de_DE" (getSpreadsheetLocale) → "en-DE": the sidebar's sentences are English, so its dates are too (one language a sentence), in
 * the order and with the figures' marks of the spreadsheet's region ("Wed 9 Dec, 17:20 CET", "4.577"); one the browser does not know →
 * "en-US".
 */
function localeTag(locale: string | null | undefined): string {
  try {
    const region = new Intl.Locale((locale || "en-US").replace(/_/g, "-")).maximize().region;
    return Intl.getCanonicalLocales(`en-${region ?? "US"}`)[0] ?? "en-US";
  } catch {
    return "en-US";
  }
}

/** Figures and dates from now on follow the spreadsheet's locale ("de_DE": "4.577") and time zone; `browserZone` for tests. */
export function useSpreadsheet(locale: string | null | undefined, zone: string | null | undefined, browserZone = shown.browserZone): void {
  shown.locale = localeTag(locale);
  shown.zone = zone || null;
  shown.browserZone = browserZone;
  setDigitsLocale(shown.locale);
}

/**
 * `date` as a person reads it in `zone` (the spreadsheet's, the one its sheets' dates are in; the
 * browser's when not known), in the spreadsheet's locale, with `parts` and the year when not this
 * one; a time names its zone when that is not the spreadsheet's or the browser's ("14:05 EST").
 */
function dateText(date: Date, zone: string | null | undefined, now: Date, parts: Intl.DateTimeFormatOptions): string {
  const timeZone = zone || undefined;
  const year = (d: Date) => d.toLocaleString("en-US", { year: "numeric", timeZone });
  const named = parts.hour && zone && (zone !== (shown.zone || zone) || zone !== shown.browserZone);
  return date.toLocaleString(shown.locale, {
    weekday: "short",
    year: parts.month && year(date) !== year(now) ? "numeric" : undefined,
    ...parts,
    timeZoneName: named ? "short" : undefined,
    timeZone,
  });
}

const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" };

/** A date and time, "Mon, Nov 23, 14:05" (dateText); "" without one. */
export function shortDateTime(iso: string | null, zone?: string | null, now: Date = new Date()): string {
  const date = new Date(iso ?? "");
  return !iso ? "" : Number.isNaN(date.getTime()) ? iso : dateText(date, zone, now, { ...DAY, ...TIME });
}

/** A day, "Tue, Dec 8" (dateText). */
export const shortDate = (date: Date, zone?: string | null, now: Date = new Date()): string => dateText(date, zone, now, DAY);

export const refreshEvery = (refresh: RefreshView | null | undefined): RefreshEvery => refresh?.every ?? "off";

/** How often a schedule runs, in a word: "Refreshes daily". */
export const EVERY_WORD = { day: "daily", week: "weekly" } as const;

/** "Sun 07:41" within the coming week, else "Sun, Nov 29, 07:41": when a scheduled run comes, in `zone`. */
export function nextRunWhen(iso: string, zone?: string | null, now: Date = new Date()): string {
  const ahead = new Date(iso).getTime() - now.getTime();
  return ahead >= 0 && ahead < 6 * 24 * 3_600_000
    ? dateText(new Date(iso), zone, now, TIME).replace(",", "")
    : shortDateTime(iso, zone, now);
}

/**
 * The schedule in one line: "Refreshes daily · next Sun 07:41"; while a run is asked for or under
 * way (`refreshing`), "Refreshes daily · refreshing now".
 */
export function scheduleLine(refresh: RefreshView | null | undefined, refreshing: boolean, zone?: string | null, now?: Date): string {
  if (!refresh) return "Not refreshed automatically.";
  const how = `Refreshes ${EVERY_WORD[refresh.every]}`;
  if (refreshing) return `${how} · refreshing now`;
  return refresh.nextRunAt ? `${how} · next ${nextRunWhen(refresh.nextRunAt, zone, now)}` : `${how} · with the next background pass`;
}

/**
 * What the latest refresh run did to the sheet, a scheduled one or "Refresh it now" alike: "14 new ·
 * 86 updated · 0 no longer found", and how many updated rows kept an earlier value.
 */
export function runSummary(run: RunOutcome): string {
  const kept = run.keptEarlier > 0 ? ` · ${plural(run.keptEarlier, "kept an earlier value", "kept earlier values")}` : "";
  return `${groupDigits(run.added)} new · ${groupDigits(run.updated)} updated · ${groupDigits(run.notFound)} no longer found${kept}`;
}

/** "Last run Sat, Nov 28, 07:41 · 100 businesses · 100 credits", in `zone`. */
export function lastRunText(run: RunOutcome, zone?: string | null, now?: Date): string {
  return dotted(
    `Last run ${shortDateTime(run.at, zone, now)}`,
    businessCount(run.businesses),
    run.credits !== null && creditCount(run.credits),
  );
}

/**
 * What each refresh run may spend, against what this user's account has: "Each run uses up to 100
 * credits; 9,800 remain." For another editor's search (a shared document) the run may be charged
 * to their key, so this user's credits are not named.
 */
export function runCostText(job: Pick<JobView, "runCredits" | "mine">, account: AccountView | null): string {
  if (job.runCredits === null) return "";
  const remain = account && job.mine !== false ? `; ${groupDigits(account.creditsRemaining)} remain` : "";
  return `Each run uses up to ${creditCount(job.runCredits)}${remain}.`;
}

/**
 * The question asked before a schedule is turned on, with what each run costs as the search form
 * says it ("Uses 100 of your 9,800 credits", costLine): "Refresh daily? Each run searches again
 * and uses 100 of your 9,800 credits. New businesses are added to the sheet; none is removed."
 */
export function refreshQuestion(job: Pick<JobView, "runCredits" | "mine">, every: "day" | "week", account: AccountView | null): string {
  const how = EVERY_WORD[every];
  const cost =
    job.runCredits === null
      ? "costs credits like a new search"
      : account && job.mine !== false
        ? lowerFirst(costLine(account, job.runCredits))
        : `uses up to ${creditCount(job.runCredits)} of the account that started it`;
  return `Refresh ${how}? The search runs again every ${every} and ${cost}. New businesses are added to the sheet; none is removed.`;
}

/**
 * Where a job's results are and when it started, to tell apart two jobs of the same name:
 * "Sheet “coffee in Austin (2)” · Thu, Nov 26, 09:12".
 */
export function jobWhere(job: Pick<JobView, "sheetName" | "createdAt">, zone?: string | null, now?: Date): string {
  const when = shortDateTime(job.createdAt, zone, now);
  return job.sheetName ? `Sheet “${job.sheetName}” · ${when}` : `Started ${when}`;
}

/**
 * What a search searched ("dentists · Fort Worth, Texas, US"), said under any name, except where
 * the name already says it (every word of its query and of its place's first part, "coffee in
 * Austin"); null then, and for an enrichment.
 */
export function searchedText(job: Pick<JobView, "name" | "searched" | "territory">): string | null {
  const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!job.searched) return null;
  // A territory's name shortens its places ("Austin +2"): its line names them.
  if (job.territory) return searchedWords(job.searched);
  const { query, place } = job.searched;
  const named = words(job.name);
  return words(`${query} ${place.split(",")[0]}`).every((word) => named.includes(word)) ? null : searchedWords(job.searched);
}

/** The location as the list shows it: the catalog's full name, else its label. */
export function locationText(location: { full_name?: string | null; label: string }): string {
  return location.full_name || location.label;
}
