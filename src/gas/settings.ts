// This file defines the settings read and written in this execution's Properties (the user's and
// the current document's, through property-snapshot.ts); their keys and sharing rules are
// src/storage/settings.ts.
import * as rules from "../storage/settings";
import { documentProperties, userProperties } from "./property-snapshot";

export { isPollInterval, POLL_INTERVAL_RULE, type PollInterval, type ServiceSettings, type SettingsChange } from "../storage/settings";

const stores = (): rules.SettingsStores => ({ user: userProperties(), document: documentProperties() });

/** The caller's settings: their own, or for a custom function the document's shared copy. */
export const readServiceSettings = (source: "user" | "formulas"): rules.ServiceSettings => rules.readServiceSettings(stores(), source);

/** The current user's own key, or null when they have saved none. */
export const userApiKey = (): string | null => rules.userApiKey(stores());

/** Writes every part of the change, or (when a write fails midway) puts back what was there. */
export const writeServiceSettings = (change: rules.SettingsChange): void => rules.writeServiceSettings(stores(), change);

export const readPollInterval = (): rules.PollInterval => rules.readPollInterval(stores());

/** The caller's stored settings as they are, and whether formulas share this key. */
export const readStoredSettings = (): ReturnType<typeof rules.readStoredSettings> => rules.readStoredSettings(stores());
