// This file is the playground's Contacts scene (`npm start -- --scene contacts`): on the BUILT add-on,
// a mail merge marks two addresses BOUNCED in its `Merge status` column, the next daily refresh brings
// new businesses, and the bounced two stay `No: bounced` and out of the ready export.
import * as path from "node:path";
import { VirtualClock } from "../clock";
import { createRuntime, type FakeRuntime } from "../fakes/runtime";
import { DEMO_KEYS, startSimulatorWorker } from "../simulator";
import { readSheet, sheetOf, sidebar, type JobView } from "../world";

export interface ContactsSceneOptions {
  seed: number;
  /** The folder of the build to run (dist/ by default). */
  distDir?: string;
  /** Where the scene says what happens; silent when omitted. */
  say?: (line: string) => void;
}

/** What the scene saw, for the person watching and for the test that drives it. */
export interface ContactsSceneOutcome {
  bounced: string[];
  contactsBefore: number;
  contactsAfter: number;
  businessesAdded: number;
  /** Each bounced address's `Ready to send` after the refresh. */
  bouncedReady: string[];
  /** The mail merge's ready file (contactsCsv), as the sidebar downloads it. */
  readyFile: { fileName: string; text: string };
}

const HOUR = 60 * 60 * 1000;

function column(index: number): string {
  return index < 26
    ? String.fromCharCode(65 + index)
    : `${String.fromCharCode(64 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
}

/** A search run to its end, its contacts filled in, as the sidebar's polls would. */
function searchToEnd(runtime: FakeRuntime, clock: VirtualClock, location: string): JobView {
  let job = sidebar(runtime, "startSearch", { query: "dentists", location, maxResults: 100, enrichContacts: true });
  for (let pass = 0; pass < 200 && !(job.status === "completed" && job.rowsWritten === job.leadCount); pass += 1) {
    clock.advance(8000);
    job = sidebar(runtime, "refreshJobs").find((j) => j.jobId === job.jobId) ?? job;
  }
  if (job.status !== "completed") throw new Error(`the scene's search ended ${job.status}`);
  return job;
}

/** The mail merge's status column, added by the person after the sheet's last column, with two bounces. */
function markBounced(runtime: FakeRuntime): string[] {
  const { headers, rows } = readSheet(runtime, "Contacts");
  const ready = rows.filter((r) => r["Ready to send"] === "Yes");
  const bounced = ready.slice(0, 2).map((r) => String(r.Email));
  const statuses = rows.map((r) => [bounced.includes(String(r.Email)) ? "BOUNCED" : r["Ready to send"] === "Yes" ? "EMAIL_SENT" : ""]);
  runtime.spreadsheetApp.testing.userSeed("Contacts", `${column(headers.length)}1`, [["Merge status"], ...statuses]);
  return bounced;
}

/** Plays the scene on a fresh simulator and spreadsheet; says each step through `say`. */
export async function playContactsScene(options: ContactsSceneOptions): Promise<ContactsSceneOutcome> {
  const say = options.say ?? (() => undefined);
  const clock = new VirtualClock();
  const sim = await startSimulatorWorker({ clock, seed: options.seed, hostile: false });
  const runtime = createRuntime({ clock, installation: "addon", distDir: options.distDir ?? path.join(process.cwd(), "dist") });
  try {
    sidebar(runtime, "saveSettings", { apiKey: DEMO_KEYS.growth.apiKey, baseUrl: sim.url });
    const location = sidebar(runtime, "findLocations", { q: "Denver" })[0]?.label;
    if (location === undefined) throw new Error("the catalog has no Denver");
    const job = searchToEnd(runtime, clock, location);
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    const built = sidebar(runtime, "buildContacts", {});
    say(
      `1. "dentists" in ${location}: sheet "${sheetOf(job)}", refreshed every day. Contacts: ${built.contacts} addresses, ${built.ready} ready to send.`,
    );
    const bounced = markBounced(runtime);
    say(`2. The mail merge sends to the ready ones and writes its Merge status column: ${bounced.join(" and ")} BOUNCED.`);
    for (let hour = 0; hour < 27; hour += 1) {
      clock.advance(HOUR);
      for (const run of runtime.fireDueTriggers())
        if (run.errorMessage !== undefined) throw new Error(`a background pass failed: ${run.errorMessage}`);
    }
    const refreshed = sidebar(runtime, "listJobs").find((j) => j.jobId === job.jobId);
    const after = readSheet(runtime, "Contacts").rows;
    const businessesAdded = refreshed?.refresh?.lastRunAdded ?? 0;
    say(
      `3. A day later the refresh brings ${businessesAdded} new businesses; with no click, Contacts holds ${after.length} addresses (was ${built.contacts}).`,
    );
    const bouncedReady = bounced.map((email) => String(after.find((r) => r.Email === email)?.["Ready to send"] ?? ""));
    const readyFile = sidebar(runtime, "contactsCsv", { format: "mail-merge" });
    const offered = bounced.filter((email) => readyFile.text.toLowerCase().includes(email.toLowerCase()));
    const ready = after.filter((r) => r["Ready to send"] === "Yes").length;
    say(
      `4. The bounced two read ${bouncedReady.map((r) => `"${r}"`).join(" and ")}; ${readyFile.fileName} offers the ${ready} ready addresses and ${offered.length === 0 ? "neither bounced one" : offered.join(", ")}.`,
    );
    return { bounced, contactsBefore: built.contacts, contactsAfter: after.length, businessesAdded, bouncedReady, readyFile };
  } finally {
    await sim.close();
  }
}
