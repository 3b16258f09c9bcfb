// This file defines helpers for the fakes' own tests: a throwaway "dist" directory holding a
// hand-written bundle, and the echo server started in a worker thread.
import { mkdtempSync, writeFileSync } from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import { bundleWorker } from "../../../dev/bundle-worker";

/** Writes `files` (name → text) into a new temp directory and returns its path. */
export function makeDist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gas-dist-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

export interface EchoServer {
  port: number;
  url: (pathAndQuery: string) => string;
  stop: () => Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const worker = new Worker(bundleWorker("test/dev/fakes/echo-server.ts"));
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", (m: unknown) => resolve(Number(m)));
    worker.once("error", reject);
  });
  return {
    port,
    url: (p) => `http://127.0.0.1:${port}${p}`,
    stop: async () => {
      worker.postMessage("stop");
      await new Promise((resolve) => worker.once("exit", resolve));
    },
  };
}

/** A local port nobody listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
