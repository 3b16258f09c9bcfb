// Fails when a function of src/ is longer than 80 lines: every function declaration, method,
// accessor, constructor, function expression and arrow function, parsed with the `typescript`
// package's AST (lines from its first token to its closing one). `node scripts/lint-size.mjs
// [dir…]` checks other folders (the test of this script points it at a fixture).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const MAX_FUNCTION_LINES = 80;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The name a reader would use for a function node: its own, or the variable or property holding it. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (node.kind === ts.SyntaxKind.Constructor) return "constructor";
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText();
  return "(anonymous)";
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** Every function of the files under `dirs` longer than `max` lines: {file, line, name, lines}. */
export function longFunctions(dirs, max = MAX_FUNCTION_LINES) {
  const found = [];
  for (const file of dirs.flatMap(sourceFiles)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > max) found.push({ file, line: start + 1, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : [path.join(root, "src")];
  const long = longFunctions(dirs);
  for (const f of long)
    console.error(`${path.relative(root, f.file)}:${f.line}: ${f.name} is ${f.lines} lines (at most ${MAX_FUNCTION_LINES})`);
  if (long.length > 0) {
    console.error(
      `lint:size: ${long.length} function(s) longer than ${MAX_FUNCTION_LINES} lines: split each into the parts a reader would name.`,
    );
    process.exit(1);
  }
  console.log(
    `lint:size: every function of ${dirs.map((d) => path.relative(root, d) || ".").join(", ")} is at most ${MAX_FUNCTION_LINES} lines.`,
  );
}
