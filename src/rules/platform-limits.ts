// This file defines, once, Google's platform limits the add-on meets: how long an execution lives,
// and what a person is told of each daily quota (its figure for a gmail.com account) with the one
// promise when one is used up (quotas reset 24 hours after the day's first use, which the script cannot learn).

/** Apps Script ends an execution after 6 minutes. */
export const EXECUTION_LIMIT_MS = 6 * 60 * 1000;
/** Longer than any execution lives, with a margin: what an execution left behind and never ended is void after it. */
export const LONGEST_EXECUTION_MS = EXECUTION_LIMIT_MS + 30 * 1000;

/** Google's limit on a spreadsheet's cells: every sheet's rows × columns, filled or not. */
export const CELL_LIMIT = 10_000_000;
/** Google's grid of a sheet just inserted (1,000 rows × 26 columns), before the add-on trims it to what it holds. */
export const NEW_SHEET_CELLS = 1000 * 26;
/** Past this share of the cell limit, the previews and the self-check say the document is getting full. */
export const CELLS_WARNING_SHARE = 0.8;

/** The background run time a day, inside a sentence of its own. */
export const RUN_TIME_A_DAY = "90 minutes a day for a gmail.com account, shared with your other scripts and add-ons";

/** Apps Script's daily limits the add-on meets, as a person reads them (docs/design.md, platform facts). */
const DAILY_LIMITS = {
  // Kept short: it lands in a job's note, after what could not be done.
  urlfetch: "Google's daily limit on requests from Apps Script for your Google account (20,000 a day for a gmail.com account)",
  properties:
    "Google's daily limit on how often Apps Script may read and save data for your Google account (50,000 times a day for a gmail.com " +
    "account, shared with your other scripts and add-ons)",
  runtime: `Google's daily limit on background run time for your Google account (${RUN_TIME_A_DAY})`,
} as const;

/** The one promise once a daily limit is used up (Google resets it 24 hours after the day's first use). */
const UNTIL_RESET =
  "It works again within 24 hours. Nothing is lost: your jobs go on on the service, and background updates resume by themselves then.";

/** The sentence for Apps Script's daily quota of `service` ("urlfetch", "properties", another) or of run time ("runtime"). */
export function dailyLimitSentence(service: string): string {
  if (service === "properties")
    return `${DAILY_LIMITS.properties} is used up, so Business Leads cannot read or save its settings and jobs today. ${UNTIL_RESET}`;
  if (service === "urlfetch" || service === "runtime") return `${DAILY_LIMITS[service]} is used up. ${UNTIL_RESET}`;
  return `Google's daily limit on one of its services (${service}) for your Google account is used up. ${UNTIL_RESET}`;
}

/** The sentence for Apps Script's bandwidth limit on requests (it resets within the hour). */
export const BANDWIDTH_SENTENCE =
  "Google's bandwidth limit for requests from Apps Script is reached for now. Nothing is lost: background updates resume by themselves " +
  "on a later pass, once the limit resets.";
