// This file measures the server bundle: dist/Code.js's size against its target, the share of it
// that zod takes (from the esbuild metafile of scripts/build.mjs's build()), and how long a fresh
// V8 context takes to evaluate it, as Apps Script does at the start of every execution.
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";
import { int, kb, medianMs, ms, pct, printTable, ratio } from "./stats";

/** The part of scripts/build.mjs's `build()` result the bench reads. */
export interface BuildOutput {
  code: string;
  metafile: { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };
}

export const BUNDLE_TARGET_BYTES = 90 * 1024;
const EVAL_SAMPLES = 20;

export interface BundleFigures {
  bytes: number;
  zodBytes: number;
  evalMs: number;
}

export function bundleFigures(root: string, build: BuildOutput): BundleFigures {
  const file = path.join(root, "dist", "Code.js");
  const bytes = statSync(file).size;
  let zodBytes = 0;
  let esbuildBytes = 0;
  for (const output of Object.values(build.metafile.outputs)) {
    esbuildBytes += output.bytes;
    for (const [input, info] of Object.entries(output.inputs)) {
      if (/(^|\/)node_modules\/zod\//.test(input)) zodBytes += info.bytesInOutput;
    }
  }

  const code = readFileSync(file, "utf8");
  // Each sample: a new context, the source compiled and run, as each Apps Script execution does.
  const evalMs = medianMs(() => new vm.Script(code, { filename: "Code.js" }).runInContext(vm.createContext({})), { samples: EVAL_SAMPLES });
  const emptyMs = medianMs(() => new vm.Script("0").runInContext(vm.createContext({})), { samples: EVAL_SAMPLES });
  const json = JSON.stringify({ code });
  const jsonMs = medianMs(() => JSON.parse(json), { samples: EVAL_SAMPLES });
  const exported = vm.runInContext(`${code}\ntypeof BusinessLeads`, vm.createContext({}));

  printTable(
    "Foundation: server bundle (dist/Code.js)",
    ["figure", "measured", "target"],
    [
      ["size, minified", `${int(bytes)} B = ${kb(bytes)}`, `≤ ${kb(BUNDLE_TARGET_BYTES)}`],
      ["zod share (metafile bytesInOutput)", `${int(zodBytes)} B = ${pct(zodBytes, bytes)}`, "—"],
      ["rest of the bundle", `${int(bytes - zodBytes)} B = ${pct(bytes - zodBytes, bytes)}`, "—"],
      [`evaluate in a fresh vm context (median of ${EVAL_SAMPLES})`, ms(evalMs), "—"],
      ["  ÷ baseline A: fresh context + trivial script", ratio(evalMs / emptyMs), "—"],
      ["  ÷ baseline B: JSON.parse of a bundle-sized string", ratio(evalMs / jsonMs), "—"],
    ],
    [
      `1 KB = 1024 B. esbuild output ${int(esbuildBytes)} B + header and entry-point stubs = dist/Code.js.`,
      `Baselines measured in this run: A = ${ms(emptyMs)}, B = ${ms(jsonMs)}. Global after evaluation: BusinessLeads is ${String(exported)}.`,
    ],
  );
  return { bytes, zodBytes, evalMs };
}
