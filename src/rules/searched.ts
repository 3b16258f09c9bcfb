// This file defines what a search searched, from its parts: its query (a territory's queries) and
// its place (a territory's one place, or how many), said "dentists · Fort Worth, Texas, US". The
// server keeps the parts and the sidebar says them, so neither ever splits the words.

export interface Searched {
  query: string;
  place: string;
}

/** What was searched, in words: "dentists · Fort Worth, Texas, US". */
export const searchedWords = ({ query, place }: Searched): string => `${query} · ${place}`;

/** The same query in the same place. */
export const sameSearched = (a: Searched, b: Searched): boolean => a.query === b.query && a.place === b.place;
