// This file defines what the custom functions may still send to the service: it allows 1,000
// requests per account in any 60 s (docs/service-api.md), and a 429's Retry-After says how long to
// wait. The document cache keeps what this document's formulas sent in the last minute and any
// wait the service asked for, so an evaluation of a big range takes only what is left and sends
// nothing the service would refuse. Other clients of the account (the sidebar, the background
// pass, other documents) are not seen here: formulas leave them a share of the minute, and a 429
// they cause still stops the formulas until the time the service gave.
import type { Clock } from "../rules/clock";
import type { CellCache } from "./cell-cache";

/** The service's rate limit: requests per account in any 60 s. */
const SERVICE_REQUESTS_PER_MINUTE = 1000;
/** What formulas take of it, leaving the rest to the sidebar's and the background passes' requests. */
export const FORMULA_REQUESTS_PER_MINUTE = SERVICE_REQUESTS_PER_MINUTE - 100;
const WINDOW_MS = 60_000;
const KEY = "rate";

interface Sent {
  /** [epoch ms, requests] of each round trip of the last minute. */
  sent: Array<[number, number]>;
  /** Epoch ms before which nothing is sent (a 429's Retry-After). */
  until: number;
}

export class RequestBudget {
  constructor(private readonly cache: CellCache, private readonly clock: Clock) {}

  private read(): Sent {
    const raw = this.cache.getMany<unknown>([KEY]).get(KEY);
    const state: Sent = { sent: [], until: 0 };
    if (typeof raw !== "object" || raw === null) return state;
    const { sent, until } = raw as { sent?: unknown; until?: unknown };
    if (typeof until === "number") state.until = until;
    if (Array.isArray(sent)) {
      for (const item of sent) {
        if (Array.isArray(item) && typeof item[0] === "number" && typeof item[1] === "number") state.sent.push([item[0], item[1]]);
      }
    }
    return state;
  }

  private write(state: Sent): void {
    const now = this.clock.now();
    state.sent = state.sent.filter(([at]) => at > now - WINDOW_MS);
    const seconds = Math.ceil(Math.max(WINDOW_MS, state.until - now) / 1000);
    this.cache.putMany([[KEY, state]], seconds);
  }

  /** Requests formulas may send now: their share of the minute less what they sent in it, 0 while the service asked to wait. */
  left(): number {
    const state = this.read();
    const now = this.clock.now();
    if (now < state.until) return 0;
    const used = state.sent.reduce((sum, [at, count]) => (at > now - WINDOW_MS ? sum + count : sum), 0);
    return Math.max(0, FORMULA_REQUESTS_PER_MINUTE - used);
  }

  /** Counts requests just sent (a rolling minute from now: later than the service counts them, so never too few). */
  spend(count: number): void {
    if (count <= 0) return;
    const state = this.read();
    state.sent.push([this.clock.now(), count]);
    this.write(state);
  }

  /** The service answered 429: nothing more until `ms` from now. */
  waitFor(ms: number): void {
    const state = this.read();
    state.until = Math.max(state.until, this.clock.now() + ms);
    this.write(state);
  }
}
