// This file tests fault injection (status, headers, delay, lose, truncate, times, probability,
// matching by method/prefix/regex) and the request stats.
import { VirtualClock } from "../../../dev/clock";
import { Simulator } from "../../../dev/simulator/simulator";
import { call, createSearch, credits, newSim, type ListJson } from "./helpers";

describe("faults", () => {
  test("a 503 rule fires `times` times, without processing the request", () => {
    const { sim } = newSim();
    sim.injectFaults([{ method: "POST", path: "/api/v1/searches", status: 503, times: 2 }]);
    expect(createSearch(sim).status).toBe(503);
    const second = createSearch(sim);
    expect(second.status).toBe(503);
    expect(second.body).toEqual({ detail: "Injected fault" });
    expect(credits(sim, "acct_demo_growth")).toBe(10000);
    expect(createSearch(sim).status).toBe(202);
    expect(call<ListJson>(sim, "GET", "/searches").body.total).toBe(1);
  });

  test("429 with Retry-After in seconds or as an HTTP date; a custom body", () => {
    const { sim } = newSim();
    const date = "Sat, 21 Nov 2026 09:00:05 GMT";
    sim.injectFaults([
      { path: "/api/v1/account", status: 429, headers: { "Retry-After": "2" } },
      { path: "/api/v1/account", status: 429, headers: { "Retry-After": date }, body: JSON.stringify({ detail: "slow down" }) },
    ]);
    const first = call(sim, "GET", "/account");
    expect(first.status).toBe(429);
    expect(first.headers["retry-after"]).toBe("2");
    const second = call(sim, "GET", "/account");
    expect(second.headers["retry-after"]).toBe(date);
    expect(second.body).toEqual({ detail: "slow down" });
    expect(call(sim, "GET", "/account").status).toBe(200);
  });

  test("matching: method, path prefix (query included) and regex", () => {
    const { sim } = newSim();
    sim.injectFaults([{ method: "POST", path: "/api/v1/account", status: 500 }]);
    expect(call(sim, "GET", "/account").status).toBe(200); // wrong method: not matched
    sim.clearFaults();
    sim.injectFaults([{ pathRegex: "/results\\?page=2", status: 502, times: 5 }]);
    const id = createSearch(sim).body.job_id;
    expect(call(sim, "GET", `/searches/${id}/results?page=1`).status).toBe(200);
    expect(call(sim, "GET", `/searches/${id}/results?page=2`).raw.status).toBe(502);
    sim.clearFaults();
    expect(call(sim, "GET", `/searches/${id}/results?page=2`).status).toBe(200);
  });

  test("truncate: real status, body cut in half", () => {
    const { sim } = newSim();
    const full = sim.handle({ method: "GET", path: "/api/v1/account", headers: { "x-api-key": "demo-growth" } });
    sim.injectFaults([{ path: "/api/v1/account", truncate: true }]);
    const cut = sim.handle({ method: "GET", path: "/api/v1/account", headers: { "x-api-key": "demo-growth" } });
    expect(cut.status).toBe(200);
    expect(cut.body.length).toBe(Math.floor(full.body.length / 2));
    expect(() => JSON.parse(cut.body) as unknown).toThrow();
  });

  test("delay advances a virtual clock (jobs move on meanwhile)", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    const before = clock.now();
    sim.injectFaults([{ path: `/api/v1/searches/${id}`, delayMs: 7_000 }]);
    const res = call(sim, "GET", `/searches/${id}`);
    expect(res.status).toBe(200);
    expect(clock.now() - before).toBe(7_000);
  });

  test("delay on a clock without advance is reported for the HTTP server to wait", () => {
    const sim = new Simulator({ clock: { now: () => Date.UTC(2026, 0, 1) } });
    sim.injectFaults([{ path: "/api/v1/account", delayMs: 250 }]);
    expect(sim.handle({ method: "GET", path: "/api/v1/account", headers: { "x-api-key": "demo-growth" } }).delayMs).toBe(250);
  });

  test("probability is drawn from the seeded PRNG: same seed, same pattern", () => {
    const pattern = (seed: number): number[] => {
      const sim = new Simulator({ clock: new VirtualClock(), seed });
      sim.injectFaults([{ path: "/api/v1/account", status: 503, probability: 0.3 }]);
      return Array.from(
        { length: 60 },
        () => sim.handle({ method: "GET", path: "/api/v1/account", headers: { "x-api-key": "demo-growth" } }).status,
      );
    };
    const a = pattern(11);
    expect(pattern(11)).toEqual(a);
    const failures = a.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);
    expect(pattern(12)).not.toEqual(a);
  });

  test("stats count by route pattern and by status, plus lost and faulted", () => {
    const { sim } = newSim();
    const id = createSearch(sim).body.job_id;
    call(sim, "GET", `/searches/${id}`);
    call(sim, "GET", `/searches/${id}`);
    call(sim, "GET", "/account", { key: "bad" });
    sim.injectFaults([{ path: "/api/v1/account", lose: true }]);
    call(sim, "GET", "/account");
    const stats = sim.stats();
    expect(stats.total).toBe(5);
    expect(stats.byRoute).toEqual({ "POST /api/v1/searches": 1, "GET /api/v1/searches/{id}": 2, "GET /api/v1/account": 2 });
    expect(stats.byStatus).toEqual({ "202": 1, "200": 3, "401": 1 });
    expect(stats.lost).toBe(1);
    expect(stats.faulted).toBe(1);
  });

  test("reset restores the demo state", () => {
    const { sim } = newSim();
    createSearch(sim);
    sim.injectFaults([{ path: "/", status: 500, times: 100 }]);
    sim.reset();
    expect(sim.stats().total).toBe(0);
    expect(call<ListJson>(sim, "GET", "/searches").body.total).toBe(0);
    expect(credits(sim, "acct_demo_growth")).toBe(10000);
  });
});
