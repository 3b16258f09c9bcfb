// This file defines the implementations behind every global function of src/entry-points.ts.
// The build wraps this module as the `BusinessLeads` global and generates one top-level stub per
// entry point that calls `BusinessLeads.entryPoints.<name>`; the `satisfies` below makes a
// missing implementation a type error.
import type { EntryPointName } from "./entry-points";
import { leadsBusiness, leadsCredits, leadsJob, leadsLocations, leadsResults } from "./functions/leads-functions";
import { runFormula } from "./gas/build-formula-context";
import { diagnose } from "./ui/diagnose";
import { buildAddonMenu } from "./ui/menu";
import * as server from "./ui/server-functions";
import * as sidebar from "./ui/sidebar-functions";
import * as tracking from "./ui/tracking-functions";

export const entryPoints = {
  onOpen: (_e?: unknown) => buildAddonMenu(SpreadsheetApp.getUi()),
  onInstall: (_e?: unknown) => buildAddonMenu(SpreadsheetApp.getUi()),
  showSidebar: sidebar.showSidebar,
  getSettings: sidebar.getSettings,
  showJobSheet: sidebar.showJobSheet,
  saveSettings: server.saveSettings,
  getAccount: server.getAccount,
  findLocations: server.findLocations,
  startSearch: server.startSearch,
  startEnrichment: server.startEnrichment,
  previewEnrichment: server.previewEnrichment,
  listJobs: server.listJobs,
  recentJobs: tracking.recentJobs,
  importJob: tracking.importJob,
  setRefresh: tracking.setRefresh,
  refreshJobs: server.refreshJobs,
  pollJobs: server.pollJobs,
  diagnose,
  LEADS_LOCATIONS: (query?: unknown, country?: unknown) => runFormula((ctx) => leadsLocations(ctx, query, country)),
  LEADS_CREDITS: () => runFormula(leadsCredits),
  LEADS_BUSINESS: (businessId?: unknown, field?: unknown) => runFormula((ctx) => leadsBusiness(ctx, businessId, field)),
  LEADS_JOB: (jobId?: unknown, field?: unknown) => runFormula((ctx) => leadsJob(ctx, jobId, field)),
  LEADS_RESULTS: (jobId?: unknown, fields?: unknown) => runFormula((ctx) => leadsResults(ctx, jobId, fields)),
} satisfies Record<EntryPointName, (...args: never[]) => unknown>;
