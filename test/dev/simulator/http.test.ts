// This file tests the simulator over real HTTP: the server in this thread (async fetch), and the
// worker-hosted simulator sharing a virtual clock, driven through the /__sim/ control endpoints.
import { execFileSync } from "node:child_process";
import { VirtualClock } from "../../../dev/clock";
import { measureRequestsPerSecond } from "../../../dev/simulator/bench";
import { simControl } from "../../../dev/simulator/control-client";
import { startSimulatorServer, type SimulatorServer } from "../../../dev/simulator/server";
import { Simulator } from "../../../dev/simulator/simulator";
import { startSimulatorWorker } from "../../../dev/simulator/worker-host";
import { searchBody, type CreatedJson, type JobJson } from "./helpers";
import { bySize } from "../../tier";

async function api(
  url: string,
  path: string,
  init: { method?: string; key?: string; body?: unknown; idem?: string } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { "x-api-key": init.key ?? "demo-growth", "content-type": "application/json" };
  if (init.idem !== undefined) headers["idempotency-key"] = init.idem;
  const request: RequestInit = { method: init.method ?? "GET", headers };
  if (init.body !== undefined) request.body = JSON.stringify(init.body);
  const res = await fetch(`${url}/api/v1${path}`, request);
  return { status: res.status, headers: res.headers, json: JSON.parse(await res.text()) as Record<string, unknown> };
}

describe("startSimulatorServer", () => {
  let server: SimulatorServer;
  let clock: VirtualClock;

  beforeAll(async () => {
    clock = new VirtualClock();
    server = await startSimulatorServer({ simulator: new Simulator({ clock, seed: 5 }) });
  });
  afterAll(async () => {
    await server.close();
  });

  test("listens on 127.0.0.1 and serves the API with rate headers", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await api(server.url, "/account");
    expect(res.status).toBe(200);
    expect(res.json["plan_code"]).toBe("growth");
    expect(res.headers.get("RateLimit-Policy")).toBe("default;q=1000;w=60");
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("999");
    expect((await api(server.url, "/account", { key: "wrong" })).status).toBe(401);
  });

  test("a lost response destroys the socket, but the job exists and a retry returns it", async () => {
    const control = simControl(server.url);
    await control.injectFaults([{ method: "POST", path: "/api/v1/searches", lose: true }]);
    await expect(api(server.url, "/searches", { method: "POST", body: searchBody(), idem: "http-lost" })).rejects.toThrow();
    const retry = await api(server.url, "/searches", { method: "POST", body: searchBody(), idem: "http-lost" });
    expect(retry.status).toBe(202);
    const list = await api(server.url, "/searches");
    expect(list.json["total"]).toBe(1);
    expect((await control.account("acct_demo_growth"))["credits_remaining"]).toBe(9900);
  });

  test("truncate sends a valid status with half the body", async () => {
    await simControl(server.url).injectFaults([{ path: "/api/v1/account", truncate: true }]);
    const res = await fetch(`${server.url}/api/v1/account`, { headers: { "x-api-key": "demo-growth" } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  test("a real-time delay is served when the clock cannot advance", async () => {
    const real = await startSimulatorServer({ simulator: new Simulator({ clock: { now: () => Date.now() } }) });
    try {
      // Told by order, not by a stopwatch: the delayed answer is still pending after an
      // undelayed request sent later has been answered.
      await simControl(real.url).injectFaults([{ path: "/api/v1/account", delayMs: 1000 }]);
      let delayedAnswered = false;
      const delayed = api(real.url, "/account").then((answer) => {
        delayedAnswered = true;
        return answer;
      });
      expect((await api(real.url, "/locations?q=Austin")).status).toBe(200);
      expect(delayedAnswered).toBe(false);
      expect((await delayed).status).toBe(200);
    } finally {
      await real.close();
    }
  });

  test("control endpoints: accounts, keys, stats, fail-job, bad input", async () => {
    const control = simControl(server.url);
    const { apiKey, accountId } = await control.createAccount({ plan: "starter", credits: 300 });
    const second = await control.addKey(accountId);
    const created = await api(server.url, "/searches", { method: "POST", key: second, body: searchBody({ maxResults: 200 }) });
    expect(created.status).toBe(202);
    const jobId = String(created.json["job_id"]);
    await control.failJob(jobId, "boom");
    const job = await api(server.url, `/searches/${jobId}`, { key: apiKey });
    expect(job.json).toMatchObject({ status: "failed", error: "boom" });
    expect((await control.account(accountId))["credits_remaining"]).toBe(300);
    expect(await control.revokeKey(second)).toBe(true);
    expect((await api(server.url, "/account", { key: second })).status).toBe(401);
    const stats = await control.stats();
    expect(stats.byRoute["POST /api/v1/searches"]).toBeGreaterThanOrEqual(1);
    await expect(control.createAccount({ plan: "platinum" as "free" })).rejects.toThrow(/400/);
    const raw = await fetch(`${server.url}/__sim/nope`);
    expect(raw.status).toBe(404);
  });

  test("refuses a non-loopback host", async () => {
    await expect(startSimulatorServer({ simulator: new Simulator({ clock }), host: "0.0.0.0" })).rejects.toThrow(/loopback/);
  });
});

/**
 * A request that blocks this thread until answered, like the UrlFetchApp fake: it would deadlock
 * if the server ran on this thread, so it proves the worker serves on its own.
 */
function blockingGet(url: string): number {
  const script =
    `fetch(${JSON.stringify(url)}, { headers: { "x-api-key": "demo-growth" } }` + ").then((r) => process.stdout.write(String(r.status)))";
  return Number(execFileSync(process.execPath, ["-e", script], { timeout: 20_000 }).toString());
}

describe("startSimulatorWorker", () => {
  test("shares the virtual clock with this thread and is controlled over /__sim/", async () => {
    const clock = new VirtualClock();
    const worker = await startSimulatorWorker({ clock, seed: 3, production: true });
    try {
      expect(worker.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(blockingGet(`${worker.url}/api/v1/account`)).toBe(200);
      const control = simControl(worker.url);
      const { apiKey } = await control.createAccount({ plan: "growth", maxActiveJobs: 3 });
      expect((await api(worker.url, "/searches", { method: "POST", key: apiKey, body: searchBody() })).status).toBe(428);
      const created = await api(worker.url, "/searches", { method: "POST", key: apiKey, body: searchBody(), idem: "w1" });
      expect(created.status).toBe(202);
      const jobId = (created.json as unknown as CreatedJson).job_id;
      expect(((await api(worker.url, `/searches/${jobId}`, { key: apiKey })).json as unknown as JobJson).status).toBe("queued");
      clock.advance(10_000); // in this thread; the worker sees it
      const running = (await api(worker.url, `/searches/${jobId}`, { key: apiKey })).json as unknown as JobJson;
      expect(running.status).toBe("running");
      expect(running.lead_count).toBe(50);
      clock.advance(600_000);
      expect((await control.job(jobId))["status"]).toBe("completed");
      const stats = await control.stats();
      expect(stats.byStatus["428"]).toBe(1);
      await control.reset();
      expect((await control.stats()).total).toBe(0);
    } finally {
      await worker.close();
    }
  });

  test("measures loopback throughput", async () => {
    const worker = await startSimulatorWorker({ seed: 1 });
    try {
      // A figure to read, not a benchmark (npm run bench is): npm test times a quarter of test:all's requests.
      const requests = bySize(100, 400);
      const sequential = await measureRequestsPerSecond(worker.url, requests);
      const parallel = await measureRequestsPerSecond(worker.url, 2 * requests, 8);
      process.stdout.write(
        `simulator loopback: ${sequential.requestsPerSecond.toFixed(0)} req/s sequential, ${parallel.requestsPerSecond.toFixed(0)} ` +
          `req/s with 8 in flight\n`,
      );
      expect(sequential.requestsPerSecond).toBeGreaterThan(50);
    } finally {
      await worker.close();
    }
  });
});
