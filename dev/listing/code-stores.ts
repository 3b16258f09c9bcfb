// This file defines how the kit learns, from the add-on's own code, every place the add-on keeps
// something: it scans src/ for the Apps Script calls that open a store (properties, caches,
// developer metadata, triggers), whatever module they live in, so a new store the privacy policy
// does not name fails the kit's checks.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

export interface StoreKind {
  /** The Apps Script call that reaches it. */
  call: string;
  /** How the privacy policy names it (matched without regard to case). */
  named: RegExp;
  /** The same in words, for a problem's sentence. */
  words: string;
}

/** Every Apps Script call that opens a store an add-on can write, and the words a policy names it with. */
export const STORE_KINDS: readonly StoreKind[] = [
  { call: "getUserProperties", named: /user properties/i, words: "user properties" },
  { call: "getDocumentProperties", named: /document properties/i, words: "document properties" },
  { call: "getScriptProperties", named: /script properties/i, words: "script properties" },
  { call: "getUserCache", named: /user cache/i, words: "user cache" },
  { call: "getDocumentCache", named: /document cache/i, words: "document cache" },
  { call: "getScriptCache", named: /script cache/i, words: "script cache" },
  { call: "addDeveloperMetadata", named: /developer metadata/i, words: "developer metadata" },
  { call: "newTrigger", named: /trigger/i, words: "trigger" },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "sidebar" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Comments may name a call without making it: they are left out of the scan. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The stores the code under `srcDir` opens, each with the files that call it. */
export function storesInCode(srcDir: string): Array<StoreKind & { files: string[] }> {
  const files = sourceFiles(srcDir).map((file) => ({
    file: path.relative(path.dirname(srcDir), file),
    code: withoutComments(readFileSync(file, "utf8")),
  }));
  return STORE_KINDS.flatMap((kind) => {
    const calling = files.filter((f) => new RegExp(`\\.${kind.call}\\s*\\(`).test(f.code)).map((f) => f.file);
    return calling.length > 0 ? [{ ...kind, files: calling }] : [];
  });
}
