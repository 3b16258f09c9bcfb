// This file defines the bundle's evaluation figure, which the bench prints and test/bundle/bundle-size.test.ts holds: the time a fresh
// V8 context takes to compile and run dist/Code.js (as Apps Script does at the start of every execution) against JSON.parse of the
// bundle's text as one JSON string, a string of its size. The two are timed in turns, each after a garbage collection, and the
// fastest of each compared: run it in a node of its own with --expose-gc (the bench does), since leftover contexts collected in the
// middle of a turn, or a big process around it (jest's), make the figure noise.
import * as vm from "node:vm";
import { collect, median } from "./stats";

/** The most the bundle's evaluation may take, in JSON.parse baselines (issue 42: about 1.8 when it was set). */
export const EVALUATION_CEILING = 2.5;

export interface BundleEvaluation {
  /** The fastest evaluation of the bundle in a fresh context, and the median one. */
  evalMs: number;
  evalMedianMs: number;
  /** The fastest JSON.parse of the bundle's text as a JSON string, and the median one. */
  jsonMs: number;
  jsonMedianMs: number;
  /** evalMs ÷ jsonMs: a busy machine only ever adds time, so the fastest of each is the work itself. */
  ratio: number;
  /** Characters of that JSON string (the bundle's, with its quotes and escapes). */
  jsonChars: number;
}

function timed(work: () => unknown): number {
  collect();
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** `code` evaluated in a fresh context against JSON.parse of its text, `turns` times each after a warm-up. */
export function bundleEvaluation(code: string, turns = 41): BundleEvaluation {
  const json = JSON.stringify(code);
  const evaluate = () => new vm.Script(code, { filename: "Code.js" }).runInContext(vm.createContext({}));
  const parse = () => JSON.parse(json) as unknown;
  for (let i = 0; i < 3; i += 1) {
    evaluate();
    parse();
  }
  const evals: number[] = [];
  const parses: number[] = [];
  for (let i = 0; i < turns; i += 1) {
    evals.push(timed(evaluate));
    parses.push(timed(parse));
  }
  const evalMs = Math.min(...evals);
  const jsonMs = Math.min(...parses);
  return { evalMs, evalMedianMs: median(evals), jsonMs, jsonMedianMs: median(parses), ratio: evalMs / jsonMs, jsonChars: json.length };
}
