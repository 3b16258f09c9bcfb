// This file defines each check of diagnose() and what it says, in words a sales person or their
// admin can act on. A check answers ok: true (confirmed), false (a problem, said plainly) or null
// (could not be checked, and why). docs/assumptions.md says which assumption each one confirms.
import { LeadsApiError } from "../api/errors";
import { lastBackgroundRun } from "../gas/background-executions";
import { backgroundTrigger } from "../app/background-trigger";
import { probeCellText, FORMULA_LIKE_SAMPLES, type CellReadBack } from "./cell-text-probe";
import { NoDocumentError, storeReadAfresh, type DocumentAccess } from "../gas/document-access";
import { ACTION_LOCK_WAIT_MS, type LockOutcome } from "../gas/locks";
import { clientFor, documentOrThrow, jobStoreOf } from "../app/jobs-context";
import { appsScriptClock } from "../gas/utilities";
import { probeJobStore } from "./job-store-probe";
import { keyDigest } from "../gas/key-digest";
import { readStoredSettings, userApiKey } from "../gas/settings";
import { hasSchedule } from "../jobs/job-record";
import { isMine } from "../jobs/ownership";
import { messageOf } from "../errors/user-error";
import { groupDigits } from "../rules/numbers";
import { DEFAULT_BASE_URL } from "../ui/build-defaults";
import { documentRoom, roomNotice } from "../sheets/document-room";
import { CELL_LIMIT } from "../rules/platform-limits";

export type CheckId = "service" | "plain-text" | "job-store" | "document-lock" | "poll-trigger" | "trigger-document" | "room";

export interface Check {
  id: CheckId;
  label: string;
  /** true: confirmed; false: a problem (the detail says what to do); null: could not be checked (the detail says why). */
  ok: boolean | null;
  detail: string;
}

/** What diagnose() returns (docs/add-on-surface.md, "Global functions": `{build, checks}`, plus a one-sentence summary). */
export interface DiagnoseReport {
  /** Which build this is: its spreadsheet scope, and the service address it was built for, if any. */
  build: string;
  /** One sentence over the checks: the problems found, and how many could not be checked. */
  summary: string;
  checks: Check[];
}

type Outcome = Pick<Check, "ok" | "detail">;

/** GET /account with one retry at most: a check should answer within seconds, not minutes. */
const SERVICE_BUDGET_MS = 20 * 1000;

const LABELS: Record<CheckId, string> = {
  service: "The lead service accepts your API key",
  "plain-text": "Text that looks like a formula stays text",
  "job-store": "This spreadsheet remembers its jobs",
  "document-lock": "Two actions never change this spreadsheet at once",
  "poll-trigger": "Background updates are scheduled while your jobs run",
  "trigger-document": "Background updates reach your spreadsheets",
  room: "This spreadsheet has room for new results",
};

/** A check's answer: confirmed (true), a problem (false) or not checked (null), and its words. */
const answer = (ok: boolean | null, detail: string): Outcome => ({ ok, detail });
const confirmed = (detail: string): Outcome => answer(true, detail);
const problem = (detail: string): Outcome => answer(false, detail);
const unchecked = (detail: string): Outcome => answer(null, detail);

/** Runs one check; whatever it throws becomes "could not be checked" with the reason. */
export function runCheck(id: CheckId, check: () => Outcome): Check {
  try {
    return { id, label: LABELS[id], ...check() };
  } catch (error) {
    const reason = messageOf(error).trim().replace(/\.$/, "") || "no reason was given";
    return { id, label: LABELS[id], ok: null, detail: `This could not be checked: ${reason}.` };
  }
}

const noDocument = (): Outcome => unchecked(`This could not be checked without a spreadsheet. ${new NoDocumentError().message}`);

/** The document's cells against Google's limit of 10,000,000 (every sheet's rows × columns): a problem once past 80 %. */
export function roomCheck(doc: DocumentAccess | null): Outcome {
  if (!doc) return noDocument();
  const room = documentRoom(doc.spreadsheet);
  const notice = roomNotice(room);
  if (notice !== null) return problem(notice);
  return confirmed(`It uses ${groupDigits(room.used)} of Google's ${groupDigits(CELL_LIMIT)} cells a spreadsheet may hold.`);
}

/** The service answers the user's key (GET /account: it spends no credits). */
export function serviceCheck(): Outcome {
  const stored = readStoredSettings();
  if (stored.apiKey === null)
    return unchecked("No API key is saved for you yet: save your key in the sidebar's Settings, then check again.");
  const baseUrl = stored.baseUrl ?? DEFAULT_BASE_URL;
  if (!baseUrl)
    return unchecked("No service address is saved for you yet: save it with your key in the sidebar's Settings, then check again.");
  try {
    const account = clientFor({ apiKey: stored.apiKey, baseUrl }, appsScriptClock.now() + SERVICE_BUDGET_MS).getAccount({ maxAttempts: 2 });
    return confirmed(
      `The service at ${baseUrl} accepted your key: ${account.plan_name || account.plan_code} ` +
        `plan, ${groupDigits(account.credits_remaining)} credits left. Reading your account spends no credits.`,
    );
  } catch (error) {
    // A refused key or an unreachable service is an answer, not a crash; the client's messages say what to do.
    const said =
      error instanceof LeadsApiError ? error.message : `Business Leads could not ask the service at ${baseUrl} (${messageOf(error)}).`;
    return problem(said);
  }
}

/** What a sample became, said plainly. */
function became(cell: CellReadBack): string {
  const value = cell.value;
  const what = cell.formula
    ? `a formula (${cell.formula})`
    : typeof value === "number"
      ? `the number ${value}`
      : typeof value === "boolean"
        ? `the value ${value ? "TRUE" : "FALSE"}`
        : Object.prototype.toString.call(value) === "[object Date]"
          ? "a date"
          : `"${String(value)}"`;
  return `"${cell.written}" became ${what}`;
}

/** Formula-like text written through the writers' own path comes back as that exact text. */
export function plainTextCheck(doc: DocumentAccess | null): Outcome {
  if (!doc) return noDocument();
  const probe = probeCellText(doc.spreadsheet);
  const left = probe.left ? ` A temporary sheet named "${probe.left}" could not be removed: please delete it.` : "";
  if (probe.failure !== null) {
    return problem(`Business Leads could not write test cells into a temporary sheet (${probe.failure}). Try again in a minute.${left}`);
  }
  const changed = probe.cells.filter((cell) => cell.formula !== "" || cell.value !== cell.written);
  if (changed.length > 0) {
    return problem(
      `Sheets changed text that Business Leads wrote: ${changed.map(became).join("; ")}. Tell your admin: values in your ` +
        `sheets could be wrong.${left}`,
    );
  }
  const shown = `"${FORMULA_LIKE_SAMPLES.slice(0, 4).join('", "')}"`;
  return answer(
    probe.left === null,
    `Values such as ${shown} were written the way Business Leads writes every text, into a temporary sheet, and came back exactly as ` +
      `written (never a formula, a number or a date). The temporary sheet was removed.${left}`,
  );
}

const cannotSave = (where: string, failure: string, left: string): string =>
  `Business Leads could not save and read a test entry in ${where} (${failure}), where it keeps your jobs. Try again in a minute.${left}`;

/** The job store (document properties, or developer metadata in the full build) reads back what it wrote. */
export function jobStoreCheck(doc: DocumentAccess | null, holdsDocumentLock: boolean): Outcome {
  if (!doc) return noDocument();
  const where =
    BUSINESS_LEADS_SPREADSHEET_SCOPE === "full" ? "this spreadsheet's developer metadata" : "this spreadsheet's document properties";
  // The full build's store is changed only under its write claim, as every writer's is.
  const claims = doc.claims;
  let claimed = true;
  try {
    if (claims) claimed = claims.claim({ documentLock: holdsDocumentLock, userLock: null }, ACTION_LOCK_WAIT_MS);
  } catch (error) {
    // Taking the claim writes to the spreadsheet: a write Google refuses is this check's answer.
    return problem(cannotSave(where, messageOf(error), ""));
  }
  if (!claimed) {
    return unchecked(
      `Business Leads is updating ${where} right now (a background update or another editor), so the test entry was not written. ` +
        "Check again in a minute.",
    );
  }
  let probe: ReturnType<typeof probeJobStore>;
  try {
    probe = probeJobStore(doc.store, () => storeReadAfresh(documentOrThrow()));
  } finally {
    claims?.release();
  }
  const left = probe.removed ? "" : " A small test entry may be left there; it is harmless, and the next check removes it.";
  if (probe.failure !== null) {
    return problem(cannotSave(where, probe.failure, left));
  }
  if (probe.readBack !== "same") {
    const how = probe.readBack === "missing" ? "was not there when read again" : "came back changed";
    return problem(
      `A test entry saved in ${where} ${how}. Business Leads keeps your jobs there, so they could be lost: tell your admin.${left}`,
    );
  }
  return answer(
    probe.removed,
    `A test entry saved in ${where}, where Business Leads keeps your jobs, read back exactly and was removed.${left}`,
  );
}

/** The document's own lock could be had (or why not). */
export function lockCheck(outcome: LockOutcome | "failed", failure: string): Outcome {
  const seconds = Math.round(ACTION_LOCK_WAIT_MS / 1000);
  switch (outcome) {
    case "held":
      return confirmed(
        "Business Leads got this spreadsheet's lock, which keeps two clicks, two editors or a background update from " +
          "changing it at the same moment.",
      );
    case "busy":
      return unchecked(
        `Another Business Leads action or a background update held this spreadsheet's lock for ${seconds} seconds. ` +
          "Check again in a minute.",
      );
    case "none":
      return problem("Google gave no lock for this spreadsheet, so two actions at once could get in each other's way. Tell your admin.");
    default:
      return problem(
        `Google refused this spreadsheet's lock (${failure}). Two actions at once could get in each other's way; try again in a minute.`,
      );
  }
}

/** While the user's jobs are in progress, their poll trigger exists (and, in the full build, serves this document). */
export function pollTriggerCheck(doc: DocumentAccess | null): Outcome {
  if (!doc) return noDocument();
  const key = userApiKey();
  if (key === null)
    return unchecked(
      "No API key is saved for you yet: background updates run with your key, so none is needed. Save your key in the sidebar's Settings.",
    );
  const digest = keyDigest(key);
  // Jobs this key created or read, and searches with a refresh schedule: the user's trigger moves them forward.
  const mine = jobStoreOf(doc)
    .all()
    .filter((record) => (!record.settled || hasSchedule(record)) && isMine(record, digest)).length;
  const count = backgroundTrigger.count();
  const jobs = `${mine} of your ${mine === 1 ? "jobs is" : "jobs are"}`;
  if (count > 1)
    return problem(
      `${count} background updates are scheduled for you where one is expected. The next update removes the extra ones; if ` +
        "this stays, tell your admin.",
    );
  if (mine > 0 && count === 0) {
    return problem(
      `${jobs} in progress or scheduled here, but no hourly background update is scheduled for you, so they move forward only while the ` +
        "sidebar is open. Click Refresh jobs in the sidebar to schedule it again.",
    );
  }
  if (mine > 0 && !backgroundTrigger.serves(doc.id)) {
    return problem(
      `${jobs} in progress or scheduled here, but your background update does not list this spreadsheet. Click Refresh jobs in the ` +
        "sidebar to add it again.",
    );
  }
  if (mine > 0)
    return confirmed(
      `${jobs} in progress or scheduled here, and the hourly background update is scheduled. It removes itself once nothing is left.`,
    );
  if (count === 0)
    return confirmed(
      "None of your jobs here is in progress, so no background update is needed. Starting a search or an enrichment schedules one.",
    );
  const elsewhere =
    BUSINESS_LEADS_SPREADSHEET_SCOPE === "full" ? "for work left in your other spreadsheets" : "for work still waiting here";
  return confirmed(
    `None of your jobs here is in progress; your background update is scheduled ${elsewhere}, and removes itself once nothing is left.`,
  );
}

/** "3 minutes ago", "5 hours ago", "2 days ago". */
function ago(at: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60000));
  const [amount, unit] =
    minutes < 60 ? [minutes, "minute"] : minutes < 48 * 60 ? [Math.round(minutes / 60), "hour"] : [Math.round(minutes / 1440), "day"];
  return amount === 0 ? "just now" : `${amount} ${unit}${amount === 1 ? "" : "s"} ago`;
}

/** Whether Google gave the user's last background run its document: the answer Google's documentation leaves open. */
export function triggerDocumentCheck(): Outcome {
  const run = lastBackgroundRun();
  if (run === null) {
    return unchecked(
      "No background update has run for you yet (one runs every hour while your jobs are in progress). Check again after one has run.",
    );
  }
  const when = ago(run.at, appsScriptClock.now());
  if (run.withDocument) {
    return confirmed(
      `Your last background update (${when}) ran with its spreadsheet, so it writes your results even while the spreadsheet is closed.`,
    );
  }
  if (BUSINESS_LEADS_SPREADSHEET_SCOPE === "full") {
    return confirmed(
      `Your last background update (${when}) ran without a spreadsheet. This version of Business Leads opens your spreadsheets by their ` +
        "id, so it still writes your results.",
    );
  }
  return problem(
    `Your last background update (${when}) ran without its spreadsheet, and this version of Business Leads may only open the spreadsheet ` +
      "you are using: results come in when you open the sidebar or click Refresh jobs. Your admin can install the version that opens " +
      "your spreadsheets by their id.",
  );
}
