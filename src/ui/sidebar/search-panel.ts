// This file defines the New search panel: query, a picked location, max results within the
// service's bounds and what the account can afford (a value outside them is said inline, not
// corrected), its cost shown before starting, list name, enrich contacts and language. A search
// identical to one still running is not started twice: the message names it and offers its sheet.
import type { AccountView } from "../views";
import type { SidebarState } from "./panel-context";
import { byId, setRefused } from "./dom";
import { costLine, resultsProblem, searchBounds } from "./format";
import { locationCombobox, type PickedLocation } from "./location-combobox";
import type { Outcome } from "./messages";
import type { JobView } from "./server";

export function searchPanel(state: SidebarState, onStarted: () => void): void {
  const form = byId("search-form", HTMLFormElement);
  const query = byId("query", HTMLInputElement);
  const maxResults = byId("max-results", HTMLInputElement);
  const problem = byId("max-results-problem", HTMLElement);
  const cost = byId("cost-line", HTMLElement);
  const language = byId("language", HTMLInputElement);
  const enrich = byId("enrich-contacts", HTMLInputElement);
  const listName = byId("list-name", HTMLInputElement);
  const start = byId("start-search", HTMLButtonElement);

  const refresh = (): void => {
    const account = state.account;
    const picked = location.picked();
    const bounds = account ? searchBounds(account) : null;
    const wrong = bounds && !bounds.blocked ? resultsProblem(maxResults.value, bounds) : null;
    problem.textContent = wrong ?? "";
    problem.hidden = wrong === null;
    maxResults.setAttribute("aria-invalid", String(wrong !== null));
    cost.textContent = !account || !bounds ? "" : bounds.blocked ?? (wrong ? "" : costLine(account, Number(maxResults.value)));
    setRefused(start, !state.hasKey || !account ? "Save your API key first (Settings)."
      : bounds?.blocked ? bounds.blocked
      : wrong ? wrong
      : !picked ? "Pick a location from the list first: type at least 2 letters, then choose a place."
      : null);
  };

  const location = locationCombobox(state, refresh);
  state.onAccount((_account: AccountView | null) => refresh());
  maxResults.addEventListener("input", refresh);

  const started = (job: JobView): Outcome => {
    const sheet = job.sheetName ?? job.name;
    const show = { label: "Show its sheet", run: () => state.showJobSheet(job.jobId) };
    return job.alreadyRunning
      ? { text: `Already running: “${sheet}”. The same search is still in progress, so no new one was started and nothing more was charged.`, action: show }
      : { text: `Search started: results arrive in the sheet “${sheet}”.`, action: show };
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    refresh();
    void state.messages.act(start, "Starting the search…", async () => {
      const picked = location.picked() as PickedLocation;
      if (!query.value.trim()) throw new Error("Enter what to search for, e.g. “coffee”.");
      const job = await state.server.call("startSearch", {
        query: query.value.trim(),
        location: picked.label,
        countryCode: picked.countryCode,
        maxResults: Number(maxResults.value),
        language: language.value.trim() || "en",
        enrichContacts: enrich.checked,
        ...(listName.value.trim() ? { name: listName.value.trim() } : {}),
      });
      onStarted();
      return started(job);
    });
  });

  refresh();
}
