// This file declares for TypeScript the constant that scripts/build.mjs defines (esbuild `define`).

/**
 * The spreadsheet scope the bundle was built with (`--scope`). esbuild writes the literal in its
 * place and decides a comparison with it while parsing, so the code behind the other build's
 * branch is left out of the bundle. Only where the constant itself is read: a `const` computed
 * from it in a module that imports anything stays a variable to esbuild. So each choice between
 * the builds' code reads it in place: src/gas/document-access.ts (the job store),
 * src/app/background-trigger.ts (the poll trigger), src/app/pass-runner.ts (the passes), and
 * src/self-check/diagnose.ts and diagnose-checks.ts (what each build says of itself).
 * jest.config.js defines it as "currentonly", the default build, for tests that run src/ unbuilt.
 */
declare const BUSINESS_LEADS_SPREADSHEET_SCOPE: "currentonly" | "full";
