// Checks that src/gas holds adapters only: every file calls an Apps Script service, naming one of
// its globals in code or calling another adapter of src/gas it imports. Rules over stored text and
// records (codecs, claims, retention, sharing) live in src/storage, testable on maps.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const gas = path.resolve(__dirname, "../../src/gas");
const GLOBAL_NAMES = [
  "SpreadsheetApp",
  "PropertiesService",
  "CacheService",
  "LockService",
  "ScriptApp",
  "UrlFetchApp",
  "Utilities",
  "Session",
  "HtmlService",
  "DriveApp",
  "GoogleAppsScript",
];
const GLOBALS = new RegExp(`\\b(${GLOBAL_NAMES.join("|")})\\b`);

/** The file's code without its comments. */
const codeOf = (file: string): string =>
  readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\s\/\/.*$/gm, "");

describe("src/gas", () => {
  const files = readdirSync(gas).filter((name) => name.endsWith(".ts"));

  it.each(files)("%s calls an Apps Script service, itself or through another adapter", (name) => {
    const code = codeOf(path.join(gas, name));
    const adapters = [...code.matchAll(/^import (?!type\b)[^;]*from "\.\/([^"]+)";/gm)].map((m) => m[1]);
    expect({ name, callsAppsScript: GLOBALS.test(code) || adapters.length > 0 }).toEqual({ name, callsAppsScript: true });
  });

  it("holds no rule of stored state: the codec, claim, notices and settings rules are storage's", () => {
    expect(files.filter((name) => /metadata-(entries|write-claim|handles)|served-documents/.test(name))).toEqual([]);
  });
});
