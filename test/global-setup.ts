// This file defines what jest does once before a run's test files: start the shared browser (test/browser/shared-browser.ts).
import { startSharedBrowsers, type RunConfig } from "./browser/shared-browser";

export default async function globalSetup(config: RunConfig): Promise<void> {
  await startSharedBrowsers(config);
}
