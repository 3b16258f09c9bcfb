// This file measures the server bundle: both builds' Code.js sizes against the target, the share
// of each that every source folder and zod take (from the esbuild metafiles of scripts/build.mjs's
// build()), and how long a fresh V8 context takes to evaluate dist/Code.js, as Apps Script does at
// the start of every execution, against JSON.parse of a results page of its size (bundle-evaluation.ts).
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";
import { bundleEvaluation, EVALUATION_CEILING } from "./bundle-evaluation";
import { int, kb, medianMs, ms, pct, printTable, ratio } from "./stats";

/** The part of scripts/build.mjs's `build()` result the bench reads. */
export interface BuildOutput {
  code: string;
  metafile: { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };
}

/** Both builds as scripts/build.mjs made them: dist/ (default) and dist-full/ (`--scope full`). */
export interface Builds {
  default: BuildOutput;
  full: BuildOutput;
}

export const BUNDLE_TARGET_BYTES = 90 * 1024;
/** What test/bundle/bundle-size.test.ts holds dist/Code.js under. */
const BUNDLE_CEILING_BYTES = 256 * 1024;
const EVAL_SAMPLES = 20;

export interface BundleFigures {
  bytes: number;
  fullBytes: number;
  zodBytes: number;
  ownBytes: number;
  evalMs: number;
}

/** "src/gas" for src/gas/jobs-context.ts, "src" for src/main.ts, the package's name for a file in node_modules. */
function folderOf(input: string): string {
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return inPackage?.[1] ?? path.posix.dirname(input);
}

/** Bytes in the output by folder, the esbuild output's own size, and what no input accounts for (its wrapper and helpers). */
function byFolder(build: BuildOutput): { folders: Map<string, number>; esbuildBytes: number; unattributed: number } {
  const folders = new Map<string, number>();
  let esbuildBytes = 0;
  let attributed = 0;
  for (const output of Object.values(build.metafile.outputs)) {
    esbuildBytes += output.bytes;
    for (const [input, info] of Object.entries(output.inputs)) {
      const folder = folderOf(input);
      folders.set(folder, (folders.get(folder) ?? 0) + info.bytesInOutput);
      attributed += info.bytesInOutput;
    }
  }
  return { folders, esbuildBytes, unattributed: esbuildBytes - attributed };
}

/** One table row a folder, both builds side by side, largest in the full build first; the rows add up to each Code.js. */
function printFolders(sizes: { bytes: number; fullBytes: number }, builds: Builds): void {
  const plain = byFolder(builds.default);
  const full = byFolder(builds.full);
  const cell = (part: number, whole: number): string => `${int(part)} B = ${pct(part, whole)}`;
  const names = [...new Set([...plain.folders.keys(), ...full.folders.keys()])].sort(
    (a, b) => (full.folders.get(b) ?? 0) - (full.folders.get(a) ?? 0) || (plain.folders.get(b) ?? 0) - (plain.folders.get(a) ?? 0),
  );
  const rows = names.map((name) => [
    name,
    cell(plain.folders.get(name) ?? 0, sizes.bytes),
    cell(full.folders.get(name) ?? 0, sizes.fullBytes),
  ]);
  rows.push(
    ["esbuild's wrapper and helpers", cell(plain.unattributed, sizes.bytes), cell(full.unattributed, sizes.fullBytes)],
    [
      "header and entry-point stubs",
      cell(sizes.bytes - plain.esbuildBytes, sizes.bytes),
      cell(sizes.fullBytes - full.esbuildBytes, sizes.fullBytes),
    ],
    ["Code.js", cell(sizes.bytes, sizes.bytes), cell(sizes.fullBytes, sizes.fullBytes)],
  );
  printTable(
    "Foundation: server bundle by source folder (esbuild metafile bytesInOutput)",
    ["folder", "default build (dist/)", "full build (dist-full/)"],
    rows,
    ["The rows add up to each Code.js; a folder's two figures differ where only one build reaches some of its code."],
  );
}

export function bundleFigures(root: string, builds: Builds): BundleFigures {
  const file = path.join(root, "dist", "Code.js");
  const bytes = statSync(file).size;
  const fullBytes = statSync(path.join(root, "dist-full", "Code.js")).size;
  const { folders, esbuildBytes } = byFolder(builds.default);
  const zodBytes = folders.get("zod") ?? 0;
  // Our own code: every input under src/ (the rest is zod, esbuild's wrapper, the header and the stubs).
  const ownBytes = [...folders].filter(([folder]) => folder === "src" || folder.startsWith("src/")).reduce((sum, [, n]) => sum + n, 0);

  const code = readFileSync(file, "utf8");
  // Each turn: a new context, the source compiled and run, as each Apps Script execution does; then JSON.parse of its text.
  const { evalMs, evalMedianMs, jsonMs, jsonMedianMs, ratio: evalRatio, jsonChars } = bundleEvaluation(code);
  const emptyMs = medianMs(() => new vm.Script("0").runInContext(vm.createContext({})), { samples: EVAL_SAMPLES });
  const exported = vm.runInContext(`${code}\ntypeof BusinessLeads`, vm.createContext({}));

  printTable(
    "Foundation: server bundle (dist/Code.js)",
    ["figure", "measured", "target"],
    [
      ["size, minified", `${int(bytes)} B = ${kb(bytes)}`, `≤ ${kb(BUNDLE_TARGET_BYTES)} (held < ${kb(BUNDLE_CEILING_BYTES)})`],
      ["full build's size, minified (dist-full/Code.js)", `${int(fullBytes)} B = ${kb(fullBytes)}`, `≤ ${kb(BUNDLE_TARGET_BYTES)}`],
      ["  default build smaller by", `${int(fullBytes - bytes)} B = ${kb(fullBytes - bytes)}`, "—"],
      ["zod share (metafile bytesInOutput)", `${int(zodBytes)} B = ${kb(zodBytes)} = ${pct(zodBytes, bytes)}`, "—"],
      ["our own code (src/, metafile bytesInOutput)", `${int(ownBytes)} B = ${kb(ownBytes)} = ${pct(ownBytes, bytes)}`, "—"],
      ["wrapper, header and entry-point stubs", `${int(bytes - ownBytes - zodBytes)} B = ${pct(bytes - ownBytes - zodBytes, bytes)}`, "—"],
      ["evaluate in a fresh vm context (fastest of the turns, median)", `${ms(evalMs)}, ${ms(evalMedianMs)}`, "—"],
      ["  ÷ baseline A: fresh context + trivial script (medians)", ratio(evalMedianMs / emptyMs), "—"],
      ["  ÷ baseline B: JSON.parse of a results page of its size (fastest)", ratio(evalRatio), `≤ ${ratio(EVALUATION_CEILING)} (held)`],
    ],
    [
      `1 KB = 1024 B. esbuild output ${int(esbuildBytes)} B + header and entry-point stubs = dist/Code.js.`,
      `Baselines measured in this run: A = ${ms(emptyMs)} (median); B = ${ms(jsonMs)} fastest, ${ms(jsonMedianMs)} median.`,
      `B parses a results page of the simulator cut to the bundle's size (${int(jsonChars)} characters), ` +
        "in turns with the evaluation (bundle-evaluation.ts).",
      "test/bundle/bundle-size.test.ts holds the ratio to B and the size.",
      `Global after evaluation: BusinessLeads is ${String(exported)}.`,
    ],
  );
  printFolders({ bytes, fullBytes }, builds);
  return { bytes, fullBytes, zodBytes, ownBytes, evalMs };
}
