// A row's `Enrichment status` (src/enrich/list/row-status.ts): every text the add-on writes in the
// cell, literally, read back to its state; each state's words; and which states a run's
// sender, a former sender and a new start treat as waiting, held or final.
import {
  awaitsSendingOrHeld,
  awaitsSending,
  isFinal,
  isHeld,
  isServiceCompleted,
  isWaiting,
  readRowStatus,
  rowStateCode,
  rowStatusOf,
  rowStatusWords,
  type RowStatus,
} from "../../../src/enrich/list/row-status";

/** Every text the add-on writes in a status cell (or the service writes with its results), and its state. */
const HISTORY: Array<[string, RowStatus]> = [
  ["", { kind: "none" }],
  ["Waiting to be sent", { kind: "waiting" }],
  ["Waiting: held for another editor's chunk that may be on its way; sent once it is settled or expires", { kind: "held" }],
  ["Sent: waiting for results", { kind: "sent" }],
  ["Skipped: the run was stopped before this row was sent", { kind: "stopped" }],
  ["Skipped: no business name", { kind: "skipped", reason: "no business name" }],
  ["Skipped: not enough credits (3 remain)", { kind: "skipped", reason: "not enough credits (3 remain)" }],
  ["Skipped: not sent: Invalid API key", { kind: "skipped", reason: "not sent: Invalid API key" }],
  ["Failed: could not be sent (Insufficient credits)", { kind: "failed", reason: "could not be sent (Insufficient credits)" }],
  [
    "Failed: the enrichment job failed; enrich again to retry",
    { kind: "failed", reason: "the enrichment job failed; enrich again to retry" },
  ],
  ["completed", { kind: "service", status: "completed" }],
  ["pending", { kind: "service", status: "pending" }],
  ["failed", { kind: "service", status: "failed" }],
];

describe("the status cell's reader", () => {
  it.each(HISTORY)("reads %j", (text, state) => {
    expect(readRowStatus(text)).toEqual(state);
  });

  it.each(HISTORY)("writes %j back from its state", (text, state) => {
    expect(rowStatusWords(state)).toBe(text);
  });

  it("takes a text of no state for the service's own status, never for one of ours", () => {
    expect(readRowStatus("Waiting")).toEqual({ kind: "service", status: "Waiting" });
    expect(readRowStatus("Sent")).toEqual({ kind: "service", status: "Sent" });
  });
});

describe("what each state means", () => {
  const kinds = (test: (status: RowStatus) => boolean): string[] => HISTORY.filter(([, state]) => test(state)).map(([text]) => text);

  it("the run's sender sends only today's waiting rows from the sheet", () => {
    expect(kinds(isWaiting)).toEqual(["Waiting to be sent"]);
    expect(kinds(isHeld)).toEqual(["Waiting: held for another editor's chunk that may be on its way; sent once it is settled or expires"]);
  });

  it("a created chunk marks the rows that await sending, and held ones where they may be its own", () => {
    const awaiting = ["Waiting to be sent", "Skipped: the run was stopped before this row was sent"];
    expect(kinds(awaitsSending)).toEqual(awaiting);
    expect(kinds(awaitsSendingOrHeld)).toEqual([awaiting[0], HISTORY[2]?.[0], awaiting[1]]);
  });

  it("a row waits for nothing once empty, found by the service, skipped, stopped or failed (a start may send it again)", () => {
    expect(kinds(isFinal)).toEqual([
      "",
      "Skipped: the run was stopped before this row was sent",
      "Skipped: no business name",
      "Skipped: not enough credits (3 remain)",
      "Skipped: not sent: Invalid API key",
      "Failed: could not be sent (Insufficient credits)",
      "Failed: the enrichment job failed; enrich again to retry",
      "completed",
    ]);
    expect(kinds(isServiceCompleted)).toEqual(["completed"]);
  });
});

describe("a row's code decides, not its words", () => {
  it("reads the status from the Row state code whatever a person typed over the words", () => {
    expect(rowStatusOf("waiting", "Warten auf Versand")).toEqual({ kind: "waiting" });
    expect(rowStatusOf("held", "")).toEqual({ kind: "held" });
    expect(rowStatusOf("sent", "pending")).toEqual({ kind: "sent" });
    expect(rowStatusOf("done", "erledigt")).toEqual({ kind: "service", status: "completed" });
    expect(rowStatusOf("skipped", "Skipped: no business name")).toEqual({ kind: "skipped", reason: "no business name" });
    expect(rowStatusOf("skipped", "übersprungen")).toEqual({ kind: "skipped", reason: "" });
    // Words alone (a code cell cleared) are no run's: never waiting, never sent twice as "done" either.
    expect(rowStatusOf("", "Waiting to be sent")).toEqual({ kind: "none" });
  });

  it("writes the code of each status", () => {
    expect(
      [
        { kind: "waiting" },
        { kind: "held" },
        { kind: "sent" },
        { kind: "stopped" },
        { kind: "skipped", reason: "x" },
        { kind: "failed", reason: "x" },
        { kind: "service", status: "completed" },
        { kind: "service", status: "pending" },
        { kind: "none" },
      ].map((status) => rowStateCode(status as RowStatus)),
    ).toEqual(["waiting", "held", "sent", "stopped", "skipped", "failed", "done", "sent", ""]);
  });
});
