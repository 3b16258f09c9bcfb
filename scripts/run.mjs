// Runs a TypeScript entry of dev/ with Node: `node scripts/run.mjs dev/serve.ts --port 8787`.
import { bundleScript } from "./bundle-script.mjs";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node scripts/run.mjs <entry.ts> [args…]");
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...args];
await import(bundleScript(entry));
