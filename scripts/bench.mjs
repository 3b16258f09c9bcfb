// Prints the project's figures (bundle, client, simulator, imports into sheets) and writes them to docs/figures.md:
// `npm run bench` builds dist/ and dist-full/ first, then runs this with --expose-gc. The bench itself is TypeScript
// (bench/). Exits non-zero if anything crashes; the figures carry no pass/fail.
import path from "node:path";
import { build } from "./build.mjs";
import { bundleScript, root } from "./bundle-script.mjs";
import { cpuProbe } from "./cpu-probe.mjs";

try {
  // The machine's measure for docs/figures.md, taken before the bench loads it: half a second of fixed work.
  const probe = cpuProbe();
  const { main } = await import(bundleScript("bench/main.ts"));
  // Rebuilt here for the esbuild metafiles (each source folder's share); the output is identical to npm run build:both's.
  await main({ root, builds: { default: build(), full: build({ scope: "full", outDir: path.join(root, "dist-full") }) }, probe });
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
