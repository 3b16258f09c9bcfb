// `npm run listing`: writes the Marketplace kit into listing/out/ (README.md, store/ images, site/
// pages, verification/ documents) from listing/listing.json and listing/icon.svg, and checks it.
// `--check` writes nothing and runs the checks that need no browser (texts, scopes, the privacy
// policy, the site's links): `npm run release` runs it, with `--manifest FILE` for each manifest
// to hold the scopes to (default: dist/ and dist-full/, as `npm run build:both` writes them).
// Exits 1 when a check fails.
import * as path from "node:path";
import { findChromium } from "./browser/chromium";
import { placeholderProblems, readListingConfig } from "./listing/config";
import { OUT_DIR } from "./listing/kit-files";
import { builtManifests, readManifest, textChecks, writeKit } from "./listing/kit";
import type { BuildManifest } from "./listing/verification";

const root = process.cwd();
const argv = process.argv.slice(2);

function manifestsFromArgs(): BuildManifest[] {
  const files = argv.flatMap((arg, i) =>
    arg === "--manifest" ? [argv[i + 1] ?? ""] : arg.startsWith("--manifest=") ? [arg.slice("--manifest=".length)] : [],
  );
  if (files.length === 0) return builtManifests(root);
  return files.map((file) => readManifest(path.resolve(file), root));
}

function report(checks: Array<{ check: string; problems: string[] }>): boolean {
  for (const { check, problems } of checks) {
    console.log(`${problems.length === 0 ? "✓" : "✗"} ${check}`);
    for (const problem of problems) console.log(`    ${problem}`);
  }
  return checks.every((c) => c.problems.length === 0);
}

async function main(): Promise<number> {
  const config = readListingConfig(root);
  const manifests = manifestsFromArgs();
  if (argv.includes("--check")) {
    const ok = report(textChecks(root, config, manifests));
    for (const note of placeholderProblems(config)) console.log(`  note: ${note}`);
    return ok ? 0 : 1;
  }
  const chromium = findChromium();
  if ("missing" in chromium) {
    console.error(`npm run listing renders its images in chromium, which cannot run here: ${chromium.missing}.`);
    return 1;
  }
  const browser = await chromium.launch();
  try {
    const outDir = path.join(root, OUT_DIR);
    const kit = await writeKit(root, outDir, browser, manifests);
    console.log(`The Marketplace kit of ${kit.config.name} is in ${OUT_DIR}/ (${OUT_DIR}/README.md says what goes where).`);
    const ok = report(kit.checks);
    for (const note of placeholderProblems(config)) console.log(`  note: ${note}`);
    return ok ? 0 : 1;
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
