// A job record's note (src/jobs/record-note.ts): a pass's failed step is said by one maker, read
// back from every text a pass has written, and cleared once a pass writes the job; others last.
import { passNote, passNoteCleared, readRecordNote } from "../../src/jobs/record-note";

describe("a record's note", () => {
  it.each([
    ["status", "Could not read the job's status this time: timed out"],
    ["results", "Could not read the results this time: timed out"],
    ["write", "Could not write the results this time: timed out"],
  ] as const)("a pass that could not do %s says so, and that note is over once a pass writes the job", (step, text) => {
    expect(passNote(step, "timed out")).toBe(text);
    expect(readRecordNote(text)).toEqual({ kind: "passFailed", step, message: "timed out" });
    expect(passNoteCleared({ note: text })).toBeNull();
  });

  it("keeps every other note", () => {
    for (const note of ['The sheet "Leads" with this job\'s rows was deleted; its results can no longer be written back.', "Could not find the name column", ""]) {
      expect(readRecordNote(note)).toEqual({ kind: "lasting", text: note });
      expect(passNoteCleared({ note })).toBe(note);
    }
    expect(passNoteCleared({ note: null })).toBeNull();
  });
});
