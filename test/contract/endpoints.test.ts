// Contract tests of every endpoint of the client against the simulator over loopback HTTP: shapes, paging of lists and results (while
// active and after completion), locations, account, one business, batching.
import { hasNextListPage } from "../../src/api/pagination";
import { readResultPages } from "../../src/api/result-pages";
import type { Business } from "../../src/api/schemas";
import { isTerminalStatus } from "../../src/rules/job-status";
import {
  AUSTIN,
  expectApiError,
  expectNoKeyInErrors,
  idemKey,
  newParty,
  readEveryBusiness,
  searchBody,
  sent,
  startContractWorld,
  type ContractWorld,
} from "./helpers";

let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld({ seed: 101 });
});
afterAll(async () => {
  expectNoKeyInErrors(world);
  await world.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe("searches", () => {
  test("createSearch → 202 queued; getSearch is the Job with the spec's fields; results readable while running", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const created = client.createSearch({ name: "Austin plumbers", ...searchBody("plumbers", 200) }, { idempotencyKey: idemKey() });
    expect(created).toEqual(expect.objectContaining({ status: "queued", credits_reserved: 200 }));
    expect(created.job_id).toMatch(UUID);
    expect(typeof created.message).toBe("string");

    const job = client.getSearch(created.job_id);
    expect(job).toEqual(
      expect.objectContaining({
        id: created.job_id,
        name: "Austin plumbers",
        status: "queued",
        origin: "api",
        error: null,
        lead_count: 0,
        credits_charged: 200,
        enrich_contacts: true,
        enriched_count: 0,
        delete_requested: false,
        finished_at: null,
      }),
    );
    expect(job.created_at).toMatch(TIMESTAMP);
    expect(job.actor_input).toEqual(
      expect.objectContaining({ query: "plumbers", location: AUSTIN, countryCode: "US", maxResults: 200, language: "en" }),
    );
    expect(typeof job.source).toBe("string");
    expect(job.run_id).toBeNull(); // no provider run before the job starts

    // Before running: nothing imported, the results page is empty but valid.
    const empty = client.getSearchResults(created.job_id);
    expect(empty).toEqual(
      expect.objectContaining({ job_id: created.job_id, status: "queued", items: [], total: 0, page: 1, page_size: 100, has_more: false }),
    );

    // 5 s queued+starting, then one business per 100 ms: 10 s later about 100 are in.
    world.clock.advance(15_000);
    const running = client.getSearch(created.job_id);
    expect(running.status).toBe("running");
    expect(running.lead_count).toBeGreaterThan(50);
    expect(running.lead_count).toBeLessThan(200);
    expect(typeof running.run_id).toBe("string");
    const page = client.getSearchResults(created.job_id, { page: 1, pageSize: 30 });
    expect(page.status).toBe("running");
    expect(page.items).toHaveLength(30);
    expect(page.total).toBe(running.lead_count);
    expect(page.has_more).toBe(true);
    const first = page.items[0] as Business;
    expect(first.search_id).toBe(created.job_id);
    expect(first.rank).toBe(first.position);
    for (const field of ["title", "category", "address", "city", "country_code", "maps_url", "business_status"] as const) {
      expect(typeof first[field]).toBe("string");
    }
    expect(Array.isArray(first.categories)).toBe(true);
    expect(typeof first.rating).toBe("number");
    expect(Number.isInteger(first.review_count)).toBe(true);
    expect(first.socials).toEqual(expect.objectContaining({ youtubes: expect.any(Array), yelps: expect.any(Array) }));
  });

  test("readResultPages reads every page while active, and again from page 1 after completion", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = client.createSearch(searchBody("electricians", 300, false), { idempotencyKey: idemKey() });

    // runStart at 5 s; the n-th business arrives at runStart + n × 100 ms: 150 in at 20 s.
    world.clock.advance(20_000);
    const before = runtime.counters.snapshot();
    const partial = readEveryBusiness(client, "search", job_id, 40);
    const after = runtime.counters.snapshot();
    expect(partial).toHaveLength(150);
    expect(new Set(partial.map((b) => b.id)).size).toBe(150);
    expect(partial.map((b) => b.position)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    // Page 1 alone, then pages 2..4 in one fetchAll round trip.
    expect(after.roundTrips - before.roundTrips).toBe(2);
    expect(after.fetchRequests - before.fetchRequests).toBe(4);

    const activePages = readResultPages(client, "search", job_id, { pageSize: 100 }).pages;
    expect(activePages.map((p) => [p.page, p.items.length, p.has_more])).toEqual([
      [1, 100, true],
      [2, 50, false],
    ]);
    expect(activePages.every((p) => !isTerminalStatus(p.status))).toBe(true);

    // enrich_contacts false: done 3 s after the import ends (5 s + 30 s + 3 s).
    world.clock.advance(20_000);
    const done = client.getSearch(job_id);
    expect(done.status).toBe("completed");
    expect(done.lead_count).toBe(300);
    expect(done.enriched_count).toBe(0);
    expect(done.finished_at).toMatch(TIMESTAMP);

    const pages = readResultPages(client, "search", job_id, { pageSize: 120 }).pages;
    expect(pages.map((p) => [p.page, p.items.length, p.has_more, p.total])).toEqual([
      [1, 120, true, 300],
      [2, 120, true, 300],
      [3, 60, false, 300],
    ]);
    const all = readEveryBusiness(client, "search", job_id);
    expect(all).toHaveLength(300);
    expect(all.every((b) => b.enrichment_status === "not_requested" && b.owner_enrichment_status === "not_requested")).toBe(true);
    // Rule 3: with enrich_contacts false the discovery fields are kept.
    expect(all.every((b) => typeof b.title === "string" && typeof b.phone === "string" && typeof b.website === "string")).toBe(true);
  });

  test("listSearches pages by page * page_size < total, newest first, API searches only", async () => {
    const { client, accountId } = await newParty(world, { plan: "growth", credits: 5000 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(client.createSearch(searchBody(`roofers ${i}`), { idempotencyKey: idemKey() }).job_id);
    // Not listed: a dashboard search and an enrichment of the same account.
    const dashboardId = await world.control.addDashboardSearch(accountId, "bakeries", AUSTIN);
    client.createEnrichment(
      { businesses: [{ business_name: "Acme", website_url: "https://acme.example" }] },
      { idempotencyKey: idemKey() },
    );

    const one = client.listSearches({ page: 2, pageSize: 2 });
    expect(one.total).toBe(5);
    expect(one.items.map((j) => j.id)).toEqual([ids[2], ids[1]]);

    const defaults = client.listSearches();
    expect(defaults.items.map((j) => j.id)).toEqual([...ids].reverse());

    const pages = [1, 2, 3].map((page) => client.listSearches({ page, pageSize: 2 }));
    const all = pages.flatMap((list) => list.items.map((j) => j.id));
    expect(all).toEqual([...ids].reverse());
    expect(all).not.toContain(dashboardId);
    expect(pages.map((list, i) => hasNextListPage(i + 1, 2, list.total))).toEqual([true, true, false]);
  });
});

describe("enrichments", () => {
  test(
    "createEnrichment → enriching at once; getEnrichment, listEnrichments and results (enrichment shape) " + "from the start to completion",
    async () => {
      const { client } = await newParty(world, { plan: "starter", credits: 1000 });
      const businesses = [
        { business_name: "Blue Door Dental", website_url: "https://bluedoor.example" },
        { business_name: "Green Leaf Cafe", website_url: "http://greenleaf.example/menu" },
        { business_name: "Red Brick Realty", website_url: "https://redbrick.example" },
      ];
      const created = client.createEnrichment({ businesses }, { idempotencyKey: idemKey() });
      expect(created).toEqual(expect.objectContaining({ status: "enriching", businesses_submitted: 3, credits_reserved: 3 }));
      expect(created.job_id).toMatch(UUID);

      const job = client.getEnrichment(created.job_id);
      expect(job).toEqual(
        expect.objectContaining({
          id: created.job_id,
          name: "Enrich 3 supplied businesses",
          status: "enriching",
          source: "provided",
          origin: "api",
          run_id: null,
          lead_count: 3,
          credits_charged: 3,
          finished_at: null,
        }),
      );
      expect(job.actor_input?.maxResults).toBe(3);
      expect(job.actor_input?.businesses).toEqual(businesses);

      const page = client.getEnrichmentResults(created.job_id);
      expect(page).toEqual(
        expect.objectContaining({ job_id: created.job_id, status: "enriching", total: 3, page: 1, page_size: 100, has_more: false }),
      );
      expect(page.items.map((b) => [b.title, b.website, b.search_id])).toEqual(
        businesses.map((b) => [b.business_name, b.website_url, created.job_id]),
      );

      const listed = client.listEnrichments();
      expect(listed.total).toBe(1);
      expect(listed.items[0]?.id).toBe(created.job_id);
      expect(client.listEnrichments({ pageSize: 1 }).items.map((j) => j.id)).toEqual([created.job_id]);
      // Enrichment jobs are not searches.
      expect(client.listSearches().total).toBe(0);
      const wrongFamily = expectApiError(world, () => client.getSearch(created.job_id));
      expect(wrongFamily.status).toBe(404);

      world.clock.advance(10_000);
      const done = client.getEnrichment(created.job_id);
      expect(done.status).toBe("completed");
      expect(done.enriched_count).toBe(3);
      const final = readEveryBusiness(client, "enrichment", created.job_id);
      expect(final).toHaveLength(3);
      expect(final.every((b) => b.enrichment_status === "completed")).toBe(true);
    },
  );
});

describe("businesses, locations, account", () => {
  test("getBusiness returns the single-business shape (no rank), also for a dashboard search's business", async () => {
    const { client, accountId } = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = client.createSearch(searchBody("dentists"), { idempotencyKey: idemKey() });
    world.clock.advance(60_000);
    const [item] = client.getSearchResults(job_id, { pageSize: 1 }).items;
    if (item === undefined) throw new Error("no result item");
    const single = client.getBusiness(item.id);
    expect(single.rank).toBeUndefined();
    expect("rank" in single).toBe(false);
    expect(single).toEqual(
      expect.objectContaining({
        id: item.id,
        search_id: job_id,
        position: item.position,
        title: item.title,
        category: item.category,
        rating: item.rating,
      }),
    );
    for (const absent of ["categories", "city", "maps_url", "email_verifications", "phone_types"]) expect(absent in single).toBe(false);

    const dashboardId = await world.control.addDashboardSearch(accountId, "florists", AUSTIN, 100);
    const dashboardItem = client.getSearchResults(dashboardId, { pageSize: 1 }).items[0];
    if (dashboardItem === undefined) throw new Error("no dashboard item");
    expect(client.getBusiness(dashboardItem.id).search_id).toBe(dashboardId);
  });

  test("findLocations: at most 8 prefix matches, ambiguous names, the country filter, label vs full_name", async () => {
    const { client } = await newParty(world);
    const springfields = client.findLocations({ q: "Springfield" });
    expect(springfields.length).toBeGreaterThan(1);
    expect(springfields.length).toBeLessThanOrEqual(8);
    expect(springfields.every((l) => l.name === "Springfield")).toBe(true);
    expect(new Set(springfields.map((l) => l.label)).size).toBe(springfields.length);

    for (const q of ["Sa", "San", "Po"]) expect(client.findLocations({ q }).length).toBeLessThanOrEqual(8);
    expect(client.findLocations({ q: "Sa" })).toHaveLength(8);

    const londons = client.findLocations({ q: "London" });
    expect(new Set(londons.map((l) => l.country_code)).size).toBeGreaterThan(1);
    const gb = client.findLocations({ q: "London", country: "GB" });
    expect(gb.length).toBeGreaterThan(0);
    expect(gb.every((l) => l.country_code === "GB")).toBe(true);

    const [paris] = client.findLocations({ q: "Paris", country: "FR" });
    if (paris === undefined) throw new Error("no Paris, FR");
    expect(paris).toEqual(
      expect.objectContaining({
        name: "Paris",
        country_code: "FR",
        label: "Paris, Île-de-France, FR",
        full_name: "Paris, Île-de-France, France",
      }),
    );
    expect(typeof paris.location_code).toBe("number");
    for (const field of ["location_name", "city", "region", "country", "location_type"] as const)
      expect(typeof paris[field]).toBe("string");

    // The label works as input.location; a bare, ambiguous city name does not.
    const ok = client.createSearch(
      { input: { query: "bistros", location: paris.label, countryCode: paris.country_code } },
      { idempotencyKey: idemKey() },
    );
    expect(ok.status).toBe("queued");
    const bare = expectApiError(world, () =>
      client.createSearch({ input: { query: "bistros", location: "Paris" } }, { idempotencyKey: idemKey() }),
    );
    expect(bare.status).toBe(422);
    expect(bare.detail).toMatch(/^input\.location/);
  });

  test("getAccount: every Account field; credits, active and created counts follow a search", async () => {
    const { client } = await newParty(world, { plan: "starter", credits: 900 });
    const before = client.getAccount();
    expect(before).toEqual(
      expect.objectContaining({
        plan_code: "starter",
        status: "active",
        credits_allowance: 1000,
        credits_remaining: 900,
        max_results_per_search: 700,
        free_search_used: false,
        payment_customer: true,
        cancel_at_period_end: false,
        pause_collection: false,
        pause_resumes_at: null,
        cancellation_coupon_applied: false,
        searches_created: 0,
        active_searches: 0,
        leads_found: 0,
      }),
    );
    expect(typeof before.plan_name).toBe("string");
    expect(typeof before.billing_interval).toBe("string");
    expect(before.current_period_end).toMatch(TIMESTAMP);

    const { job_id } = client.createSearch(searchBody("locksmiths", 100, false), { idempotencyKey: idemKey() });
    const during = client.getAccount();
    expect(during).toEqual(expect.objectContaining({ credits_remaining: 800, searches_created: 1, active_searches: 1 }));
    world.clock.advance(60_000);
    expect(client.getSearch(job_id).status).toBe("completed");
    expect(client.getAccount()).toEqual(expect.objectContaining({ credits_remaining: 800, active_searches: 0, leads_found: 100 }));
  });

  test("batch: several getSearch reads go out in ONE fetchAll round trip", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 });
    const ids = [0, 1, 2, 3].map((i) => client.createSearch(searchBody(`painters ${i}`), { idempotencyKey: idemKey() }).job_id);
    const before = runtime.counters.snapshot();
    const results = client.batch(ids.map((id) => client.prepare.getSearch(id)));
    const after = runtime.counters.snapshot();
    expect(after.roundTrips - before.roundTrips).toBe(1);
    expect(after.fetchRequests - before.fetchRequests).toBe(4);
    expect(results.map((r) => (r.ok ? r.value.id : r.error.message))).toEqual(ids);
    expect(sent(runtime, "GET", "/searches/")).toHaveLength(4);
  });
});

describe("states and results while the job moves", () => {
  function statusesSeen(client: { getSearch(id: string): { status: string } }, id: string, stepMs: number, maxSteps: number): string[] {
    const seen: string[] = [];
    for (let i = 0; i < maxSteps; i++) {
      const status = client.getSearch(id).status;
      if (seen[seen.length - 1] !== status) seen.push(status);
      if (isTerminalStatus(status)) break;
      world.clock.advance(stepMs);
    }
    return seen;
  }

  test("enrich_contacts false goes importing → completed without enriching; true passes through enriching", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const plain = client.createSearch(searchBody("tilers", 100, false), { idempotencyKey: idemKey() }).job_id;
    const enriched = client.createSearch(searchBody("tilers", 100, true), { idempotencyKey: idemKey() }).job_id;
    expect(statusesSeen(client, plain, 1_000, 100)).toEqual(["queued", "starting", "running", "importing", "completed"]);
    const rest = statusesSeen(client, enriched, 1_000, 100);
    expect(rest).toEqual(["enriching", "completed"]); // it started with `plain`: only the tail is left
    const job = client.getSearch(enriched);
    expect(job.enriched_count).toBe(100);
  });

  test("a failed search: status failed with an error, finished_at set; its imported businesses stay readable", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = client.createSearch(searchBody("fail-me plumbers", 200), { idempotencyKey: idemKey() });
    world.clock.advance(60_000);
    const job = client.getSearch(job_id);
    expect(job.status).toBe("failed");
    expect(job.error).toEqual(expect.any(String));
    expect(job.finished_at).toMatch(TIMESTAMP);
    expect(job.lead_count).toBeGreaterThan(0);
    expect(job.lead_count).toBeLessThan(200);
    const results = readEveryBusiness(client, "search", job_id, 40);
    expect(results).toHaveLength(job.lead_count);
  });

  test("a completed job that found fewer businesses keeps its whole reserved charge", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = client.createSearch(searchBody("niche harp makers", 300, false), { idempotencyKey: idemKey() });
    world.clock.advance(120_000);
    const job = client.getSearch(job_id);
    expect(job.status).toBe("completed");
    expect(job.lead_count).toBe(100);
    expect(job.credits_charged).toBe(300);
    expect(client.getAccount().credits_remaining).toBe(4700);
    expect(readEveryBusiness(client, "search", job_id)).toHaveLength(100);
  });

  test("reading every page while the job grows between round trips (1 s per round trip) returns every imported business once", async () => {
    const { client, runtime } = await newParty(world, { plan: "growth", credits: 5000 }, {}, { fetchLatencyMs: 1_000 });
    const { job_id } = client.createSearch(searchBody("glaziers", 400, false), { idempotencyKey: idemKey() });
    world.clock.advance(12_000); // about 70 imported; 10 more arrive during each round trip
    const roundTrips = runtime.counters.roundTrips;
    const all = readEveryBusiness(client, "search", job_id, 20);
    expect(runtime.counters.roundTrips - roundTrips).toBeGreaterThan(2); // it kept reading after the batch
    const positions = all.map((b) => b.position).sort((a, b) => a - b);
    expect(new Set(all.map((b) => b.id)).size).toBe(all.length);
    expect(positions).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(all.length).toBeGreaterThanOrEqual(70);
    expect(runtime.http.requests.at(-1)?.status).toBe(200);
    const total = client.getSearchResults(job_id, { pageSize: 1 }).total;
    // Exactly what arrived during this one extra round trip (1 s, one import per 100 ms) is missing.
    expect(total - all.length).toBe(10);
  });
});
