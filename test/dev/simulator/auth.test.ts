// This file tests authentication, account scoping (other accounts' jobs are 404), routing errors
// and the error body shape.
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import { call, createEnrichment, createSearch, credits, newSim, type DetailJson, type JobJson, type ResultsJson } from "./helpers";

describe("authentication", () => {
  test("missing, invalid and revoked keys are 401 with a detail", () => {
    const { sim } = newSim();
    const missing = call<DetailJson>(sim, "GET", "/account", { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body.detail).toMatch(/missing/i);
    expect(Object.keys(missing.body)).toEqual(["detail"]);
    expect(call(sim, "GET", "/account", { key: "nope" }).status).toBe(401);
    expect(call(sim, "GET", "/account", { key: "" }).status).toBe(401);
    const revoked = call<DetailJson>(sim, "GET", "/account", { key: DEMO_KEYS.revoked.apiKey });
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toMatch(/revoked/i);
  });

  test("a revoked key stops working while the account's other keys still work", () => {
    const { sim } = newSim();
    const { accountId, apiKey } = sim.createAccount({ plan: "starter" });
    const second = sim.addKey(accountId);
    expect(call(sim, "GET", "/account", { key: apiKey }).status).toBe(200);
    expect(sim.revokeKey(apiKey)).toBe(true);
    expect(call(sim, "GET", "/account", { key: apiKey }).status).toBe(401);
    expect(call(sim, "GET", "/account", { key: second }).status).toBe(200);
  });

  test("401 comes before validation and creates nothing", () => {
    const { sim } = newSim();
    const res = call(sim, "POST", "/searches", { key: "bad", body: { nonsense: true } });
    expect(res.status).toBe(401);
    expect(sim.jobIds(DEMO_KEYS.growth.accountId)).toHaveLength(1); // the seeded dashboard search only
  });
});

describe("account scoping", () => {
  test("jobs and businesses of another account are 404; the account's second key sees them", () => {
    const { sim, clock } = newSim();
    const search = createSearch(sim).body.job_id;
    const enrichment = createEnrichment(sim).body.job_id;
    clock.advance(60_000);
    const other = DEMO_KEYS.other.apiKey;
    expect(call(sim, "GET", `/searches/${search}`, { key: other }).status).toBe(404);
    expect(call(sim, "GET", `/searches/${search}/results`, { key: other }).status).toBe(404);
    expect(call(sim, "GET", `/enrichments/${enrichment}`, { key: other }).status).toBe(404);
    expect(call(sim, "GET", `/enrichments/${enrichment}/results`, { key: other }).status).toBe(404);
    const business = call<ResultsJson>(sim, "GET", `/searches/${search}/results`).body.items[0];
    expect(business).toBeDefined();
    expect(call(sim, "GET", `/businesses/${business?.id ?? ""}`, { key: other }).status).toBe(404);
    expect(call(sim, "GET", `/businesses/${business?.id ?? ""}`).status).toBe(200);
    expect(call<{ total: number }>(sim, "GET", "/searches", { key: other }).body.total).toBe(0);

    const second = DEMO_KEYS.growthSecondKey.apiKey;
    expect(call<JobJson>(sim, "GET", `/searches/${search}`, { key: second }).body.id).toBe(search);
  });

  test("credits are account-wide, shared by every key", () => {
    const { sim } = newSim();
    const before = credits(sim, DEMO_KEYS.growth.accountId);
    expect(createSearch(sim, DEMO_KEYS.growthSecondKey.apiKey, { maxResults: 200 }).status).toBe(202);
    expect(call<{ credits_remaining: number }>(sim, "GET", "/account").body.credits_remaining).toBe(before - 200);
  });

  test("a job is 404 under the other endpoint family", () => {
    const { sim } = newSim();
    const search = createSearch(sim).body.job_id;
    const enrichment = createEnrichment(sim).body.job_id;
    expect(call(sim, "GET", `/enrichments/${search}`).status).toBe(404);
    expect(call(sim, "GET", `/searches/${enrichment}`).status).toBe(404);
    expect(call(sim, "GET", `/searches/${enrichment}/results`).status).toBe(404);
  });

  test("unknown UUIDs are 404, malformed ids are 422 naming the parameter", () => {
    const { sim } = newSim();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(call<DetailJson>(sim, "GET", `/searches/${unknown}`).status).toBe(404);
    expect(call<DetailJson>(sim, "GET", `/businesses/${unknown}`).status).toBe(404);
    const bad = call<DetailJson>(sim, "GET", "/searches/not-a-uuid");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain("search_id");
    expect(call<DetailJson>(sim, "GET", "/enrichments/xyz/results").body.detail).toContain("job_id");
    expect(call<DetailJson>(sim, "GET", "/businesses/xyz").body.detail).toContain("business_id");
  });
});

describe("routing", () => {
  test("unknown paths are 404 and wrong methods 405, both as {detail}", () => {
    const { sim } = newSim();
    const missing = call<DetailJson>(sim, "GET", "/nothing-here");
    expect(missing.status).toBe(404);
    expect(typeof missing.body.detail).toBe("string");
    const wrong = call<DetailJson>(sim, "POST", "/account", { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers["allow"]).toBe("GET");
    const outside = sim.handle({ method: "GET", path: "/api/v2/account", headers: { "x-api-key": "demo-growth" } });
    expect(outside.status).toBe(404);
  });
});
