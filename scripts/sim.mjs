// Runs the service simulator (dev/serve.ts) on 127.0.0.1: bundles it with esbuild, since Node
// runs JavaScript, then starts it with the command-line flags given (e.g. --port 8787 --seed 7).
import { buildSync } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, ".build", "serve.mjs");
buildSync({
  entryPoints: [path.join(root, "dev/serve.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "error",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
await import(pathToFileURL(outfile).href);
