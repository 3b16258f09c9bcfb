// This file tests Idempotency-Key handling: replay returns the existing job without a second
// charge, a changed request is 409, keys are per account, and production requires the key (428).
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import {
  call,
  createEnrichment,
  createSearch,
  credits,
  newSim,
  searchBody,
  type CreatedJson,
  type DetailJson,
  type ListJson,
} from "./helpers";

const GROWTH = DEMO_KEYS.growth.accountId;

describe("idempotency", () => {
  test("same key and same body: the existing job, 202, one charge", () => {
    const { sim, clock } = newSim();
    const first = createSearch(sim, "demo-growth", { maxResults: 300 }, {}, "key-1");
    clock.advance(3_000);
    const again = createSearch(sim, "demo-growth", { maxResults: 300 }, {}, "key-1");
    expect(again.status).toBe(202);
    expect(again.body.job_id).toBe(first.body.job_id);
    expect(again.body.credits_reserved).toBe(300);
    expect(again.body.status).toBe("starting"); // the job's current state
    expect(credits(sim, GROWTH)).toBe(10000 - 300);
    expect(call<ListJson>(sim, "GET", "/searches").body.total).toBe(1);
  });

  test("defaults applied: omitting maxResults equals sending 100", () => {
    const { sim } = newSim();
    const first = call<CreatedJson>(sim, "POST", "/searches", {
      idem: "k",
      body: { input: { query: "plumbers", location: "Austin, Texas, US" } },
    });
    const again = createSearch(sim, "demo-growth", { maxResults: 100 }, {}, "k");
    expect(again.body.job_id).toBe(first.body.job_id);
  });

  test.each([
    ["a different name", searchBody({}, { name: "Other name" })],
    ["a different query", searchBody({ query: "electricians" })],
    ["a different maxResults", searchBody({ maxResults: 200 })],
    ["a different enrichment setting", searchBody({}, { enrich_contacts: false })],
  ])("same key with %s is 409 and charges nothing", (_label, body) => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-growth", {}, {}, "key-2").status).toBe(202);
    const res = call<DetailJson>(sim, "POST", "/searches", { idem: "key-2", body });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/Idempotency-Key/);
    expect(credits(sim, GROWTH)).toBe(10000 - 100);
  });

  test("a search key reused for an enrichment is 409; enrichment replays work too", () => {
    const { sim } = newSim();
    createSearch(sim, "demo-growth", {}, {}, "shared");
    expect(createEnrichment(sim, "demo-growth", 3, "shared").status).toBe(409);
    const first = createEnrichment(sim, "demo-growth", 4, "enrich-key");
    const again = createEnrichment(sim, "demo-growth", 4, "enrich-key");
    expect(again.status).toBe(202);
    expect(again.body.job_id).toBe(first.body.job_id);
    expect(again.body.businesses_submitted).toBe(4);
    expect(createEnrichment(sim, "demo-growth", 5, "enrich-key").status).toBe(409);
    expect(credits(sim, GROWTH)).toBe(10000 - 100 - 4);
  });

  test("keys are scoped per account; keys of one account share them", () => {
    const { sim } = newSim();
    const mine = createSearch(sim, "demo-growth", {}, {}, "same-key");
    const theirs = createSearch(sim, "demo-other", {}, {}, "same-key");
    expect(theirs.status).toBe(202);
    expect(theirs.body.job_id).not.toBe(mine.body.job_id);
    const viaSecondKey = createSearch(sim, DEMO_KEYS.growthSecondKey.apiKey, {}, {}, "same-key");
    expect(viaSecondKey.body.job_id).toBe(mine.body.job_id);
  });

  test("replay wins over credit checks: it still answers 202 once the balance is spent", () => {
    const { sim } = newSim();
    const first = createSearch(sim, "demo-starter-low", {}, {}, "k");
    expect(createSearch(sim, "demo-starter-low", {}, {}, "other").status).toBe(402);
    const again = createSearch(sim, "demo-starter-low", {}, {}, "k");
    expect(again.status).toBe(202);
    expect(again.body.job_id).toBe(first.body.job_id);
  });

  test("a rejected request does not consume its key", () => {
    const { sim } = newSim();
    const { apiKey, accountId } = sim.createAccount({ plan: "starter", credits: 50 });
    expect(createSearch(sim, apiKey, {}, {}, "k").status).toBe(402);
    const other = sim.createAccount({ plan: "starter" });
    expect(other.accountId).not.toBe(accountId);
    // Same account, same key, now a different (valid, affordable) body: not a 409.
    expect(createEnrichment(sim, apiKey, 10, "k").status).toBe(202);
  });

  test("a lost response then a retry with the same key and body: one job, one charge", () => {
    const { sim } = newSim();
    sim.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true }]);
    const lost = sim.handle({
      method: "POST",
      path: "/api/v1/searches",
      headers: { "x-api-key": "demo-growth", "idempotency-key": "retry-me" },
      body: JSON.stringify(searchBody({ maxResults: 400 })),
    });
    expect(lost.lost).toBe(true);
    expect(credits(sim, GROWTH)).toBe(10000 - 400); // processed and charged
    const retry = createSearch(sim, "demo-growth", { maxResults: 400 }, {}, "retry-me");
    expect(retry.status).toBe(202);
    expect(call<ListJson>(sim, "GET", "/searches").body.total).toBe(1);
    expect(call<ListJson>(sim, "GET", "/searches").body.items[0]?.id).toBe(retry.body.job_id);
    expect(credits(sim, GROWTH)).toBe(10000 - 400);
    expect(sim.stats().lost).toBe(1);
  });

  test("without a key outside production, each request creates a job", () => {
    const { sim } = newSim();
    expect(createSearch(sim).status).toBe(202);
    expect(createSearch(sim).status).toBe(202);
    expect(call<ListJson>(sim, "GET", "/searches").body.total).toBe(2);
  });

  test("production: no key (or a blank one) is 428 and creates nothing; with a key it works", () => {
    const { sim } = newSim({ production: true });
    const res = call<DetailJson>(sim, "POST", "/searches", { body: searchBody() });
    expect(res.status).toBe(428);
    expect(res.body.detail).toMatch(/Idempotency-Key/);
    expect(
      call(sim, "POST", "/enrichments", { body: { businesses: [{ business_name: "A", website_url: "https://a.example" }] } }).status,
    ).toBe(428);
    expect(call(sim, "POST", "/searches", { body: searchBody(), idem: "  " }).status).toBe(428);
    expect(credits(sim, GROWTH)).toBe(10000);
    expect(createSearch(sim, "demo-growth", {}, {}, "prod-key").status).toBe(202);
  });

  test("an over-long key is 422", () => {
    const { sim } = newSim();
    expect(createSearch(sim, "demo-growth", {}, {}, "k".repeat(256)).status).toBe(422);
  });
});
