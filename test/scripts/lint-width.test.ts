// scripts/lint-width.mjs (part of `npm run lint`) fails on a line of more than 140 characters of a
// checked file (.ts, .mjs, .js, .css, .html), naming each one, skips other files and generated
// output, and passes on a folder without one.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/lint-width.mjs");

function lintWidth(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lint-width-"));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("lint-width", () => {
  it("names every line longer than 140 characters, and fails", () => {
    const { status, output } = lintWidth({
      "long.ts": `// ${"a".repeat(138)}\nconst fine = 1;\n// ${"b".repeat(137)}\n`,
      "page.html": `<p>${"c".repeat(150)}</p>\n`,
      "notes.md": `${"d".repeat(200)}\n`,
      "dist/Code.js": `${"e".repeat(200)}\n`,
    });
    expect(status).toBe(1);
    expect(output).toMatch(/long\.ts:1: 141 characters \(at most 140\)/);
    expect(output).toMatch(/page\.html:1: 157 characters/);
    expect(output).not.toMatch(/long\.ts:3|notes\.md|Code\.js/);
    expect(output).toMatch(/2 line\(s\) longer than 140 characters/);
  });

  it("counts characters, not bytes, and passes a folder whose lines are all 140 or fewer", () => {
    const { status, output } = lintWidth({ "short.ts": `// ${"“".repeat(137)}\n` });
    expect(output).toMatch(/at most 140 characters/);
    expect(status).toBe(0);
  });
});
