// This file defines the New search panel: queries, places, max results within the service's and the account's bounds, its cost, list
// name, enrich contacts and language. One query in one place is one search; more make a territory. A start identical to one running,
// or to one of the last day, is not started blindly: the message offers its sheet or a refresh.
import { DEFAULT_LANGUAGE, TERRITORY_LIMITS } from "../rules/request-limits";
import type { SidebarState } from "./sidebar-state";
import { byId, on, setRefused, showText } from "./dom";
import {
  businessCount,
  costLine,
  creditCount,
  groupDigits,
  isActive,
  perPlaceCost,
  refreshEvery,
  resultsProblem,
  searchBounds,
  searchCost,
  shortDateTime,
  TERRITORY_PACE,
  territoryCost,
  territoryStarted,
} from "./format";
import { type PickedLocation, placeField } from "./location-combobox";
import type { Outcome } from "./messages";
import { pastePlaces } from "./paste-places";
import { queryField } from "./query-field";
import type { JobView } from "./server";

type SearchForm = ReturnType<typeof searchForm>;

function searchForm() {
  return {
    form: byId("search-form", HTMLFormElement),
    maxResults: byId("max-results", HTMLInputElement),
    problem: byId("max-results-problem", HTMLElement),
    cost: byId("cost-line", HTMLElement),
    costNote: byId("cost-note", HTMLElement),
    roomNotice: byId("room-notice", HTMLElement),
    language: byId("language", HTMLInputElement),
    enrich: byId("enrich-contacts", HTMLInputElement),
    listName: byId("list-name", HTMLInputElement),
    start: byId("start-search", HTMLButtonElement),
  };
}

/** What the form searches: its queries and places as listed, and text typed in Location but not picked. */
interface Lists {
  queries: string[];
  places: PickedLocation[];
  unfinished: string | null;
}

/** Why Start search refuses the lists, or null. */
function listsProblem({ queries, places, unfinished }: Lists): string | null {
  const { queriesMax, placesMax } = TERRITORY_LIMITS;
  if (unfinished !== null && places.length > 0) return `Pick “${unfinished}” from the list, or clear the Location field.`;
  if (places.length === 0) return "Pick a location from the list first: type at least 2 letters, then choose a place.";
  if (queries.length > queriesMax)
    return `Search for at most ${queriesMax} queries at once; ${queries.length} are listed: remove ${queries.length - queriesMax}.`;
  return places.length > placesMax
    ? `Search at most ${placesMax} places at once; ${places.length} are listed: remove ${places.length - placesMax}.`
    : null;
}

/** Says what the form's values allow: a max-results value out of bounds, the cost line, and why Start is refused. */
function showFormState(state: SidebarState, f: SearchForm, lists: Lists): void {
  const account = state.account;
  const results = Number(f.maxResults.value);
  const bounds = account ? searchBounds(account) : null;
  const wrong = bounds && !bounds.blocked ? resultsProblem(f.maxResults.value, bounds) : null;
  showText(f.problem, wrong);
  f.maxResults.setAttribute("aria-invalid", String(wrong !== null));
  // More than one query × place pair: a territory, whose cost is every search's.
  const queries = lists.queries.length;
  const places = lists.places.length;
  const territory = account && !bounds?.blocked && !wrong && queries * places > 1 ? territoryCost(account, queries, places, results) : null;
  const perPlace = account && places === 0 && queries > 1 ? perPlaceCost(account, queries, results) : null;
  f.cost.textContent =
    !account || !bounds ? "" : (bounds.blocked ?? (wrong ? "" : (territory?.line ?? perPlace ?? costLine(account, results))));
  showText(f.costNote, territory && (territory.problem ?? TERRITORY_PACE));
  f.costNote.classList.toggle("problem", Boolean(territory?.problem));
  showText(f.roomNotice, state.roomNotice);
  const refusal = bounds?.blocked || wrong || (listsProblem(lists) ?? territory?.problem ?? null);
  setRefused(f.start, !state.hasKey || !account ? "Save your API key first (Settings)." : refusal);
}

/** The search the form holds, as it is sent: one query in one place as always, else the lists. */
function formSearch(f: SearchForm, { queries, places }: Lists) {
  const [query] = queries;
  const [place] = places;
  if (!query) throw new Error("Enter what to search for, e.g. “coffee”.");
  const options = {
    maxResults: Number(f.maxResults.value),
    language: f.language.value.trim() || DEFAULT_LANGUAGE,
    enrichContacts: f.enrich.checked,
    ...(f.listName.value.trim() ? { name: f.listName.value.trim() } : {}),
  };
  if (queries.length === 1 && places.length === 1 && place)
    return { query, location: place.label, countryCode: place.countryCode, ...options };
  return { queries, locations: places.map(({ label, countryCode }) => ({ label, countryCode })), ...options };
}

/** What makes two starts the same (the name aside): a message about one holds while the form does. */
function sameSearchKey(f: SearchForm, { queries, places }: Lists): string {
  return JSON.stringify([
    queries,
    places.map((place) => [place.label, place.countryCode]),
    f.maxResults.value,
    f.language.value.trim() || DEFAULT_LANGUAGE,
    f.enrich.checked,
  ]);
}

/** What the message says once a search started (or was found still running). */
function startedOutcome(state: SidebarState, job: JobView): Outcome {
  const sheet = job.sheetName ?? job.name;
  const same = job.territory ? "The same searches are" : "The same search is";
  const started = job.territory
    ? `Searches started: results arrive in the sheet “${sheet}”. ${territoryStarted(job.territory)}`.trim()
    : `Search started: results arrive in the sheet “${sheet}”.`;
  return {
    text: job.alreadyRunning
      ? `Already running: “${sheet}”. ${same} still in progress, so no new one was started and nothing more was charged.`
      : started,
    actions: [{ label: "Show its sheet", run: () => state.showJobSheet(job.jobId) }],
    // While the job is still running (or not listed yet), its "results arrive…" message holds.
    stillTrue: () => !state.jobs.some((now) => now.jobId === job.jobId && !isActive(now)),
  };
}

/** Runs the search (every search of a territory) again now into its own sheet (its schedule, if any, kept), and starts the run at once. */
async function refreshNow(state: SidebarState, job: JobView, upTo: string): Promise<Outcome> {
  await state.server.call("setRefresh", { jobId: job.jobId, every: refreshEvery(job.refresh), runNow: true });
  const jobs = await state.server.call("refreshJobs");
  state.setJobs(jobs);
  void state.reloadAccount().catch(() => undefined);
  const now = jobs.find((j) => j.jobId === job.jobId);
  const sheet = now?.sheetName ?? job.sheetName ?? job.name;
  const runs = job.territory
    ? `the searches run again${upTo}, and the businesses they find are`
    : `the search runs again${upTo}, and the businesses it finds are`;
  return {
    text: `Refreshing “${sheet}”: ${runs} merged into that sheet (new ones added at its end, none twice).`,
    actions: [{ label: "Show its sheet", run: () => state.showJobSheet(job.jobId) }],
    stillTrue: () => state.jobs.find((j) => j.jobId === job.jobId)?.refreshing !== false,
  };
}

/** The form's way to start again: `begin(false)` runs without asking; `asked` the start the question is about. */
interface Again {
  f: SearchForm;
  begin(ask: boolean): Promise<Outcome>;
  asked(): string;
}

/** The same start ran in the last day: ask, naming it, what it found and what running it again costs. */
function askFirst(state: SidebarState, job: JobView, { f, begin, asked }: Again): Outcome {
  const sheet = job.sheetName ?? job.name;
  const searches = job.territory?.searches ?? 1;
  const credits = state.account ? searches * searchCost(state.account, Number(f.maxResults.value)) : job.runCredits;
  const found = job.leadCount === null ? "" : ` (${businessCount(job.leadCount)})`;
  const question = asked();
  const again = credits === null ? "Run it again" : `Run it again for ${creditCount(credits)}`;
  const upTo = credits === null ? "" : ` for up to ${creditCount(credits)}`;
  const when = shortDateTime(job.finishedAt ?? job.createdAt, state.zoneOf(job));
  const ran = job.territory ? `these ${groupDigits(searches)} searches ${when}: their` : `this search ${when}: its`;
  return {
    text:
      `You ran ${ran} results are in “${sheet}”${found}. Nothing was started or charged. Open that sheet, refresh it now (new ` +
      `businesses added to it, none twice), or run ${job.territory ? "them" : "the search"} again into a new sheet?`,
    actions: [
      { label: "Open its sheet", run: () => state.showJobSheet(job.jobId) },
      state.messages.action(`Refresh it now${upTo}`, f.start, "Starting the refresh…", () => refreshNow(state, job, upTo)),
      state.messages.action(again, f.start, "Starting the search…", () => begin(false)),
    ],
    stillTrue: () => asked() === question,
  };
}

export function searchPanel(state: SidebarState, onStarted: () => void): void {
  const f = searchForm();
  f.language.value = DEFAULT_LANGUAGE;
  const refresh = (): void => {
    showFormState(state, f, lists());
    // A question about the search in the form goes once the form holds another search.
    state.messages.recheck();
  };
  const query = queryField(refresh);
  const places = placeField(state, refresh);
  const lists = (): Lists => ({ queries: query.queries(), places: places.places(), unfinished: places.unfinished() });
  pastePlaces(state, places);

  state.onAccount(() => refresh());
  // Location's text too: typed and not picked, it holds a start back until picked or cleared.
  for (const field of [byId("query", HTMLInputElement), byId("location", HTMLInputElement), f.maxResults, f.language, f.enrich])
    on(field, "input", refresh);

  /** Starts the form's search; `ask`: the first click, which asks first about a start of the last day. */
  const begin = async (ask: boolean): Promise<Outcome> => {
    const job = await state.server.call("startSearch", { ...formSearch(f, lists()), ...(ask ? { askIfRecent: true } : {}) });
    if (job.sameAsRecent) return askFirst(state, job, { f, begin, asked: () => sameSearchKey(f, lists()) });
    onStarted();
    return startedOutcome(state, job);
  };

  on(f.form, "submit", (event) => {
    event.preventDefault();
    refresh();
    void state.messages.act(f.start, "Starting the search…", () => begin(true));
  });

  refresh();
}
