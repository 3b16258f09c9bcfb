// This file defines one Apps Script execution as the fakes see it: who runs, in which
// authorization mode, since when, whether it was killed, and the realm its errors belong to.
// Apps Script runs each server call, trigger or custom function as its own execution with a
// time limit (6 min; 30 s for custom functions and simple triggers, per the quotas page).
import type { SimClock } from "../clock";
import type { AuthModeName } from "./auth";
import { ExecutionKilled, gasException } from "./errors";
import { TRIGGER_RUNTIME_MESSAGE } from "./quota";

/** How the execution was started; it decides time limits and whether a UI exists. */
export type ExecutionKind = "direct" | "scriptRun" | "simpleTrigger" | "trigger" | "customFunction";

export interface KillPlan {
  /** Kill at the nth SpreadsheetApp call (counted through the fake's onCall hook), 1-based. */
  spreadsheetCall?: number;
  /** Kill at the nth UrlFetchApp call (fetch or fetchAll), 1-based. */
  fetchCall?: number;
  /** "before": the request is never sent; "after": the server got it, the response is lost. */
  fetchPhase?: "before" | "after";
}

const MINUTE = 60_000;
/** https://developers.google.com/apps-script/guides/services/quotas: script runtime 6 min /
 * execution; custom function runtime 30 s; simple triggers 30 s (guides/triggers). */
export const TIME_LIMIT_MS: Record<ExecutionKind, number> = {
  direct: 6 * MINUTE,
  scriptRun: 6 * MINUTE,
  trigger: 6 * MINUTE,
  simpleTrigger: 30_000,
  customFunction: 30_000,
};

export class Execution {
  readonly startedAt: number;
  killed = false;
  killReason: string | undefined;
  ended = false;
  spreadsheetCalls = 0;
  fetchCalls = 0;
  /** The vm context's Error, once the context exists: errors we throw must belong to it. */
  realmError: ErrorConstructor | undefined;
  /** The vm context of this execution (HtmlTemplate.evaluate runs scriptlets in it). */
  context: object | undefined;
  /**
   * The spreadsheet this execution runs in, or null where it has none (a time-driven trigger that
   * Google runs without its document): then the document's properties, cache and lock are null.
   */
  documentId: string | null = null;
  /**
   * A time-driven trigger's share of the user's daily "Triggers total runtime" left when it
   * started (undefined for other kinds): past it the execution stops as Apps Script stops it.
   */
  triggerRuntimeLeftMs: number | undefined;

  constructor(
    readonly id: number,
    readonly user: string,
    readonly authMode: AuthModeName,
    readonly kind: ExecutionKind,
    private readonly clock: SimClock,
    readonly killPlan: KillPlan | undefined,
    private readonly enforceTimeLimit: boolean,
  ) {
    this.startedAt = clock.now();
  }

  get timeLimitMs(): number {
    return TIME_LIMIT_MS[this.kind];
  }

  /**
   * Every fake call starts here. A killed execution stays dead (each later call throws again);
   * past its time limit the execution is killed as Apps Script does.
   */
  enter(): void {
    if (this.killed) throw new ExecutionKilled(this.killReason ?? "Execution killed");
    if (this.enforceTimeLimit && this.clock.now() - this.startedAt > this.timeLimitMs) {
      this.kill("Exceeded maximum execution time");
    }
    const runtimeLeft = this.triggerRuntimeLeftMs;
    if (runtimeLeft !== undefined && (runtimeLeft <= 0 || this.clock.now() - this.startedAt >= runtimeLeft))
      this.kill(TRIGGER_RUNTIME_MESSAGE);
  }

  kill(reason: string): never {
    this.killed = true;
    this.killReason = reason;
    throw new ExecutionKilled(reason);
  }

  /** An Apps Script `Exception` in this execution's realm. */
  error(message: string): Error {
    return gasException(this.realmError ?? Error, message);
  }
}
