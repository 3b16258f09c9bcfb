// This file defines what the full-scope build's job store, its write claim and its migration share
// of Apps Script's developer metadata: the entry type, and removing an entry that another
// execution may have removed already.

export type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

/** Removes an entry another execution may have removed already. */
export function removeQuietly(metadata: Metadata): void {
  try {
    metadata.remove();
  } catch {
    // Already gone: what we wanted.
  }
}
