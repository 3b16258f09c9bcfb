// This file defines the New search panel: query, a picked location, max results within the
// service's bounds and what the account can afford (a value outside them is said inline, not
// corrected), its cost shown before starting, list name, enrich contacts and language. A search
// identical to one still running is not started twice: the message names it and offers its sheet.
// One identical to a search of the last day is not started at the first click: the message asks
// whether to open that search's sheet, refresh it now (merged into that sheet) or run it again into
// a new one, for the credits the cost line shows.
import type { AccountView } from "../views";
import type { SidebarState } from "./sidebar-state";
import { byId, setRefused } from "./dom";
import { costLine, isActive, plural, refreshEvery, resultsProblem, searchBounds, searchCost, shortDateTime } from "./format";
import { locationCombobox, type PickedLocation } from "./location-combobox";
import type { Outcome } from "./messages";
import type { JobView } from "./server";

/** The form's elements. */
interface SearchForm {
  form: HTMLFormElement;
  query: HTMLInputElement;
  maxResults: HTMLInputElement;
  problem: HTMLElement;
  cost: HTMLElement;
  language: HTMLInputElement;
  enrich: HTMLInputElement;
  listName: HTMLInputElement;
  start: HTMLButtonElement;
}

function searchForm(): SearchForm {
  return {
    form: byId("search-form", HTMLFormElement),
    query: byId("query", HTMLInputElement),
    maxResults: byId("max-results", HTMLInputElement),
    problem: byId("max-results-problem", HTMLElement),
    cost: byId("cost-line", HTMLElement),
    language: byId("language", HTMLInputElement),
    enrich: byId("enrich-contacts", HTMLInputElement),
    listName: byId("list-name", HTMLInputElement),
    start: byId("start-search", HTMLButtonElement),
  };
}

/** Says what the form's values allow: a max-results value out of bounds, the cost line, and why Start is refused. */
function showFormState(state: SidebarState, f: SearchForm, picked: PickedLocation | null): void {
  const account = state.account;
  const bounds = account ? searchBounds(account) : null;
  const wrong = bounds && !bounds.blocked ? resultsProblem(f.maxResults.value, bounds) : null;
  f.problem.textContent = wrong ?? "";
  f.problem.hidden = wrong === null;
  f.maxResults.setAttribute("aria-invalid", String(wrong !== null));
  f.cost.textContent = !account || !bounds ? "" : bounds.blocked ?? (wrong ? "" : costLine(account, Number(f.maxResults.value)));
  setRefused(f.start, !state.hasKey || !account ? "Save your API key first (Settings)."
    : bounds?.blocked ? bounds.blocked
    : wrong ? wrong
    : !picked ? "Pick a location from the list first: type at least 2 letters, then choose a place."
    : null);
}

/** The search the form holds, as it is sent. */
function formSearch(f: SearchForm, picked: PickedLocation) {
  if (!f.query.value.trim()) throw new Error("Enter what to search for, e.g. “coffee”.");
  return {
    query: f.query.value.trim(),
    location: picked.label,
    countryCode: picked.countryCode,
    maxResults: Number(f.maxResults.value),
    language: f.language.value.trim() || "en",
    enrichContacts: f.enrich.checked,
    ...(f.listName.value.trim() ? { name: f.listName.value.trim() } : {}),
  };
}

/** What makes two searches the same (the name aside): a message about one holds while the form does. */
function sameSearchKey(f: SearchForm, picked: PickedLocation | null): string {
  return JSON.stringify([f.query.value.trim(), picked?.label, picked?.countryCode, f.maxResults.value, f.language.value.trim() || "en", f.enrich.checked]);
}

/** While the job is still running (or not listed yet): its "results arrive…" message holds. */
const stillRunning = (state: SidebarState, jobId: string) => (): boolean => {
  const now = state.jobs.find((job) => job.jobId === jobId);
  return !now || isActive(now);
};

/** What the message says once a search started (or was found still running). */
function startedOutcome(state: SidebarState, job: JobView): Outcome {
  const sheet = job.sheetName ?? job.name;
  const show = { label: "Show its sheet", run: () => state.showJobSheet(job.jobId) };
  return job.alreadyRunning
    ? { text: `Already running: “${sheet}”. The same search is still in progress, so no new one was started and nothing more was charged.`, actions: [show], stillTrue: stillRunning(state, job.jobId) }
    : { text: `Search started: results arrive in the sheet “${sheet}”.`, actions: [show], stillTrue: stillRunning(state, job.jobId) };
}

/** Runs the search again now into its own sheet (its schedule, if any, kept), and starts the run at once. */
async function refreshNow(state: SidebarState, job: JobView, upTo: string): Promise<Outcome> {
  await state.server.call("setRefresh", { jobId: job.jobId, every: refreshEvery(job.refresh), runNow: true });
  const jobs = await state.server.call("refreshJobs");
  state.setJobs(jobs);
  void state.reloadAccount().catch(() => undefined);
  const now = jobs.find((j) => j.jobId === job.jobId);
  const sheet = now?.sheetName ?? job.sheetName ?? job.name;
  return {
    text: `Refreshing “${sheet}”: the search runs again${upTo}, and the businesses it finds are merged into that sheet (new ones added at its end, none twice).`,
    actions: [{ label: "Show its sheet", run: () => state.showJobSheet(job.jobId) }],
    stillTrue: () => state.jobs.find((j) => j.jobId === job.jobId)?.refreshing !== false,
  };
}

export function searchPanel(state: SidebarState, onStarted: () => void): void {
  const f = searchForm();
  const refresh = (): void => {
    showFormState(state, f, location.picked());
    // A question about the search in the form goes once the form holds another search.
    state.messages.recheck();
  };

  const location = locationCombobox(state, refresh);
  state.onAccount((_account: AccountView | null) => refresh());
  for (const field of [f.query, f.maxResults, f.language, f.enrich]) field.addEventListener("input", refresh);
  const sameSearch = (): string => sameSearchKey(f, location.picked());

  /** The same search ran in the last day: ask, naming it, what it found and what running it again costs. */
  const askFirst = (job: JobView): Outcome => {
    const sheet = job.sheetName ?? job.name;
    const credits = state.account ? searchCost(state.account, Number(f.maxResults.value)) : job.runCredits;
    const found = job.leadCount === null ? "" : ` (${plural(job.leadCount, "business", "businesses")})`;
    const asked = sameSearch();
    const again = credits === null ? "Run it again" : `Run it again for ${plural(credits, "credit", "credits")}`;
    const upTo = credits === null ? "" : ` for up to ${plural(credits, "credit", "credits")}`;
    return {
      text: `You ran this search ${shortDateTime(job.finishedAt ?? job.createdAt)}: its results are in “${sheet}”${found}. Nothing was started or charged. Open that sheet, refresh it now (new businesses added to it, none twice), or run the search again into a new sheet?`,
      actions: [
        { label: "Open its sheet", run: () => state.showJobSheet(job.jobId) },
        { label: `Refresh it now${upTo}`, run: () => void state.messages.act(f.start, "Starting the refresh…", () => refreshNow(state, job, upTo)) },
        { label: again, run: () => void state.messages.act(f.start, "Starting the search…", () => begin(false)) },
      ],
      stillTrue: () => sameSearch() === asked,
    };
  };

  /** Starts the form's search; `ask`: the first click, which asks first about a search of the last day. */
  const begin = async (ask: boolean): Promise<Outcome> => {
    const job = await state.server.call("startSearch", { ...formSearch(f, location.picked() as PickedLocation), ...(ask ? { askIfRecent: true } : {}) });
    if (job.sameAsRecent) return askFirst(job);
    onStarted();
    return startedOutcome(state, job);
  };

  f.form.addEventListener("submit", (event) => {
    event.preventDefault();
    refresh();
    void state.messages.act(f.start, "Starting the search…", () => begin(true));
  });

  refresh();
}
