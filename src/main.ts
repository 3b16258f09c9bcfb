// This file defines the implementations behind every global function of src/entry-points.ts. The build wraps this module as the
// `BusinessLeads` global with one stub per entry point, and the `satisfies` below makes a missing implementation a type error.
import type { EntryPointName } from "./entry-points";
import { leadsBusiness, leadsCredits, leadsJob, leadsLocations, leadsResults } from "./functions/leads-functions";
import { runFormula } from "./app/build-formula-context";
import { spreadsheetUi } from "./gas/spreadsheet-ui";
import { diagnose } from "./self-check/diagnose";
import { buildContacts, contactsCsv, contactsStatus, forgetContact, setConsentCountries } from "./ui/contacts-commands";
import * as enrichment from "./ui/enrichment-commands";
import { showHelp } from "./ui/help";
import * as jobs from "./ui/job-commands";
import { buildAddonMenu } from "./ui/menu";
import * as search from "./ui/search-commands";
import * as settings from "./ui/settings-commands";

export const entryPoints = {
  onOpen: (_e?: unknown) => buildAddonMenu(spreadsheetUi()),
  onInstall: (_e?: unknown) => buildAddonMenu(spreadsheetUi()),
  showSidebar: settings.showSidebar,
  showHelp,
  getSettings: settings.getSettings,
  saveSettings: settings.saveSettings,
  getAccount: settings.getAccount,
  findLocations: search.findLocations,
  startSearch: search.startSearch,
  previewSearch: search.previewSearch,
  stopSearch: search.stopSearch,
  startEnrichment: enrichment.startEnrichment,
  previewEnrichment: enrichment.previewEnrichment,
  stopEnrichment: enrichment.stopEnrichment,
  continueEnrichment: enrichment.continueEnrichment,
  listJobs: jobs.listJobs,
  showJobSheet: jobs.showJobSheet,
  recentJobs: jobs.recentJobs,
  importJob: jobs.importJob,
  setRefresh: jobs.setRefresh,
  refreshJobs: jobs.refreshJobs,
  pollJobs: jobs.pollJobs,
  buildContacts,
  contactsCsv,
  contactsStatus,
  setConsentCountries,
  forgetContact,
  diagnose,
  LEADS_LOCATIONS: (query?: unknown, country?: unknown) => runFormula((ctx) => leadsLocations(ctx, query, country)),
  LEADS_CREDITS: () => runFormula(leadsCredits),
  LEADS_BUSINESS: (businessId?: unknown, field?: unknown) => runFormula((ctx) => leadsBusiness(ctx, businessId, field)),
  LEADS_JOB: (jobId?: unknown, field?: unknown) => runFormula((ctx) => leadsJob(ctx, jobId, field)),
  LEADS_RESULTS: (jobId?: unknown, fields?: unknown) => runFormula((ctx) => leadsResults(ctx, jobId, fields)),
} satisfies Record<EntryPointName, (...args: never[]) => unknown>;
