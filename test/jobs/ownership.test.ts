// Who may move a job forward: keys of the creator's account (seen), never a key that got 404
// (hidden); a job is given up only when every editor's current key got 404.
import type { JobRecord } from "../../src/jobs/job-record";
import { canTry, isMine, markHidden, markSeen, nobodyCanSee } from "../../src/jobs/ownership";
import { lastingNote } from "../../src/jobs/record-note";

const base: JobRecord = {
  id: "j1",
  kind: "search",
  name: "n",
  sheetId: 1,
  sheetName: "s",
  status: "running",
  leadCount: 0,
  enrichedCount: 0,
  creditsCharged: 100,
  rowsWritten: 0,
  settled: false,
  error: null,
  note: lastingNote("keep me"),
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  startKey: "k",
  createdBy: "creator",
  seenBy: ["creator"],
  timeZone: "Etc/UTC",
};

describe("job ownership", () => {
  it("the creator and a key that read the job are its owners; a 404 key is not", () => {
    expect(isMine(base, "creator")).toBe(true);
    expect(isMine(base, "colleague")).toBe(false);
    expect(isMine(markSeen(base, "colleague"), "colleague")).toBe(true);
    const hidden = markHidden(base, "rival");
    expect(isMine(hidden, "rival")).toBe(false);
    expect(canTry(hidden, "rival")).toBe(false);
    expect(canTry(hidden, "colleague")).toBe(true);
    expect(isMine(base, null)).toBe(false);
  });

  it("a 404 changes nothing the creator sees", () => {
    const hidden = markHidden(base, "rival");
    const { hiddenFrom, ...rest } = hidden;
    expect(hiddenFrom).toEqual(["rival"]);
    expect(rest).toEqual({ ...base });
  });

  it("is given up only once every editor's current key got 404", () => {
    const hidden = markHidden(markHidden(base, "rival"), "creator-now-other-account");
    expect(nobodyCanSee(hidden, ["rival", "creator-now-other-account"])).toBe(true);
    expect(nobodyCanSee(hidden, ["rival", "creator-now-other-account", "colleague"])).toBe(false);
    expect(nobodyCanSee(hidden, [])).toBe(false);
  });

  it("keeps its digest lists short", () => {
    let record = base;
    for (let i = 0; i < 40; i += 1) record = markHidden(record, `k${i}`);
    expect(record.hiddenFrom).toHaveLength(12);
    expect(record.hiddenFrom?.[11]).toBe("k39");
  });
});
