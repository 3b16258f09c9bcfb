// This file defines what the full-scope build's job store and its write claim need of a developer
// metadata entry (Apps Script's DeveloperMetadata has it), and removing an entry that another
// execution may have removed already.

/** A developer metadata entry: Apps Script's, or a test's stand-in. */
export interface Metadata {
  getValue(): string | null;
  remove(): unknown;
}

/** Removes an entry another execution may have removed already. */
export function removeQuietly(metadata: Metadata): void {
  try {
    metadata.remove();
  } catch {
    // Already gone: what we wanted.
  }
}
