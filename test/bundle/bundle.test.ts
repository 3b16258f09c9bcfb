// Tests the built dist/ as Apps Script sees it: every file evaluated, in alphabetical order, in
// one V8 context holding nothing but ECMAScript built-ins, with every entry point a top-level
// function declaring the registry's parameters. Run `npm run build` first (npm test does).
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";
import { ENTRY_POINTS } from "../../src/entry-points";
import { createRuntime } from "../../dev/fakes/runtime";

const dist = path.resolve(__dirname, "../../dist");
const scriptFiles = readdirSync(dist)
  .filter((f) => f.endsWith(".js"))
  .sort();
const sources = scriptFiles.map((f) => ({ file: f, text: readFileSync(path.join(dist, f), "utf8") }));

/** What Apps Script's V8 lacks (contract.md), plus Node's module globals. */
const FORBIDDEN_GLOBALS = [
  "setTimeout",
  "setInterval",
  "setImmediate",
  "clearTimeout",
  "fetch",
  "URL",
  "URLSearchParams",
  "TextEncoder",
  "TextDecoder",
  "atob",
  "btoa",
  "crypto",
  "process",
  "require",
  "Buffer",
  "module",
  "exports",
  "global",
];

function evaluateDist(): vm.Context {
  const context = vm.createContext({});
  for (const { file, text } of sources) vm.runInContext(text, context, { filename: file });
  return context;
}

function declaredParams(fn: unknown): string[] {
  const match = /^function\s+[\w$]+\s*\(([^)]*)\)/.exec(String(fn));
  if (!match) throw new Error(`not a plain function declaration: ${String(fn).slice(0, 60)}`);
  return (match[1] ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

describe("dist/ bundle", () => {
  it("holds the manifest and at least one script, and nothing else", () => {
    const files = readdirSync(dist).sort();
    expect(files).toContain("appsscript.json");
    expect(scriptFiles.length).toBeGreaterThan(0);
    expect(files.every((f) => /\.(js|html|json)$/.test(f))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(dist, "appsscript.json"), "utf8")) as {
      runtimeVersion: string;
      oauthScopes: string[];
    };
    expect(manifest.runtimeVersion).toBe("V8");
    expect(manifest.oauthScopes.sort()).toEqual([
      "https://www.googleapis.com/auth/script.container.ui",
      "https://www.googleapis.com/auth/script.external_request",
      "https://www.googleapis.com/auth/script.scriptapp",
      "https://www.googleapis.com/auth/spreadsheets.currentonly",
    ]);
  });

  it("evaluates with no Apps Script service and none of the forbidden globals, touching nothing at load", () => {
    const context = evaluateDist();
    for (const name of FORBIDDEN_GLOBALS) {
      expect(vm.runInContext(`typeof ${name}`, context)).toBe("undefined");
    }
  });

  it("uses no ES module syntax and names none of the forbidden globals", () => {
    for (const { text: source } of sources) {
      expect(source).not.toMatch(/^\s*(import|export)\s/m);
      // Method definitions such as the transport's `fetch(request) {` are not uses of the global.
      const text = source.replace(/[{};,]\s*[\w$]+\([\w$,\s]*\)\s*\{/g, "{");
      // A name used as a free variable, not as a property (`.fetch(` is UrlFetchApp's method).
      expect(text).not.toMatch(/(?<![.\w$])(setTimeout|setInterval|TextEncoder|TextDecoder|URLSearchParams|Buffer)\b/);
      expect(text).not.toMatch(/\bnew URL\(|(?<![.\w$])(fetch|atob|btoa|require)\(|(?<![.\w$])(process|crypto)\./);
    }
  });

  it.each(ENTRY_POINTS.map((e) => [e.name, e] as const))("declares %s as a top-level function with its parameters", (name, entry) => {
    const context = evaluateDist();
    const fn: unknown = context[name];
    expect(typeof fn).toBe("function");
    expect(declaredParams(fn)).toEqual([...entry.params]);
  });

  it("documents every custom function with a @customfunction JSDoc block naming its parameters", () => {
    const all = sources.map((s) => s.text).join("\n");
    for (const entry of ENTRY_POINTS.filter((e) => "customFunction" in e)) {
      const block = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*function ${entry.name}\\(`).exec(all);
      expect(block).not.toBeNull();
      const doc = block?.[1] ?? "";
      expect(doc).toContain("@customfunction");
      for (const param of entry.params) expect(doc).toMatch(new RegExp(`@param \\{string\\} ${param}\\b`));
    }
  });

  it.each(ENTRY_POINTS.map((e) => [e.name, e] as const))(
    "implements %s: run as Apps Script would, with nothing set up, it answers as itself, not as a stub or a defect",
    (name, entry) => {
      expect(String(evaluateDist()[name])).toContain(`BusinessLeads.entryPoints.${name}(`);
      // With the services present (the fakes), only the add-on's own code can fail: a missing
      // global, a TypeError or a stub's "not implemented" would show here.
      const runtime = createRuntime();
      const how =
        entry.calledBy === "cell"
          ? { authMode: "CUSTOM_FUNCTION" as const }
          : entry.calledBy === "simple-trigger"
            ? { authMode: "LIMITED" as const }
            : entry.calledBy === "time-trigger"
              ? { kind: "trigger" as const }
              : { viaScriptRun: true };
      const result = runtime.run(name, entry.params.length > 0 ? [{}] : [], how);
      const error = result.error as { name?: unknown; constructor?: { name?: unknown } } | undefined;
      const errorType = String(error?.constructor?.name ?? "");
      expect([name, errorType]).not.toEqual([name, expect.stringMatching(/^(ReferenceError|TypeError|SyntaxError|RangeError)$/)]);
      expect([name, result.errorMessage ?? ""]).not.toEqual([
        name,
        expect.stringMatching(/not implemented yet|is not defined|is not a function|unexpected problem/),
      ]);
    },
  );
});
