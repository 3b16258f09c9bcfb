// Bundles a TypeScript entry (dev/serve.ts, dev/playground.ts, bench/main.ts) into .build/ so
// Node can run it: esbuild, ESM, packages left to node_modules. CommonJS-era code in dev/ and
// dev/fakes/ reads __dirname: it gets .build/, one level under the root, which is what
// dev/bundle-worker.ts expects; callers pass distDir themselves.
import { buildSync } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const root = path.resolve(import.meta.dirname, "..");

/** Returns the file URL of the bundled entry, ready for `import()`. */
export function bundleScript(entry) {
  const outfile = path.join(root, ".build", path.basename(entry).replace(/\.ts$/, ".mjs"));
  buildSync({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "error",
    banner: {
      js: [
        "import { createRequire as __cr } from 'node:module';",
        "import { fileURLToPath as __fu } from 'node:url';",
        "import { dirname as __dn } from 'node:path';",
        "const require = __cr(import.meta.url);",
        "const __filename = __fu(import.meta.url);",
        "const __dirname = __dn(__filename);",
      ].join(" "),
    },
  });
  return pathToFileURL(outfile).href;
}
