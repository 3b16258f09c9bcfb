// This file defines what jest does once before a run's test files: bundle the worker threads the
// tests start (dev/bundle-worker.ts) and start the shared browser (test/browser/shared-browser.ts).
import { bundleWorkersOnce } from "../dev/bundle-worker";
import { startSharedBrowsers, type RunConfig } from "./browser/shared-browser";

export default async function globalSetup(config: RunConfig): Promise<void> {
  bundleWorkersOnce(["dev/sim-worker.ts", "dev/fakes/http-worker.ts", "test/dev/fakes/echo-server.ts"]);
  await startSharedBrowsers(config);
}
