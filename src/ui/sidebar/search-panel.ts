// This file defines the New search panel: query, a picked location, max results bounded by what
// the account can afford with its cost shown before starting, language, enrich contacts, list name.
import type { AccountView } from "../views";
import type { SidebarState } from "./context";
import { byId, setRefused } from "./dom";
import { clampResults, costLine, searchBounds } from "./format";
import { locationCombobox, type PickedLocation } from "./location-combobox";

export function searchPanel(state: SidebarState, onStarted: () => void): void {
  const form = byId("search-form", HTMLFormElement);
  const query = byId("query", HTMLInputElement);
  const maxResults = byId("max-results", HTMLInputElement);
  const cost = byId("cost-line", HTMLElement);
  const language = byId("language", HTMLInputElement);
  const enrich = byId("enrich-contacts", HTMLInputElement);
  const listName = byId("list-name", HTMLInputElement);
  const start = byId("start-search", HTMLButtonElement);

  const refresh = (): void => {
    const account = state.account;
    const picked = location.picked();
    const bounds = account ? searchBounds(account) : null;
    if (account && bounds) {
      maxResults.max = String(bounds.max);
      cost.textContent = bounds.blocked ?? costLine(account, clampResults(maxResults.value, bounds));
    } else {
      cost.textContent = "";
    }
    setRefused(start, !state.hasKey || !account ? "Save your API key first (Settings)."
      : bounds?.blocked ? bounds.blocked
      : !picked ? "Pick a location from the list first: type at least 2 letters, then choose a place."
      : null);
  };

  const location = locationCombobox(state, refresh);
  state.onAccount((_account: AccountView | null) => refresh());
  maxResults.addEventListener("input", refresh);
  // The number leaves the field inside the bounds, so what is sent is what the cost line said.
  maxResults.addEventListener("change", () => {
    if (state.account) maxResults.value = String(clampResults(maxResults.value, searchBounds(state.account)));
    refresh();
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    refresh();
    void state.messages.act(start, "Starting the search…", async () => {
      const picked = location.picked() as PickedLocation;
      const account = state.account as AccountView;
      if (!query.value.trim()) throw new Error("Enter what to search for, e.g. “coffee”.");
      const job = await state.server.call("startSearch", {
        query: query.value.trim(),
        location: picked.label,
        countryCode: picked.countryCode,
        maxResults: clampResults(maxResults.value, searchBounds(account)),
        language: language.value.trim() || "en",
        enrichContacts: enrich.checked,
        ...(listName.value.trim() ? { name: listName.value.trim() } : {}),
      });
      onStarted();
      return `Search “${job.name}” started: results arrive in the sheet “${job.sheetName ?? job.name}”.`;
    });
  });

  refresh();
}
