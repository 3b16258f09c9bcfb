// This file defines startSimulatorWorker: the simulator served from a worker thread, so code that
// blocks the test's thread (the synchronous UrlFetchApp fake) can still reach it over HTTP.
import { Worker } from "node:worker_threads";
import { bundleWorker } from "../bundle-worker";
import type { VirtualClock } from "../clock";

export { simControl } from "./control-client";

export interface SimulatorWorkerOptions {
  /** Shared virtual time; omitted: the worker's simulator runs on the real clock. */
  clock?: VirtualClock;
  seed?: number;
  production?: boolean;
  port?: number;
  /** Hostile values in every 5th business (default true, as in the tests). */
  hostile?: boolean;
}

export interface SimWorkerData {
  clockBuffer?: SharedArrayBuffer;
  seed?: number;
  production?: boolean;
  port?: number;
  hostile?: boolean;
}

export interface SimulatorWorker {
  url: string;
  close(): Promise<void>;
}

function isReady(message: unknown): message is { url: string } {
  return typeof message === "object" && message !== null && typeof (message as { url?: unknown }).url === "string";
}

let bundled: string | undefined;

export async function startSimulatorWorker(options: SimulatorWorkerOptions = {}): Promise<SimulatorWorker> {
  // Bundle once per process: the entry does not change during a test run.
  bundled ??= bundleWorker("dev/sim-worker.ts");
  const file = bundled;
  const workerData: SimWorkerData = {};
  if (options.clock !== undefined) workerData.clockBuffer = options.clock.buffer;
  if (options.seed !== undefined) workerData.seed = options.seed;
  if (options.production !== undefined) workerData.production = options.production;
  if (options.port !== undefined) workerData.port = options.port;
  if (options.hostile !== undefined) workerData.hostile = options.hostile;
  const worker = new Worker(file, { workerData });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", (message: unknown) => {
      if (isReady(message)) resolve(message.url);
      else reject(new Error(`unexpected message from simulator worker: ${JSON.stringify(message)}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`simulator worker exited early (${code})`)));
  });
  // The worker should not keep the test process alive on its own.
  worker.unref();
  return {
    url,
    close: async () => {
      await worker.terminate();
    },
  };
}
