// Checks the words enrichment reads in the user's rows: the header synonyms, and what an `Enriched
// for` text says a row was sent as (name | website, split at the last " | ").
import { enrichedForKey, NAME_HEADERS, WEBSITE_HEADERS } from "../../../src/enrich/list/row-words";

describe("row words", () => {
  it("knows the usual headers, most specific first", () => {
    expect(NAME_HEADERS.slice(0, 2)).toEqual(["business name", "company name"]);
    expect(NAME_HEADERS).toContain("name");
    expect(WEBSITE_HEADERS[0]).toBe("website");
    expect(WEBSITE_HEADERS).toEqual(expect.arrayContaining(["url", "domain", "homepage"]));
  });

  it("reads the name and website an Enriched for text says, splitting at the last separator", () => {
    const key = enrichedForKey("Acme | Plumbing | https://acme.example");
    expect(key).not.toBeNull();
    expect(enrichedForKey("Acme | Plumbing | https://acme.example")).toBe(key);
    expect(enrichedForKey("Acme | https://acme.example")).not.toBe(key);
    expect(enrichedForKey("Acme | Plumbing | https://other.example")).not.toBe(key);
  });

  it("says nothing without a separator or a website", () => {
    expect(enrichedForKey("Acme https://acme.example")).toBeNull();
    expect(enrichedForKey("Acme | ")).toBeNull();
  });
});
