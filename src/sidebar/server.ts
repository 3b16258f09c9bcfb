// This file defines the sidebar's one way to the server: a typed, Promise-based wrapper over google.script.run whose names and types come
// from src/entry-points.ts and the commands' own types, so a renamed or reshaped server function breaks the sidebar's build.
import type { ENTRY_POINTS } from "../entry-points";
import type * as contactsCommands from "../ui/contacts-commands";
import type * as diagnoseCommand from "../self-check/diagnose";
import type * as enrichmentCommands from "../ui/enrichment-commands";
import type { ArgsIn } from "../ui/entry-args";
import type * as jobCommands from "../ui/job-commands";
import type * as searchCommands from "../ui/search-commands";
import type * as settingsCommands from "../ui/settings-commands";
import { messageOf } from "../errors/user-error";

type Landed = typeof settingsCommands &
  typeof searchCommands &
  typeof enrichmentCommands &
  typeof jobCommands &
  typeof diagnoseCommand &
  typeof contactsCommands;

export type { JobView, RunView, TerritoryView } from "../ui/job-view";
export type { RefreshView, RunOutcome } from "../jobs/refresh-schedule";
/** What previewEnrichment returns: the server's own type. */
export type { EnrichmentPreview } from "../enrich/run/start-enrichment";
export type { RecentJob } from "../search/recent-jobs";
export type RefreshEvery = NonNullable<ArgsIn<"setRefresh">>["every"];

/** What the sidebar calls: the entry points the registry marks as the sidebar's, none of the triggers or cells. */
type SidebarName = Extract<(typeof ENTRY_POINTS)[number], { calledBy: "sidebar" } | { fromSidebar: true }>["name"];

type ServerApi = Pick<Landed, SidebarName>;
type ServerFunctionName = keyof ServerApi;

/** The arguments the sidebar sends: each server function's own, typed by its schema (src/ui/entry-args.ts). */
type ArgsOf<K extends ServerFunctionName> = Parameters<ServerApi[K]>;
/** What a server function returns to the sidebar. */
export type ResultOf<K extends ServerFunctionName> = ReturnType<ServerApi[K]>;

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
        if (typeof fn !== "function")
          return reject(new Error(`This version of the add-on has no "${name}" yet. Reload the sidebar after updating.`));
        // No argument at all for a function without one: google.script.run cannot carry undefined.
        (fn as (...a: unknown[]) => void).apply(
          chain,
          args.filter((arg) => arg !== undefined),
        );
      });
    },
  };
}
