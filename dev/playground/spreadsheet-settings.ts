// This file defines the playground's spreadsheet settings (Sheets' File > Settings: locale and time
// zone), taken from the page's address, "/?locale=de_DE&timeZone=Europe/Berlin", so the sidebar's
// figures and dates can be tried as a German or a Tokyo spreadsheet says them.
import type { FakeRuntime } from "../fakes/runtime";

/** Sets what the address names on the spreadsheet; says what is wrong with a value instead (nothing set then). */
export function applySpreadsheetSettings(runtime: FakeRuntime, params: URLSearchParams): string | null {
  const locale = params.get("locale");
  const timeZone = params.get("timeZone");
  if (locale !== null && !/^[a-z]{2,3}(_[A-Z]{2}|_\d{3})?$/.test(locale))
    return `locale: "${locale}" is not a locale as Sheets says one, such as en_US or de_DE.`;
  if (timeZone !== null && !validZone(timeZone)) return `timeZone: "${timeZone}" is not a time zone, such as Europe/Berlin or UTC.`;
  const spreadsheet = runtime.spreadsheetApp.getActiveSpreadsheet();
  if (locale !== null) spreadsheet.setSpreadsheetLocale(locale);
  if (timeZone !== null) spreadsheet.setSpreadsheetTimeZone(timeZone);
  return null;
}

function validZone(zone: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat("en-US", { timeZone: zone }));
  } catch {
    return false;
  }
}
