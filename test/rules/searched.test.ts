// Checks what a search searched, in words and compared: query and place, both exactly.
import { sameSearched, searchedWords } from "../../src/rules/searched";

describe("searched", () => {
  it("says the query, then the place", () => {
    expect(searchedWords({ query: "dentists", place: "Austin, Texas, United States" })).toBe("dentists · Austin, Texas, United States");
  });
  it("is the same only when query and place both are", () => {
    const a = { query: "dentists", place: "Austin" };
    expect(sameSearched(a, { ...a })).toBe(true);
    expect(sameSearched(a, { ...a, place: "Plano" })).toBe(false);
    expect(sameSearched(a, { ...a, query: "Dentists" })).toBe(false);
  });
});
