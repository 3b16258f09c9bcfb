// This file defines the Location field: a combobox (WAI-ARIA, with a listbox popup) of catalog look-ups debounced from 2 characters,
// keyboard moves, full place names, nearby places first (place-rank.ts), whose picks become chips (a bare city name is never sent: every
// place searched is one the service knows); the field empties for the next, and Backspace in the empty field removes the last.
import type { Location } from "../api/schemas";
import type { SidebarState } from "./sidebar-state";
import { chipList } from "./chips";
import { byId, h, on, replaceChildren } from "./dom";
import { locationText } from "./format";
import { DEBOUNCE_MS, listboxKey, MIN_QUERY } from "./listbox-keys";
import { nearListedFirst, type PlaceArea } from "./place-rank";

export interface PickedLocation extends PlaceArea {
  label: string;
  text: string;
}

/** A catalog place as the form keeps it. */
export const pickedOf = (location: Location): PickedLocation => ({
  label: location.label,
  countryCode: location.country_code,
  region: location.region ?? null,
  text: locationText(location),
});

/** The listbox's open state and its active option, as the input's ARIA attributes say them. */
function listboxView(input: HTMLInputElement, list: HTMLUListElement) {
  let active = -1;
  const setActive = (index: number): void => {
    active = index;
    const items = list.children;
    for (let i = 0; i < items.length; i += 1) items[i]?.setAttribute("aria-selected", String(i === index));
    const current = index >= 0 ? items[index] : undefined;
    if (current) {
      input.setAttribute("aria-activedescendant", current.id);
      current.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };
  const setOpen = (open: boolean): void => {
    list.hidden = !open;
    input.setAttribute("aria-expanded", String(open));
    if (!open) setActive(-1);
  };
  return { setOpen, setActive, active: () => active };
}

/** ↑ ↓ Enter Escape on the input: moves, picks, closes or opens the list of `count` options. */
function listboxKeydown(
  event: KeyboardEvent,
  view: ReturnType<typeof listboxView>,
  list: HTMLUListElement,
  count: number,
  pick: (index: number) => void,
): void {
  const action = listboxKey(event.key, view.active(), count, !list.hidden);
  if (action.kind === "none") return;
  event.preventDefault();
  if (action.kind === "move") view.setActive(action.index);
  else if (action.kind === "pick") pick(action.index);
  else if (action.kind === "close") view.setOpen(false);
  else if (action.kind === "open") {
    view.setOpen(true);
    view.setActive(event.key === "ArrowUp" ? count - 1 : 0);
  }
}

/** A click on an option picks it; on mousedown, not click: picking must happen before the input's blur closes the list. */
function pickOnMouseDown(list: HTMLUListElement, pick: (index: number) => void): void {
  on(list, "mousedown", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[role=option]") : null;
    if (!target) return;
    event.preventDefault();
    pick(Array.prototype.indexOf.call(list.children, target) as number);
  });
}

/** `listed`: the places listed already, whose areas come first; `onPick`: a place picked; `clear()` empties the field, hint as at first. */
function locationCombobox(
  state: SidebarState,
  listed: () => readonly PlaceArea[],
  onPick: (picked: PickedLocation) => void,
): { clear(): void } {
  const input = byId("location", HTMLInputElement);
  const list = byId("location-list", HTMLUListElement);
  const hint = byId("location-hint", HTMLElement);
  const defaultHint = hint.textContent ?? "";
  let options: Location[] = [];
  let timer: number | undefined;
  /** Answers arrive out of order; only the latest look-up may fill the list. */
  let lookup = 0;
  const view = listboxView(input, list);
  const { setOpen } = view;

  const pick = (index: number): void => {
    const location = options[index];
    if (!location) return;
    setOpen(false);
    onPick(pickedOf(location));
  };

  const render = (found: Location[]): void => {
    options = nearListedFirst(found, listed());
    replaceChildren(
      list,
      ...options.map((location, i) =>
        h("li", { role: "option", id: `location-option-${i}`, "aria-selected": "false" }, locationText(location)),
      ),
    );
    setOpen(found.length > 0);
    hint.textContent =
      found.length > 0 ? "Use ↑ ↓ and Enter to pick a place." : `No place in the catalog starts with “${input.value.trim()}”.`;
  };

  /** No look-up under way, due or shown: an answer still on its way is dropped, and a typed query not yet sent is not sent. */
  const reset = (): void => {
    window.clearTimeout(timer);
    lookup += 1;
    options = [];
    replaceChildren(list);
    setOpen(false);
    hint.textContent = defaultHint;
  };

  const search = async (q: string): Promise<void> => {
    const mine = ++lookup;
    try {
      const found = await state.server.call("findLocations", { q });
      if (mine === lookup) render(found);
    } catch (error) {
      if (mine === lookup) state.messages.fail(error);
    }
  };

  on(input, "input", () => {
    window.clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < MIN_QUERY) return reset();
    timer = window.setTimeout(() => void search(q), DEBOUNCE_MS);
  });

  on(input, "keydown", (event) => listboxKeydown(event, view, list, options.length, pick));

  pickOnMouseDown(list, pick);
  on(input, "blur", () => setOpen(false));

  return {
    clear() {
      input.value = "";
      reset();
    },
  };
}

export interface PlaceField {
  /** The places to search, as listed. */
  places(): PickedLocation[];
  /** Text typed in the field but not picked from the list (none: null). */
  unfinished(): string | null;
  add(places: readonly PickedLocation[]): void;
}

export function placeField(state: SidebarState, onChange: () => void): PlaceField {
  const input = byId("location", HTMLInputElement);
  const hint = byId("location-hint", HTMLElement);
  const firstHint = hint.textContent || "";
  const placeholder = input.placeholder;
  const changed = (): void => {
    // With places listed, the field's placeholder says how to add one (no hint line under it: the first screen stays short).
    const listed = chips.items().length > 0;
    input.placeholder = listed ? "Type 2 letters to add a place" : placeholder;
    if (input.value === "") hint.textContent = listed ? "" : firstHint;
    onChange();
  };
  const chips = chipList(
    byId("location-chips", HTMLUListElement),
    input,
    (place: PickedLocation) => place.text,
    (place) => place.label,
    changed,
  );
  const combobox = locationCombobox(
    state,
    () => chips.items(),
    (picked) => {
      combobox.clear();
      if (chips.add([picked]) === 0) changed();
    },
  );

  on(input, "keydown", (event) => {
    // The list's own keys (a pick by Enter) come first; Enter after a pick must not start the searches.
    if (event.defaultPrevented) return;
    if (event.key === "Enter" && input.value.trim() === "" && chips.items().length > 0) event.preventDefault();
  });

  return {
    places: () => chips.items(),
    unfinished: () => (input.value.trim() === "" ? null : input.value.trim()),
    add: (places) => void chips.add(places),
  };
}
