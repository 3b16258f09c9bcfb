// This file defines the implementations behind every global function of src/entry-points.ts.
// The build wraps this module as the `BusinessLeads` global and generates one top-level stub per
// entry point that calls `BusinessLeads.entryPoints.<name>`; the `satisfies` below makes a
// missing implementation a type error.
import type { EntryPointName } from "./entry-points";
import { buildAddonMenu } from "./ui/menu";
import * as server from "./ui/server-functions";

/** For entry points that a later issue implements: they exist (Sheets can see them) but say so. */
function notImplementedYet(name: string): () => never {
  return () => {
    throw new Error(`${name} is not implemented yet.`);
  };
}

export const entryPoints = {
  onOpen: (_e?: unknown) => buildAddonMenu(SpreadsheetApp.getUi()),
  onInstall: (_e?: unknown) => buildAddonMenu(SpreadsheetApp.getUi()),
  showSidebar: notImplementedYet("showSidebar"),
  saveSettings: server.saveSettings,
  getAccount: server.getAccount,
  findLocations: server.findLocations,
  startSearch: server.startSearch,
  startEnrichment: notImplementedYet("startEnrichment"),
  listJobs: server.listJobs,
  refreshJobs: server.refreshJobs,
  pollJobs: server.pollJobs,
  LEADS_LOCATIONS: notImplementedYet("LEADS_LOCATIONS"),
  LEADS_CREDITS: notImplementedYet("LEADS_CREDITS"),
  LEADS_BUSINESS: notImplementedYet("LEADS_BUSINESS"),
  LEADS_JOB: notImplementedYet("LEADS_JOB"),
} satisfies Record<EntryPointName, (...args: never[]) => unknown>;
