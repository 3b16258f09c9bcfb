// Prints the project's figures (bundle, client, simulator, imports into sheets): `npm run bench`
// builds dist/ first, then runs this with --expose-gc. The bench itself is TypeScript (bench/).
// Exits non-zero if anything crashes; the figures carry no pass/fail.
import { build } from "./build.mjs";
import { bundleScript, root } from "./bundle-script.mjs";

try {
  const { main } = await import(bundleScript("bench/main.ts"));
  // Rebuilt here for the esbuild metafile (the zod share); the output is identical to npm run build's.
  await main({ root, build: build() });
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
