// This file checks that every .ts file of src/ opens with a header of one to three `//` lines, each at most 140 characters:
// a header says what the file defines and why, and its history belongs in the commits.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const MAX_HEADER_LINES = 3;
const MAX_LINE_LENGTH = 140;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

/** The `//` lines a file opens with, up to its first other line. */
function headerOf(text: string): string[] {
  const lines = text.split("\n");
  const end = lines.findIndex((line) => !line.startsWith("//"));
  return lines.slice(0, end === -1 ? lines.length : end);
}

const files = sourceFiles(path.join(root, "src")).map((file) => path.relative(root, file).split(path.sep).join("/"));

describe("file headers of src/", () => {
  it("finds the source files, the sidebar's included", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("src/sidebar/sidebar-page.ts");
  });

  it("opens every file with one to three comment lines", () => {
    const wrong = files
      .map((file) => ({ file, lines: headerOf(readFileSync(path.join(root, file), "utf8")).length }))
      .filter(({ lines }) => lines < 1 || lines > MAX_HEADER_LINES)
      .map(({ file, lines }) => `${file}: ${lines} header lines`);
    expect(wrong).toEqual([]);
  });

  it("keeps every header line within 140 characters", () => {
    const long = files.flatMap((file) =>
      headerOf(readFileSync(path.join(root, file), "utf8"))
        .filter((line) => line.length > MAX_LINE_LENGTH)
        .map((line) => `${file}: ${line.length} characters`),
    );
    expect(long).toEqual([]);
  });

  it("tells a header from the code under it", () => {
    expect(headerOf("// what\n// why\nimport x from 'y';\n// not a header\n")).toEqual(["// what", "// why"]);
    expect(headerOf("import x from 'y';\n")).toEqual([]);
  });
});
