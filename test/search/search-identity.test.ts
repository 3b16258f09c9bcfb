// Checks a search's identity: the service's defaults make an omitted field the same search as the
// default written out; the name never counts; any other field does.
import { searchIdentity, searchInputKey } from "../../src/search/search-identity";
import type { Job } from "../../src/api/schemas";

const base = { name: "Plumbers", input: { query: "plumbers", location: "Austin, Texas, United States" } };

describe("searchInputKey", () => {
  it("fills in the service's defaults: 100 results, English, contacts", () => {
    expect(searchInputKey(base)).toBe(
      searchInputKey({ ...base, input: { ...base.input, maxResults: 100, language: "en" }, enrich_contacts: true }),
    );
  });
  it("ignores the name", () => {
    expect(searchInputKey({ ...base, name: "Other" })).toBe(searchInputKey(base));
  });
  it.each([
    ["query", { ...base, input: { ...base.input, query: "dentists" } }],
    ["location", { ...base, input: { ...base.input, location: "Plano, Texas, United States" } }],
    ["country", { ...base, input: { ...base.input, countryCode: "US" } }],
    ["maxResults", { ...base, input: { ...base.input, maxResults: 200 } }],
    ["language", { ...base, input: { ...base.input, language: "de" } }],
    ["contacts", { ...base, enrich_contacts: false }],
  ])("tells a different %s apart", (_, other) => {
    expect(searchInputKey(other)).not.toBe(searchInputKey(base));
  });
});

describe("searchIdentity", () => {
  const job = (input: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
    ({ id: "j", name: "x", status: "completed", actor_input: input, ...extra }) as unknown as Job;

  it("keeps the input's key, size and what it searched", () => {
    expect(searchIdentity(job({ query: "plumbers", location: "Austin, Texas, United States", maxResults: 300, language: "en" }))).toEqual({
      searchKey: searchInputKey({ ...base, input: { ...base.input, maxResults: 300 } }),
      maxResults: 300,
      searched: { query: "plumbers", place: "Austin, Texas, United States" },
    });
  });
  it("a job without its size is the default 100", () => {
    expect(searchIdentity(job({ query: "plumbers", location: "Austin" })).maxResults).toBe(100);
  });
  it("a job made without contacts is another search", () => {
    const input = { query: "plumbers", location: "Austin, Texas, United States" };
    expect(searchIdentity(job(input, { enrich_contacts: false })).searchKey).not.toBe(searchIdentity(job(input)).searchKey);
  });
  it("keeps nothing when the job does not say its query and location", () => {
    expect(searchIdentity(job(null))).toEqual({});
    expect(searchIdentity(job({ query: "plumbers" }))).toEqual({});
  });
});
