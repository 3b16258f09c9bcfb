// This file bundles a TypeScript worker entry into one .mjs under .build/, because Node's
// worker threads run JavaScript files, not TypeScript, and jest's transform does not reach them.
import { buildSync } from "esbuild";
import { renameSync } from "node:fs";
import * as path from "node:path";

// Under jest (CommonJS) __dirname is this folder; in a script bundled to ESM it is absent, and
// npm runs scripts from the repository root.
const root = typeof __dirname === "string" ? path.resolve(__dirname, "..") : process.cwd();

/** Bundles `entry` (a path relative to the repo root) and returns the absolute .mjs path. */
export function bundleWorker(entry: string): string {
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
