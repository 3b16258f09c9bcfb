// This file defines the Location field as a chip field: each place picked from the catalog becomes a chip and the field empties for the
// next; Backspace in the empty field removes the last. Only catalog places are listed, so every place searched is one the service knows.
import type { SidebarState } from "./sidebar-state";
import { byId, on } from "./dom";
import { chipList } from "./chips";
import { locationCombobox, type PickedLocation } from "./location-combobox";

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
