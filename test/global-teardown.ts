// This file defines what jest does once after a run's test files: close the shared browser (test/browser/shared-browser.ts).
import { stopSharedBrowsers } from "./browser/shared-browser";

export default async function globalTeardown(): Promise<void> {
  await stopSharedBrowsers();
}
