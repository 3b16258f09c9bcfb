// This file defines Paste places: pasted city names, one a line, each looked up in the catalog and said added, already listed, to choose
// among several, or not found. Only resolved places join Location's list, so nothing is searched for a name not resolved.
import type { Location } from "../api/schemas";
import type { SidebarState } from "./sidebar-state";
import { byId, h, on, replaceChildren } from "./dom";
import { locationText } from "./format";
import { type PlaceField, pickedOf } from "./location-combobox";
import { canLookUp, lookupSummary, markListed, matchPlace, matchWords, pastedNames, type PlaceMatch } from "./place-match";

/** One name's line: the name, what became of it, and for an ambiguous one its places to choose from. */
function matchItem(match: PlaceMatch, choose: (item: HTMLLIElement, place: Location) => void): HTMLLIElement {
  const item = h(
    "li",
    { class: `place-match ${match.kind}`, "data-name": match.name },
    h("strong", {}, match.name),
    " ",
    h("span", {}, matchWords(match)),
  );
  if (match.kind !== "ambiguous") return item;
  const choices = match.choices.map((place) => on(h("button", {}, locationText(place)), "click", () => choose(item, place)));
  item.appendChild(h("div", { class: "choices", role: "group", "aria-label": `Places named ${match.name}` }, ...choices));
  return item;
}

/** Looks each name up, one call each; a name that cannot be looked up is not found without a call. */
async function lookUp(state: SidebarState, names: readonly string[]): Promise<PlaceMatch[]> {
  const matches: PlaceMatch[] = [];
  for (const name of names) {
    matches.push(canLookUp(name) ? matchPlace(name, await state.server.call("findLocations", { q: name })) : { kind: "notFound", name });
  }
  return matches;
}

export function pastePlaces(state: SidebarState, places: PlaceField): void {
  const toggle = byId("paste-places-toggle", HTMLButtonElement);
  const box = byId("paste-places", HTMLElement);
  const text = byId("places-text", HTMLTextAreaElement);
  const find = byId("find-places", HTMLButtonElement);
  const list = byId("place-matches", HTMLUListElement);

  on(toggle, "click", () => {
    box.hidden = !box.hidden;
    toggle.setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden) text.focus();
  });

  /** The names of the last list looked up, as they stand now, and how many were not looked up. */
  let looked: { matches: PlaceMatch[]; left: number } = { matches: [], left: 0 };
  const listedLabels = (): string[] => places.places().map((place) => place.label);

  /** The place chosen for an ambiguous name joins the list and the message counts it; the keyboard goes to the next name to choose for. */
  const choose = (item: HTMLLIElement, place: Location): void => {
    const index = looked.matches.findIndex((match) => match.kind === "ambiguous" && match.name === item.dataset.name);
    const [chosen] = markListed([{ kind: "matched", name: item.dataset.name || "", place }], listedLabels());
    if (!chosen) return;
    places.add([pickedOf(place)]);
    item.replaceWith(matchItem(chosen, choose));
    if (index >= 0) {
      looked.matches[index] = chosen;
      state.messages.say(lookupSummary(looked.matches, looked.left));
    }
    const next = list.querySelector<HTMLButtonElement>(".choices button");
    (next || find).focus();
  };

  state.messages.press(find, "Looking up the places…", async () => {
    const { names, left } = pastedNames(text.value);
    if (names.length === 0) throw new Error("Paste city names first, one a line (a column copied from a sheet).");
    const matches = markListed(await lookUp(state, names), listedLabels());
    places.add(matches.flatMap((match) => (match.kind === "matched" ? [pickedOf(match.place)] : [])));
    replaceChildren(list, ...matches.map((match) => matchItem(match, choose)));
    list.hidden = false;
    text.value = "";
    looked = { matches, left };
    return lookupSummary(matches, left);
  });
}
