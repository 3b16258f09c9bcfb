// This file defines where the add-on's settings live. The API key is the user's secret: it lives
// in UserProperties and is copied into DocumentProperties only when the user asks to share it
// with formulas (custom functions run anonymously and cannot read an editor's user properties).

const KEY = {
  apiKey: "businessLeads.apiKey",
  baseUrl: "businessLeads.baseUrl",
  sharedApiKey: "businessLeads.shared.apiKey",
  sharedBaseUrl: "businessLeads.shared.baseUrl",
  pollEveryMinutes: "businessLeads.pollEveryMinutes",
} as const;

export interface ServiceSettings {
  apiKey: string;
  baseUrl: string;
}

/** Minutes between background polls: 60 is the add-on rule; a bound copy may poll faster. */
export const POLL_INTERVALS = [1, 5, 10, 15, 30, 60] as const;
export type PollInterval = (typeof POLL_INTERVALS)[number];

export class SettingsMissingError extends Error {
  constructor() {
    super("Business Leads is not set up yet: open the sidebar (Extensions > Business Leads) and save your API key.");
    this.name = "SettingsMissingError";
  }
}

/** The caller's settings: their own, or for a custom function the document's shared copy. */
export function readServiceSettings(source: "user" | "formulas"): ServiceSettings {
  const props = source === "user" ? PropertiesService.getUserProperties() : PropertiesService.getDocumentProperties();
  const apiKey = props.getProperty(source === "user" ? KEY.apiKey : KEY.sharedApiKey);
  const baseUrl = props.getProperty(source === "user" ? KEY.baseUrl : KEY.sharedBaseUrl);
  if (!apiKey || !baseUrl) throw new SettingsMissingError();
  return { apiKey, baseUrl };
}

/** The current user's own key, or null when they have saved none. */
export function userApiKey(): string | null {
  return PropertiesService.getUserProperties().getProperty(KEY.apiKey);
}

export function writeServiceSettings(settings: ServiceSettings, shareWithFormulas: boolean): void {
  PropertiesService.getUserProperties().setProperties({ [KEY.apiKey]: settings.apiKey, [KEY.baseUrl]: settings.baseUrl });
  const doc = PropertiesService.getDocumentProperties();
  if (shareWithFormulas) {
    doc.setProperties({ [KEY.sharedApiKey]: settings.apiKey, [KEY.sharedBaseUrl]: settings.baseUrl });
  } else {
    doc.deleteProperty(KEY.sharedApiKey);
    doc.deleteProperty(KEY.sharedBaseUrl);
  }
}

export function readPollInterval(): PollInterval {
  const raw = Number(PropertiesService.getDocumentProperties().getProperty(KEY.pollEveryMinutes));
  return (POLL_INTERVALS as readonly number[]).indexOf(raw) >= 0 ? (raw as PollInterval) : 60;
}

export function writePollInterval(minutes: number): void {
  if ((POLL_INTERVALS as readonly number[]).indexOf(minutes) < 0) {
    throw new Error(`Background polling can run every ${POLL_INTERVALS.join(", ")} minutes; ${minutes} is not one of them.`);
  }
  PropertiesService.getDocumentProperties().setProperty(KEY.pollEveryMinutes, String(minutes));
}

/** The caller's stored settings as they are (either may be missing), and whether formulas share this key. */
export function readStoredSettings(): { apiKey: string | null; baseUrl: string | null; sharedWithFormulas: boolean } {
  const user = PropertiesService.getUserProperties();
  const apiKey = user.getProperty(KEY.apiKey);
  const shared = PropertiesService.getDocumentProperties().getProperty(KEY.sharedApiKey);
  return { apiKey, baseUrl: user.getProperty(KEY.baseUrl), sharedWithFormulas: apiKey !== null && shared === apiKey };
}
