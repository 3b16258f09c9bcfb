// This file is the headless demo behind `npm start -- --headless`: the BUILT add-on (dist/)
// running in the Apps Script fakes against the service simulator, doing its main job as a sales
// person would: save the API key, pick a location, start a search, and let the poll passes fill
// the sheet, of which a readable part is printed at the end. Time is virtual, so a search that
// takes minutes runs in seconds.
import * as path from "node:path";
import { VirtualClock } from "../clock";
import { DEMO_KEYS, startSimulatorWorker } from "../simulator";
import { createRuntime, type FakeRuntime } from "../fakes/runtime";
import { sheetOf, sidebar, type SidebarArgs, type SidebarName, type SidebarResult } from "../world";

export interface HeadlessOptions {
  query: string;
  city: string;
  maxResults: number;
  seed: number;
  hostile: boolean;
}

/** A sidebar call, typed as the server function's own; a failure names the call. */
function call<K extends SidebarName>(runtime: FakeRuntime, name: K, ...args: SidebarArgs<K>): SidebarResult<K> {
  try {
    return sidebar(runtime, name, ...args);
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const clip = (value: unknown, width: number): string => {
  const text = String(value ?? "").replace(/\s+/g, " ");
  return (text.length > width ? text.slice(0, width - 1) + "…" : text).padEnd(width);
};

/** The columns a person reads first; the sheet has them all (see src/sheets/business-columns.ts). */
const SHOWN: ReadonlyArray<{ header: string; width: number }> = [
  { header: "Name", width: 28 },
  { header: "Category", width: 16 },
  { header: "Phone", width: 16 },
  { header: "Website", width: 34 },
  { header: "Email status", width: 30 },
  { header: "Owner names", width: 16 },
];

export async function runHeadless(options: HeadlessOptions): Promise<void> {
  const { query, city, maxResults } = options;
  const clock = new VirtualClock();
  const sim = await startSimulatorWorker({ clock, seed: options.seed, hostile: options.hostile });
  const runtime = createRuntime({ clock, installation: "addon", distDir: path.join(process.cwd(), "dist") });
  try {
    console.log(`Simulator at ${sim.url}; the add-on runs from dist/ in the Apps Script fakes.\n`);
    const account = call(runtime, "saveSettings", {
      apiKey: DEMO_KEYS.growth.apiKey,
      baseUrl: sim.url,
    });
    console.log(
      `saveSettings: ${account.planName} plan, ${account.creditsRemaining} credits, ` +
        `up to ${account.maxAffordableResults} results per search`,
    );
    const locations = call(runtime, "findLocations", { q: city });
    console.log(`findLocations("${city}"): ${locations.map((l) => l.label).join(" | ")}`);
    const location = locations[0]?.label;
    if (!location) throw new Error(`no catalog location starts with "${city}"`);

    let job = call(runtime, "startSearch", { query, location, maxResults });
    console.log(`startSearch: "${query}" in ${location}, ${maxResults} results → job ${job.jobId}, sheet "${job.sheetName}"\n`);
    for (let pass = 1; pass <= 200; pass += 1) {
      clock.advance(8000); // the sidebar polls every 5–10 s
      const jobs = call(runtime, "refreshJobs");
      job = jobs.find((j) => j.jobId === job.jobId) ?? job;
      console.log(
        `pass ${String(pass).padStart(2)}: ${job.status.padEnd(10)} leads ${job.leadCount ?? 0}, enriched ${job.enrichedCount ?? 0}, ` +
          `rows in sheet ${job.rowsWritten}`,
      );
      if (runtime.triggers.length === 0 && (job.status === "completed" || job.status === "failed")) break;
    }
    if (job.error) console.log(`\n${job.error}`);

    const values = runtime.spreadsheetApp.testing.values(sheetOf(job));
    const headers = (values[0] ?? []).map(String);
    const shown = SHOWN.filter((c) => headers.includes(c.header));
    console.log(
      `\nSheet "${job.sheetName}": ${values.length - 1} rows × ${headers.length} columns. ` +
        `The first 12 rows, ${shown.length} of the columns:`,
    );
    console.log(shown.map((c) => clip(c.header, c.width)).join(" "));
    for (const row of values.slice(1, 13)) console.log(shown.map((c) => clip(row[headers.indexOf(c.header)], c.width)).join(" "));
    console.log(`The other columns: ${headers.filter((h) => !shown.some((c) => c.header === h)).join(", ")}.`);
    const counters = runtime.counters.snapshot();
    console.log(
      `\nCost: ${counters.fetchRequests} HTTP requests in ${counters.roundTrips} round trips, ` +
        `${counters.spreadsheetWrites} spreadsheet writes, ${counters.spreadsheetReads} reads, over ${counters.executions} executions.`,
    );
    console.log("The sidebar and a live grid: npm start. A simulator in real time (for curl or your own client): npm run sim");
  } finally {
    await sim.close();
  }
}
