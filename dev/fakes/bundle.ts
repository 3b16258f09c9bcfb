// This file defines how the built add-on is loaded the way Apps Script loads a project: every
// dist/*.js evaluated, in alphabetical file-name order, in one fresh V8 context whose globals are
// the services and nothing else (ECMAScript built-ins come with the context).
import { readdirSync, statSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";

const compiled = new Map<string, { mtimeMs: number; size: number; script: vm.Script }>();

/** Compiled once per file version: each execution re-runs them in its own context. */
function bundleScripts(distDir: string): vm.Script[] {
  const files = readdirSync(distDir)
    .filter((f) => f.endsWith(".js"))
    .sort();
  return files.map((file) => {
    const full = path.join(distDir, file);
    const { mtimeMs, size } = statSync(full);
    const cached = compiled.get(full);
    if (cached !== undefined && cached.mtimeMs === mtimeMs && cached.size === size) return cached.script;
    const script = new vm.Script(readFileSync(full, "utf8"), { filename: file });
    compiled.set(full, { mtimeMs, size, script });
    return script;
  });
}

/** Called with the new context before the bundle runs (the runtime points its errors there). */
const onContext = new WeakMap<object, (context: vm.Context) => void>();

export function whenContextCreated(globals: object, hook: (context: vm.Context) => void): void {
  onContext.set(globals, hook);
}

/** A fresh context holding only `globals` and the ECMAScript built-ins. */
export function createGasContext(globals: Record<string, unknown>): vm.Context {
  const context = vm.createContext(globals, { codeGeneration: { strings: true, wasm: false } });
  onContext.get(globals)?.(context);
  return context;
}

export function evaluateBundle(context: vm.Context, distDir: string): void {
  for (const script of bundleScripts(distDir)) script.runInContext(context);
}

/** For the bundle test: evaluates every dist/*.js with these globals and returns the context. */
export function loadBundleGlobals(distDir: string, globals: Record<string, unknown>): vm.Context {
  const context = createGasContext(globals);
  evaluateBundle(context, distDir);
  return context;
}
