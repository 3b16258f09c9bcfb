// This file defines the test run's shared browser: jest's global setup starts Debian's chromium
// once (twice: with and without classic scrollbars, a launch flag), and every browser test file
// connects to it by the endpoint it finds in the environment, instead of starting its own. Where
// no browser test is to run, or chromium cannot run here, nothing starts (browser.ts then says why).
import { readdirSync } from "node:fs";
import * as path from "node:path";
import { findChromium, type ChromiumOptions } from "../../dev/browser/chromium";
import type { BrowserServer } from "../../dev/browser/playwright";

/** The environment variable that holds the shared browser's endpoint for these options. */
export function endpointVariable(options: ChromiumOptions): string {
  return options.scrollbars ? "BUSINESS_LEADS_BROWSER_SCROLLBARS" : "BUSINESS_LEADS_BROWSER";
}

/** The part of jest's global config read here. */
export interface RunConfig {
  rootDir: string;
  testPathPatterns?: { patterns?: readonly string[] };
}

/** Whether the run includes a browser test file: no path pattern, or one that matches one of them (as jest matches: a regex, any case). */
function runsBrowserTests(config: RunConfig): boolean {
  const patterns = config.testPathPatterns?.patterns ?? [];
  if (patterns.length === 0) return true;
  const folder = path.join(config.rootDir, "test", "browser");
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => path.join(folder, name));
  return patterns.some((pattern) => files.some((file) => new RegExp(pattern, "i").test(file)));
}

/** Where setup leaves the servers for teardown: both run in jest's main process, but may load this file twice. */
const holder = globalThis as { sharedBrowsers?: BrowserServer[] };

export async function startSharedBrowsers(config: RunConfig): Promise<void> {
  const chromium = findChromium();
  if ("missing" in chromium || !runsBrowserTests(config)) return;
  await Promise.all(
    [{}, { scrollbars: true }].map(async (options: ChromiumOptions) => {
      const server = await chromium.launchServer(options);
      (holder.sharedBrowsers ??= []).push(server);
      process.env[endpointVariable(options)] = server.wsEndpoint();
    }),
  );
}

export async function stopSharedBrowsers(): Promise<void> {
  await Promise.all((holder.sharedBrowsers ?? []).splice(0).map((server) => server.close()));
}
