// This file defines the server functions that exist for the sidebar itself: opening it, what it
// may know of the settings (a masked hint, never the key) and bringing a job's sheet to the front.
import { DEFAULT_BASE_URL } from "./build-defaults";
import { currentDocument, NoDocumentError } from "../gas/document-access";
import { readStoredSettings } from "../gas/settings";
import { JobStore } from "../jobs/job-store";
import { findSheetById } from "../jobs/result-sheet";
import { maskedKeyHint } from "./key-hint";
import { UserFacingError, withUserErrors } from "../errors/user-error";

export const SIDEBAR_FILE = "Sidebar";
export const SIDEBAR_TITLE = "Business Leads";

export interface SettingsView {
  hasKey: boolean;
  /** "••••3f9a": the last four characters at most; the key itself never leaves the server. */
  keyHint: string | null;
  /** The saved service address, else the build's default ("" when there is none). */
  baseUrl: string;
  shareWithFormulas: boolean;
}

export function showSidebar(): void {
  const output = HtmlService.createHtmlOutputFromFile(SIDEBAR_FILE).setTitle(SIDEBAR_TITLE);
  SpreadsheetApp.getUi().showSidebar(output);
}

export function getSettings(): SettingsView {
  return withUserErrors(() => {
    const stored = readStoredSettings();
    return {
      hasKey: stored.apiKey !== null,
      keyHint: maskedKeyHint(stored.apiKey),
      baseUrl: stored.baseUrl ?? DEFAULT_BASE_URL,
      shareWithFormulas: stored.sharedWithFormulas,
    };
  });
}

export function showJobSheet(raw: unknown): { sheetName: string } {
  return withUserErrors(() => {
    const jobId = typeof raw === "object" && raw !== null ? (raw as { jobId?: unknown }).jobId : undefined;
    if (typeof jobId !== "string" || !jobId.trim()) throw new UserFacingError("Choose a job to open its sheet.");
    const doc = currentDocument();
    if (!doc) throw new NoDocumentError();
    const record = new JobStore(doc.store).get(jobId.trim());
    if (!record) throw new UserFacingError("This document does not track that job any more. Open it again from \"Open an existing job\".");
    const spreadsheet = doc.spreadsheet;
    // The id survives a rename; the name is the fallback for a record written before its sheet had one.
    const sheet = findSheetById(spreadsheet, record.sheetId) ?? (record.sheetName ? spreadsheet.getSheetByName(record.sheetName) : null);
    if (!sheet) {
      throw new UserFacingError(record.sheetName
        ? `The sheet "${record.sheetName}" of this job was deleted. Its results are still on the service: open the job again to write them into a new sheet.`
        : "This job has no sheet yet: its results arrive with the next refresh.");
    }
    sheet.activate();
    return { sheetName: sheet.getName() };
  });
}
