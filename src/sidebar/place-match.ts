// This file defines how a pasted city name is resolved against what findLocations found for it: matched, ambiguous (the user chooses) or
// not found. Pure, so every rule and sentence is unit-tested (test/sidebar/place-match.test.ts).
import type { Location } from "../api/schemas";
import { REQUEST_LIMITS, TERRITORY_LIMITS } from "../rules/request-limits";
import { groupDigits, locationText, plural } from "./format";

export type PlaceMatch =
  /** `listed`: the place was in Location's list already (picked, or another name of it pasted). */
  | { kind: "matched"; name: string; place: Location; listed?: true }
  | { kind: "ambiguous"; name: string; choices: Location[] }
  | { kind: "notFound"; name: string };

/** The names of a pasted column, one a line (of a row copied with more cells, its first), each once, at most a territory's places. */
export function pastedNames(text: string): { names: string[]; left: number } {
  const names: string[] = [];
  for (const line of text.split(/[\r\n]+/)) {
    const name = (line.split("\t").find((cell) => cell.trim() !== "") || "").trim();
    if (name !== "" && !names.some((known) => fold(known) === fold(name))) names.push(name);
  }
  const { placesMax } = TERRITORY_LIMITS;
  return { names: names.slice(0, placesMax), left: Math.max(0, names.length - placesMax) };
}

/** Whether the catalog can look a name up at all (it takes 2 to 100 characters). */
export const canLookUp = (name: string): boolean =>
  name.length >= REQUEST_LIMITS.locationQueryMin && name.length <= REQUEST_LIMITS.locationQueryMax;

/** Lower case without accents, spaces at the ends trimmed: "Córdoba " and "cordoba" are one name. */
const fold = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/**
 * What became of a name: the only place found, else the only one of that name (its name, label or
 * full name); several of that name (else several found, none of that name) are to choose from.
 */
export function matchPlace(name: string, found: readonly Location[]): PlaceMatch {
  const named = found.filter((place) => [place.name, place.label, place.full_name].some((text) => text && fold(text) === fold(name)));
  const one = found.length === 1 ? found[0] : named.length === 1 ? named[0] : undefined;
  if (one) return { kind: "matched", name, place: one };
  if (found.length === 0) return { kind: "notFound", name };
  return { kind: "ambiguous", name, choices: named.length > 1 ? named : [...found] };
}

/**
 * The matches, each matched place marked `listed` when its label is listed already or was matched
 * by an earlier name ("Dallas" and "Dallas, TX"): adding it again would add nothing.
 */
export function markListed(matches: readonly PlaceMatch[], listedLabels: readonly string[]): PlaceMatch[] {
  const listed = new Set(listedLabels);
  return matches.map((match) => {
    if (match.kind !== "matched") return match;
    const known = listed.has(match.place.label);
    listed.add(match.place.label);
    return known ? { ...match, listed: true } : match;
  });
}

/** What the list says of a name, after the name itself. */
export function matchWords(match: PlaceMatch): string {
  if (match.kind === "matched") return `${match.listed ? "Listed already" : "Added"}: ${locationText(match.place)}`;
  if (match.kind === "notFound") return "Not in the catalog: nothing is searched for it.";
  return `${groupDigits(match.choices.length)} places found: choose one. Not listed? Type it with its region in Location.`;
}

/** The message once a list was looked up, and again after each choice: "Looked up 5 names: 3 added, 1 to choose below, 1 not found." */
export function lookupSummary(matches: readonly PlaceMatch[], left: number): string {
  const count = (test: (match: PlaceMatch) => boolean): number => matches.filter(test).length;
  const parts = [
    [count((m) => m.kind === "matched" && !m.listed), "added"],
    [count((m) => m.kind === "matched" && m.listed === true), "listed already"],
    [count((m) => m.kind === "ambiguous"), "to choose below"],
    [count((m) => m.kind === "notFound"), "not found"],
  ] as const;
  const said = parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${groupDigits(n)} ${what}`)
    .join(", ");
  const more =
    left > 0 ? ` ${groupDigits(left)} more were not looked up: one search covers at most ${TERRITORY_LIMITS.placesMax} places.` : "";
  return `Looked up ${plural(matches.length, "name", "names")}: ${said}.${more}`;
}
