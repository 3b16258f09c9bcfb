// This file tests the request rate limit (rolling 60 s per account, headers, 429 + Retry-After)
// and the active-jobs limit (429 with Retry-After: 10, existing jobs stay pollable).
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import { call, createEnrichment, createSearch, credits, newSim, type DetailJson, type JobJson } from "./helpers";

describe("rate limit", () => {
  test("successful responses carry the spec's headers", () => {
    const { sim } = newSim();
    const res = call(sim, "GET", "/account");
    expect(res.headers["ratelimit-policy"]).toBe("default;q=1000;w=60");
    expect(res.headers["ratelimit"]).toBe("default;r=999;t=60");
    expect(res.headers["x-ratelimit-limit"]).toBe("1000");
    expect(res.headers["x-ratelimit-remaining"]).toBe("999");
    expect(res.headers["x-ratelimit-reset"]).toBe("60");
    const created = createSearch(sim);
    expect(created.status).toBe(202);
    expect(created.headers["x-ratelimit-remaining"]).toBe("998");
  });

  test("the window is shared by all keys of an account, not by other accounts", () => {
    const { sim, clock } = newSim();
    call(sim, "GET", "/account");
    clock.advance(15_000);
    const second = call(sim, "GET", "/account", { key: DEMO_KEYS.growthSecondKey.apiKey });
    expect(second.headers["x-ratelimit-remaining"]).toBe("998");
    expect(second.headers["ratelimit"]).toBe("default;r=998;t=45");
    const other = call(sim, "GET", "/account", { key: "demo-other" });
    expect(other.headers["x-ratelimit-remaining"]).toBe("999");
  });

  test("the 1001st request within 60 s is 429 with Retry-After; the window rolls", () => {
    const { sim, clock } = newSim();
    for (let i = 0; i < 500; i++) expect(call(sim, "GET", "/account").status).toBe(200);
    clock.advance(20_000);
    for (let i = 0; i < 500; i++) call(sim, "GET", "/locations?q=par", { key: DEMO_KEYS.growthSecondKey.apiKey });
    const limited = call<DetailJson>(sim, "GET", "/account");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("40");
    expect(limited.body.detail).toMatch(/rate limit/i);
    expect(limited.headers["x-ratelimit-remaining"]).toBeUndefined();
    expect(call(sim, "GET", "/account", { key: "demo-other" }).status).toBe(200);
    clock.advance(40_000); // the first 500 leave the window
    const back = call(sim, "GET", "/account");
    expect(back.status).toBe(200);
    expect(back.headers["x-ratelimit-remaining"]).toBe("499");
  });

  test("a rate-limited creation creates nothing", () => {
    const { sim } = newSim();
    const { apiKey, accountId } = sim.createAccount({ plan: "growth", rateLimit: 2 });
    call(sim, "GET", "/account", { key: apiKey });
    call(sim, "GET", "/account", { key: apiKey });
    expect(createSearch(sim, apiKey).status).toBe(429);
    expect(credits(sim, accountId)).toBe(10000);
  });
});

describe("active-jobs limit", () => {
  test("default 10 per account; when full, 429 with Retry-After 10; jobs stay pollable; frees up when jobs finish", () => {
    const { sim, clock } = newSim();
    const { apiKey, accountId } = sim.createAccount({ plan: "scale" });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = i % 2 === 0 ? createSearch(sim, apiKey) : createEnrichment(sim, apiKey, 2);
      expect(res.status).toBe(202);
      ids.push(res.body.job_id);
    }
    expect(sim.account(accountId)["active_searches"]).toBe(10);
    const full = call<DetailJson>(sim, "POST", "/enrichments", {
      key: apiKey,
      body: { businesses: [{ business_name: "A", website_url: "https://a.example" }] },
    });
    expect(full.status).toBe(429);
    expect(full.headers["retry-after"]).toBe("10");
    expect(full.body.detail).toMatch(/active jobs/i);
    expect(credits(sim, accountId)).toBe(50000 - 5 * 100 - 5 * 2);
    expect(call<JobJson>(sim, "GET", `/searches/${ids[0] ?? ""}`, { key: apiKey }).status).toBe(200);
    clock.advance(10_000); // the enrichments (2 businesses) are done by now
    expect(createSearch(sim, apiKey).status).toBe(202);
  });

  test("configurable per account", () => {
    const { sim } = newSim();
    const { apiKey } = sim.createAccount({ plan: "growth", maxActiveJobs: 1 });
    expect(createSearch(sim, apiKey).status).toBe(202);
    expect(createSearch(sim, apiKey).status).toBe(429);
    // Another account is unaffected.
    expect(createSearch(sim, "demo-other").status).toBe(202);
  });

  test("a failed job frees its slot", () => {
    const { sim } = newSim();
    const { apiKey } = sim.createAccount({ plan: "growth", maxActiveJobs: 1 });
    const job = createSearch(sim, apiKey).body.job_id;
    sim.failJob(job);
    expect(createSearch(sim, apiKey).status).toBe(202);
  });
});
