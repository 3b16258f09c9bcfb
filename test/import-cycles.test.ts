// This file checks that no file of src/ imports itself through a chain of imports (type-only ones
// included: a cycle of types still ties two files into one idea); test/layers.test.ts checks folders.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The file a relative specifier names: `./x` is x.ts (or x/index.ts); `./x.mjs` is itself. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Files a file imports: `import … from`, `export … from`, `import("…")` and `import "…"`, relative only. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["'](\.[^"']*)["']/gm)].map((m) => m[1] ?? "");
  return specifiers.flatMap((specifier) => resolveSpecifier(file, specifier) ?? []);
}

/** Every set of files that import one another through a chain (Tarjan's strongly connected components). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

function fileGraph(folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
  for (const file of folders.flatMap((folder) => sourceFiles(path.join(root, folder)))) {
    graph.set(relative(file), importsOf(file).map(relative));
  }
  return graph;
}

describe("import cycles between files", () => {
  it("src/ has none", () => {
    expect(cyclesOf(fileGraph(["src"]))).toEqual([]);
  });

  it("finds every cycle, a file importing itself included (the checker itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", ["e"]],
      ["e", []],
      ["f", ["f"]],
      ["g", ["e"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"], ["f"]]);
  });

  it("reads a type-only import as an import", () => {
    const graph = fileGraph(["src"]);
    expect(graph.get("src/enrich/list/waiting-rows.ts")).toContain("src/enrich/list/list-rows.ts");
  });
});
