// The spec's request limits live in zod request schemas: the client refuses a request that breaks
// them before sending anything, with a sentence naming the field; valid requests pass untouched.
import { LeadsApiError } from "../../src/api/errors";
import {
  CreateEnrichmentRequestSchema,
  CreateSearchRequestSchema,
  FindLocationsParamsSchema,
  ListPageParamsSchema,
  PageParamsSchema,
  requestProblem,
} from "../../src/api/request-schemas";
import { REQUEST_LIMITS } from "../../src/rules/request-limits";
import { makeClient } from "./helpers";

const search = (input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  input: { query: "plumbers", location: "Springfield, Vermont, US", ...input },
  ...extra,
});

describe("request schemas hold the spec's limits", () => {
  it.each([
    ["a 300-character query", search({ query: "q".repeat(300) }), null],
    ["a 301-character query", search({ query: "q".repeat(301) }), /search phrase must have at most 300 characters/],
    ["an empty query", search({ query: "  " }), /search phrase must have at least 1 characters/],
    ["a 200-character name", search({}, { name: "n".repeat(200) }), null],
    ["a 201-character name", search({}, { name: "n".repeat(201) }), /name must have at most 200/],
    ["maxResults 99", search({ maxResults: 99 }), /Max results must be at least 100/],
    ["maxResults 100.5", search({ maxResults: 100.5 }), /Max results is missing or not valid/],
    ["maxResults 1000 (the service says which ceiling applies: 402/403)", search({ maxResults: 1000 }), null],
    ["a lowercase country code", search({ countryCode: "us" }), /country code is not in the expected form/],
    ["language pt-BR", search({ language: "pt-BR" }), null],
    ["language 'english!'", search({ language: "english!" }), /language is not in the expected form/],
    ["any location label (the catalog is the service's call)", search({ location: "Springfield, Kentucky, US" }), null],
    ["an empty location", search({ location: "" }), /location must have at least 1/],
  ])("search: %s", (_, body, problem) => {
    const found = requestProblem(CreateSearchRequestSchema, body);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it("enrichment: 1 business at least, names up to 200, absolute http(s) websites", () => {
    const business = (name: string, url: string) => ({ businesses: [{ business_name: name, website_url: url }] });
    expect(requestProblem(CreateEnrichmentRequestSchema, business("Acme", "https://acme.example/about"))).toBeNull();
    expect(requestProblem(CreateEnrichmentRequestSchema, { businesses: [] })).toMatch(/list of businesses must have at least 1 entries/);
    expect(requestProblem(CreateEnrichmentRequestSchema, business("n".repeat(201), "https://a.example"))).toMatch(
      /business name \(entry 1\) must have at most 200/,
    );
    expect(requestProblem(CreateEnrichmentRequestSchema, business("Acme", "acme.example"))).toMatch(
      /website \(entry 1\) is not in the expected form/,
    );
    expect(requestProblem(CreateEnrichmentRequestSchema, business("Acme", "ftp://acme.example"))).toMatch(/website/);
  });

  it("pages: lists 1 to 100, results 1 to 500; locations: q of 2 to 100 characters", () => {
    expect(requestProblem(ListPageParamsSchema, { pageSize: REQUEST_LIMITS.listPageSizeMax })).toBeNull();
    expect(requestProblem(ListPageParamsSchema, { pageSize: 101 })).toMatch(/page size must be at most 100/);
    expect(requestProblem(PageParamsSchema, { pageSize: 500, page: 1 })).toBeNull();
    expect(requestProblem(PageParamsSchema, { page: 0 })).toMatch(/page must be at least 1/);
    expect(requestProblem(FindLocationsParamsSchema, { q: "Sp" })).toBeNull();
    expect(requestProblem(FindLocationsParamsSchema, { q: "S" })).toMatch(/location search must have at least 2/);
    expect(requestProblem(FindLocationsParamsSchema, { q: "S".repeat(101) })).toMatch(/at most 100/);
  });
});

describe("the client refuses a request that breaks them, before sending", () => {
  it.each([
    [
      "createSearch",
      (c: ReturnType<typeof makeClient>["client"]) => c.createSearch(search({ query: "q".repeat(301) }), { idempotencyKey: "k" }),
    ],
    ["createEnrichment", (c: ReturnType<typeof makeClient>["client"]) => c.createEnrichment({ businesses: [] }, { idempotencyKey: "k" })],
    ["findLocations", (c: ReturnType<typeof makeClient>["client"]) => c.findLocations({ q: "x" })],
    ["listSearches", (c: ReturnType<typeof makeClient>["client"]) => c.listSearches({ pageSize: 101 })],
    [
      "getSearchResults",
      (c: ReturnType<typeof makeClient>["client"]) => c.getSearchResults("5d7b8c1e-2f3a-4b5c-9d6e-7f8091a2b3c4", { pageSize: 501 }),
    ],
  ])("%s", (_, call) => {
    const { client, transport } = makeClient();
    let caught: unknown;
    try {
      call(client);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LeadsApiError);
    expect((caught as LeadsApiError).kind).toBe("validation");
    expect(transport.requests).toEqual([]);
  });
});
