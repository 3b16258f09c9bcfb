// Tests the self-check's words: a check that throws becomes "could not be checked" with its reason
// (never a stack or a raw error), and each lock outcome says what it means and whether it is a problem.
import { lockCheck, runCheck } from "../../src/self-check/diagnose-checks";

describe("runCheck", () => {
  it("labels a check and keeps what it found", () => {
    expect(runCheck("document-lock", () => ({ ok: true, detail: "fine" }))).toEqual({
      id: "document-lock",
      label: "Two actions never change this spreadsheet at once",
      ok: true,
      detail: "fine",
    });
  });

  it("turns a thrown error into a check that could not be run, with the reason in one sentence", () => {
    const check = runCheck("job-store", () => {
      throw new Error("Service Spreadsheets failed while accessing document.");
    });
    expect(check.ok).toBeNull();
    expect(check.detail).toBe("This could not be checked: Service Spreadsheets failed while accessing document.");
    expect(
      runCheck("service", () => {
        throw new Error("  ");
      }).detail,
    ).toBe("This could not be checked: no reason was given.");
  });
});

describe("lockCheck", () => {
  it("says held is fine, busy could not be checked, none and failed are problems", () => {
    expect(lockCheck("held", "").ok).toBe(true);
    expect(lockCheck("busy", "").ok).toBeNull();
    expect(lockCheck("none", "").ok).toBe(false);
    const failed = lockCheck("failed", "Lock timeout");
    expect(failed.ok).toBe(false);
    expect(failed.detail).toContain("(Lock timeout)");
  });
});
