// This file defines the end-to-end test world: the simulator served from a worker thread and the
// Apps Script fakes running the BUILT dist/ bundle, sharing one virtual clock; plus readers that
// compare a results sheet with what the service itself returns.
import { fetchLocal } from "./local-fetch";
import { VirtualClock } from "./clock";
import { simControl, startSimulatorWorker, type SimControl } from "./simulator";
import { createRuntime, type FakeRuntime, type RuntimeOptions } from "./fakes/runtime";
import type { ENTRY_POINTS } from "../src/entry-points";
import type { JobView } from "../src/ui/job-view";
import type { entryPoints } from "../src/main";

/** The sidebar's shapes, as the server returns them (the tests read the real types, never a copy). */
export type { JobView, RunView } from "../src/ui/job-view";
export type { AccountView } from "../src/ui/views";

export interface World {
  clock: VirtualClock;
  url: string;
  control: SimControl;
  close(): Promise<void>;
}

/** `hostile: false` turns the simulator's hostile values off (they are on by default, as in the playground's --hostile). */
export async function startWorld(seed = 7, options: { hostile?: boolean } = {}): Promise<World> {
  const clock = new VirtualClock();
  const sim = await startSimulatorWorker({ clock, seed, ...options });
  return { clock, url: sim.url, control: simControl(sim.url), close: () => sim.close() };
}

/** The catalog's label for Austin, Texas, as the service spells it (the tests' usual search location). */
export async function austinLabel(world: World): Promise<string> {
  const res = await fetchLocal(`${world.url}/api/v1/locations?q=Austin&country=US`, { headers: { "x-api-key": "demo-growth" } });
  const label = ((await res.json()) as { locations: Array<{ label: string }> }).locations[0]?.label;
  if (label === undefined) throw new Error("the simulator's catalog has no Austin");
  return label;
}

export function newRuntime(world: World, options: RuntimeOptions = {}): FakeRuntime {
  return createRuntime({ clock: world.clock, installation: "addon", ...options });
}

type Server = typeof entryPoints;

/** What the sidebar may call: the entry points the registry (src/entry-points.ts) marks as the sidebar's. */
export type SidebarName = Extract<(typeof ENTRY_POINTS)[number], { calledBy: "sidebar" } | { fromSidebar: true }>["name"];
/** A sidebar call's arguments and result: the server function's own (src/main.ts), so a changed shape fails the type-check. */
export type SidebarArgs<K extends SidebarName> = Parameters<Server[K]>;
export type SidebarResult<K extends SidebarName> = ReturnType<Server[K]>;

/** A call from the sidebar through google.script.run: plain data in and out, errors thrown. */
export function sidebar<K extends SidebarName>(runtime: FakeRuntime, name: K, ...args: SidebarArgs<K>): SidebarResult<K> {
  return sidebarIn(runtime, undefined, name, ...args);
}

/** The same, from the sidebar of another of the runtime's spreadsheets (runtime.addDocument). */
export function sidebarIn<K extends SidebarName>(
  runtime: FakeRuntime,
  documentId: string | undefined,
  name: K,
  ...args: SidebarArgs<K>
): SidebarResult<K> {
  return sidebarRaw(runtime, name, args[0], { documentId }) as SidebarResult<K>;
}

/** The same, from another editor's sidebar (their own user properties, key and triggers). */
export function sidebarAs<K extends SidebarName>(runtime: FakeRuntime, user: string, name: K, ...args: SidebarArgs<K>): SidebarResult<K> {
  return sidebarRaw(runtime, name, args[0], { user }) as SidebarResult<K>;
}

/** Whose sidebar makes a call: by default the runtime's own user, in its first spreadsheet. */
export interface SidebarCaller {
  documentId?: string;
  user?: string;
}

/**
 * A sidebar call with an argument its types refuse, for the tests of bad input (a person in the
 * script editor, an old sidebar): what it returns is unknown until the test checks it.
 */
export function sidebarRaw(runtime: FakeRuntime, name: SidebarName, arg: unknown, caller: SidebarCaller = {}): unknown {
  const result = runtime.run(name, arg === undefined ? [] : [arg], { viaScriptRun: true, ...caller });
  if (result.killed) throw new Error(`${name} was killed`);
  if (result.error !== undefined) throw new Error(result.errorMessage ?? String(result.error));
  return result.value;
}

/** A job's sheet; a test that reads the sheet of a job that has none fails here, saying so. */
export function sheetOf(job: Pick<JobView, "jobId" | "sheetName">): string {
  if (job.sheetName === null) throw new Error(`job ${job.jobId} has no sheet`);
  return job.sheetName;
}

export interface ServiceBusiness {
  id: string;
  title: string;
  [field: string]: unknown;
}

/**
 * A test's own read of the service's state (GET, so repeating it changes nothing), as status and
 * JSON; a read whose connection closes under it on a loaded machine is made again (fetchLocal).
 */
export async function readService(url: string, apiKey: string): Promise<{ status: number; body: unknown }> {
  const res = await fetchLocal(url, { headers: { "x-api-key": apiKey } });
  return { status: res.status, body: await res.json() };
}

/** Every business of a job, read from the service directly (Node's own fetch, async). */
export async function serviceResults(world: World, apiKey: string, jobId: string, kind = "searches"): Promise<ServiceBusiness[]> {
  const all: ServiceBusiness[] = [];
  for (let page = 1; ; page += 1) {
    const res = await readService(`${world.url}/api/v1/${kind}/${jobId}/results?page=${page}&page_size=500`, apiKey);
    if (res.status !== 200) throw new Error(`results page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    const body = res.body as { items: ServiceBusiness[]; has_more: boolean };
    all.push(...body.items);
    if (!body.has_more) return all;
  }
}

export async function serviceJob(world: World, apiKey: string, jobId: string): Promise<Record<string, unknown>> {
  return (await readService(`${world.url}/api/v1/searches/${jobId}`, apiKey)).body as Record<string, unknown>;
}

export async function serviceAccount(world: World, apiKey: string): Promise<Record<string, unknown>> {
  return (await readService(`${world.url}/api/v1/account`, apiKey)).body as Record<string, unknown>;
}

export type SheetRow = Record<string, unknown>;

/**
 * The sheet as header → value objects, one per filled data row (blank rows left out) with its row number in the sheet, and the formulas.
 */
export function readSheet(
  runtime: FakeRuntime,
  sheetName: string,
  documentId?: string,
): { headers: string[]; rows: SheetRow[]; rowNumbers: number[]; formulas: string[][] } {
  const testing = runtime.spreadsheet(documentId).testing;
  const values = testing.values(sheetName);
  const formulas = testing.formulas(sheetName);
  const headers = (values[0] ?? []).map((h) => String(h));
  const filled = values
    .map((row, i) => ({ row, number: i + 1 }))
    .filter(({ row, number }) => number > 1 && row.some((cell) => cell !== ""));
  const rows = filled.map(({ row }) => Object.fromEntries(headers.map((h, i) => [h, row[i]])));
  return { headers, rows, rowNumbers: filled.map(({ number }) => number), formulas: formulas.slice(1) };
}

/** The column letter of `header` in row 1 of the sheet (results sheets are laid out by header, never by position). */
export function columnOfHeader(runtime: FakeRuntime, sheetName: string, header: string): string {
  const index = (runtime.spreadsheetApp.testing.values(sheetName)[0] ?? []).map(String).indexOf(header);
  if (index < 0) throw new Error(`sheet "${sheetName}" has no column "${header}"`);
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const joined = (value: unknown): string => (Array.isArray(value) ? value.join(", ") : "");
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The cells a business must produce, straight from the service's JSON (contract.md's columns). */
export function expectedCells(b: ServiceBusiness): Record<string, unknown> {
  return {
    "Business ID": b.id,
    Name: b.title,
    Category: text(b.category),
    Address: text(b.address),
    Phone: text(b.phone),
    Website: text(b.website),
    Emails: joined(b.emails),
    City: text(b.city),
    "Maps URL": text(b.maps_url),
    "Business status": text(b.business_status),
    "Owner emails": joined(b.owner_emails),
    "Decision maker emails": joined(b.decision_maker_emails),
    "Email verification status": text(b.email_verification_status),
    "Enrichment status": text(b.enrichment_status),
    Rating: typeof b.rating === "number" ? b.rating : "",
    "Review count": typeof b.review_count === "number" ? b.review_count : "",
  };
}

/** The email columns of expectedCells: they are kept, or replaced, together. */
const EMAIL_CELLS = ["Emails", "Email verification status"];

/**
 * The cells of expectedCells a refresh leaves in a row that held `before`: the run's values, except
 * that an empty new value never blanks a filled cell (docs/add-on-surface.md, "A search with a
 * refresh schedule"): a run with no emails keeps the row's email columns together, and any other
 * column the run left empty keeps what the row held. `keptEmails`: the email columns were kept.
 */
export function refreshedCells(
  before: Record<string, unknown> | undefined,
  business: ServiceBusiness,
): { cells: Record<string, unknown>; keptEmails: boolean } {
  const fresh = expectedCells(business);
  if (!before) return { cells: fresh, keptEmails: false };
  const filled = (value: unknown) => value !== "" && value !== undefined && value !== null;
  const keptEmails = fresh.Emails === "" && filled(before.Emails);
  const cells: Record<string, unknown> = {};
  for (const [header, value] of Object.entries(fresh)) {
    const keep = EMAIL_CELLS.includes(header)
      ? keptEmails || (!filled(fresh.Emails) && !filled(value) && filled(before[header]))
      : !filled(value) && filled(before[header]);
    cells[header] = keep ? before[header] : value;
  }
  return { cells, keptEmails };
}

/** Runs refreshJobs passes, advancing virtual time between them, until `done` says so. */
export function pollUntil(
  world: World,
  runtime: FakeRuntime,
  done: (jobs: JobView[]) => boolean,
  stepMs = 5000,
  maxPasses = 400,
): JobView[] {
  for (let pass = 0; pass < maxPasses; pass += 1) {
    world.clock.advance(stepMs);
    const jobs = sidebar(runtime, "refreshJobs");
    if (done(jobs)) return jobs;
  }
  throw new Error(`not done after ${maxPasses} passes`);
}
