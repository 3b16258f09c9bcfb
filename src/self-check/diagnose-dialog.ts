// This file defines the menu's view of diagnose()'s report: a small modal dialog, one line per
// check with its mark and what it found. Every text is escaped: details quote sheet and service
// text, which must show as text, never as HTML.
import { showModalDialog } from "../gas/spreadsheet-ui";
import type { DiagnoseReport } from "./diagnose-checks";
import { dialogPage } from "../ui/dialog-page";
import { escapeHtml } from "../ui/html-escape";

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
export function showReportDialog(report: DiagnoseReport): void {
  showModalDialog(reportHtml(report), DIALOG_TITLE, { width: 460, height: Math.min(720, 120 + 96 * report.checks.length) });
}
