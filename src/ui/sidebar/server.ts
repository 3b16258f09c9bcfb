// This file defines the sidebar's one way to the server: a typed, Promise-based wrapper over
// google.script.run whose names, arguments and results come from the server functions' own types
// (src/ui/*-functions.ts and src/ui/diagnose.ts, which src/main.ts registers under the same names),
// so a renamed or reshaped server function breaks the sidebar's build.
import type * as serverFunctions from "../server-functions";
import type * as sidebarFunctions from "../sidebar-functions";
import type * as trackingFunctions from "../tracking-functions";
import type * as diagnoseFunctions from "../diagnose";
import type { JobView as ServerJobView } from "../../jobs/job-view";
import type { StartSearchArgs } from "../../jobs/start-search";
import { messageOf } from "../../errors/user-error";

type Landed = typeof serverFunctions & typeof sidebarFunctions & typeof trackingFunctions & typeof diagnoseFunctions;

export type { RefreshView } from "../../jobs/refresh-schedule";
/** The server's JobView, with `mine`: whether this user's key created the job. */
export type JobView = ServerJobView;

export interface EnrichArgs {
  sheetName?: string;
  rangeA1?: string;
  nameColumn?: string;
  websiteColumn?: string;
  force?: boolean;
}
/** What previewEnrichment returns: the server's own type. */
export type { EnrichmentPreview } from "../../enrich/start-enrichment";
export type { RecentJob } from "../../jobs/recent-jobs";
export type RefreshEvery = "day" | "week" | "off";

/** What the sidebar calls: every sidebar function of the server, none of the triggers or cells. */
type SidebarName =
  | "saveSettings" | "getSettings" | "getAccount" | "findLocations" | "startSearch" | "listJobs"
  | "refreshJobs" | "showJobSheet" | "startEnrichment" | "previewEnrichment" | "recentJobs" | "importJob" | "setRefresh"
  | "diagnose";

type ServerApi = Pick<Landed, SidebarName>;
export type ServerFunctionName = keyof ServerApi;

/**
 * The arguments the sidebar sends. The server takes `unknown` and checks what it gets; these are the
 * contract's shapes, so the sidebar cannot send a misspelt field.
 */
interface ArgumentShapes {
  saveSettings: { apiKey: string; baseUrl: string; shareWithFormulas?: boolean };
  findLocations: { q: string; country?: string };
  startSearch: StartSearchArgs;
  showJobSheet: { jobId: string };
  startEnrichment: EnrichArgs;
  previewEnrichment: EnrichArgs;
  recentJobs: { kind?: "search" | "enrichment"; page?: number };
  importJob: { jobId: string };
  setRefresh: { jobId: string; every: RefreshEvery };
  /** The sidebar shows the report itself: no dialog over the spreadsheet. */
  diagnose: { dialog: false };
}

type ArgsOf<K extends ServerFunctionName> = K extends keyof ArgumentShapes
  ? [arg: ArgumentShapes[K]]
  : Parameters<ServerApi[K]>;
type ResultOf<K extends ServerFunctionName> = ReturnType<ServerApi[K]> extends infer R
  ? R extends ServerJobView ? JobView : R extends ServerJobView[] ? JobView[] : R
  : never;

/** The slice of google.script.run the wrapper uses. */
export interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
}

export interface Server {
  call<K extends ServerFunctionName>(name: K, ...args: ArgsOf<K>): Promise<ResultOf<K>>;
}

/** The message of whatever google.script.run's failure handler received. */
export function failureMessage(error: unknown): string {
  const raw = messageOf(error);
  // Apps Script prefixes a thrown Error's message with its type; the user needs only the sentence.
  const message = raw.replace(/^(Exception|Error|ScriptError):\s*/, "").trim();
  return message || "The add-on did not answer. Check your connection and try again.";
}

/** `runner()` returns google.script.run (a fresh chain per call, so handlers never cross calls). */
export function createServer(runner: () => ScriptRun): Server {
  return {
    call(name, ...args) {
      return new Promise((resolve, reject) => {
        const chain = runner()
          .withSuccessHandler((value) => resolve(value as never))
          .withFailureHandler((error) => reject(new Error(failureMessage(error))));
        const fn: unknown = (chain as unknown as Record<string, unknown>)[name];
        if (typeof fn !== "function") {
          reject(new Error(`This version of the add-on has no "${name}" yet. Reload the sidebar after updating.`));
          return;
        }
        // No argument at all for a function without one: google.script.run cannot carry undefined.
        (fn as (...a: unknown[]) => void).apply(chain, args.filter((arg) => arg !== undefined));
      });
    },
  };
}
