// This file counts what one diagnose() ("Check this spreadsheet") costs in each build: a document
// with 10 searches tracked and 12 sheets, the user's key saved. The full build's job store is
// developer metadata, read once per fresh store (the store check reads it through fresh ones).
import * as path from "node:path";
import type { FakeRuntime } from "../dev/fakes/runtime";
import { newRuntime, sidebar, startWorld, type World } from "../dev/world";
import { callBreakdown, counted, modelledMs, type Measured } from "./import-figures";
import { int, printTable, seconds } from "./stats";

const SEARCHES = 10;

async function oneCheck(world: World, distDir: string): Promise<Measured> {
  const { apiKey } = await world.control.createAccount({ plan: "scale", credits: 10_000, maxActiveJobs: 25 });
  const runtime: FakeRuntime = newRuntime(world, { distDir });
  sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url });
  for (let i = 0; i < SEARCHES; i += 1)
    sidebar(runtime, "startSearch", { query: `diagnose bench ${i + 1}`, location: "Austin, Texas, US", maxResults: 100 });
  runtime.spreadsheetApp.testing.userAddSheet("My list");
  return counted(runtime, () => {
    const result = runtime.run("diagnose", [{ dialog: false }], { viaScriptRun: true });
    if (result.error !== undefined) throw new Error(`diagnose threw: ${String(result.errorMessage)}`);
  });
}

export async function diagnoseFigures(root: string): Promise<void> {
  const world = await startWorld(13);
  try {
    const builds = [await oneCheck(world, path.join(root, "dist")), await oneCheck(world, path.join(root, "dist-full"))];
    const row = (label: string, value: (m: Measured) => string): string[] => [label, ...builds.map(value)];
    printTable(
      `Check this spreadsheet: one diagnose() on a document with ${SEARCHES} searches and 12 sheets`,
      ["figure", "default build", "full build"],
      [
        row("fetch requests (GET /account only)", (m) => int(m.fetchRequests)),
        row("SpreadsheetApp calls (reads + writes)", (m) => `${int(m.reads + m.writes)} (${int(m.reads)}+${int(m.writes)})`),
        row("modelled Apps Script time", (m) => seconds(modelledMs(m))),
      ],
      [`Full build, spreadsheet calls by method: ${callBreakdown(builds[1]?.calls ?? new Map())}.`],
    );
  } finally {
    await world.close();
  }
}
