// This file defines the server functions the sidebar, the menu and the poll trigger call. Each
// takes at most one plain object and returns plain JSON-safe data; failures become Errors with a
// message written for the user (src/errors/user-error.ts).
import { apiRoot, SERVICE_ADDRESS_RULE } from "../api/query";
import { FindLocationsParamsSchema, requestProblem } from "../api/request-schemas";
import type { Location } from "../api/schemas";
import { clientFor, jobsContext, appsScriptClock } from "../gas/jobs-context";
import { DEFAULT_BASE_URL } from "./build-defaults";
import { tryDocumentLock, withDocumentLock } from "../gas/document-lock";
import { registerEditorKey } from "../gas/key-digest";
import { isPollInterval, POLL_INTERVAL_RULE, readServiceSettings, readStoredSettings, userApiKey, writeServiceSettings, type SettingsChange } from "../gas/settings";
import { toJobView, type JobView } from "../jobs/job-view";
import { startSearch as startSearchJob } from "../jobs/start-search";
import { passOverCurrentDocument, runTriggerPass } from "../gas/pass-runner";
import { listDocumentJobs } from "./job-list";
import {
  previewEnrichment as previewEnrichmentRows,
  searchEnrichedNotice,
  startEnrichment as startEnrichmentRows,
  type EnrichmentPreview,
  type StartEnrichmentResult,
} from "../enrich/start-enrichment";
import { messageOf, UserFacingError, withUserErrors } from "../errors/user-error";
import { maskedKeyHint } from "./key-hint";
import { toAccountView, type AccountView } from "./views";

/** A sidebar call that only reads waits at most this long in retries. */
const CALL_BUDGET_MS = 60 * 1000;
/** How long a pass waits for another pass to release the document lock before leaving. */
const LOCK_WAIT_MS = 100;

const userKey = userApiKey;


function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** The settings as given, checked whole before anything is stored or sent. */
function checkedSettings(s: Record<string, unknown>): SettingsChange {
  // An empty key field keeps the saved key (the sidebar never has it to send back); an empty
  // address takes the build's default (scripts/build.mjs --base-url).
  const apiKey = (typeof s.apiKey === "string" ? s.apiKey.trim() : "") || (readStoredSettings().apiKey ?? "");
  const baseUrl = (typeof s.baseUrl === "string" ? s.baseUrl.trim().replace(/\/+$/, "").replace(/\/api\/v1$/i, "") : "") || DEFAULT_BASE_URL;
  if (!apiKey) throw new UserFacingError("Enter your API key.");
  if (apiRoot(baseUrl) === null) throw new UserFacingError(SERVICE_ADDRESS_RULE);
  // A published build's manifest allows fetches to its own address only (urlFetchWhitelist).
  if (DEFAULT_BASE_URL !== "" && baseUrl !== DEFAULT_BASE_URL && !baseUrl.startsWith(`${DEFAULT_BASE_URL}/`)) {
    throw new UserFacingError(`This version of Business Leads can only reach its service at ${DEFAULT_BASE_URL}. Leave the address empty to use it.`);
  }
  const share = s.shareWithFormulas;
  if (share !== undefined && share !== null && typeof share !== "boolean") {
    throw new UserFacingError("Sharing the key with formulas must be on or off (true or false).");
  }
  const poll = s.pollEveryMinutes === undefined || s.pollEveryMinutes === null ? undefined : Number(s.pollEveryMinutes);
  if (poll !== undefined && !isPollInterval(poll)) throw new UserFacingError(`${POLL_INTERVAL_RULE}; ${String(s.pollEveryMinutes)} is not one of them.`);
  return { settings: { apiKey, baseUrl }, shareWithFormulas: share ?? undefined, pollEveryMinutes: poll };
}

/** All or nothing: every part is checked, then the key with GET /account, and only then is anything stored. */
export function saveSettings(raw: unknown): AccountView {
  const s = record(raw);
  try {
    return checkAndSaveSettings(s);
  } catch (error) {
    // All or nothing: the person must know the old key still works, and which one it is.
    throw new Error(`${messageOf(error)} ${nothingSaved()}`);
  }
}

/** "Nothing was saved: the key in use is still ••••3f9a." (the masked hint only). */
function nothingSaved(): string {
  let hint: string | null = null;
  try {
    hint = maskedKeyHint(readStoredSettings().apiKey);
  } catch {
    // The sentence still says that nothing was saved.
  }
  return hint ? `Nothing was saved: the key in use is still ${hint}.` : "Nothing was saved: no key is saved yet.";
}

function checkAndSaveSettings(s: Record<string, unknown>): AccountView {
  return withUserErrors(
    () => {
      const change = checkedSettings(s);
      const account = clientFor(change.settings, appsScriptClock.now() + CALL_BUDGET_MS).getAccount();
      writeServiceSettings(change);
      try {
        // The document learns this editor's new key (a digest): its jobs are judged by it from now.
        withDocumentLock(() => registerEditorKey(change.settings.apiKey), LOCK_WAIT_MS);
      } catch {
        // Best effort: the next pass or start registers it too.
      }
      return toAccountView(account);
    },
    () => (typeof s.apiKey === "string" && s.apiKey.trim() ? s.apiKey.trim() : userApiKey()),
  );
}

export function getAccount(): AccountView {
  return withUserErrors(() => toAccountView(clientFor(readServiceSettings("user"), appsScriptClock.now() + CALL_BUDGET_MS).getAccount()), userKey);
}

export function findLocations(raw: unknown): Location[] {
  const a = record(raw);
  return withUserErrors(() => {
    const q = typeof a.q === "string" ? a.q.trim() : "";
    const country = typeof a.country === "string" && a.country.trim() ? a.country.trim().toUpperCase() : undefined;
    if (requestProblem(FindLocationsParamsSchema, { q }) !== null) throw new UserFacingError("Type 2 to 100 characters of a city name.");
    if (requestProblem(FindLocationsParamsSchema, { q, country }) !== null) throw new UserFacingError(`The country must be a two-letter code such as US; "${country ?? ""}" is not.`);
    return clientFor(readServiceSettings("user"), appsScriptClock.now() + CALL_BUDGET_MS).findLocations({ q, country }).slice(0, 8);
  }, userKey);
}

export function startSearch(raw: unknown): JobView {
  return withUserErrors(
    () =>
      // Under the document lock: a second click or another editor waits, then finds this job.
      withDocumentLock(() => {
        const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
        const context = jobsContext(deadline);
        const started = startSearchJob(context, raw, deadline);
        const view = toJobView(started.record, context.keyDigest);
        return started.alreadyRunning ? { ...view, alreadyRunning: true } : view;
      }),
    userKey,
  );
}

/** What the sidebar learns of a start: the jobs, skipped rows, which rows were asked for, and rows a search had already enriched. */
export type EnrichmentStarted = Omit<StartEnrichmentResult, "jobs"> & { jobs: JobView[] };

export function startEnrichment(raw?: unknown): EnrichmentStarted {
  return withUserErrors(
    () =>
      // The rows' status cells and the job store are shared with the poll pass: one writer at a time.
      withDocumentLock(() => {
        const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
        const context = jobsContext(deadline);
        const started = startEnrichmentRows(context, raw, deadline);
        // From the menu nobody reads the returned value: the sheet's toast says what happened.
        if (raw === undefined) context.spreadsheet.toast(enrichmentSummary(started), "Business Leads");
        return { ...started, jobs: started.jobs.map((record) => toJobView(record, context.keyDigest)) };
      }),
    userKey,
  );
}

/** What a start from the menu did, in a toast: the rows asked for, what was sent, what was skipped and why. */
function enrichmentSummary(started: StartEnrichmentResult): string {
  const jobs = started.jobs.length;
  const businesses = started.jobs.reduce((sum, job) => sum + (job.leadCount ?? 0), 0);
  const label = started.rowsLabel.charAt(0).toUpperCase() + started.rowsLabel.slice(1);
  const sent =
    jobs === 0
      ? `${label}: no job was started`
      : `${label}: sent ${businesses} ${businesses === 1 ? "business" : "businesses"} in ${jobs} ${jobs === 1 ? "job" : "jobs"}; results fill the rows as they come`;
  const bySearch = started.alreadyEnrichedBySearch;
  const skipped = started.skipped.length - bySearch;
  const parts = [`${sent}.`];
  if (bySearch > 0) parts.push(searchEnrichedNotice(bySearch, started.searchName, 'to pay for them again, use "Re-enrich" in the sidebar'));
  if (skipped > 0) parts.push(`${skipped} ${skipped === 1 ? "row was" : "rows were"} skipped: see "Enrichment status".`);
  else if (jobs === 0 && bySearch === 0) parts.push('Each row\'s "Enrichment status" says why.');
  return parts.join(" ");
}

export function previewEnrichment(raw?: unknown): EnrichmentPreview {
  return withUserErrors(() => {
    const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
    return previewEnrichmentRows(jobsContext(deadline), raw, deadline);
  }, userKey);
}

export function listJobs(): JobView[] {
  return withUserErrors(listDocumentJobs, userKey);
}

/** One poll-and-write pass, unless another pass holds the document lock (then it leaves at once). */
export function pollPassUnderLock(): void {
  tryDocumentLock(passOverCurrentDocument, LOCK_WAIT_MS);
}

export function refreshJobs(): JobView[] {
  return withUserErrors(() => {
    pollPassUnderLock();
    return listJobs();
  }, userKey);
}

/** The trigger's pass: never throws, with or without a current document (src/gas/pass-runner.ts). */
export function pollJobs(_event?: unknown): void {
  runTriggerPass(pollPassUnderLock, userKey);
}
