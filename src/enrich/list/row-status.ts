// This file defines a row's `Enrichment status` as a typed value: its words for the person, made here, and its code for the add-on in
// the row's `Row state` cell, which is what every decision reads (a person may retype or translate the words). One maker writes both;
// one reader maps a code back to the status (the words give a reason to show, never the kind). No other code compares status words.

/** Why the rows of a stopped run were not sent. */
const STOPPED_REASON = "the run was stopped before this row was sent";

/** The service's `enrichment_status` of a business whose contacts it found. */
const SERVICE_COMPLETED = "completed";

export type RowStatus =
  /** An empty cell: the row was never sent. */
  | { kind: "none" }
  /** A row of a run not sent yet: the run's sender sends it from the sheet (src/enrich/run/send-chunks.ts). */
  | { kind: "waiting" }
  /** Held for another editor's chunk that may be on its way (src/enrich/run/stop-continue.ts): not sent, and marked only by that chunk. */
  | { kind: "held" }
  | { kind: "sent" }
  /** A row of a stopped run, never sent. */
  | { kind: "stopped" }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; reason: string }
  /** The service's own `enrichment_status`, written with the results ("completed", "pending"). */
  | { kind: "service"; status: string };

type RowStatusKind = RowStatus["kind"];

/** The words of the statuses that carry nothing. */
const FIXED_WORDS = {
  waiting: "Waiting to be sent",
  held: "Waiting: held for another editor's chunk that may be on its way; sent once it is settled or expires",
  sent: "Sent: waiting for results",
  stopped: `Skipped: ${STOPPED_REASON}`,
} as const satisfies Partial<Record<RowStatusKind, string>>;

/** The codes of `Row state`, one for each status the add-on decides by (the words beside it are the person's). */
const CODES = {
  none: "",
  waiting: "waiting",
  held: "held",
  sent: "sent",
  stopped: "stopped",
  skipped: "skipped",
  failed: "failed",
} as const satisfies Record<Exclude<RowStatusKind, "service">, string>;

/** The code the row's `Row state` cell holds for a status: the service's own status is "done" once its contacts were found, else "sent". */
export function rowStateCode(status: RowStatus): string {
  if (status.kind === "service") return isCompletedByService(status.status) ? "done" : "sent";
  return CODES[status.kind];
}

/**
 * A row's status by the code of its `Row state` cell, whatever its status words say now (a person may
 * have retyped them); the words give the reason of a skipped or failed row only, to show it.
 */
export function rowStatusOf(code: string, words: string): RowStatus {
  const shown = readRowStatus(words);
  const reason = shown.kind === "skipped" || shown.kind === "failed" ? shown.reason : "";
  switch (code) {
    case "waiting":
    case "held":
    case "sent":
    case "stopped":
      return { kind: code };
    case "skipped":
    case "failed":
      return { kind: code, reason };
    case "done":
      return { kind: "service", status: SERVICE_COMPLETED };
    default:
      return { kind: "none" };
  }
}

/** A status's words in the cell. */
export function rowStatusWords(status: RowStatus): string {
  switch (status.kind) {
    case "none":
      return "";
    case "skipped":
      return `Skipped: ${status.reason}`;
    case "failed":
      return `Failed: ${status.reason}`;
    case "service":
      return status.status;
    default:
      return FIXED_WORDS[status.kind];
  }
}

const FIXED_BY_WORDS = new Map<string, RowStatus>(
  (Object.keys(FIXED_WORDS) as Array<keyof typeof FIXED_WORDS>).map((kind) => [FIXED_WORDS[kind], { kind }]),
);

/** A status carrying its reason: "Skipped: <reason>", "Failed: <reason>" (the space gone where the cell was trimmed of an empty reason). */
const WITH_REASON = /^(Skipped|Failed): ?([\s\S]*)$/;

/** The status a cell's text (trimmed) says: every text the add-on writes, else the service's own status. */
export function readRowStatus(text: string): RowStatus {
  if (text === "") return { kind: "none" };
  const fixed = FIXED_BY_WORDS.get(text);
  if (fixed) return fixed;
  const withReason = WITH_REASON.exec(text);
  if (withReason) return { kind: withReason[1] === "Skipped" ? "skipped" : "failed", reason: withReason[2] ?? "" };
  return { kind: "service", status: text };
}

/** The service found the business's contacts (its own `completed`). */
export const isServiceCompleted = (status: RowStatus): boolean => status.kind === "service" && isCompletedByService(status.status);

/** The service's `enrichment_status` of one business says its contacts were found. */
export const isCompletedByService = (enrichmentStatus: string | null | undefined): boolean => enrichmentStatus === SERVICE_COMPLETED;

/** A status after which a row waits for nothing: a later run may send it again. */
export function isFinal(status: RowStatus): boolean {
  switch (status.kind) {
    case "none":
    case "stopped":
    case "skipped":
    case "failed":
      return true;
    case "service":
      return isServiceCompleted(status);
    default:
      return false;
  }
}

/** A row the run's sender sends from the sheet. */
export const isWaiting = (status: RowStatus): boolean => status.kind === "waiting";

/** A row held for another editor's chunk. */
export const isHeld = (status: RowStatus): boolean => status.kind === "held";

/**
 * A row of a run not sent yet, which a created chunk of its business marks "Sent": a waiting row
 * or a stopped one (its chunk was on its way). Never a held row:
 * that waits for another editor's chunk (awaitsSendingOrHeld).
 */
export function awaitsSending(status: RowStatus): boolean {
  switch (status.kind) {
    case "waiting":
    case "stopped":
      return true;
    default:
      return false;
  }
}

/** A row that awaits sending, or one held for a chunk (which chunk the cell does not say: src/enrich/run/send-chunks.ts decides). */
export const awaitsSendingOrHeld = (status: RowStatus): boolean => awaitsSending(status) || isHeld(status);
