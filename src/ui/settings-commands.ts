// This file defines the sidebar's commands for opening it and for its settings: showSidebar,
// getSettings (a masked hint, never the key), saveSettings (all or nothing, the key checked with
// the service first) and getAccount (docs/add-on-surface.md, "Global functions").
import { isLeadsApiError } from "../api/errors";
import { apiRoot, SERVICE_ADDRESS_RULE } from "../api/query";
import type { Account } from "../api/schemas";
import { activeSpreadsheet, currentDocument as spreadsheetDocument } from "../gas/document-access";
import { readContactsRules } from "../contacts/contacts-rules";
import { PASS_LOCK_WAIT_MS, withDocumentLock } from "../gas/locks";
import { clientFor } from "../app/jobs-context";
import { appsScriptClock } from "../gas/utilities";
import { registerEditorKey } from "../gas/key-digest";
import { readServiceSettings, readStoredSettings, writeServiceSettings, type SettingsChange } from "../gas/settings";
import { showSidebarFile } from "../gas/spreadsheet-ui";
import { messageOf, restated, UserFacingError, withUserErrors } from "../errors/user-error";
import { ADDON_NAME, DEFAULT_BASE_URL } from "./build-defaults";
import { CALL_BUDGET_MS, command } from "./command";
import { parseArgs, type ArgsIn, type ArgsOut } from "./entry-args";
import { bestEffort } from "../errors/best-effort";
import { toAccountView, type AccountView } from "./views";
import { documentRoom, roomNotice } from "../sheets/document-room";

const SIDEBAR_FILE = "Sidebar";

const MASK = "••••";
/** The hint shows this many trailing characters (docs/add-on-surface.md, `getSettings`), and never a whole key. */
const SHOWN = 4;

/** The masked hint of a saved API key: the only trace of the key the sidebar ever receives. */
export function maskedKeyHint(apiKey: string | null): string | null {
  if (!apiKey) return null;
  return apiKey.length > SHOWN ? MASK + apiKey.slice(-SHOWN) : MASK;
}

interface SettingsView {
  hasKey: boolean;
  /** "••••3f9a": the last four characters at most; the key itself never leaves the server. */
  keyHint: string | null;
  /** The saved service address, else the build's default ("" when there is none). */
  baseUrl: string;
  /** The spreadsheet's time zone (its dates are in it), null without one: the sidebar's dates follow it. */
  timeZone: string | null;
  /** The spreadsheet's locale as Apps Script says it ("de_DE"), null without one: the sidebar's figures and dates follow it. */
  locale: string | null;
  shareWithFormulas: boolean;
  /** Past 80 % of Google's cell limit: the sentence that says so (the New search form shows it), else null. */
  roomNotice: string | null;
  /** The document's consent countries (Contacts' `Check: prior consent needed`), null without a document. */
  consentCountries: string[] | null;
}

export function showSidebar(): void {
  showSidebarFile(SIDEBAR_FILE, ADDON_NAME);
}

export const getSettings = command({}, (): SettingsView => {
  const stored = readStoredSettings();
  const spreadsheet = activeSpreadsheet();
  return {
    hasKey: stored.apiKey !== null,
    keyHint: maskedKeyHint(stored.apiKey),
    baseUrl: stored.baseUrl ?? DEFAULT_BASE_URL,
    shareWithFormulas: stored.sharedWithFormulas,
    timeZone: spreadsheet?.getSpreadsheetTimeZone() ?? null,
    locale: spreadsheet?.getSpreadsheetLocale() ?? null,
    roomNotice: spreadsheet ? roomNotice(documentRoom(spreadsheet)) : null,
    consentCountries: consentCountries(),
  };
});

/** The document's consent countries; null without a document (or where its store cannot be read, as in a simple trigger). */
function consentCountries(): string[] | null {
  const doc = spreadsheetDocument();
  return doc ? readContactsRules(doc.store).consent : null;
}

export const getAccount = command({}, ({ deadline }) => toAccountView(clientFor(readServiceSettings("user"), deadline).getAccount()));

/** All or nothing: every part is checked, then the key with GET /account, and only then is anything stored. */
export function saveSettings(raw: ArgsIn<"saveSettings">): AccountView {
  try {
    const args = parseArgs("saveSettings", raw);
    // The key typed in is the one to keep out of any message, saved or not.
    return withUserErrors(
      () => checkAndSave(args),
      () => args.apiKey || readStoredSettings().apiKey,
    );
  } catch (error) {
    // All or nothing: the person must know the old key still works, and which one it is.
    throw restated(error, whatHappenedThenKept(messageOf(error), nothingSaved()));
  }
}

/**
 * "What happened. What was kept. What to do.": the refusal's first sentence, then what was kept,
 * then the rest of the refusal's advice (a sentence ends where the next starts with a capital).
 */
function whatHappenedThenKept(message: string, kept: string): string {
  const split = /^(.+?[.!?])\s+(?=[A-Z“"])/s.exec(message);
  if (!split) return `${message} ${kept}`;
  return `${split[1]} ${kept} ${message.slice(split[0].length)}`;
}

function checkAndSave(args: ArgsOut<"saveSettings">): AccountView {
  const change = settingsChange(args);
  const account = checkedKey(change);
  writeServiceSettings(change);
  // The document learns this editor's new key (a digest): its jobs are judged by it from now. Best effort: the next pass or start
  // registers it too.
  bestEffort(() => withDocumentLock(() => registerEditorKey(change.settings.apiKey), PASS_LOCK_WAIT_MS));
  return toAccountView(account);
}

/** The account the key opens; a refused key said in the words of the Settings the user is in. */
function checkedKey(change: SettingsChange): Account {
  try {
    return clientFor(change.settings, appsScriptClock.now() + CALL_BUDGET_MS).getAccount();
  } catch (error) {
    if (isLeadsApiError(error) && error.kind === "unauthorized") {
      throw new UserFacingError(
        "The lead service refused the API key you entered: it is wrong, incomplete or revoked. Copy the whole key from your account " +
          "page, paste it into the API key field and save again.",
      );
    }
    throw error;
  }
}

/** Why saveSettings refuses a change before asking the service: no key at all, an address that is none, another service's. */
export type SettingsRefusal = "no_key" | "bad_address" | "address_not_built_in";

const REFUSALS: Record<SettingsRefusal, string> = {
  no_key: "Enter your API key.",
  bad_address: SERVICE_ADDRESS_RULE,
  address_not_built_in:
    `This version of Business Leads can only reach its service at ${DEFAULT_BASE_URL}. ` + "Leave the address empty to use it.",
};

class SettingsRefusedError extends UserFacingError {
  constructor(override readonly code: SettingsRefusal) {
    super(REFUSALS[code]);
    this.name = "SettingsRefusedError";
  }
}

/** The change the checked arguments ask for, against this build's rules for the service address. */
function settingsChange(args: ArgsOut<"saveSettings">): SettingsChange {
  // An empty key field keeps the saved key (the sidebar never has it to send back); an empty
  // address takes the build's default (scripts/build.mjs --base-url).
  const apiKey = args.apiKey || (readStoredSettings().apiKey ?? "");
  const baseUrl = args.baseUrl || DEFAULT_BASE_URL;
  if (!apiKey) throw new SettingsRefusedError("no_key");
  if (apiRoot(baseUrl) === null) throw new SettingsRefusedError("bad_address");
  // A published build's manifest allows fetches to its own address only (urlFetchWhitelist).
  if (DEFAULT_BASE_URL !== "" && baseUrl !== DEFAULT_BASE_URL && !baseUrl.startsWith(`${DEFAULT_BASE_URL}/`)) {
    throw new SettingsRefusedError("address_not_built_in");
  }
  return { settings: { apiKey, baseUrl }, shareWithFormulas: args.shareWithFormulas, pollEveryMinutes: args.pollEveryMinutes };
}

/** "Nothing was saved: the key in use is still ••••3f9a." (the masked hint only). */
function nothingSaved(): string {
  // Where the key cannot be read, the sentence still says that nothing was saved.
  const hint = bestEffort(() => maskedKeyHint(readStoredSettings().apiKey));
  return hint ? `Nothing was saved: the key in use is still ${hint}.` : "Nothing was saved: no key is saved yet.";
}
