// This file defines the record of the user's last background run (the pollJobs trigger): when it
// ran and whether Google gave it its document. Google does not document which it does, so each
// run writes the answer it got into the user's own properties (one small value), and diagnose()
// reports it: the trigger-context question answered from the field.

const LAST_RUN_KEY = "businessLeads.lastBackgroundRun";

interface BackgroundRun {
  /** Epoch ms when the run began. */
  at: number;
  /** Whether the run had a current spreadsheet (SpreadsheetApp.getActiveSpreadsheet() was not null). */
  withDocument: boolean;
}

/** Notes what `observe` sees of this run; never throws (a failing trigger mails its owner every run, and this is only a note). */
export function recordBackgroundRun(observe: () => BackgroundRun): void {
  try {
    PropertiesService.getUserProperties().setProperty(LAST_RUN_KEY, JSON.stringify(observe()));
  } catch {
    // A full or unreachable property store costs the next report one answer, nothing more.
  }
}

/** The user's last background run, or null when none was recorded (or the record is unreadable). */
export function lastBackgroundRun(): BackgroundRun | null {
  const raw = PropertiesService.getUserProperties().getProperty(LAST_RUN_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<BackgroundRun> | null;
    if (parsed === null || typeof parsed.at !== "number" || typeof parsed.withDocument !== "boolean") return null;
    return { at: parsed.at, withDocument: parsed.withDocument };
  } catch {
    return null;
  }
}
