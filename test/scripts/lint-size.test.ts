// `npm run lint:size` (scripts/lint-size.mjs) fails on a function of more than 80 lines, naming
// each one found (declarations, arrow functions held by a variable, methods), and passes on a
// folder without one, src/ included (in npm run test:all: npm test runs npm run lint:size itself).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import * as path from "node:path";
import { inFullTier } from "../tier";

const ROOT = path.resolve(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/lint-size.mjs");

/** `lines` - 2 statements: with its first line, `let total` and its closing brace, a function of `lines` + 1 lines. */
const body = (lines: number): string => Array.from({ length: lines - 2 }, (_, i) => `  total += ${i};`).join("\n");

function lintSize(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lint-size-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("lint:size", () => {
  it("names every function longer than 80 lines, and fails", () => {
    const { status, output } = lintSize({
      "long.ts": [
        `export function tooLong(): void {\n  let total = 0;\n${body(80)}\n}`,
        `export const arrowTooLong = (): void => {\n  let total = 0;\n${body(83)}\n};`,
        `export class Holder {\n  methodTooLong(): void {\n    let total = 0;\n${body(90)}\n  }\n}`,
        `export function justRight(): void {\n  let total = 0;\n${body(79)}\n}`,
      ].join("\n\n"),
    });
    expect(status).toBe(1);
    expect(output).toMatch(/long\.ts:1: tooLong is 81 lines \(at most 80\)/);
    expect(output).toMatch(/arrowTooLong is 84 lines/);
    expect(output).toMatch(/methodTooLong is 91 lines/);
    expect(output).not.toMatch(/justRight/);
    expect(output).toMatch(/3 function\(s\) longer than 80 lines/);
  });

  it("passes a folder whose functions are all 80 lines or fewer", () => {
    const { status, output } = lintSize({ "short.ts": `export function exactly80(): void {\n  let total = 0;\n${body(79)}\n}\n` });
    expect(output).toMatch(/at most 80 lines/);
    expect(status).toBe(0);
  });
});

inFullTier("npm test runs npm run lint:size on src/ itself, before jest")("lint:size on this repository", () => {
  it("passes src/", () => {
    const run = spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
