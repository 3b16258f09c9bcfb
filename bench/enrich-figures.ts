// This file counts what enriching a 2,000-row sheet costs, on the BUILT bundle in the Apps Script
// fakes against the simulator (as bench/import-figures.ts does for searches): jobs created, the
// spreadsheet reads of the input, the writes per results page while the jobs run and at the end,
// and the modelled Apps Script time with the same unit costs as the search bench.
import type { FakeRuntime } from "../dev/fakes/runtime";
import { readSheet, sidebar, startWorld, type World } from "../dev/world";
import type { JobView } from "../src/ui/job-view";
import { callBreakdown, counted, modelledMs, setUpRuntime, sheetCallsOf, type Measured } from "./import-figures";
import { int, printTable, seconds } from "./stats";
import { fetchLocal } from "../dev/local-fetch";

const ROWS = 2000;
const SHEET = "Leads to enrich";
const RESULTS_PAGE = 500;

async function waitUntilCompleted(world: World, apiKey: string, jobId: string): Promise<void> {
  for (let step = 0; step < 1000; step += 1) {
    const res = await fetchLocal(`${world.url}/api/v1/enrichments/${jobId}`, { headers: { "x-api-key": apiKey } });
    const job = (await res.json()) as { status?: string };
    if (job.status === "completed" || job.status === "failed") return;
    world.clock.advance(5000);
  }
  throw new Error(`enrichment ${jobId} did not end`);
}

function seed(runtime: FakeRuntime): void {
  const testing = runtime.spreadsheetApp.testing;
  testing.userAddSheet(SHEET);
  const rows: Array<Array<string | number>> = [["Company", "Website", "Owner", "Notes"]];
  for (let i = 1; i <= ROWS; i += 1)
    rows.push([`Company ${i}`, i % 3 === 0 ? `www.company${i}.com/contact` : `company${i}.com`, `Owner ${i}`, i]);
  testing.userSeed(SHEET, "A1", rows);
  testing.setActiveSheet(SHEET);
}

/** Value reads (getValues/getFormulas) and value writes (setValues) among the counted calls. */
function valueCalls(m: Measured): { valueReads: number; valueWrites: number } {
  let valueReads = 0;
  let valueWrites = 0;
  for (const [name, n] of m.calls) {
    if (/Range\.get(Values|Formulas|DisplayValues)$/.test(name)) valueReads += n;
    if (/Range\.setValues?$/.test(name)) valueWrites += n;
  }
  return { valueReads, valueWrites };
}

async function enrichment(world: World, root: string): Promise<void> {
  const { apiKey } = await world.control.createAccount({ plan: "scale", credits: 10_000, maxActiveJobs: 25 });
  const runtime = setUpRuntime(world, root, apiKey);
  seed(runtime);

  let started: { jobs: JobView[] } = { jobs: [] };
  const start = counted(runtime, () => {
    started = sidebar(runtime, "startEnrichment", {});
  });
  const sizes = started.jobs.map((j) => j.leadCount ?? 0);
  const pages = sizes.reduce((n, size) => n + Math.ceil(size / RESULTS_PAGE), 0);

  world.clock.advance(5000);
  const running = counted(runtime, () => void sidebar(runtime, "refreshJobs"));
  for (const job of started.jobs) await waitUntilCompleted(world, apiKey, job.jobId);
  let views: JobView[] = [];
  const final = counted(runtime, () => {
    views = sidebar(runtime, "refreshJobs");
  });
  const { rows } = readSheet(runtime, SHEET);
  const filled = rows.filter((r) => r["Enrichment status"] === "completed" || r["Enrichment status"] === "partial").length;

  const columns = [start, running, final];
  const row = (label: string, target: string, value: (m: Measured) => string): string[] => [label, target, ...columns.map(value)];
  printTable(
    `Enrichment: a ${int(ROWS)}-row sheet (${started.jobs.length} jobs of ${sizes.join(" + ")} businesses, ${pages} results pages)`,
    ["figure", "target", "startEnrichment", "pass while running", "final pass"],
    [
      ["jobs created", "3", int(started.jobs.length), "—", "—"],
      row("spreadsheet value reads (getValues)", "≤ 2 for the input", (m) => int(valueCalls(m).valueReads)),
      row("spreadsheet value writes (setValues)", "—", (m) => int(valueCalls(m).valueWrites)),
      row("  per results page", "≤ 4, not growing with rows", (m) => (m === start ? "—" : (valueCalls(m).valueWrites / pages).toFixed(2))),
      row("spreadsheet write calls (all)", "—", (m) => int(m.writes)),
      row("spreadsheet read calls (all)", "—", (m) => int(m.reads)),
      row("spreadsheet calls (all, getters too) per job", "—", (m) => (sheetCallsOf(m) / Math.max(1, started.jobs.length)).toFixed(2)),
      row("fetch requests", "—", (m) => int(m.fetchRequests)),
      row("fetch round trips", "—", (m) => int(m.roundTrips)),
      row("modelled Apps Script time", "—", (m) => seconds(modelledMs(m))),
    ],
    [
      `Rows with a final result after the last pass: ${int(filled)} of ${int(ROWS)}; jobs then: ${views.map((v) => v.status).join(", ")}.`,
      `startEnrichment, spreadsheet calls by method: ${callBreakdown(start.calls)}.`,
      `Pass while running, spreadsheet calls by method: ${callBreakdown(running.calls)}.`,
      `Final pass, spreadsheet calls by method: ${callBreakdown(final.calls)}.`,
      "A pass reads and writes the jobs' sheet once for all its jobs (jobs of one sheet and header row are written together).",
    ],
  );
}

export async function enrichFigures(root: string): Promise<void> {
  const world = await startWorld(9);
  try {
    await enrichment(world, root);
  } finally {
    await world.close();
  }
}
