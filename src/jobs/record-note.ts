// This file defines how a job record's note ends: a "Could not … this time" note is over once a
// pass has written the job.
import type { JobRecord } from "./job-record";

export function passNoteCleared(record: JobRecord): string | null {
  return record.note && record.note.startsWith("Could not") ? null : record.note;
}
