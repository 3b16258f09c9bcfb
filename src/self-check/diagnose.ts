// This file defines diagnose() ("Check this spreadsheet"): it checks on this spreadsheet what Business Leads relies on where Google's
// documentation is silent, says it in plain words, leaves the document unchanged, never shows the key, never throws; from the menu,
// its report shows in a dialog, one line per check, every text escaped (details quote sheet and service text).
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
import { showModalDialog } from "../gas/spreadsheet-ui";
import { dialogPage } from "../ui/dialog-page";
import { escapeHtml } from "../ui/html-escape";
import { parseArgs, type ArgsIn } from "../ui/entry-args";
import { bestEffort } from "../errors/best-effort";

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
  const seen: { outcome?: LockOutcome; written?: Check[]; failure?: string } = {};
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
    if (seen.outcome === undefined) seen.failure = messageOf(error);
  }
  const outcome = seen.outcome ?? "failed";
  return { lock: runCheck("document-lock", () => lockCheck(outcome, seen.failure ?? "")), written: seen.written ?? writeChecks(false) };
}

/** Every check, in the report's order; none throws. */
function runChecks(): Check[] {
  // Each check that needs the document says it could not be checked without one.
  const doc = bestEffort(currentDocument);
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
  // No key can be quoted where none can be read.
  const secret = bestEffort(userApiKey);
  if (!secret) return report;
  const scrub = (text: string): string => redact(text, secret);
  return {
    build: scrub(report.build),
    summary: report.summary,
    checks: report.checks.map((check) => ({ ...check, label: scrub(check.label), detail: scrub(check.detail) })),
  };
}

const DIALOG_TITLE = "Check this spreadsheet";

const MARK: Record<"true" | "false" | "null", { sign: string; words: string; tone: string }> = {
  true: { sign: "✓", words: "OK", tone: "ok" },
  false: { sign: "✗", words: "Problem", tone: "problem" },
  null: { sign: "?", words: "Not checked", tone: "unknown" },
};

const STYLE =
  "ul{list-style:none;margin:0;padding:0}li{display:flex;gap:10px;padding:8px 0;border-top:1px solid #dadce0}li:first-child{border-top:0}" +
  ".mark{flex:none;width:20px;font-weight:700;text-align:center}.ok .mark{color:#188038}" +
  ".problem .mark{color:#d93025}.unknown .mark{color:#5f6368}" +
  ".label{font-weight:500;margin:0}.detail{margin:2px 0 0;font-size:13px;color:#3c4043}" +
  ".build{font-size:12px;color:#5f6368;margin:12px 0 0}" +
  ".summary{font-weight:500;margin:4px 0 8px}.sr{position:absolute;left:-9999px}";

/** The report as a self-contained page (no script, nothing fetched). */
function reportHtml(report: DiagnoseReport): string {
  const items = report.checks.map((check) => {
    const mark = MARK[String(check.ok) as "true" | "false" | "null"];
    return (
      `<li class="${mark.tone}"><span class="mark" aria-hidden="true">${mark.sign}</span><div>` +
      `<p class="label"><span class="sr">${mark.words}: </span>${escapeHtml(check.label)}</p>` +
      `<p class="detail">${escapeHtml(check.detail)}</p></div></li>`
    );
  });
  return dialogPage(
    STYLE,
    `<p class="summary">${escapeHtml(report.summary)}</p><ul>${items.join("")}</ul><p class="build">${escapeHtml(report.build)}</p>`,
  );
}

/** Shows the report over the spreadsheet (menu executions have a Ui; the caller handles one without). */
function showReportDialog(report: DiagnoseReport): void {
  showModalDialog(reportHtml(report), DIALOG_TITLE, { width: 460, height: Math.min(720, 120 + 96 * report.checks.length) });
}

/** `a = {dialog?: boolean}`: the sidebar passes {dialog: false}; from the menu the report shows in a dialog. */
export function diagnose(raw?: ArgsIn<"diagnose">): DiagnoseReport {
  const checks = runChecks();
  const report = withoutKey({ build: buildDescription(), summary: summaryOf(checks), checks });
  // Without a Ui (it is not the menu) the report is returned all the same.
  if (parseArgs("diagnose", raw).dialog) bestEffort(() => showReportDialog(report));
  return report;
}
