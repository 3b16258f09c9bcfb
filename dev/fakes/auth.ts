// This file defines the authorization modes and what each one lets a script call, as Google
// documents them:
// - AuthMode reference: https://developers.google.com/apps-script/reference/script/auth-mode
// - Editor add-on authorization: https://developers.google.com/workspace/add-ons/concepts/editor-auth-lifecycle
// - Custom functions, "Using Apps Script services":
//   https://developers.google.com/apps-script/guides/sheets/functions#using_apps_script_services
import { makeEnum } from "./enums";

export const AUTH_MODE_NAMES = ["NONE", "CUSTOM_FUNCTION", "LIMITED", "FULL"] as const;
export type AuthModeName = (typeof AUTH_MODE_NAMES)[number];

/** One shared set of enum values per process, so `e.authMode === ScriptApp.AuthMode.NONE` holds. */
export const AuthMode = makeEnum(AUTH_MODE_NAMES);

/** The OAuth scopes Google names in its "You do not have permission…" messages. */
export const SCOPES = {
  externalRequest: "https://www.googleapis.com/auth/script.external_request",
  scriptApp: "https://www.googleapis.com/auth/script.scriptapp",
  spreadsheetsCurrentOnly: "https://www.googleapis.com/auth/spreadsheets.currentonly",
  spreadsheets: "https://www.googleapis.com/auth/spreadsheets",
} as const;

/** Google's wording when a service needs an authorization the current mode does not carry. */
export function permissionMessage(call: string, scope?: string): string {
  return scope === undefined
    ? `You do not have permission to call ${call}`
    : `You do not have permission to call ${call}. Required permissions: ${scope}`;
}

/**
 * What each mode allows, service by service.
 * - NONE (an add-on's onOpen in a document where it was never used): "does not allow access to
 *   any services that require authorization". The editor add-on lifecycle guide lets such an
 *   onOpen build its menu and nothing else: no properties, no cache, no lock, no fetch, no
 *   triggers, and not the document either (only `SpreadsheetApp.getUi()`).
 * - LIMITED (simple triggers, onOpen of an add-on used in this document): the bound document,
 *   menus, properties, cache and lock; no service that needs authorization (UrlFetchApp needs
 *   script.external_request, ScriptApp triggers need script.scriptapp).
 * - CUSTOM_FUNCTION: the custom-functions guide's table: Cache works, Lock works, Properties
 *   works but getUserProperties() "only gets the properties of the spreadsheet owner" and
 *   "spreadsheet editors can't set user properties", Spreadsheet is read only (get*, not set*,
 *   no openById/openByUrl), URL Fetch works, Utilities works, HTML can be generated. Anything
 *   else (ScriptApp triggers, getUi) fails.
 * - FULL: everything.
 */
export const ALLOWED = {
  urlFetch: (mode: AuthModeName) => mode === "FULL" || mode === "CUSTOM_FUNCTION",
  properties: (mode: AuthModeName) => mode !== "NONE",
  cache: (mode: AuthModeName) => mode !== "NONE",
  lock: (mode: AuthModeName) => mode !== "NONE",
  triggers: (mode: AuthModeName) => mode === "FULL",
  spreadsheetDocument: (mode: AuthModeName) => mode !== "NONE",
  spreadsheetWrites: (mode: AuthModeName) => mode === "FULL" || mode === "LIMITED",
} as const;
