// This file checks that each built bundle leaves out the Apps Script calls only the other build
// makes: a choice between the builds' code that esbuild cannot decide while bundling (see
// src/build-constants.d.ts) would put them back. Run `npm run build:both` first (npm test does).
import { readFileSync } from "node:fs";
import * as path from "node:path";

const codeOf = (dir: string): string => readFileSync(path.resolve(__dirname, "../..", dir, "Code.js"), "utf8");

/** Calls that only the full build's job store, documents opened by id and per-user trigger make. */
const FULL_ONLY = ["addDeveloperMetadata", "createDeveloperMetadataFinder", "openById", "getProjectTriggers"];
/** The default build's per-document trigger: the full build's one trigger is the user's. */
const DEFAULT_ONLY = ["getUserTriggers"];

describe("what each build's bundle holds", () => {
  it.each(FULL_ONLY)("the default build (dist/) never calls %s", (call) => {
    expect(codeOf("dist")).not.toContain(call);
    expect(codeOf("dist-full")).toContain(call);
  });

  it.each(DEFAULT_ONLY)("the full build (dist-full/) never calls %s", (call) => {
    expect(codeOf("dist-full")).not.toContain(call);
    expect(codeOf("dist")).toContain(call);
  });
});
