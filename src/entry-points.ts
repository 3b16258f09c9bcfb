// This file defines the ONE list of the add-on's global functions: their names, parameters and,
// for custom functions, the @customfunction documentation Sheets shows in autocomplete. The build
// generates the top-level stubs of dist/ from it, and src/main.ts must implement every name.
import { REQUEST_LIMITS } from "./rules/request-limits";

interface CustomFunctionDoc {
  summary: string;
  /** Parameter name → its description; every parameter of a custom function is a string. */
  params: Record<string, string>;
  /** JSDoc type of the result, e.g. "number" or "string[][]". */
  returnType: string;
  returns: string;
}

interface EntryPointSpec {
  /** The global function's name, as Sheets, triggers and google.script.run call it. */
  name: string;
  /** Parameter names, in order: the stub declares exactly these. */
  params: readonly string[];
  /** Who calls it (documentation only). */
  calledBy: "simple-trigger" | "menu" | "sidebar" | "time-trigger" | "cell";
  /** The sidebar calls it too (its typed client may call only these and those `calledBy` it). */
  fromSidebar?: true;
  customFunction?: CustomFunctionDoc;
}

export const ENTRY_POINTS = [
  { name: "onOpen", params: ["e"], calledBy: "simple-trigger" },
  { name: "onInstall", params: ["e"], calledBy: "simple-trigger" },
  { name: "showSidebar", params: [], calledBy: "menu" },
  // Help: a dialog with the link to the listing's support page (src/ui/help.ts).
  { name: "showHelp", params: [], calledBy: "menu" },
  { name: "saveSettings", params: ["settings"], calledBy: "sidebar" },
  { name: "getSettings", params: [], calledBy: "sidebar" },
  { name: "showJobSheet", params: ["args"], calledBy: "sidebar" },
  { name: "getAccount", params: [], calledBy: "sidebar" },
  { name: "findLocations", params: ["args"], calledBy: "sidebar" },
  { name: "startSearch", params: ["args"], calledBy: "sidebar" },
  { name: "previewSearch", params: ["args"], calledBy: "sidebar" },
  { name: "stopSearch", params: ["args"], calledBy: "sidebar" },
  { name: "startEnrichment", params: ["args"], calledBy: "sidebar" },
  { name: "previewEnrichment", params: ["args"], calledBy: "sidebar" },
  { name: "stopEnrichment", params: ["args"], calledBy: "sidebar" },
  { name: "continueEnrichment", params: ["args"], calledBy: "sidebar" },
  { name: "listJobs", params: [], calledBy: "sidebar" },
  { name: "recentJobs", params: ["args"], calledBy: "sidebar" },
  { name: "importJob", params: ["args"], calledBy: "sidebar" },
  { name: "setRefresh", params: ["args"], calledBy: "sidebar" },
  { name: "refreshJobs", params: [], calledBy: "menu", fromSidebar: true },
  // The menu calls it with no argument (a toast says the counts); the sidebar with {}.
  { name: "buildContacts", params: ["args"], calledBy: "menu", fromSidebar: true },
  { name: "contactsCsv", params: ["args"], calledBy: "sidebar" },
  { name: "contactsStatus", params: [], calledBy: "sidebar" },
  { name: "setConsentCountries", params: ["args"], calledBy: "sidebar" },
  // The menu calls it with no argument (it asks for the address and confirms); the sidebar with {email}, once its person confirmed.
  { name: "forgetContact", params: ["args"], calledBy: "menu", fromSidebar: true },
  { name: "pollJobs", params: ["e"], calledBy: "time-trigger" },
  // The menu calls it with no argument (the report shows in a dialog); the sidebar with {dialog: false}.
  { name: "diagnose", params: ["args"], calledBy: "menu", fromSidebar: true },
  {
    name: "LEADS_LOCATIONS",
    params: ["query", "country"],
    calledBy: "cell",
    customFunction: {
      summary: "Looks up locations in the Business Leads catalog (at most 8): use a label in a search.",
      params: {
        query:
          `The start of a city name, ${REQUEST_LIMITS.locationQueryMin} to ${REQUEST_LIMITS.locationQueryMax} ` +
          `characters, e.g. "Austin".`,
        country: 'Optional two-letter country code to narrow the matches, e.g. "US".',
      },
      returnType: "string[][]",
      returns: "A table with a header row: label, country_code, full_name, location_code.",
    },
  },
  {
    name: "LEADS_CREDITS",
    params: [],
    calledBy: "cell",
    customFunction: {
      summary: "The credits remaining on the Business Leads account (kept for about a minute).",
      params: {},
      returnType: "number",
      returns: "The number of credits remaining.",
    },
  },
  {
    name: "LEADS_BUSINESS",
    params: ["businessId", "field"],
    calledBy: "cell",
    customFunction: {
      summary: "Reads a business by its Business ID; a range of IDs is read in rounds of up to 200.",
      params: {
        businessId: "A Business ID (the Business ID column of a results sheet, Z in a new one), or a range of them such as Z2:Z50.",
        field: 'Optional field name as the service spells it, e.g. "phone", "emails", "maps_url"; leave it out for a table of every field.',
      },
      returnType: "*",
      returns: "The field's value (a column for a range), or a two-column table of field and value.",
    },
  },
  {
    name: "LEADS_JOB",
    params: ["jobId", "field"],
    calledBy: "cell",
    customFunction: {
      summary: "Reads the status of a search or enrichment job; a range of IDs is read in rounds of up to 200.",
      params: {
        jobId: "A job ID, or a range of them.",
        field: 'Optional field name, e.g. "status" or "lead_count"; leave it out for a table of every field.',
      },
      returnType: "*",
      returns: "The field's value (a column for a range), or a two-column table of field and value.",
    },
  },
  {
    name: "LEADS_RESULTS",
    params: ["jobId", "fields"],
    calledBy: "cell",
    customFunction: {
      summary: "Lists a job's businesses: a header row, then one row per business.",
      params: {
        jobId: "The job ID of a search or enrichment.",
        fields:
          'Optional comma-separated field names, e.g. "title, phone, emails"; default: id, title, category, address, phone, website, ' +
          "emails, email_verification_status.",
      },
      returnType: "string[][]",
      returns: "A table: the chosen fields as the header row, then one row per business.",
    },
  },
] as const satisfies readonly EntryPointSpec[];

export type EntryPointName = (typeof ENTRY_POINTS)[number]["name"];
