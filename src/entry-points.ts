// This file defines the ONE list of the add-on's global functions: their names, parameters and,
// for custom functions, the @customfunction documentation Sheets shows in autocomplete. The build
// generates the top-level stubs of dist/ from it, and src/main.ts must implement every name.

export interface CustomFunctionDoc {
  summary: string;
  /** Parameter name → its description; every parameter of a custom function is a string. */
  params: Record<string, string>;
  /** JSDoc type of the result, e.g. "number" or "string[][]". */
  returnType: string;
  returns: string;
}

export interface EntryPointSpec {
  /** The global function's name, as Sheets, triggers and google.script.run call it. */
  name: string;
  /** Parameter names, in order: the stub declares exactly these. */
  params: readonly string[];
  /** Who calls it (documentation only). */
  calledBy: "simple-trigger" | "menu" | "sidebar" | "time-trigger" | "cell";
  customFunction?: CustomFunctionDoc;
}

export const ENTRY_POINTS = [
  { name: "onOpen", params: ["e"], calledBy: "simple-trigger" },
  { name: "onInstall", params: ["e"], calledBy: "simple-trigger" },
  { name: "showSidebar", params: [], calledBy: "menu" },
  { name: "saveSettings", params: ["settings"], calledBy: "sidebar" },
  { name: "getAccount", params: [], calledBy: "sidebar" },
  { name: "findLocations", params: ["args"], calledBy: "sidebar" },
  { name: "startSearch", params: ["args"], calledBy: "sidebar" },
  { name: "startEnrichment", params: ["args"], calledBy: "sidebar" },
  { name: "listJobs", params: [], calledBy: "sidebar" },
  { name: "refreshJobs", params: [], calledBy: "menu" },
  { name: "pollJobs", params: ["e"], calledBy: "time-trigger" },
  {
    name: "LEADS_LOCATIONS",
    params: ["query", "country"],
    calledBy: "cell",
    customFunction: {
      summary: "Looks up locations in the Business Leads catalog (at most 8): use a label in a search.",
      params: { query: "The start of a city name, 2 to 100 characters.", country: "Optional two-letter country code to narrow the matches." },
      returnType: "string[][]",
      returns: "A table with a header row: label, country_code, full_name, location_code.",
    },
  },
  {
    name: "LEADS_CREDITS",
    params: [],
    calledBy: "cell",
    customFunction: { summary: "The credits remaining on the Business Leads account.", params: {}, returnType: "number", returns: "The number of credits remaining." },
  },
  {
    name: "LEADS_BUSINESS",
    params: ["businessId", "field"],
    calledBy: "cell",
    customFunction: {
      summary: "Reads one business by its Business ID.",
      params: { businessId: "The Business ID (a column of every results sheet).", field: "Optional field name, e.g. \"phone\"; leave it out for a table of every field." },
      returnType: "*",
      returns: "The field's value, or a two-column table of field and value.",
    },
  },
  {
    name: "LEADS_JOB",
    params: ["jobId", "field"],
    calledBy: "cell",
    customFunction: {
      summary: "Reads the status of a search or enrichment job.",
      params: { jobId: "The job ID.", field: "Optional field name, e.g. \"status\"; leave it out for a table of every field." },
      returnType: "*",
      returns: "The field's value, or a two-column table of field and value.",
    },
  },
] as const satisfies readonly EntryPointSpec[];

export type EntryPointName = (typeof ENTRY_POINTS)[number]["name"];
