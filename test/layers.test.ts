// This file checks that the folders of src/ run one way: every import (type-only ones included)
// goes from a folder to one listed below it in layers.json's order, so no folder imports one that
// imports it back, and that order is the code's. The sidebar's bundle takes code from src/rules and
// src/errors only (messageOf): what it takes from the other folders are types.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const src = path.join(root, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

/** "src/sidebar" for a file in that folder ("src" for main.ts). */
const folderOf = (file: string): string => path.relative(root, path.dirname(file)).split(path.sep).join("/");

/** Relative specifiers of `import … from`, `export … from`, `import("…")` and `import "…"`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["'](\.[^"']*)["']/gm)].map((m) => m[1] ?? "");
  return specifiers.map((spec) => path.resolve(path.dirname(file), spec));
}

/** Relative specifiers of imports that bring in code (not `import type`, not `export type`). */
function codeImportsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+["'](\.[^"']*)["']/gm)].map((m) => m[1] ?? "");
  return specifiers.map((spec) => path.resolve(path.dirname(file), spec));
}

/** Folder → folders it imports. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importsOf(file)) {
      const to = folderOf(`${target}.ts`);
      if (to !== from) graph.get(from)?.add(to);
    }
  }
  return graph;
}

interface Layer {
  folder: string;
  says: string;
}

/** The layer order of layers.json, top first; throws where an entry is not a folder of src/ with what it holds. */
function configuredLayers(): string[] {
  const config = JSON.parse(readFileSync(path.join(root, "layers.json"), "utf8")) as { layers?: unknown };
  if (!Array.isArray(config.layers)) throw new Error("layers.json has no list of layers");
  return config.layers.map((entry: Partial<Layer>, index: number) => {
    const { folder, says } = entry;
    if (typeof folder !== "string" || !/^src(\/[a-z-]+)*$/.test(folder) || typeof says !== "string" || says.trim() === "")
      throw new Error(`layers.json, layer ${index}: a folder of src/ and what it holds are needed, not ${JSON.stringify(entry)}`);
    return folder;
  });
}

/** A cycle of folders, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, "open");
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("layers of src/", () => {
  const graph = folderGraph();

  it("bundles into the sidebar no server code but src/rules and src/errors", () => {
    const sidebar = path.join(src, "sidebar");
    const outside = sourceFiles(sidebar).flatMap((file) =>
      codeImportsOf(file)
        .map((target) => folderOf(`${target}.ts`))
        .filter((folder) => !["src/sidebar", "src/rules", "src/errors"].includes(folder))
        .map((folder) => `${path.relative(root, file)} -> ${folder}`),
    );
    expect(outside).toEqual([]);
  });

  it("has no import cycle between folders", () => {
    expect(findCycle(graph)).toBeNull();
  });

  it("finds a cycle when there is one (the checker itself)", () => {
    const cyclic = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(cyclic)).toEqual(["a", "b", "c", "a"]);
  });

  it("imports only downwards in layers.json's order, which names every folder once", () => {
    const layers = configuredLayers();
    expect([...graph.keys()].sort()).toEqual([...layers].sort());
    expect(new Set(layers).size).toBe(layers.length);
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) {
        if (layers.indexOf(to) <= layers.indexOf(from)) upward.push(`${from} -> ${to}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
