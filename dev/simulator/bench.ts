// This file defines measureRequestsPerSecond: loopback throughput of a served simulator, with an
// account whose rate limit is lifted so the 1000/60 s limit does not cap the measurement.
import { simControl } from "./control-client";

export interface BenchResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  concurrency: number;
}

/** Sends `n` GET /account requests (plus a few setup calls), `concurrency` at a time. */
export async function measureRequestsPerSecond(url: string, n: number, concurrency = 1): Promise<BenchResult> {
  const { apiKey } = await simControl(url).createAccount({ plan: "growth", rateLimit: Number.MAX_SAFE_INTEGER });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) {
      next += 1;
      const res = await fetch(`${url}/api/v1/account`, { headers: { "x-api-key": apiKey } });
      await res.text();
      if (res.status !== 200) throw new Error(`unexpected status ${res.status}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  return { requests: n, seconds, requestsPerSecond: n / seconds, concurrency };
}
