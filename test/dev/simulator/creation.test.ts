// This file tests job creation: response shapes, defaults, every validation rule (422 naming the
// field), plans and credits (402/403), and the order in which creation checks run.
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import {
  AUSTIN,
  call,
  createEnrichment,
  createSearch,
  credits,
  newSim,
  searchBody,
  suppliedBusinesses,
  UUID_RE,
  type CreatedJson,
  type DetailJson,
  type JobJson,
  type ListJson,
} from "./helpers";

const GROWTH = DEMO_KEYS.growth.accountId;

describe("POST /searches", () => {
  test("202 with job_id, queued, credits_reserved and message; credits are reserved at once", () => {
    const { sim } = newSim();
    const res = createSearch(sim, "demo-growth", { maxResults: 250 });
    expect(res.status).toBe(202);
    expect(res.body.job_id).toMatch(UUID_RE);
    expect(res.body.status).toBe("queued");
    expect(res.body.credits_reserved).toBe(250);
    expect(typeof res.body.message).toBe("string");
    expect(credits(sim, GROWTH)).toBe(10000 - 250);
    const job = call<JobJson>(sim, "GET", `/searches/${res.body.job_id}`).body;
    expect(job.credits_charged).toBe(250);
    expect(job.origin).toBe("api");
  });

  test("defaults: name, maxResults 100, language en, enrich_contacts true, countryCode from the location", () => {
    const { sim } = newSim();
    const res = call<CreatedJson>(sim, "POST", "/searches", { body: { input: { query: "dentists", location: AUSTIN } } });
    expect(res.status).toBe(202);
    expect(res.body.credits_reserved).toBe(100);
    const job = call<JobJson>(sim, "GET", `/searches/${res.body.job_id}`).body;
    expect(job.name).toBe(`dentists in ${AUSTIN}`);
    expect(job.enrich_contacts).toBe(true);
    expect(job.actor_input).toEqual({ query: "dentists", location: AUSTIN, countryCode: "US", maxResults: 100, language: "en" });
  });

  test.each([
    ["body: not JSON", "{oops", "body"],
    ["body: array", [], "body"],
    ["missing input", { name: "x" }, "input"],
    ["input not an object", { input: "plumbers" }, "input"],
    ["unknown top-level field", searchBody({}, { colour: "red" }), "colour"],
    ["unknown input field", searchBody({ radius: 5 }), "input.radius"],
    ["name too long", searchBody({}, { name: "n".repeat(201) }), "name"],
    ["name wrong type", searchBody({}, { name: 5 }), "name"],
    ["query missing", { input: { location: AUSTIN } }, "input.query"],
    ["query empty", searchBody({ query: "  " }), "input.query"],
    ["query too long", searchBody({ query: "q".repeat(301) }), "input.query"],
    ["query wrong type", searchBody({ query: 12 }), "input.query"],
    ["location missing", { input: { query: "x" } }, "input.location"],
    ["location bare city", searchBody({ location: "Austin" }), "input.location"],
    ["location full_name instead of label", searchBody({ location: "Austin, Texas, United States" }), "input.location"],
    ["countryCode lower case", searchBody({ countryCode: "us" }), "input.countryCode"],
    ["countryCode three letters", searchBody({ countryCode: "USA" }), "input.countryCode"],
    ["countryCode not the location's", searchBody({ countryCode: "GB" }), "input.countryCode"],
    ["maxResults below 100", searchBody({ maxResults: 99 }), "input.maxResults"],
    ["maxResults not an integer", searchBody({ maxResults: 150.5 }), "input.maxResults"],
    ["maxResults a string", searchBody({ maxResults: "200" }), "input.maxResults"],
    ["language bad", searchBody({ language: "english" }), "input.language"],
    ["language digits", searchBody({ language: "e1" }), "input.language"],
    ["enrich_contacts not boolean", searchBody({}, { enrich_contacts: "yes" }), "enrich_contacts"],
  ])("422 when %s", (_label, body, field) => {
    const { sim } = newSim();
    const before = credits(sim, GROWTH);
    const res = call<DetailJson>(sim, "POST", "/searches", { body });
    expect(res.status).toBe(422);
    expect(res.body.detail.startsWith(`${field}:`)).toBe(true);
    expect(credits(sim, GROWTH)).toBe(before);
    expect(call<ListJson>(sim, "GET", "/searches").body.total).toBe(0);
  });

  test.each([["en"], ["pt-BR"], ["zh_Hant"], ["deu"]])("language %s is accepted", (language) => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-growth", { language }).status).toBe(202);
  });

  test("null optional fields mean the default; a matching countryCode is accepted", () => {
    const { sim } = newSim();
    expect(
      createSearch(sim, "demo-growth", { countryCode: "US", maxResults: null, language: null }, { name: null, enrich_contacts: null })
        .status,
    ).toBe(202);
  });

  test("length limits count characters (code points), not UTF-16 units", () => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-growth", { query: "😀".repeat(300) }).status).toBe(202);
    expect(createSearch(sim, "demo-growth", {}, { name: "é".repeat(200) }).status).toBe(202);
  });
});

describe("POST /enrichments", () => {
  test("202 with job_id, enriching, businesses_submitted and one credit per business", () => {
    const { sim } = newSim();
    const res = createEnrichment(sim, "demo-growth", 7);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "enriching", businesses_submitted: 7, credits_reserved: 7 });
    expect(res.body.job_id).toMatch(UUID_RE);
    expect(credits(sim, GROWTH)).toBe(10000 - 7);
    const job = call<JobJson>(sim, "GET", `/enrichments/${res.body.job_id}`).body;
    expect(job.name).toBe("Enrich 7 supplied businesses");
    expect(job.source).toBe("provided");
    expect(job.run_id).toBeNull();
    expect(job.lead_count).toBe(7);
    expect(job.actor_input["maxResults"]).toBe(7);
    expect(job.actor_input["businesses"]).toEqual(suppliedBusinesses(7));
  });

  const ok = { business_name: "Shop", website_url: "https://shop.example.com" };
  test.each([
    ["missing businesses", {}, "businesses"],
    ["businesses not an array", { businesses: {} }, "businesses"],
    ["empty list", { businesses: [] }, "businesses"],
    ["unknown top-level field", { businesses: [ok], enrich_contacts: true }, "enrich_contacts"],
    ["entry not an object", { businesses: ["Shop"] }, "businesses[0]"],
    ["unknown entry field", { businesses: [{ ...ok, phone: "1" }] }, "businesses[0].phone"],
    ["name missing", { businesses: [{ website_url: ok.website_url }] }, "businesses[0].business_name"],
    ["name empty", { businesses: [{ ...ok, business_name: " " }] }, "businesses[0].business_name"],
    ["name too long", { businesses: [{ ...ok, business_name: "b".repeat(201) }] }, "businesses[0].business_name"],
    ["url missing", { businesses: [{ business_name: "Shop" }] }, "businesses[0].website_url"],
    ["relative url", { businesses: [ok, { ...ok, business_name: "B", website_url: "/about" }] }, "businesses[1].website_url"],
    ["bare domain", { businesses: [{ ...ok, website_url: "shop.example.com" }] }, "businesses[0].website_url"],
    ["ftp url", { businesses: [{ ...ok, website_url: "ftp://shop.example.com" }] }, "businesses[0].website_url"],
    ["mailto url", { businesses: [{ ...ok, website_url: "mailto:a@b.com" }] }, "businesses[0].website_url"],
    ["duplicate pair", { businesses: [ok, { business_name: "Other", website_url: "https://o.example.com" }, ok] }, "businesses[2]"],
    [
      "duplicate pair differing by case and slash",
      { businesses: [ok, { business_name: "SHOP", website_url: "https://SHOP.example.com/" }] },
      "businesses[1]",
    ],
    ["name too long on the enrichment", { name: "n".repeat(201), businesses: [ok] }, "name"],
  ])("422 when %s", (_label, body, field) => {
    const { sim } = newSim();
    const res = call<DetailJson>(sim, "POST", "/enrichments", { body });
    expect(res.status).toBe(422);
    expect(res.body.detail.startsWith(`${field}:`)).toBe(true);
    expect(credits(sim, GROWTH)).toBe(10000);
  });

  test("the same name with another website is not a duplicate", () => {
    const { sim } = newSim();
    const res = call(sim, "POST", "/enrichments", { body: { businesses: [ok, { ...ok, website_url: "https://shop2.example.com" }] } });
    expect(res.status).toBe(202);
  });

  test("701 businesses is 403 (product ceiling); 700 is accepted", () => {
    const { sim } = newSim();
    expect(call(sim, "POST", "/enrichments", { body: { businesses: suppliedBusinesses(701) } }).status).toBe(403);
    expect(call(sim, "POST", "/enrichments", { body: { businesses: suppliedBusinesses(700) } }).status).toBe(202);
    expect(credits(sim, GROWTH)).toBe(10000 - 700);
  });
});

describe("plans and credits", () => {
  test("free plan: one job of up to 100 reserves 100 credits; the second is 402 '0 credits remain'", () => {
    const { sim } = newSim();
    const first = createSearch(sim, "demo-free");
    expect(first.status).toBe(202);
    expect(first.body.credits_reserved).toBe(100);
    const account = sim.account(DEMO_KEYS.free.accountId);
    expect(account["free_search_used"]).toBe(true);
    expect(account["credits_remaining"]).toBe(0);
    const second = call<DetailJson>(sim, "POST", "/searches", { key: "demo-free", body: searchBody() });
    expect(second.status).toBe(402);
    expect(second.body.detail).toContain("0 credits remain");
    expect(createEnrichment(sim, "demo-free", 1).status).toBe(402);
  });

  test("free plan: above 100 is 403; an enrichment of up to 100 is the free job and reserves 100", () => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-free", { maxResults: 200 }).status).toBe(403);
    expect(createEnrichment(sim, "demo-free", 101).status).toBe(403);
    const enrichment = createEnrichment(sim, "demo-free", 40);
    expect(enrichment.status).toBe(202);
    expect(enrichment.body.credits_reserved).toBe(100);
    expect(sim.account(DEMO_KEYS.free.accountId)["free_search_used"]).toBe(true);
  });

  test("the used free account is 402 and reports max_results_per_search 100", () => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-free-used").status).toBe(402);
    expect(sim.account(DEMO_KEYS.freeUsed.accountId)).toMatchObject({
      free_search_used: true,
      max_results_per_search: 100,
      credits_remaining: 0,
    });
  });

  test("paid: more than remains is 402 stating how many remain; fits exactly is fine", () => {
    const { sim } = newSim();
    const tooMany = call<DetailJson>(sim, "POST", "/searches", { key: "demo-starter-low", body: searchBody({ maxResults: 200 }) });
    expect(tooMany.status).toBe(402);
    expect(tooMany.body.detail).toBe("Insufficient credits: 150 remaining, 200 required");
    expect(createSearch(sim, "demo-starter-low", { maxResults: 100 }).status).toBe(202);
    const next = call<DetailJson>(sim, "POST", "/searches", { key: "demo-starter-low", body: searchBody() });
    expect(next.status).toBe(402);
    expect(next.body.detail).toContain("50 remaining");
    expect(createEnrichment(sim, "demo-starter-low", 50).status).toBe(202);
    expect(credits(sim, DEMO_KEYS.starterLow.accountId)).toBe(0);
  });

  test("paid: 1000 requested with 700 remaining is 402 (credits before size), with plenty it is 403", () => {
    const { sim } = newSim();
    const { apiKey } = sim.createAccount({ plan: "growth", credits: 700 });
    const res = call<DetailJson>(sim, "POST", "/searches", { key: apiKey, body: searchBody({ maxResults: 1000 }) });
    expect(res.status).toBe(402);
    expect(res.body.detail).toContain("700 remaining");
    const big = call<DetailJson>(sim, "POST", "/searches", { body: searchBody({ maxResults: 1000 }) });
    expect(big.status).toBe(403);
    expect(createSearch(sim, "demo-growth", { maxResults: 701 }).status).toBe(403);
    expect(createSearch(sim, "demo-growth", { maxResults: 700 }).status).toBe(202);
  });

  test("inactive paid subscription: 402 and max_results_per_search 0; trialing works", () => {
    const { sim } = newSim();
    const res = call<DetailJson>(sim, "POST", "/searches", { key: "demo-inactive", body: searchBody() });
    expect(res.status).toBe(402);
    expect(res.body.detail).toMatch(/past_due/);
    expect(createEnrichment(sim, "demo-inactive").status).toBe(402);
    expect(sim.account(DEMO_KEYS.inactive.accountId)["max_results_per_search"]).toBe(0);
    expect(credits(sim, DEMO_KEYS.inactive.accountId)).toBe(5000);
    const trial = sim.createAccount({ plan: "scale", status: "trialing" });
    expect(createSearch(sim, trial.apiKey).status).toBe(202);
    expect(sim.account(trial.accountId)["max_results_per_search"]).toBe(700);
  });
});

describe("order of creation checks", () => {
  test("422 before 402 (inactive) and before idempotency", () => {
    const { sim } = newSim();
    expect(call(sim, "POST", "/searches", { key: "demo-inactive", body: searchBody({ maxResults: 50 }) }).status).toBe(422);
  });

  test("production: 428 before 422", () => {
    const { sim } = newSim({ production: true });
    expect(call(sim, "POST", "/searches", { body: { bad: true } }).status).toBe(428);
  });

  test("inactive 402 before size 403", () => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-inactive", { maxResults: 5000 }).status).toBe(402);
  });

  test("free: already used (402) before size (403)", () => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-free-used", { maxResults: 300 }).status).toBe(402);
  });

  test("402/403 before the active-jobs 429", () => {
    const { sim } = newSim();
    const { apiKey } = sim.createAccount({ plan: "growth", credits: 250, maxActiveJobs: 1 });
    expect(createSearch(sim, apiKey).status).toBe(202);
    expect(createSearch(sim, apiKey, { maxResults: 200 }).status).toBe(402);
    expect(createSearch(sim, apiKey, { maxResults: 100 }).status).toBe(429);
  });

  test("a rejected request creates no job and deducts nothing", () => {
    const { sim } = newSim();
    const before = sim.jobIds(GROWTH).length;
    for (const status of [
      createSearch(sim, "demo-growth", { maxResults: 800 }).status,
      createSearch(sim, "demo-growth", { maxResults: 10 }).status,
    ]) {
      expect([403, 422]).toContain(status);
    }
    expect(sim.jobIds(GROWTH)).toHaveLength(before);
    expect(credits(sim, GROWTH)).toBe(10000);
  });
});
