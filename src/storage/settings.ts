// This file defines where the add-on's settings live and the rules of sharing them. The API key is
// the user's secret, in the user's properties, copied into the document's only when the user shares
// it with formulas (custom functions run anonymously and cannot read an editor's user properties).
import { NO_DOCUMENT_MESSAGE, UserFacingError } from "../errors/user-error";
import type { PropertiesLike } from "./key-value-store";
import { KEYS } from "./keys";

/** The stores settings live in: the user's properties, and the current document's (null without one). */
export interface SettingsStores {
  user: PropertiesLike;
  document: PropertiesLike | null;
}

export interface ServiceSettings {
  apiKey: string;
  baseUrl: string;
}

/** Minutes between background polls: 60 is the add-on rule; a bound copy may poll faster. */
const POLL_INTERVALS = [1, 5, 10, 15, 30, 60] as const;
export type PollInterval = (typeof POLL_INTERVALS)[number];

class SettingsMissingError extends UserFacingError {
  constructor() {
    super("Business Leads is not set up yet: open the sidebar (Extensions > Business Leads) and save your API key.");
    this.name = "SettingsMissingError";
  }
}

/** The caller's settings: their own, or for a custom function the document's shared copy. */
export function readServiceSettings(stores: SettingsStores, source: "user" | "formulas"): ServiceSettings {
  const props = source === "user" ? stores.user : stores.document;
  if (!props) throw new SettingsMissingError();
  const apiKey = props.getProperty(source === "user" ? KEYS.apiKey : KEYS.sharedApiKey);
  const baseUrl = props.getProperty(source === "user" ? KEYS.baseUrl : KEYS.sharedBaseUrl);
  if (!apiKey || !baseUrl) throw new SettingsMissingError();
  return { apiKey, baseUrl };
}

/** The current user's own key, or null when they have saved none. */
export const userApiKey = (stores: SettingsStores): string | null => stores.user.getProperty(KEYS.apiKey);

/** A checked change of settings, written whole or not at all. */
export interface SettingsChange {
  settings: ServiceSettings;
  /**
   * true: formulas in this document use this key; false: stop sharing it (a key another editor
   * shared stays); undefined: the document's shared key stays as it is.
   */
  shareWithFormulas: boolean | undefined;
  pollEveryMinutes: PollInterval | undefined;
}

type Snapshot = Record<string, string | null>;

const snapshot = (props: PropertiesLike, keys: readonly string[]): Snapshot =>
  Object.fromEntries(keys.map((key) => [key, props.getProperty(key)]));

function restore(props: PropertiesLike, values: Snapshot): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) props.deleteProperty(key);
    else props.setProperty(key, value);
  }
}

/** Writes every part of the change, or (when a write fails midway) puts back what was there. */
export function writeServiceSettings(stores: SettingsStores, change: SettingsChange): void {
  const { settings, shareWithFormulas, pollEveryMinutes } = change;
  const { user, document: doc } = stores;
  if (!doc) throw new UserFacingError(NO_DOCUMENT_MESSAGE);
  const userBefore = snapshot(user, [KEYS.apiKey, KEYS.baseUrl]);
  const docBefore = snapshot(doc, [KEYS.sharedApiKey, KEYS.sharedBaseUrl, KEYS.pollEveryMinutes]);
  try {
    user.setProperties({ [KEYS.apiKey]: settings.apiKey, [KEYS.baseUrl]: settings.baseUrl });
    if (shareWithFormulas === true) {
      doc.setProperties({ [KEYS.sharedApiKey]: settings.apiKey, [KEYS.sharedBaseUrl]: settings.baseUrl });
    } else if (shareWithFormulas === false) {
      // Only the caller's own key (the one they used until now, or this one) stops being shared.
      const shared = docBefore[KEYS.sharedApiKey];
      if (shared === settings.apiKey || (shared !== null && shared === userBefore[KEYS.apiKey])) {
        doc.deleteProperty(KEYS.sharedApiKey);
        doc.deleteProperty(KEYS.sharedBaseUrl);
      }
    }
    if (pollEveryMinutes !== undefined) doc.setProperty(KEYS.pollEveryMinutes, String(pollEveryMinutes));
  } catch (error) {
    restore(user, userBefore);
    restore(doc, docBefore);
    throw error;
  }
}

export function readPollInterval(stores: SettingsStores): PollInterval {
  const raw = Number(stores.document?.getProperty(KEYS.pollEveryMinutes));
  return isPollInterval(raw) ? raw : 60;
}

export const isPollInterval = (minutes: unknown): minutes is PollInterval => (POLL_INTERVALS as readonly unknown[]).indexOf(minutes) >= 0;

export const POLL_INTERVAL_RULE = `Background polling can run every ${POLL_INTERVALS.join(", ")} minutes`;

/** The caller's stored settings as they are (either may be missing), and whether formulas share this key. */
export function readStoredSettings(stores: SettingsStores): { apiKey: string | null; baseUrl: string | null; sharedWithFormulas: boolean } {
  const apiKey = stores.user.getProperty(KEYS.apiKey);
  const shared = stores.document?.getProperty(KEYS.sharedApiKey) ?? null;
  return { apiKey, baseUrl: stores.user.getProperty(KEYS.baseUrl), sharedWithFormulas: apiKey !== null && shared === apiKey };
}
