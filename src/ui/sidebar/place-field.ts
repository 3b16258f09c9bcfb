// This file defines the Location field: one catalog place picked as always, or several as chips.
// A place picked while none is listed stays in the field (the one-place search of before); Enter
// in the field, or "Add another place", moves it into the list and empties the field for the next
// one; once places are listed, each place picked joins them at once, and Enter in the empty field
// starts nothing. Backspace in the empty field
// removes the last one. Only places picked from the catalog are listed (Paste places adds the ones
// it resolved).
import type { SidebarState } from "./sidebar-state";
import { byId, on } from "./dom";
import { chipList } from "./chips";
import { plural } from "./format";
import { locationCombobox, type PickedLocation } from "./location-combobox";

export interface PlaceField {
  /** The places to search: those listed, then the one picked in the field. */
  places(): PickedLocation[];
  /** Text typed in the field but not picked from the list (none: null). */
  unfinished(): string | null;
  add(places: readonly PickedLocation[]): void;
}

export function placeField(state: SidebarState, onChange: () => void): PlaceField {
  const input = byId("location", HTMLInputElement);
  const another = byId("add-place", HTMLButtonElement);
  const hint = byId("location-hint", HTMLElement);
  const firstHint = hint.textContent || "";
  const changed = (): void => {
    another.hidden = combobox.picked() === null;
    // An empty field says how many places are listed (the combobox says the rest).
    const count = chips.items().length;
    if (input.value === "") hint.textContent = count > 0 ? `${plural(count, "place", "places")} listed. Type 2 letters to add another.` : firstHint;
    onChange();
  };
  const chips = chipList(byId("location-chips", HTMLUListElement), input, (place: PickedLocation) => place.text, (place) => place.label, changed);
  const combobox = locationCombobox(state, (picked) => {
    // Once places are listed, a pick joins them: the field is free for the next one.
    if (picked && chips.items().length > 0) keepPicked();
    else changed();
  });

  /** Moves the place picked in the field into the list. */
  const keepPicked = (): void => {
    const picked = combobox.picked();
    if (!picked) return;
    combobox.clear();
    if (chips.add([picked]) === 0) changed();
  };

  on(input, "keydown", (event) => {
    // The list's own keys (a pick by Enter) come first.
    if (event.defaultPrevented) return;
    if (event.key === "Enter" && input.getAttribute("aria-expanded") !== "true" && combobox.picked()) {
      event.preventDefault();
      keepPicked();
    } else if (event.key === "Enter" && input.value.trim() === "" && chips.items().length > 0) {
      // A pick joins a list at once, so the Enter a person presses after it, as after their first
      // place, must not start the searches of the places listed so far (Start search does).
      event.preventDefault();
    } else if (event.key === "Backspace" && input.value === "") {
      chips.removeLast();
    }
  });
  on(another, "click", () => {
    keepPicked();
    input.focus();
  });

  return {
    places: () => {
      const picked = combobox.picked();
      return picked && !chips.items().some((place) => place.label === picked.label) ? [...chips.items(), picked] : chips.items();
    },
    unfinished: () => (combobox.picked() || input.value.trim() === "" ? null : input.value.trim()),
    add(places) {
      keepPicked();
      chips.add(places);
    },
  };
}
