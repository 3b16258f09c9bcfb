// This file is the worker-thread entry that serves a Simulator over HTTP and posts its URL to
// the parent (see dev/simulator/worker-host.ts).
import { parentPort, workerData } from "node:worker_threads";
import { realClock, VirtualClock, type SimClock } from "./clock";
import { startSimulatorServer } from "./simulator/server";
import { Simulator } from "./simulator/simulator";
import type { SimWorkerData } from "./simulator/worker-host";

async function main(): Promise<void> {
  const data = (workerData ?? {}) as SimWorkerData;
  const clock: SimClock = data.clockBuffer !== undefined ? new VirtualClock(data.clockBuffer) : realClock;
  const options: { clock: SimClock; seed?: number; production?: boolean; hostile?: boolean } = { clock };
  if (data.seed !== undefined) options.seed = data.seed;
  if (data.production !== undefined) options.production = data.production;
  if (data.hostile !== undefined) options.hostile = data.hostile;
  const simulator = new Simulator(options);
  const serverOptions: { simulator: Simulator; port?: number } = { simulator };
  if (data.port !== undefined) serverOptions.port = data.port;
  const server = await startSimulatorServer(serverOptions);
  parentPort?.postMessage({ url: server.url });
}

main().catch((error: unknown) => {
  parentPort?.postMessage({ error: String(error) });
  process.exit(1);
});
