// This file defines a job record's note as a typed value, stored as such: a pass that could not do a
// step this time leaves a note, cleared once a pass writes the job; any other note lasts. Its words are made here.

/** A pass's step that can fail this time and work the next. */
export type PassStep = "status" | "results" | "write" | "start" | "update";

export type RecordNote = { kind: "passFailed"; step: PassStep; message: string } | { kind: "lasting"; text: string };

const STEP_WORDS: Record<PassStep, string> = {
  status: "Could not read the job's status this time: ",
  results: "Could not read the results this time: ",
  write: "Could not write the results this time: ",
  start: "Could not start its searches this time: ",
  update: "Could not bring its results in this time: ",
};

/** The note of a pass that could not do `step` this time. */
export const passNote = (step: PassStep, message: string): RecordNote => ({ kind: "passFailed", step, message });

/** A note that lasts until something else replaces it (a run that could not happen, a deleted sheet). */
export const lastingNote = (text: string): RecordNote => ({ kind: "lasting", text });

/** What a person reads of a note: "Could not read the results this time: <why>". */
export const noteWords = (note: RecordNote | null): string | null =>
  note === null ? null : note.kind === "passFailed" ? `${STEP_WORDS[note.step]}${note.message}` : note.text;

/** The record's note once a pass has written the job: a pass's failed step is over. */
export const passNoteCleared = (record: { note: RecordNote | null }): RecordNote | null =>
  record.note?.kind === "passFailed" ? null : record.note;

/** The note with its text cut by `cut` (the job store's budget). */
export function clippedNote(note: RecordNote | null, cut: (text: string) => string): RecordNote | null {
  if (note === null) return null;
  return note.kind === "passFailed" ? { ...note, message: cut(note.message) } : { ...note, text: cut(note.text) };
}
