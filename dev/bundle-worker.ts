// This file bundles a TypeScript worker entry into one .mjs under .build/, because Node's
// worker threads run JavaScript files, not TypeScript, and jest's transform does not reach them.
import { buildSync } from "esbuild";
import { existsSync, renameSync } from "node:fs";
import * as path from "node:path";

// Under jest (CommonJS) __dirname is this folder; in a script bundled to ESM it is absent, and
// npm runs scripts from the repository root.
const root = typeof __dirname === "string" ? path.resolve(__dirname, "..") : process.cwd();

/** The environment variable through which a run that bundled `entry` already hands its file on. */
const bundledVariable = (entry: string): string => `BUSINESS_LEADS_BUNDLED_${entry.replace(/[^A-Za-z0-9]/g, "_").toUpperCase()}`;

/**
 * Bundles `entry` (a path relative to the repo root) and returns the absolute .mjs path, or the
 * file bundleWorkersOnce made for this process's parent (jest's global setup: without it each test
 * file bundles again, 2.7 s of esbuild over the integration tests alone).
 */
export function bundleWorker(entry: string): string {
  const already = process.env[bundledVariable(entry)];
  if (already !== undefined && existsSync(already)) return already;
  const outfile = path.join(root, ".build", path.basename(entry).replace(/\.ts$/, ".mjs"));
  // Jest runs test files in several processes at once: write aside, then rename (atomic), so no
  // process ever loads a half-written bundle.
  const temporary = `${outfile}.${process.pid}.tmp`;
  buildSync({
    entryPoints: [path.join(root, entry)],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
    // esbuild's esm output needs `require` for Node built-ins pulled in by CommonJS dependencies.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  renameSync(temporary, outfile);
  return outfile;
}

/**
 * Bundles `entries` now, and lets every process started from here on (jest's workers) reuse them;
 * always anew (jest --watch runs the global setup again in the same process, after edits).
 */
export function bundleWorkersOnce(entries: readonly string[]): void {
  for (const entry of entries) {
    delete process.env[bundledVariable(entry)];
    process.env[bundledVariable(entry)] = bundleWorker(entry);
  }
}
