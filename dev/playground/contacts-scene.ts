// This file is the playground's Contacts scene (`npm start -- --scene contacts`, `--locale de_DE` for a Berlin team): on the BUILT
// add-on, a daily search's Contacts sheet; in Berlin, `Check: prior consent needed (DE)` until a colleague records consent; a mail
// merge marks two addresses BOUNCED; an erasure request forgets one; a Salesforce file of every row; the next day's refresh brings new
// businesses and finds the forgotten address again without bringing it back, and "New since the last file" holds only the new ones.
import * as path from "node:path";
import { VirtualClock } from "../clock";
import { createRuntime, type FakeRuntime } from "../fakes/runtime";
import { DEMO_KEYS, startSimulatorWorker } from "../simulator";
import { readService, readSheet, sheetOf, sidebar, type JobView } from "../world";
import { mailMergeSent } from "./mail-merge";
import { columnToLetters } from "../fakes/spreadsheet/a1";

export interface ContactsSceneOptions {
  seed: number;
  /** The folder of the build to run (dist/ by default). */
  distDir?: string;
  /** The spreadsheet's locale: de_DE searches Berlin, where cold email to a business needs prior consent. */
  locale?: "en_US" | "de_DE";
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
  /** The rows that read `Check: prior consent needed (DE)` after the build (none outside the consent countries). */
  consentNeeded: number;
  /** The address forgotten, and whether the refresh's run returned it again (it did: the service still lists it). */
  forgotten: { email: string; foundAgain: boolean; anywhere: number };
  /** The Salesforce file of every row, before the refresh; and "New since the last file" after it. */
  allFile: { fileName: string; text: string };
  newFile: { fileName: string; text: string };
  /** The ready rows the refresh added to Contacts. */
  addedReady: string[];
}

const HOUR = 60 * 60 * 1000;

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

/** Each sheet's cells holding `email`, counted. */
function cellsHolding(runtime: FakeRuntime, email: string): number {
  const testing = runtime.spreadsheetApp.testing;
  return testing.sheetNames().reduce(
    (n, name) =>
      n +
      testing
        .values(name)
        .flat()
        .filter((cell) => String(cell).toLowerCase().includes(email)).length,
    0,
  );
}

/** A colleague records consent (a column headed Consent) for the first `count` rows that need it; a Refresh writes what it lifts. */
function recordConsent(runtime: FakeRuntime, count: number): number {
  const { headers, rows } = readSheet(runtime, "Contacts");
  const column = columnToLetters(headers.length + 1);
  runtime.spreadsheetApp.testing.userSeed("Contacts", `${column}1`, [["Consent"]]);
  const needing = rows
    .flatMap((row, i) => (String(row["Ready to send"]).startsWith("Check: prior consent") ? [i + 2] : []))
    .slice(0, count);
  for (const row of needing) runtime.spreadsheetApp.testing.userType("Contacts", `${column}${row}`, "yes, met at the fair");
  sidebar(runtime, "buildContacts", {});
  return needing.length;
}

/** Plays the scene on a fresh simulator and spreadsheet; says each step through `say`. */
export async function playContactsScene(options: ContactsSceneOptions): Promise<ContactsSceneOutcome> {
  const say = options.say ?? (() => undefined);
  const berlin = options.locale === "de_DE";
  const clock = new VirtualClock();
  const sim = await startSimulatorWorker({ clock, seed: options.seed, hostile: false });
  const runtime = createRuntime({
    clock,
    installation: "addon",
    distDir: options.distDir ?? path.join(process.cwd(), "dist"),
    ...(berlin ? { locale: "de_DE", timeZone: "Europe/Berlin" } : {}),
  });
  try {
    sidebar(runtime, "saveSettings", { apiKey: DEMO_KEYS.growth.apiKey, baseUrl: sim.url });
    const location = sidebar(runtime, "findLocations", berlin ? { q: "Berlin", country: "DE" } : { q: "Denver" })[0]?.label;
    if (location === undefined) throw new Error("the catalog has no such city");
    const job = searchToEnd(runtime, clock, location);
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    const built = sidebar(runtime, "buildContacts", {});
    const consentNeeded = readSheet(runtime, "Contacts").rows.filter((r) =>
      String(r["Ready to send"]).startsWith("Check: prior consent"),
    ).length;
    say(
      `1. "dentists" in ${location}: sheet "${sheetOf(job)}", refreshed every day. Contacts: ${built.contacts} addresses, ${built.ready} ` +
        `ready to send${consentNeeded > 0 ? `; ${consentNeeded} read "Check: prior consent needed (DE)"` : ""}.`,
    );
    if (berlin) {
      const recorded = recordConsent(runtime, 12);
      const ready = readSheet(runtime, "Contacts").rows.filter((r) => r["Ready to send"] === "Yes").length;
      say(
        `   A colleague records consent for ${recorded} of them in a Consent column; after Refresh contacts, ${ready} are ready to send.`,
      );
    }
    const bounced = mailMergeSent(runtime).bounced;
    say(`2. The mail merge sends to the ready ones and writes its Merge status column: ${bounced.join(" and ")} BOUNCED.`);
    const owner = readSheet(runtime, "Contacts").rows.find((r) => r.Role === "Owner" && !bounced.includes(String(r.Email)));
    const email = String(owner?.Email ?? "").toLowerCase();
    const forgot = sidebar(runtime, "forgetContact", { email });
    say(`3. An erasure request: ${forgot?.said ?? ""} Do not contact keeps its sha256 line.`);
    const allFile = sidebar(runtime, "contactsCsv", { format: "salesforce", include: "all" });
    const beforeRefresh = readSheet(runtime, "Contacts").rows.length;
    say(`4. A Salesforce file of every row for the CRM (Email Opt Out 1 on the bounced two): ${allFile.said}`);
    for (let hour = 0; hour < 27; hour += 1) {
      clock.advance(HOUR);
      for (const run of runtime.fireDueTriggers())
        if (run.errorMessage !== undefined) throw new Error(`a background pass failed: ${run.errorMessage}`);
    }
    const refreshed = sidebar(runtime, "listJobs").find((j) => j.jobId === job.jobId);
    const after = readSheet(runtime, "Contacts").rows;
    const businessesAdded = refreshed?.refresh?.lastRunAdded ?? 0;
    const [rerun] = sidebar(runtime, "recentJobs", { kind: "search" }).jobs;
    const found = await readService(`${sim.url}/api/v1/searches/${rerun?.jobId}/results?page_size=500`, DEMO_KEYS.growth.apiKey);
    const foundAgain = JSON.stringify(found.body).toLowerCase().includes(email);
    const anywhere = cellsHolding(runtime, email);
    say(
      `5. A day later the refresh brings ${businessesAdded} new ${businessesAdded === 1 ? "business" : "businesses"}; with no click, ` +
        `Contacts holds ${after.length} addresses (was ${built.contacts}). The service ${foundAgain ? "returned" : "did not return"} the ` +
        `forgotten address again; it is in ${anywhere} cells.`,
    );
    const newFile = sidebar(runtime, "contactsCsv", { format: "salesforce", include: "new" });
    const addedReady = after
      .slice(beforeRefresh)
      .filter((r) => r["Ready to send"] === "Yes")
      .map((r) => String(r.Email));
    const waiting = after.slice(beforeRefresh).filter((r) => String(r["Ready to send"]).startsWith("Check: prior consent")).length;
    say(`6. "New since the last file" for Salesforce: ${newFile.said}${waiting > 0 ? ` ${waiting} new ones wait for consent (DE).` : ""}`);
    const bouncedReady = bounced.map((address) => String(after.find((r) => r.Email === address)?.["Ready to send"] ?? ""));
    return {
      bounced,
      contactsBefore: built.contacts,
      contactsAfter: after.length,
      businessesAdded,
      bouncedReady,
      consentNeeded,
      forgotten: { email, foundAgain, anywhere },
      allFile,
      newFile,
      addedReady,
    };
  } finally {
    await sim.close();
  }
}
