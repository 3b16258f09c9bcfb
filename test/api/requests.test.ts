// Tests that every endpoint method builds the request the spec describes (method, path, query,
// headers, body) and returns the parsed answer.
import { LeadsApiError } from "../../src/api/errors";
import { LeadsClient } from "../../src/api/client";
import {
  API_KEY,
  BASE_URL,
  BUSINESS_ID,
  ENRICH_ID,
  FakeClock,
  ROOT,
  SEARCH_ID,
  ScriptedTransport,
  json,
  makeClient,
  pathOf,
  queryOf,
  resultsPage,
  sampleAccount,
  sampleEnrichmentBusiness,
  sampleJob,
  sampleLocation,
  sampleSearchBusiness,
  sampleSingleBusiness,
} from "./helpers";

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0] as T;
}

describe("endpoint methods", () => {
  test("createSearch posts the body with key, JSON content type and Idempotency-Key", () => {
    const { client, transport } = makeClient();
    transport.reply(json(202, { job_id: SEARCH_ID, status: "queued", credits_reserved: 100, message: "Search queued" }));
    const body = {
      name: "Plumbers Austin",
      input: { query: "plumbers", location: "Austin, Texas, United States", countryCode: "US", maxResults: 100 },
      enrich_contacts: false,
    };
    const created = client.createSearch(body, { idempotencyKey: "idem-1" });

    expect(created).toEqual({ job_id: SEARCH_ID, status: "queued", credits_reserved: 100, message: "Search queued" });
    const request = only(transport.requests);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${ROOT}/searches`);
    expect(request.headers["x-api-key"]).toBe(API_KEY);
    expect(request.headers["Idempotency-Key"]).toBe("idem-1");
    expect(request.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(request.body ?? "")).toEqual(body);
    expect(transport.rounds[0]?.via).toBe("fetch");
  });

  test("createSearch and createEnrichment refuse to send without an idempotency key", () => {
    const { client, transport } = makeClient();
    const body = { input: { query: "plumbers", location: "Austin, Texas, United States" } };
    expect(() => client.createSearch(body, { idempotencyKey: "" })).toThrow(LeadsApiError);
    expect(() => client.createEnrichment({ businesses: [] }, { idempotencyKey: "  " })).toThrow(
      expect.objectContaining({ kind: "idempotency_required" }),
    );
    expect(transport.requests).toHaveLength(0);
  });

  test("createEnrichment posts the businesses", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(202, {
        job_id: ENRICH_ID,
        status: "enriching",
        businesses_submitted: 2,
        credits_reserved: 2,
        message: "Enrichment queued",
      }),
    );
    const body = {
      businesses: [
        { business_name: "Acme", website_url: "https://acme.example" },
        { business_name: "Bolt & Co", website_url: "http://bolt.example/contact?x=1" },
      ],
    };
    const created = client.createEnrichment(body, { idempotencyKey: "idem-2" });
    expect(created.businesses_submitted).toBe(2);
    expect(created.status).toBe("enriching");
    const request = only(transport.requests);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${ROOT}/enrichments`);
    expect(request.headers["Idempotency-Key"]).toBe("idem-2");
    expect(JSON.parse(request.body ?? "")).toEqual(body);
  });

  test("listSearches and listEnrichments send page and page_size", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, { items: [sampleJob()], total: 41 }), json(200, { items: [], total: 0 }));
    const list = client.listSearches({ page: 3, pageSize: 20 });
    expect(list.total).toBe(41);
    expect(list.items[0]?.id).toBe(SEARCH_ID);
    client.listEnrichments();

    const [first, second] = transport.requests;
    expect(first?.method).toBe("GET");
    expect(pathOf(first?.url ?? "")).toBe("/api/v1/searches");
    expect(queryOf(first?.url ?? "")).toEqual({ page: "3", page_size: "20" });
    expect(first?.body).toBeUndefined();
    expect(first?.headers["Idempotency-Key"]).toBeUndefined();
    expect(first?.headers["x-api-key"]).toBe(API_KEY);
    // Defaults are the service's: nothing is sent that was not asked for.
    expect(second?.url).toBe(`${ROOT}/enrichments`);
  });

  test("getSearch, getEnrichment and getBusiness put the id in the path", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, sampleJob()),
      json(200, sampleJob({ id: ENRICH_ID, source: "provided", run_id: null, status: "enriching" })),
      json(200, sampleSingleBusiness()),
    );
    expect(client.getSearch(SEARCH_ID).status).toBe("running");
    expect(client.getEnrichment(ENRICH_ID).source).toBe("provided");
    expect(client.getBusiness(BUSINESS_ID).title).toBe("Acme Plumbing");
    expect(transport.requests.map((r) => r.url)).toEqual([
      `${ROOT}/searches/${SEARCH_ID}`,
      `${ROOT}/enrichments/${ENRICH_ID}`,
      `${ROOT}/businesses/${BUSINESS_ID}`,
    ]);
  });

  test("an id cannot escape its path segment", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, sampleJob()));
    client.getSearch("../account?x=1");
    expect(only(transport.requests).url).toBe(`${ROOT}/searches/..%2Faccount%3Fx%3D1`);
  });

  test("an empty id is refused before sending", () => {
    const { client, transport } = makeClient();
    expect(() => client.getSearch("")).toThrow(expect.objectContaining({ kind: "validation", status: null }));
    expect(transport.requests).toHaveLength(0);
  });

  test("results endpoints send page and page_size and parse the page", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, resultsPage([sampleSearchBusiness()], { page: 2, page_size: 50, total: 51, has_more: false })),
      json(200, resultsPage([sampleEnrichmentBusiness()], { job_id: ENRICH_ID, status: "enriching" })),
    );
    const page = client.getSearchResults(SEARCH_ID, { page: 2, pageSize: 50 });
    expect(page.items[0]?.rating).toBe(4.7);
    expect(page.has_more).toBe(false);
    const enriched = client.getEnrichmentResults(ENRICH_ID, { page: 1 });
    expect(enriched.items[0]?.email_verification_status).toBe("processing");

    const [first, second] = transport.requests;
    expect(pathOf(first?.url ?? "")).toBe(`/api/v1/searches/${SEARCH_ID}/results`);
    expect(queryOf(first?.url ?? "")).toEqual({ page: "2", page_size: "50" });
    expect(second?.url).toBe(`${ROOT}/enrichments/${ENRICH_ID}/results?page=1`);
  });

  test("findLocations encodes q and country and returns the locations array", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, { locations: [sampleLocation()] }));
    const locations = client.findLocations({ q: "São Paulo & co", country: "BR" });
    expect(locations).toHaveLength(1);
    expect(locations[0]?.label).toBe("Austin, Texas, United States");
    const request = only(transport.requests);
    expect(request.url).toBe(`${ROOT}/locations?q=S%C3%A3o%20Paulo%20%26%20co&country=BR`);
    expect(queryOf(request.url)).toEqual({ q: "São Paulo & co", country: "BR" });
  });

  test("findLocations leaves out an empty country", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, { locations: [] }));
    client.findLocations({ q: "Austin", country: "" });
    expect(only(transport.requests).url).toBe(`${ROOT}/locations?q=Austin`);
  });

  test("getAccount reads /account", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, sampleAccount()));
    const account = client.getAccount();
    expect(account.credits_remaining).toBe(4200);
    expect(only(transport.requests)).toEqual({
      method: "GET",
      url: `${ROOT}/account`,
      headers: { Accept: "application/json", "x-api-key": API_KEY },
    });
  });

  test("getJob and getResults dispatch on the job kind", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, sampleJob()),
      json(200, sampleJob({ id: ENRICH_ID })),
      json(200, resultsPage([])),
      json(200, resultsPage([], { job_id: ENRICH_ID })),
    );
    client.getJob("search", SEARCH_ID);
    client.getJob("enrichment", ENRICH_ID);
    client.getResults("search", SEARCH_ID, { page: 1, pageSize: 500 });
    client.getResults("enrichment", ENRICH_ID);
    expect(transport.requests.map((r) => r.url)).toEqual([
      `${ROOT}/searches/${SEARCH_ID}`,
      `${ROOT}/enrichments/${ENRICH_ID}`,
      `${ROOT}/searches/${SEARCH_ID}/results?page=1&page_size=500`,
      `${ROOT}/enrichments/${ENRICH_ID}/results`,
    ]);
  });
});

describe("base URL", () => {
  test.each([
    ["https://leads.example.test", `${ROOT}/account`],
    ["https://leads.example.test/", `${ROOT}/account`],
    ["  https://leads.example.test/api/v1/ ", `${ROOT}/account`],
    ["http://localhost:8787/prefix", "http://localhost:8787/prefix/api/v1/account"],
  ])("%j → %s", (baseUrl, expected) => {
    const transport = new ScriptedTransport().reply(json(200, sampleAccount()));
    const client = new LeadsClient({ baseUrl, apiKey: API_KEY, transport, clock: new FakeClock() });
    client.getAccount();
    expect(transport.requests[0]?.url).toBe(expected);
  });

  test.each(["", "leads.example.test", "ftp://leads.example.test", "https://x.test/?a=1"])(
    "%j is refused with a message that points to Settings",
    (baseUrl) => {
      expect(() => new LeadsClient({ baseUrl, apiKey: API_KEY, transport: new ScriptedTransport(), clock: new FakeClock() })).toThrow(
        /Settings/,
      );
    },
  );

  test("a missing API key is refused before any request", () => {
    expect(() => new LeadsClient({ baseUrl: BASE_URL, apiKey: " ", transport: new ScriptedTransport(), clock: new FakeClock() })).toThrow(
      expect.objectContaining({ kind: "unauthorized" }),
    );
  });
});
