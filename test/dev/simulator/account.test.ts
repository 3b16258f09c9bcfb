// This file tests GET /account: every Account field, plan values, and the counters that follow jobs.
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import { call, createEnrichment, createSearch, newSim } from "./helpers";

const FIELDS = [
  "plan_code",
  "plan_name",
  "status",
  "billing_interval",
  "credits_allowance",
  "credits_remaining",
  "max_results_per_search",
  "free_search_used",
  "payment_customer",
  "current_period_end",
  "cancel_at_period_end",
  "pause_collection",
  "pause_resumes_at",
  "cancellation_coupon_applied",
  "searches_created",
  "active_searches",
  "leads_found",
].sort();

describe("GET /account", () => {
  test("every Account field with the growth demo's values", () => {
    const { sim } = newSim();
    const res = call(sim, "GET", "/account");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toMatchObject({
      plan_code: "growth",
      plan_name: "Growth",
      status: "active",
      credits_remaining: 10000,
      max_results_per_search: 700,
      free_search_used: false,
      payment_customer: true,
      pause_resumes_at: null,
      searches_created: 1, // the seeded dashboard search
      active_searches: 0,
      leads_found: 100,
    });
    expect(typeof res.body["current_period_end"]).toBe("string");
    expect(Number.isNaN(Date.parse(String(res.body["current_period_end"])))).toBe(false);
  });

  test.each([
    [
      "demo-free",
      { plan_code: "free", max_results_per_search: 100, credits_remaining: 100, free_search_used: false, payment_customer: false },
    ],
    ["demo-free-used", { plan_code: "free", max_results_per_search: 100, credits_remaining: 0, free_search_used: true }],
    ["demo-starter-low", { plan_code: "starter", credits_remaining: 150, max_results_per_search: 700 }],
    ["demo-inactive", { status: "past_due", max_results_per_search: 0 }],
  ])("%s", (key, expected) => {
    const { sim } = newSim();
    expect(call(sim, "GET", "/account", { key }).body).toMatchObject(expected);
  });

  test("counters follow jobs: searches_created, active_searches, leads_found", () => {
    const { sim, clock } = newSim();
    const { apiKey } = sim.createAccount({ plan: "scale" });
    createSearch(sim, apiKey, { maxResults: 200 });
    createEnrichment(sim, apiKey, 5);
    let account = call(sim, "GET", "/account", { key: apiKey }).body;
    expect(account).toMatchObject({
      plan_code: "scale",
      searches_created: 1,
      active_searches: 2,
      leads_found: 0,
      credits_remaining: 50000 - 205,
    });
    clock.advance(600_000);
    account = call(sim, "GET", "/account", { key: apiKey }).body;
    expect(account).toMatchObject({ active_searches: 0, leads_found: 200 });
  });

  test("createAccount options: credits, status, free used", () => {
    const { sim } = newSim();
    const a = sim.createAccount({ plan: "starter", credits: 42, status: "canceled" });
    expect(sim.account(a.accountId)).toMatchObject({
      credits_remaining: 42,
      credits_allowance: 1000,
      status: "canceled",
      max_results_per_search: 0,
      cancel_at_period_end: true,
    });
    expect(sim.account(DEMO_KEYS.other.accountId)["plan_code"]).toBe("growth");
  });
});
