// This file defines the bundle's evaluation figure, which the bench prints and test/bundle/bundle-size.test.ts holds: the time a fresh
// V8 context takes to compile and run dist/Code.js (as Apps Script does at the start of every execution) against JSON.parse of a
// JSON text of its size, the service's answer the add-on parses on every poll: a results page of the simulator, cut to as many
// businesses as make it at least as long as the bundle. (One JSON string holding the bundle's text is no such baseline: V8 copies it
// at four times the speed of real data, so it measured 0.5 ms where issue 42's "1.8 ×, about 3 ms" implies 1.7.) The two are timed
// in turns, each after a garbage collection, and the fastest of each compared: run it in a node of its own with --expose-gc (the
// bench does), since leftover contexts collected in the middle of a turn, or a big process around it (jest's), make the figure noise.
import * as vm from "node:vm";
import { realisticResultsPage } from "./client-figures";
import { collect, median } from "./stats";

/** The most the bundle's evaluation may take, in JSON.parse baselines (issue 42: about 1.8 when it was set). */
export const EVALUATION_CEILING = 2.5;

/** The simulator's results page with its first businesses, as many as make a JSON text of at least `chars` characters. */
export function resultsPageOfSize(chars: number): string {
  const page = JSON.parse(realisticResultsPage().body) as { items: unknown[] };
  // The page's text grows by each business's JSON and a comma.
  let length = JSON.stringify({ ...page, items: [] }).length - 1;
  for (let count = 1; count <= page.items.length; count += 1) {
    length += JSON.stringify(page.items[count - 1]).length + 1;
    if (length >= chars) return JSON.stringify({ ...page, items: page.items.slice(0, count) });
  }
  throw new Error(`a results page of ${page.items.length} businesses is shorter than ${chars} characters`);
}

export interface BundleEvaluation {
  /** The fastest evaluation of the bundle in a fresh context, and the median one. */
  evalMs: number;
  evalMedianMs: number;
  /** The fastest JSON.parse of the results page of the bundle's size, and the median one. */
  jsonMs: number;
  jsonMedianMs: number;
  /** evalMs ÷ jsonMs: a busy machine only ever adds time, so the fastest of each is the work itself. */
  ratio: number;
  /** Characters of that page's JSON text (at least the bundle's). */
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
  const json = resultsPageOfSize(code.length);
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
