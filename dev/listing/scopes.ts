// This file defines, for each OAuth scope a build's manifest asks for, why the add-on needs it,
// what uses it, what breaks without it and whether Google calls it sensitive: the text of the
// scope justification the OAuth consent screen's verification asks for. The kit's checks hold it
// to the manifests: every scope of dist/ and dist-full/ justified, nothing justified that no build
// asks for.
import { SOURCES } from "./google-rules";

export type Sensitivity = "sensitive" | "non-sensitive";

export interface ScopeJustification {
  scope: string;
  /** What the consent screen says to the user (as the README quotes it, or Google's page). */
  consentText: string;
  /** Which builds ask for it (scripts/build.mjs: the default and `--scope full`). */
  builds: ReadonlyArray<"default" | "full">;
  why: string;
  /** The Apps Script calls that need it (named by API, not by module: the modules move). */
  usedBy: string;
  withoutIt: string;
  sensitivity: Sensitivity;
  /**
   * Where the sensitivity comes from: a Google page, or "reported" when this project could not
   * find it on a Google page (the consent screen's Data access page shows it: check it there).
   */
  sensitivitySource: string;
}

const REPORTED = "reported, not found on a Google page: the Cloud console's Data access page marks each scope; check it there";

export const SCOPE_JUSTIFICATIONS: readonly ScopeJustification[] = [
  {
    scope: "https://www.googleapis.com/auth/spreadsheets.currentonly",
    consentText: "View and manage spreadsheets that this application has been installed in",
    builds: ["default"],
    why:
      "The add-on writes the businesses a search finds into a new sheet of the spreadsheet it is used in, " +
      "and reads and writes the rows a user selects to enrich them. It touches no other spreadsheet.",
    usedBy:
      "SpreadsheetApp on the active spreadsheet: the results sheets, the enrichment of selected rows, " +
      "the jobs' records in the document's properties, Check this spreadsheet's temporary sheet",
    withoutIt:
      "Nothing can be written into the spreadsheet: no results sheet, no enrichment, no record of a job; " +
      "the add-on would be an empty sidebar.",
    sensitivity: "non-sensitive",
    sensitivitySource: REPORTED,
  },
  {
    scope: "https://www.googleapis.com/auth/spreadsheets",
    consentText: "See, edit, create and delete all your Google Sheets spreadsheets",
    builds: ["full"],
    why:
      "The same as spreadsheets.currentonly, plus: Google does not say whether an add-on's hourly background trigger runs with its " +
      "spreadsheet; this build's trigger opens, by their ids, the spreadsheets where the user has searches or enrichments in progress " +
      "(and only those, listed in the user's own properties), so their results arrive although nobody has the sidebar open. " +
      "It never lists, searches or opens any other spreadsheet.",
    usedBy:
      "SpreadsheetApp.openById, called only for the ids in the user's own list of spreadsheets with work in progress; " +
      "the jobs' records in the spreadsheet's developer metadata",
    withoutIt:
      "A background update that runs without its spreadsheet could not reach it: results would wait until the user opens the sidebar or " +
      "clicks Refresh jobs (the default build's behaviour).",
    sensitivity: "sensitive",
    sensitivitySource: SOURCES.sheetsScopes,
  },
  {
    scope: "https://www.googleapis.com/auth/script.container.ui",
    consentText: "Display and run third-party web content in prompts and sidebars inside Google applications",
    builds: ["default", "full"],
    why:
      "The add-on's menu, its sidebar (search form, jobs, enrichment preview, settings) and its dialogs (Check this spreadsheet's " +
      "report, Help) are HtmlService pages shown inside Sheets.",
    usedBy: "SpreadsheetApp.getUi(): createAddonMenu, showSidebar and showModalDialog with HtmlService pages",
    withoutIt: "No sidebar and no dialog: the user could not save a key, start a search or see a job.",
    sensitivity: "sensitive",
    sensitivitySource: REPORTED,
  },
  {
    scope: "https://www.googleapis.com/auth/script.external_request",
    consentText: "Connect to an external service",
    builds: ["default", "full"],
    why:
      "Searches, enrichments, the account's credits and the custom functions are requests to the lead service, over https, " +
      "to the one address the manifest's urlFetchWhitelist allows.",
    usedBy: "UrlFetchApp.fetch and fetchAll, to the manifest's urlFetchWhitelist only",
    withoutIt: "The add-on could not reach the service: no search, no enrichment, no formula.",
    sensitivity: "sensitive",
    sensitivitySource: REPORTED,
  },
  {
    scope: "https://www.googleapis.com/auth/script.scriptapp",
    consentText: "Allow this application to run when you are not present",
    builds: ["default", "full"],
    why:
      "A search or an enrichment runs for minutes to hours on the service. While one is in progress the add-on keeps one hourly " +
      "time-driven trigger that brings its results into the sheet; the trigger removes itself once no work is left.",
    usedBy: "ScriptApp.newTrigger (time-driven, hourly), getUserTriggers and deleteTrigger",
    withoutIt:
      "Results would arrive only while the sidebar is open: a long search or a 20,000-row enrichment would stop when the user closes it, " +
      "and daily refreshes would never run.",
    sensitivity: "sensitive",
    sensitivitySource: REPORTED,
  },
];

export function justificationOf(scope: string): ScopeJustification | undefined {
  return SCOPE_JUSTIFICATIONS.find((j) => j.scope === scope);
}

/** A scope the manifests and the justifications disagree on: asked for without a justification, or justified and not asked for. */
export type ScopeProblem =
  | { kind: "unjustified"; file: string; scope: string; text: string }
  | { kind: "unneeded"; scope: string; text: string };

/**
 * Scopes the manifests ask for that have no justification, and justifications of scopes no
 * manifest asks for: both must be empty. Each problem's `text` is made from its other fields.
 */
export function scopeProblems(manifests: ReadonlyArray<{ file: string; oauthScopes: readonly string[] }>): ScopeProblem[] {
  const problems: ScopeProblem[] = [];
  const asked = new Set<string>();
  for (const manifest of manifests) {
    for (const scope of manifest.oauthScopes) {
      asked.add(scope);
      if (!justificationOf(scope)) {
        const text = `${manifest.file} asks for ${scope}, which dev/listing/scopes.ts does not justify.`;
        problems.push({ kind: "unjustified", file: manifest.file, scope, text });
      }
    }
  }
  for (const { scope } of SCOPE_JUSTIFICATIONS) {
    if (asked.has(scope)) continue;
    problems.push({ kind: "unneeded", scope, text: `dev/listing/scopes.ts justifies ${scope}, which no manifest asks for.` });
  }
  return problems;
}
