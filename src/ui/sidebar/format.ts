// This file defines the sidebar's words and numbers, as pure functions of the server's plain data:
// the cost line, the bounds of a search, progress of a job, status words, schedules. No DOM here,
// so every sentence the sidebar shows is unit-tested (test/ui/sidebar/format.test.ts).
import type { AccountView } from "../views";
import type { JobView, RefreshView } from "./server";

/** The service's bounds of maxResults (spec: minimum 100, product maximum 700). */
const MIN_RESULTS = 100;
const MAX_RESULTS = 700;
/** A free account's one search reserves this many credits, whatever it asks for. */
const FREE_SEARCH_CREDITS = 100;

/** 1200 → "1,200": the same in every browser locale, like the service's own figures. */
export function groupDigits(n: number): string {
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.abs(Math.round(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function plural(n: number, one: string, many: string): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}

/** What a search of `maxResults` reserves (spec: a free search 100, a paid one maxResults). */
export function searchCost(account: AccountView, maxResults: number): number {
  return account.planCode === "free" ? FREE_SEARCH_CREDITS : maxResults;
}

/** "Uses 300 of your 1,500 credits" (the same figure as the account line), or "Needs … — only … remain". */
export function spendLine(cost: number, remaining: number): string {
  if (cost > remaining) return `Needs ${plural(cost, "credit", "credits")} — only ${groupDigits(remaining)} remain`;
  return `Uses ${groupDigits(cost)} of your ${plural(remaining, "credit", "credits")}`;
}

/** What a search of `maxResults` spends, in the account's terms. */
export function costLine(account: AccountView, maxResults: number): string {
  return spendLine(searchCost(account, maxResults), account.creditsRemaining);
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
  let blocked: string | null = null;
  if (account.planCode === "free" && account.freeSearchUsed) blocked = "The free plan's one search has been used. Choose a paid plan to search again.";
  else if (account.maxResultsPerSearch === 0) blocked = "Your subscription is not active, so searches are paused. Renew the plan to search again.";
  else if (max < MIN_RESULTS) blocked = `Not enough credits: ${groupDigits(account.creditsRemaining)} remain, and a search needs at least ${MIN_RESULTS}.`;
  return { min: MIN_RESULTS, max: Math.max(MIN_RESULTS, max), blocked };
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
  return `${plan}${status} · ${plural(account.creditsRemaining, "credit", "credits")} left`;
}

function creditsText(account: AccountView): string {
  return `${groupDigits(account.creditsRemaining)} of ${groupDigits(account.creditsAllowance)} credits remain`;
}

/** The credits bar: remaining of allowance (top-ups may exceed the allowance: then the bar is full). */
export function creditsBar(account: AccountView): Progress {
  const max = Math.max(account.creditsAllowance, account.creditsRemaining, 0);
  return { value: Math.max(0, account.creditsRemaining), max, text: creditsText(account) };
}

export interface Progress {
  /** null: not known yet (an indeterminate bar). */
  value: number | null;
  max: number;
  text: string;
}

const RUNNING = ["queued", "starting", "running", "importing"];

/**
 * Imported of requested while a search runs; enriched of imported while enriching. The JobView has
 * no maxResults: what a search reserved is what it asked for (spec: one credit per result), so
 * `creditsCharged` stands for "requested".
 */
export function jobProgress(job: JobView): Progress {
  const imported = job.leadCount ?? 0;
  if (RUNNING.indexOf(job.status) >= 0) {
    const requested = job.creditsCharged;
    if (!requested) return { value: null, max: 1, text: job.status === "queued" ? "Waiting to start" : "Starting" };
    return { value: Math.min(imported, requested), max: requested, text: `${groupDigits(imported)} of ${groupDigits(requested)} imported` };
  }
  const enriched = job.enrichedCount ?? 0;
  if (job.status === "enriching") {
    if (!imported) return { value: null, max: 1, text: "Enriching" };
    return { value: Math.min(enriched, imported), max: imported, text: `${groupDigits(enriched)} of ${groupDigits(imported)} enriched` };
  }
  if (job.status === "completed") {
    return { value: imported, max: Math.max(imported, 1), text: job.kind === "enrichment" ? `${groupDigits(enriched)} of ${groupDigits(imported)} enriched` : `${plural(imported, "business", "businesses")} found` };
  }
  return { value: 0, max: Math.max(imported, 1), text: job.status === "failed" ? "Failed" : statusWords(job.status) };
}

const STATUS_WORDS: Record<string, string> = {
  queued: "Queued",
  starting: "Starting",
  running: "Searching",
  importing: "Importing",
  enriching: "Enriching contacts",
  completed: "Completed",
  failed: "Failed",
};

/** The service's status as words; an unknown status is shown as the service wrote it. */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}

/** Still changing on the service (worth polling): not yet completed or failed. */
export function isActive(job: JobView): boolean {
  return job.status !== "completed" && job.status !== "failed";
}

export function rowsWrittenText(job: JobView): string {
  return job.sheetName ? `${plural(job.rowsWritten, "row", "rows")} written to “${job.sheetName}”` : plural(job.rowsWritten, "row", "rows") + " written";
}

/** "Mon, Nov 23, 14:05" in the browser's own time zone, from the server's ISO timestamp. */
export function shortDateTime(iso: string | null, now: Date = new Date()): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === now.getFullYear();
  const options: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false };
  if (!sameYear) options.year = "numeric";
  return date.toLocaleString("en-US", options);
}

export function refreshEvery(refresh: RefreshView | null | undefined): "day" | "week" | "off" {
  if (!refresh) return "off";
  return refresh.every === "day" || refresh.every === "week" ? refresh.every : "off";
}

/** "Next run Tue, Nov 24, 09:00", the last run and any last error, for a search with a schedule. */
export function refreshText(refresh: RefreshView | null | undefined, now?: Date): string {
  if (!refresh || refreshEvery(refresh) === "off") return "Not refreshed automatically.";
  const parts = [refresh.nextRunAt ? `Next run ${shortDateTime(refresh.nextRunAt, now)}.` : "Next run with the next background pass."];
  const last = lastRunText(refresh, now);
  if (last) parts.push(last);
  if (refresh.lastError) parts.push(`Last run: ${refresh.lastError}`);
  return parts.join(" ");
}

/** "Last run Mon, Nov 23, 09:00: 12 businesses added, 100 credits." (what is known of it). */
export function lastRunText(refresh: RefreshView, now?: Date): string {
  if (!refresh.lastRunAt) return "";
  const facts: string[] = [];
  if (refresh.lastRunAdded !== null) facts.push(`${plural(refresh.lastRunAdded, "business", "businesses")} added`);
  if (refresh.lastRunCredits !== null) facts.push(plural(refresh.lastRunCredits, "credit", "credits"));
  return `Last run ${shortDateTime(refresh.lastRunAt, now)}${facts.length > 0 ? `: ${facts.join(", ")}` : ""}.`;
}

/**
 * What each refresh run may spend, against what this user's account has: "Each run uses up to 100
 * credits; 9,800 remain." For another editor's search (a shared document) the run may be charged
 * to their key, so this user's credits are not named.
 */
export function runCostText(job: Pick<JobView, "runCredits" | "mine">, account: AccountView | null): string {
  if (job.runCredits === null) return "";
  const remain = account && job.mine !== false ? `; ${groupDigits(account.creditsRemaining)} remain` : "";
  return `Each run uses up to ${plural(job.runCredits, "credit", "credits")}${remain}.`;
}

/** The location as the list shows it: the catalog's full name, else its label. */
export function locationText(location: { full_name?: string | null; label: string }): string {
  return location.full_name || location.label;
}
