// This file counts what one background trigger pass costs in the full-scope build (dist-full/),
// where one trigger per user serves every document with jobs, opening each by id: 5 documents of
// one user, each with a completed 100-result search, once with the trigger run without a current
// document and once with Google giving it the document it was created in.
import * as path from "node:path";
import type { FakeRuntime } from "../dev/fakes/runtime";
import { newRuntime, readSheet, sidebarIn, startWorld, type World } from "../dev/world";
import { callBreakdown, counted, modelledMs, storeCalls, waitUntilCompleted, type Measured } from "./import-figures";
import { int, printTable, seconds } from "./stats";

const LOCATION = "Austin, Texas, US";
const DOCUMENTS = 5;
const RESULTS = 100;
const HOUR = 60 * 60 * 1000;

interface PassFigures {
  m: Measured;
  metadataCalls: number;
  documentsFinished: number;
  triggersLeft: number;
}

async function onePass(world: World, root: string, triggerDocument: "own" | "none"): Promise<PassFigures> {
  const { apiKey } = await world.control.createAccount({ plan: "scale", credits: 10_000, maxActiveJobs: 25 });
  const runtime: FakeRuntime = newRuntime(world, { distDir: path.join(root, "dist-full"), triggerDocument });
  const documents: Array<string | undefined> = [undefined];
  for (let i = 1; i < DOCUMENTS; i += 1) documents.push(runtime.addDocument(`Leads ${i + 1}`));
  const started = documents.map((documentId, i) => {
    sidebarIn(runtime, documentId, "saveSettings", { apiKey, baseUrl: world.url });
    return sidebarIn(runtime, documentId, "startSearch", { query: `background bench ${i + 1}`, location: LOCATION, maxResults: RESULTS });
  });
  for (const job of started) await waitUntilCompleted(world, apiKey, job.jobId);
  world.clock.advance(HOUR);
  const m = counted(runtime, () => {
    const runs = runtime.fireDueTriggers();
    if (runs.length !== 1 || runs[0]?.error !== undefined)
      throw new Error(`expected one clean trigger run, got ${JSON.stringify(runs.map((r) => r.errorMessage))}`);
  });
  const metadataCalls = storeCalls(m);
  const documentsFinished = documents.filter(
    (documentId, i) => readSheet(runtime, started[i]?.sheetName ?? "", documentId).rows.length === RESULTS,
  ).length;
  return { m, metadataCalls, documentsFinished, triggersLeft: runtime.triggers.length };
}

export async function backgroundFigures(root: string): Promise<void> {
  const world = await startWorld(9);
  try {
    const none = await onePass(world, root, "none");
    const own = await onePass(world, root, "own");
    const cols = [none, own];
    const row = (label: string, value: (p: PassFigures) => string): string[] => [label, ...cols.map(value)];
    printTable(
      `Background: one trigger pass of the full-scope build serving ${DOCUMENTS} documents (a completed ${RESULTS}-result search each)`,
      ["figure", "trigger without a document", "trigger with its document"],
      [
        row("fetch requests", (p) => int(p.m.fetchRequests)),
        row(
          "fetch round trips (status + results + other)",
          (p) => `${int(p.m.roundTrips)} (${p.m.trips.status}+${p.m.trips.results}+${p.m.trips.other})`,
        ),
        row("SpreadsheetApp calls (reads + writes)", (p) => `${int(p.m.reads + p.m.writes)} (${int(p.m.reads)}+${int(p.m.writes)})`),
        row("  of which developer metadata (the job store)", (p) => int(p.metadataCalls)),
        row("documents whose sheet is complete", (p) => `${p.documentsFinished} of ${DOCUMENTS}`),
        row("triggers left after the pass", (p) => int(p.triggersLeft)),
        row("modelled Apps Script time", (p) => seconds(modelledMs(p.m))),
      ],
      [
        "Each document is its own poll: one status round trip and one results round trip per document (documents are served one after " +
          "another, each under its store's write claim).",
        `Without a document, spreadsheet calls by method: ${callBreakdown(none.m.calls)}.`,
      ],
    );
  } finally {
    await world.close();
  }
}
