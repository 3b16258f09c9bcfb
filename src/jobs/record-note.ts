// This file defines a job record's note as a typed value: a pass that could not do a step this time
// leaves a note, cleared once a pass writes the job; any other note lasts. The store keeps the text:
// one maker writes a pass's note, one reader tells a stored note's kind from every text written.
import type { JobRecord } from "./job-record";

/** A pass's step that can fail this time and work the next. */
export type PassStep = "status" | "results" | "write";

export type RecordNote = { kind: "passFailed"; step: PassStep; message: string } | { kind: "lasting"; text: string };

const STEP_WORDS: Record<PassStep, string> = {
  status: "Could not read the job's status this time: ",
  results: "Could not read the results this time: ",
  write: "Could not write the results this time: ",
};

/** The note of a pass that could not do `step` this time: "Could not read the results this time: <why>". */
export const passNote = (step: PassStep, message: string): string => `${STEP_WORDS[step]}${message}`;

/** What a stored note says: a pass's failed step (every text a pass has written), else a lasting note. */
export function readRecordNote(text: string): RecordNote {
  for (const step of Object.keys(STEP_WORDS) as PassStep[]) {
    const words = STEP_WORDS[step];
    if (text.slice(0, words.length) === words) return { kind: "passFailed", step, message: text.slice(words.length) };
  }
  return { kind: "lasting", text };
}

/** The record's note once a pass has written the job: a pass's failed step is over. */
export function passNoteCleared(record: Pick<JobRecord, "note">): string | null {
  return record.note !== null && readRecordNote(record.note).kind === "passFailed" ? null : record.note;
}
