// Prints the project's figures (bundle, client, simulator, imports into sheets): `npm run bench`
// builds dist/ first, then runs this with --expose-gc. The bench itself is TypeScript (bench/):
// it is bundled here with esbuild to .build/bench.mjs, packages left to node_modules, and run.
// Exits non-zero if anything crashes; the figures carry no pass/fail.
import { buildSync } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, ".build", "bench.mjs");
buildSync({
  entryPoints: [path.join(root, "bench/main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "error",
  // CommonJS-era code in dev/ and test/fakes/ reads __dirname: give it .build/, one level under
  // the root, so dev/bundle-worker.ts resolves the root correctly (the bench passes distDir itself).
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

try {
  const { main } = await import(pathToFileURL(outfile).href);
  // Rebuilt here for the esbuild metafile (the zod share); the output is identical to npm run build's.
  await main({ root, build: build() });
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
