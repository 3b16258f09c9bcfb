// This file defines diagnose() ("Check this spreadsheet"): it checks on this spreadsheet what Business Leads relies on where Google's
// documentation is silent, says it in plain words, leaves the document unchanged, never shows the key, never throws.
import { currentDocument, type DocumentAccess } from "../gas/document-access";
import { ACTION_LOCK_WAIT_MS, withOwnDocumentLock, type LockOutcome } from "../gas/locks";
import { userApiKey } from "../gas/settings";
import { messageOf } from "../errors/user-error";
import { redact } from "../rules/redaction";
import { DEFAULT_BASE_URL } from "../ui/build-defaults";
import {
  jobStoreCheck,
  lockCheck,
  plainTextCheck,
  pollTriggerCheck,
  roomCheck,
  runCheck,
  serviceCheck,
  triggerDocumentCheck,
  type Check,
  type DiagnoseReport,
} from "./diagnose-checks";
import { showReportDialog } from "./diagnose-dialog";
import { parseArgs, type ArgsIn } from "../ui/entry-args";

export type { Check, CheckId, DiagnoseReport } from "./diagnose-checks";

/** The build, in words an admin can match with docs/deploying.md's "Two builds". */
function buildDescription(): string {
  const scope =
    BUSINESS_LEADS_SPREADSHEET_SCOPE === "full"
      ? "Full build (spreadsheets scope): background updates open your spreadsheets by their id"
      : "Default build (spreadsheets.currentonly scope): works in the spreadsheet you are using";
  const service = DEFAULT_BASE_URL ? `production build for ${DEFAULT_BASE_URL}` : "no service address built in (each user saves one)";
  return `${scope}; ${service}.`;
}

/**
 * The checks that write (a temporary sheet, a test entry in the job store) run holding the
 * document's lock when it can be had, so no pass reads the document while they do; the lock's
 * own check says what became of it.
 */
function underDocumentLock(doc: DocumentAccess | null): { lock: Check; written: Check[] } {
  const seen: { outcome?: LockOutcome | "failed"; written?: Check[]; failure?: string } = {};
  const writeChecks = (holdsDocumentLock: boolean): Check[] => [
    runCheck("plain-text", () => plainTextCheck(doc)),
    runCheck("job-store", () => jobStoreCheck(doc, holdsDocumentLock)),
  ];
  try {
    withOwnDocumentLock(ACTION_LOCK_WAIT_MS, (outcome) => {
      seen.outcome = outcome;
      seen.written = writeChecks(outcome === "held");
    });
  } catch (error) {
    // Asking for the lock failed (releasing it failing changes nothing the checks found).
    if (seen.outcome === undefined) {
      seen.outcome = "failed";
      seen.failure = messageOf(error);
    }
  }
  const outcome = seen.outcome ?? "failed";
  return { lock: runCheck("document-lock", () => lockCheck(outcome, seen.failure ?? "")), written: seen.written ?? writeChecks(false) };
}

/** Every check, in the report's order; none throws. */
function runChecks(): Check[] {
  let doc: DocumentAccess | null = null;
  try {
    doc = currentDocument();
  } catch {
    // Each check that needs the document says it could not be checked without one.
  }
  const service = runCheck("service", serviceCheck);
  const { lock, written } = underDocumentLock(doc);
  return [
    service,
    ...written,
    lock,
    runCheck("poll-trigger", () => pollTriggerCheck(doc)),
    runCheck("trigger-document", triggerDocumentCheck),
    runCheck("room", () => roomCheck(doc)),
  ];
}

function summaryOf(checks: readonly Check[]): string {
  const problems = checks.filter((check) => check.ok === false).length;
  const unchecked = checks.filter((check) => check.ok === null).length;
  const found = problems === 0 ? "No problem found" : `${problems} ${problems === 1 ? "problem" : "problems"} found`;
  return unchecked === 0 ? `${found}.` : `${found}; ${unchecked} could not be checked yet.`;
}

/** The key never leaves the server: not in a detail, however a message came to quote it. */
function withoutKey(report: DiagnoseReport): DiagnoseReport {
  let key: string | null = null;
  try {
    key = userApiKey();
  } catch {
    // No key can be quoted where none can be read.
  }
  const secret = key;
  if (!secret) return report;
  const scrub = (text: string): string => redact(text, secret);
  return {
    build: scrub(report.build),
    summary: report.summary,
    checks: report.checks.map((check) => ({ ...check, label: scrub(check.label), detail: scrub(check.detail) })),
  };
}

/** `a = {dialog?: boolean}`: the sidebar passes {dialog: false}; from the menu the report shows in a dialog. */
export function diagnose(raw?: ArgsIn<"diagnose">): DiagnoseReport {
  const checks = runChecks();
  const report = withoutKey({ build: buildDescription(), summary: summaryOf(checks), checks });
  if (parseArgs("diagnose", raw).dialog) {
    try {
      showReportDialog(report);
    } catch {
      // No Ui here (it is not the menu): the report is returned all the same.
    }
  }
  return report;
}
