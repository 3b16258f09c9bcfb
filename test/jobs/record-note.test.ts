// A job record's note (src/jobs/record-note.ts): stored as its kind, its words made once, and a
// pass's note cleared once a pass writes the job.
import { clippedNote, lastingNote, noteWords, passNote, passNoteCleared } from "../../src/jobs/record-note";

describe("a record's note", () => {
  it.each([
    ["status", "Could not read the job's status this time: timed out"],
    ["results", "Could not read the results this time: timed out"],
    ["write", "Could not write the results this time: timed out"],
  ] as const)("a pass that could not do %s says so, and that note is over once a pass writes the job", (step, text) => {
    expect(passNote(step, "timed out")).toEqual({ kind: "passFailed", step, message: "timed out" });
    expect(noteWords(passNote(step, "timed out"))).toBe(text);
    expect(passNoteCleared({ note: passNote(step, "timed out") })).toBeNull();
  });

  it("keeps every other note, in its own words", () => {
    for (const text of [
      'The sheet "Leads" with this job\'s rows was deleted; its results can no longer be written back.',
      "Could not find the name column",
      "",
    ]) {
      expect(passNoteCleared({ note: lastingNote(text) })).toEqual(lastingNote(text));
      expect(noteWords(lastingNote(text))).toBe(text);
    }
    expect(passNoteCleared({ note: null })).toBeNull();
    expect(noteWords(null)).toBeNull();
  });

  it("clips the note's own text, never its kind", () => {
    const cut = (text: string) => text.slice(0, 4);
    expect(clippedNote(passNote("write", "disk full"), cut)).toEqual({ kind: "passFailed", step: "write", message: "disk" });
    expect(clippedNote(lastingNote("a long note"), cut)).toEqual({ kind: "lasting", text: "a lo" });
  });
});
